//! The output formats and file kinds the commands take (`--format`,
//! `schema`).

use clap::ValueEnum;

/// Output format of commands with machine-readable output.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// Human-readable text.
    Text,
    /// One JSON document.
    Json,
}

/// Output format of `conform`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum ConformFormat {
    /// A per-clause table, the failures, a summary line.
    Text,
    /// One JSON document.
    Json,
    /// JUnit XML.
    Junit,
    /// A standalone HTML page.
    Html,
}

/// The file formats `schema` describes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum SchemaKind {
    /// Scenario files of every variant (scenarios/README.md).
    Scenario,
    /// Game journals (docs/journal.md).
    Journal,
    /// Tournament cases (docs/tournament.md).
    Tournament,
}

/// Output format of `check`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum ReportFormat {
    /// Plain text: `check` and `merge` a per-clause table and a summary line, `perft-file` its failed and skipped lines and a summary line.
    Text,
    /// One JSON document.
    Json,
    /// JUnit XML.
    Junit,
}
