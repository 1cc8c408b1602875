//! What goes wrong between a game and its record: a variant the format
//! cannot hold, move text that names no legal move, a move the rules
//! refuse. (Reading a turn-record file is [`super::turns::RecordError`];
//! a replay that disagrees with the reference is a
//! [`super::Discrepancy`].)

use crate::input::quote;

use super::replay::pgn_variant_names;
use super::turns::{EXPECTED_RESULT, EXTENSION};

/// Why a game cannot be written or read as a record, or a move text
/// cannot be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RecordError {
    /// The variant is recorded in journals (MONARCHIE), not in PGN.
    #[error("{name} games are recorded in journals (docs/journal.md), not in PGN")]
    JournalNotPgn {
        /// The variant's record name.
        name: &'static str,
    },
    /// The variant is recorded in journals, not in turn records.
    #[error(
        "{name} games are recorded in journals (docs/journal.md), not turn records (expected {expected})"
    )]
    JournalNotTurnRecord {
        /// The variant's record name.
        name: &'static str,
        /// The variants kept as turn records.
        expected: String,
    },
    /// A variant of more than two players asked for PGN.
    #[error(
        "{name} games have {players} players, which PGN cannot record: they are \
         turn records (`*.{}`, docs/records.md)",
        EXTENSION
    )]
    TooManyPlayersForPgn {
        /// The variant's record name.
        name: &'static str,
        /// How many players, in words.
        players: String,
    },
    /// A two-player variant asked for a turn record.
    #[error("{variant} is a two-player variant, recorded in PGN (expected {expected})")]
    TwoPlayers {
        /// The variant's name.
        variant: String,
        /// The variants kept as turn records.
        expected: String,
    },
    /// SAN asked of a variant kept as turn records.
    #[error("{name} games have no SAN: they are recorded as turn records (docs/records.md)")]
    NoSanTurnRecord {
        /// The variant's record name.
        name: &'static str,
    },
    /// SAN asked of a variant recorded in coordinates.
    #[error("{name} has no SAN; its records are written in coordinates")]
    NoSanCoordinates {
        /// The variant's record name.
        name: &'static str,
    },
    /// A PGN game without a `Variant` tag.
    #[error(
        "no [Variant] tag: standard chess is not a variant of regelwerk \
         (expected [Variant \"NAME\"], NAME one of {})",
        pgn_variant_names()
    )]
    NoVariantTag,
    /// A `Variant` tag naming no variant recorded in PGN.
    #[error(
        "[Variant \"{}\"] is not a variant of regelwerk (expected one of {})",
        quote(.tag),
        pgn_variant_names()
    )]
    UnknownPgnVariant {
        /// The tag's value.
        tag: String,
    },
    /// A turn record's `variant` naming no variant.
    #[error("`{}` is not a variant of regelwerk (expected {expected})", quote(.name))]
    UnknownVariant {
        /// The name given.
        name: String,
        /// The variants kept as turn records.
        expected: String,
    },
    /// A move that is not legal in the position.
    #[error("`{action}` is not a legal move here")]
    NotLegal {
        /// The move as written.
        action: String,
    },
    /// Castling, which neither SAN variant has.
    #[error("`{token}` is castling, which {title} does not have")]
    Castling {
        /// The move text.
        token: String,
        /// The variant's title.
        title: &'static str,
    },
    /// A null move.
    #[error("`{token}` is a null move, which the rules do not have")]
    NullMove {
        /// The move text.
        token: String,
    },
    /// Text of no known move shape.
    #[error("`{text}` is neither SAN (Nf3, exd5, e10=Q, Cxe4) nor coordinates (g1f3, a9a10q)")]
    NotSan {
        /// The move text, without its suffix.
        text: String,
    },
    /// SAN that matches no legal move.
    #[error("no legal move matches `{token}`")]
    NoMatch {
        /// The move text.
        token: String,
    },
    /// SAN that matches no legal move, with the legal moves to its square.
    #[error("no legal move matches `{token}` (legal moves to {to}: {near})")]
    NoMatchNear {
        /// The move text.
        token: String,
        /// The square it names.
        to: String,
        /// The legal moves to that square, in SAN.
        near: String,
    },
    /// A capture written without `x`.
    #[error("`{token}` captures on {to} but has no `x`")]
    CaptureWithoutX {
        /// The move text.
        token: String,
        /// The square captured on.
        to: String,
    },
    /// An `x` on a move that captures nothing.
    #[error("`{token}` has `x` but {to} is empty")]
    XWithoutCapture {
        /// The move text.
        token: String,
        /// The empty square.
        to: String,
    },
    /// SAN that matches several legal moves.
    #[error("`{token}` is ambiguous: {matches}")]
    Ambiguous {
        /// The move text.
        token: String,
        /// The moves it matches, in coordinates.
        matches: String,
    },
    /// A `result` header that is no result.
    #[error("{0}")]
    Result(#[from] ResultError),
    /// The rule system refuses a start, a position or a move text.
    #[error(transparent)]
    Variant(#[from] crate::variant::VariantError),
    /// A move of an exported game is refused.
    #[error("move {number} `{action}`: {refusal}")]
    Refused {
        /// The move's number, from 1.
        number: usize,
        /// The move.
        action: String,
        /// The refusal.
        refusal: String,
    },
}

/// Why the value of a turn record's `result` header is no result.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ResultError {
    /// `(` without `)`.
    #[error("`{text}` has no closing `)` ({EXPECTED_RESULT})")]
    Unclosed {
        /// The value.
        text: String,
    },
    /// A rule of more than one word.
    #[error("`{text}`: the rule is one word ({EXPECTED_RESULT})")]
    RuleWords {
        /// The value.
        text: String,
    },
    /// `won` without a winner.
    #[error("`{text}` names no winner ({EXPECTED_RESULT})")]
    NoWinner {
        /// The value.
        text: String,
    },
    /// Neither `won`, `drawn` nor `ongoing`.
    #[error("`{text}` is no result ({EXPECTED_RESULT})")]
    NoResult {
        /// The value.
        text: String,
    },
    /// A word after the result.
    #[error("`{text}`: unexpected `{extra}` ({EXPECTED_RESULT})")]
    Unexpected {
        /// The value.
        text: String,
        /// The word.
        extra: String,
    },
}
