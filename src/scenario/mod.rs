//! The scenario suite, one path for every variant: the file format
//! ([`format`]), loading and validation ([`load`]), the other file kinds
//! a suite holds as they register ([`kind`]), running on the
//! reference engine through the game interface ([`run`]) and the suite
//! report ([`report`]).

pub mod audit;
pub mod format;
pub mod kind;
pub mod load;
pub mod report;
pub mod run;
pub mod validate;

pub use format::Scenario;
pub use kind::FileKind;
pub use load::{
    collect_all_files, collect_files_among, is_scenario_among, load_file, LoadError, Loaded,
};
pub use run::{differences_with, run, Difference, Mismatch, StepKind};
