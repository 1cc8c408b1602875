//! The scenario suite, one path for every variant: the file format
//! ([`format`](mod@format)), parsing and validation ([`load`]), which cases a run
//! takes ([`filter`]), the other file kinds a suite holds as they
//! register ([`kind`]), the one step interpreter, generic over the engine
//! it runs against ([`run`](mod@run)), the comparisons it shares with every runner
//! ([`compare`]), the one suite loop every runner walks, generic over the
//! subject that answers ([`suite_loop`]), the suite's results
//! ([`results`]) and their tables, JSON and JUnit ([`outputs`]).

pub mod audit;
pub mod compare;
pub mod coverage;
pub mod filter;
pub mod format;
pub mod kind;
pub mod load;
pub mod outputs;
pub mod record;
pub mod results;
pub mod run;
pub mod suite_loop;
pub mod validate;

pub use filter::Filter;
pub use format::{Scenario, Step};
pub use kind::FileKind;
pub use load::{
    collect_all_files, collect_files_among, is_scenario_among, load_file, parse_file, LoadError,
    Loaded, Parsed,
};
pub use run::{differences_with, run, Difference, Mismatch, StepKind};
