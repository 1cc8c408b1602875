//! The scenario suite, one path for every variant: the file format
//! ([`format`]), loading and validation ([`load`]), running on the
//! reference engine through the game interface ([`run`]) and the suite
//! report ([`report`]).

pub mod audit;
pub mod format;
pub mod load;
pub mod report;
pub mod run;
pub mod validate;

pub use format::Scenario;
pub use load::{collect_all_files, collect_files, is_scenario_file, load_file, LoadError, Loaded};
pub use run::{run, Mismatch};
