//! What a rule system refuses outside play: a start, a position, a
//! ruling setting, a misreading, a square or a move text it cannot read.
//! (A move refused in play is a [`super::Refusal`].)
//!
//! The [`super::Game`] trait, the function pointers of
//! [`super::VariantInfo`], the free functions of this module tree and the
//! rule systems' own readers answer with [`VariantError`]; a variant's own
//! expectation field refuses a value with [`FieldValueError`].

use super::VariantId;

/// Why a rule system cannot open a game or read a text.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum VariantError {
    /// A named start position the variant does not have.
    #[error("unknown start position `{start}` for {variant} (expected {expected})")]
    UnknownStart {
        /// The variant.
        variant: VariantId,
        /// The name given.
        start: String,
        /// Its start positions, `a or b`.
        expected: String,
    },
    /// A variant without a misreading catalogue.
    #[error(
        "{} has no misreadings yet (spec/{variant}/misreadings.yaml and its engine faults are missing)",
        super::info(*.variant).title
    )]
    NoMisreadings {
        /// The variant.
        variant: VariantId,
    },
    /// Misreading IDs not in the variant's catalogue.
    #[error(
        "unknown misreading {ids} for {variant} (its IDs start with {}; `regelwerk rulings misreadings --variant {variant}` lists them)",
        super::faults::prefix(*.variant)
    )]
    UnknownMisreadings {
        /// The variant.
        variant: VariantId,
        /// The unknown IDs, comma-separated.
        ids: String,
    },
    /// Misreading IDs of no variant.
    #[error("misreading {ids}: no variant's ID (they start with M-, G-, RK-, TK- or SC-)")]
    MisreadingsOfNone {
        /// The IDs, comma-separated.
        ids: String,
    },
    /// Misreading IDs of several variants.
    #[error("misreadings {ids} belong to several variants; play one variant's at a time")]
    MisreadingsOfSeveral {
        /// The IDs, comma-separated.
        ids: String,
    },
    /// A ruling setting that is not `ID=key`.
    #[error("ruling setting `{setting}`: expected ID=key (e.g. {example})")]
    SettingShape {
        /// The setting given.
        setting: String,
        /// A setting of the variant, as an example.
        example: &'static str,
    },
    /// A ruling without the option named.
    #[error("ruling {id} has no option `{key}` (expected {expected})")]
    UnknownOption {
        /// The ruling's ID.
        id: String,
        /// The option given.
        key: String,
        /// Its options, comma-separated.
        expected: String,
    },
    /// A ruling with one option only.
    #[error("ruling {id} is fixed: only {id}=default")]
    FixedRuling {
        /// The ruling's ID.
        id: String,
    },
    /// A ruling ID the variant does not have.
    #[error("unknown ruling `{id}` for {variant} (IDs start with {prefix}; see spec/{variant}/rulings.yaml)")]
    UnknownRuling {
        /// The ID given.
        id: String,
        /// The variant.
        variant: VariantId,
        /// How its ruling IDs start.
        prefix: &'static str,
    },
    /// A setting of a variant whose rulings are all fixed, naming none of
    /// them.
    #[error(
        "unknown ruling setting `{setting}` for {variant} (it has no switchable rulings: each of {fixed} accepts only `ID=default`)"
    )]
    NoSwitchableRulings {
        /// The setting given.
        setting: String,
        /// The variant.
        variant: VariantId,
        /// Its fixed rulings, comma-separated.
        fixed: String,
    },
    /// A fixed ruling of such a variant set to other than `default`.
    #[error(
        "ruling setting `{setting}` for {variant}: {id} is fixed (it has no switchable rulings), so only `{id}=default` is accepted"
    )]
    FixedOnly {
        /// The setting given.
        setting: String,
        /// The variant.
        variant: VariantId,
        /// The ruling's ID.
        id: String,
    },
    /// A misreading ID the variant's catalogue does not have.
    #[error(transparent)]
    Misreading(#[from] super::faults::UnknownMisreading),
    /// A square the board does not have.
    #[error("'{text}' is not a square of the {board} board ({range})")]
    NotASquare {
        /// The text given.
        text: String,
        /// The board, e.g. `16x16`.
        board: &'static str,
        /// Its squares, e.g. `a1-p16`.
        range: &'static str,
    },
    /// A chess board's square off the board.
    #[error("{square} is off the {files}x{ranks} board")]
    OffBoard {
        /// The square.
        square: String,
        /// The board's files.
        files: u8,
        /// Its ranks.
        ranks: u8,
    },
    /// A chess square name that is not one.
    #[error(transparent)]
    ChessSquare(#[from] super::chess::square::SquareError),
    /// A FEN position the variant does not allow, every problem at once.
    #[error("invalid {variant} position: {}", .problems.join("; "))]
    InvalidPosition {
        /// The variant.
        variant: VariantId,
        /// Every problem, in the rule system's words.
        problems: Vec<String>,
    },
    /// Move text of no shape the variant reads.
    #[error("'{text}' is not a {game} move (expected {expected})")]
    NotAMove {
        /// The text given.
        text: String,
        /// The variant's title.
        game: &'static str,
        /// The shapes it reads.
        expected: &'static str,
    },
    /// A position the rules do not allow, with every problem found (the
    /// rule system's diagnostics), after a heading naming the clause
    /// where there is one.
    #[error("{}", position_text(*.heading, .problems))]
    Position {
        /// E.g. `invalid Sovereign Chess position (S-SETUP)`.
        heading: Option<&'static str>,
        /// Every problem, in the rule system's words.
        problems: Vec<String>,
    },
    /// The rule system's own words: a position or setting it refuses,
    /// with its own diagnostics.
    #[error("{0}")]
    Rules(String),
}

fn position_text(heading: Option<&str>, problems: &[String]) -> String {
    match heading {
        Some(heading) => format!("{heading}: {}", problems.join("; ")),
        None => problems.join("; "),
    }
}

impl From<String> for VariantError {
    fn from(message: String) -> VariantError {
        VariantError::Rules(message)
    }
}

/// Why a value of a variant's own expectation field is not one it reads:
/// what was expected, and what was given (`expected true or false, got
/// 3`).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct FieldValueError(pub String);

impl From<String> for FieldValueError {
    fn from(message: String) -> FieldValueError {
        FieldValueError(message)
    }
}

/// A square, cell or point name inside a field's value that is not one.
impl From<VariantError> for FieldValueError {
    fn from(error: VariantError) -> FieldValueError {
        FieldValueError(error.to_string())
    }
}

impl From<&str> for FieldValueError {
    fn from(message: &str) -> FieldValueError {
        FieldValueError(message.to_string())
    }
}
