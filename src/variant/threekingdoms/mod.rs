//! Three Kingdoms Xiangqi (seed 004; clauses `tk.`): three kingdoms on
//! three xiangqi half-boards around a river with three arms.
pub mod geometry;
pub mod point;
pub mod ruleset;
