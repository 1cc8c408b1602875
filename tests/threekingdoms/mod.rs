//! Three Kingdoms Xiangqi: the engine on the one path, its fast path, its board picture and its turn records.

mod engine;
mod fast;
mod picture;
mod turn_records;
