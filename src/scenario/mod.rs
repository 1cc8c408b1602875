//! The scenario suite: the MONARCHIE file format ([`format`]), the format
//! and runner of the other variants ([`game`]), loading and
//! validation ([`load`]), running on the reference engine ([`run`]) and the
//! suite report ([`report`]).

pub mod audit;
pub mod format;
pub mod game;
pub mod load;
pub mod report;
pub mod run;

pub use format::Scenario;
pub use load::{collect_all_files, collect_files, is_scenario_file, load_file, LoadError, Loaded};
pub use run::{run, Mismatch};
