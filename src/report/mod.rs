//! The rules committee's report: a static HTML site ([`html`]; what its
//! pages share in [`site`], a scenario's diagram in [`diagram`]) with
//! interface labels in German and English ([`labels`]), the scenarios'
//! steps in words ([`words`]) and, for every ruling alternative, what it
//! changes ([`diff`]); the links into the explorer ([`links`]); the
//! conformance matrix of the outside implementations ([`matrix`]).

pub mod answers;
pub mod diagram;
pub mod diff;
pub mod feedback;
pub mod findings;
pub mod html;
pub mod labels;
pub mod links;
pub mod matrix;
pub mod site;
pub mod sources;
pub mod terms;
pub mod texts;
pub mod words;
