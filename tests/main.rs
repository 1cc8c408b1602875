//! The one integration test binary. A test goes to the room of what it
//! tests: a rule system's own behaviour to `tests/<variant>/` (`chess/`
//! for what Grand Chess and Racing Kings share), the shared harness to
//! `tests/harness/`, and a test that pins one fixed defect to
//! `regressions.rs`, named by the defect. Helpers shared by all are in
//! `support.rs`.

mod support;

mod chess;
mod harness;
mod monarchie;
mod racingkings;
mod regressions;
mod sovereign;
mod threekingdoms;
