//! The scenario suite, one path for every variant: the file format
//! ([`format`](mod@format)), parsing and validation ([`load`]), which cases a run
//! takes ([`filter`]), the other file kinds a suite holds as they
//! register ([`kind`]), the one step interpreter, generic over the engine
//! it runs against ([`run`](mod@run)), the comparisons it shares with every runner
//! ([`compare`]) and the suite's results and their tables, JSON and JUnit ([`results`]).

pub mod audit;
pub mod compare;
pub mod coverage;
pub mod filter;
pub mod format;
pub mod kind;
pub mod load;
pub mod record;
pub mod results;
pub mod run;
pub mod validate;

pub use filter::Filter;
pub use format::{Scenario, Step};
pub use kind::FileKind;
pub use load::{
    collect_all_files, collect_files_among, is_scenario_among, load_file, parse_file, LoadError,
    Loaded, Parsed,
};
pub use run::{differences_with, run, Difference, Mismatch, StepKind};
