//! The messages of the engine protocol (`docs/protocol.md`): one JSON
//! object per line, requests from the harness on the engine's stdin,
//! responses on its stdout. Schemas: `schemas/protocol/`.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::party::Party;
use crate::piece::PieceKind;
use crate::scenario::format::{CaptureSpec, EliminationSpec, GardezSpec};
use crate::variant::{Captured, Status, VariantId};

fn is_monarchie(variant: &VariantId) -> bool {
    *variant == VariantId::Monarchie
}

fn monarchie_only() -> Vec<VariantId> {
    vec![VariantId::Monarchie]
}

/// The protocol version this build speaks.
pub const PROTOCOL_VERSION: &str = "1.1";

/// A request from the harness to the engine.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "type", rename_all = "kebab-case", deny_unknown_fields)]
pub enum Request {
    /// The handshake; the engine answers `ready`.
    Start {
        /// The protocol version the harness speaks.
        protocol: String,
    },
    /// Apply actions one after the other to a position; answer `applied`
    /// with one result per action. A refused action leaves the position
    /// unchanged for the next one.
    Apply {
        /// Opaque request number, echoed in the answer.
        seq: u64,
        /// The rule system (protocol 1.1); absent means `monarchie`.
        #[serde(default, skip_serializing_if = "is_monarchie")]
        variant: VariantId,
        /// The position: MONARCHIE's one-line notation (`docs/notation.md`),
        /// or a FEN for `grand` and `racingkings`.
        position: String,
        /// Ruling settings `ID=key`; empty for the default rulings.
        #[serde(default)]
        rulings: Vec<String>,
        /// The actions: `16-28`, `5x150`, `200-230=Q`, `16-28@12`, `timeout`.
        actions: Vec<String>,
    },
    /// List the legal moves; answer `moves`.
    Moves {
        /// Opaque request number.
        seq: u64,
        /// The rule system (protocol 1.1); absent means `monarchie`.
        #[serde(default, skip_serializing_if = "is_monarchie")]
        variant: VariantId,
        /// The position.
        position: String,
        /// Ruling settings.
        #[serde(default)]
        rulings: Vec<String>,
        /// Only the moves of the piece on this cell (MONARCHIE).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        cell: Option<u16>,
        /// Only the moves of the piece on this square (`grand`, `racingkings`).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        square: Option<String>,
    },
    /// Count perft; answer `perft`.
    Perft {
        /// Opaque request number.
        seq: u64,
        /// The rule system (protocol 1.1); absent means `monarchie`.
        #[serde(default, skip_serializing_if = "is_monarchie")]
        variant: VariantId,
        /// The position.
        position: String,
        /// Ruling settings.
        #[serde(default)]
        rulings: Vec<String>,
        /// Depth in plies.
        depth: u32,
    },
    /// The engine exits.
    Stop,
}

/// The outcome of one action, as an engine reports it.
#[derive(Clone, Debug, PartialEq, Eq, Default, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ActionResult {
    /// `legal`, or the reason code of the refusal.
    pub result: String,
    /// The captured piece.
    #[serde(default)]
    pub capture: Option<CaptureSpec>,
    /// The party whose king was captured.
    #[serde(default)]
    pub king_captured: Option<Party>,
    /// The promotion.
    #[serde(default)]
    pub promotion: Option<PieceKind>,
    /// Whether the action was a forfeited turn.
    #[serde(default)]
    pub forfeited: bool,
    /// Active parties in check after the action's own effects.
    #[serde(default)]
    pub checks: Vec<Party>,
    /// Gardez events.
    #[serde(default)]
    pub gardez: Vec<GardezSpec>,
    /// Eliminations in order.
    #[serde(default)]
    pub eliminations: Vec<EliminationSpec>,
    /// The next party to move.
    #[serde(default)]
    pub next: Option<Party>,
    /// The winner.
    #[serde(default)]
    pub winner: Option<Party>,
    /// Event kinds in order (`moved`, `captured`, ...).
    #[serde(default)]
    pub events: Vec<String>,
    /// The position after the action, in the one-line notation.
    pub position: String,
}

/// The outcome of one action in `grand` or `racingkings`.
#[derive(Clone, Debug, PartialEq, Eq, Default, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PlayedResult {
    /// `legal`, or the refusal code.
    pub result: String,
    /// The captured piece.
    #[serde(default)]
    pub capture: Option<Captured>,
    /// The promotion kind (`queen`, `marshal`, ...).
    #[serde(default)]
    pub promotion: Option<String>,
    /// Whether the side now to move is in check.
    #[serde(default)]
    pub check: bool,
    /// Who moves next (`white`, `black`); absent when the game is over.
    #[serde(default)]
    pub next: Option<String>,
    /// The game's status after the action (legal actions).
    #[serde(default)]
    pub status: Option<Status>,
    /// The position after the action as FEN (unchanged when refused).
    pub position: String,
}

/// A response from the engine.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "type", rename_all = "kebab-case", deny_unknown_fields)]
pub enum Response {
    /// The handshake answer.
    Ready {
        /// The protocol version the engine speaks.
        protocol: String,
        /// The engine's name.
        name: String,
        /// Its version.
        version: String,
        /// Its implementation language.
        language: String,
        /// The requests it supports: `apply`, `moves`, `perft`.
        capabilities: Vec<String>,
        /// The rule systems it plays (protocol 1.1); absent means only
        /// `monarchie`.
        #[serde(default = "monarchie_only")]
        variants: Vec<VariantId>,
    },
    /// The answer to `apply`.
    Applied {
        /// The request number.
        seq: u64,
        /// One result per action.
        results: Vec<ActionResult>,
    },
    /// The answer to `apply` for `grand` and `racingkings` (protocol 1.1).
    Played {
        /// The request number.
        seq: u64,
        /// One result per action.
        results: Vec<PlayedResult>,
    },
    /// The answer to `moves`.
    Moves {
        /// The request number.
        seq: u64,
        /// The moves, any order.
        moves: Vec<String>,
    },
    /// The answer to `perft`.
    Perft {
        /// The request number.
        seq: u64,
        /// The node count.
        nodes: u64,
    },
    /// The engine does not handle this request (e.g. an unsupported ruling).
    Skipped {
        /// The request number.
        seq: u64,
        /// Why.
        reason: String,
    },
    /// The engine failed on this request.
    Errored {
        /// The request number.
        seq: u64,
        /// What went wrong.
        context: String,
    },
}

/// The JSON Schemas of both message directions, as `(file name, pretty JSON)`.
pub fn schemas() -> Vec<(&'static str, String)> {
    let pretty = |schema: schemars::schema::RootSchema| {
        serde_json::to_string_pretty(&schema)
            .unwrap_or_else(|error| unreachable!("a schema serialises: {error}"))
    };
    vec![
        (
            "request.schema.json",
            pretty(schemars::schema_for!(Request)),
        ),
        (
            "response.schema.json",
            pretty(schemars::schema_for!(Response)),
        ),
    ]
}
