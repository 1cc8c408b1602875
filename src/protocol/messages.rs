//! The messages of the engine protocol 2.1 (`docs/protocol.md`): one JSON
//! object per line, requests from the harness on the engine's stdin,
//! responses on its stdout, the same for every variant. Schemas:
//! `schemas/protocol/`.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::scenario::compare::Answered;
use crate::variant::{Report, VariantId};

/// The protocol version this build speaks.
pub const PROTOCOL_VERSION: &str = "2.2";

/// The capability an engine names in `ready` when it answers `status`
/// requests (protocol 2.2).
pub const STATUS_CAPABILITY: &str = "status";

/// The refusal class of an engine that knows whether an action is legal
/// but not why it is not (protocol 2.1): legality is compared, the refusal
/// code is not.
pub const ILLEGAL: &str = "illegal";

/// The major part of a version text (`2` of `2.0`), if it has one.
pub fn major(version: &str) -> Option<u32> {
    let (major, minor) = version.split_once('.')?;
    minor.parse::<u32>().ok()?;
    major.parse().ok()
}

/// Whether `version` is one this build speaks (the same major version).
pub fn compatible(version: &str) -> bool {
    major(version).is_some() && major(version) == major(PROTOCOL_VERSION)
}

/// A request from the harness to the engine.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "type", rename_all = "kebab-case", deny_unknown_fields)]
pub enum Request {
    /// The handshake, once per session; the engine answers `ready`, or
    /// `refused` when it does not speak the version. A second `start` is
    /// answered `errored` (seq 0) and the session goes on.
    Start {
        /// The protocol version the harness speaks (`2.0`).
        protocol: String,
    },
    /// Apply actions one after the other to a position; answer `applied`
    /// with one result per action. A refused action leaves the position
    /// unchanged for the next one.
    Apply {
        /// Opaque request number, echoed in the answer.
        seq: u64,
        /// The rule system.
        variant: VariantId,
        /// The position in the variant's notation: MONARCHIE's one-line
        /// notation (`docs/notation.md`), a FEN for `grand`,
        /// `racingkings` and `sovereign`.
        position: String,
        /// Ruling settings `ID=key`; empty for the default rulings.
        #[serde(default)]
        rulings: Vec<String>,
        /// The actions: `16-28`, `5x150`, `200-230=Q`, `16-28@12`,
        /// `timeout`; `e2e4`, `a9a10q`, `claim`.
        actions: Vec<String>,
    },
    /// List the legal moves; answer `moves`.
    Moves {
        /// Opaque request number.
        seq: u64,
        /// The rule system.
        variant: VariantId,
        /// The position.
        position: String,
        /// Ruling settings.
        #[serde(default)]
        rulings: Vec<String>,
        /// Only the moves of the piece on this square (cell number for
        /// MONARCHIE, `e2` for the chess variants).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        from: Option<String>,
    },
    /// Count perft; answer `perft`.
    Perft {
        /// Opaque request number.
        seq: u64,
        /// The rule system.
        variant: VariantId,
        /// The position.
        position: String,
        /// Ruling settings.
        #[serde(default)]
        rulings: Vec<String>,
        /// Depth in plies.
        depth: u32,
    },
    /// The game's status after playing `actions` from `position`
    /// (protocol 2.2, for an engine whose `ready` names the capability
    /// `status`); answer `status`.
    Status {
        /// Opaque request number.
        seq: u64,
        /// The rule system.
        variant: VariantId,
        /// The position.
        position: String,
        /// Ruling settings.
        #[serde(default)]
        rulings: Vec<String>,
        /// The actions played before the status is read (as in `apply`;
        /// a refused one leaves the position as it was).
        #[serde(default)]
        actions: Vec<String>,
    },
    /// The engine exits.
    Stop,
}

impl Request {
    /// The variant a request is about, where it names one.
    pub fn variant(&self) -> Option<VariantId> {
        match self {
            Request::Apply { variant, .. }
            | Request::Moves { variant, .. }
            | Request::Perft { variant, .. }
            | Request::Status { variant, .. } => Some(*variant),
            Request::Start { .. } | Request::Stop => None,
        }
    }

    /// The request number, where it has one.
    pub fn seq(&self) -> Option<u64> {
        match self {
            Request::Apply { seq, .. }
            | Request::Moves { seq, .. }
            | Request::Perft { seq, .. }
            | Request::Status { seq, .. } => Some(*seq),
            Request::Start { .. } | Request::Stop => None,
        }
    }
}

/// The outcome of one action, as an engine reports it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ActionResult {
    /// `legal`, or the reason code of the refusal.
    pub result: String,
    /// What the action did (legal actions only): the report every variant
    /// shares.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub report: Option<Report>,
    /// The position after the action (unchanged when refused).
    pub position: String,
}

impl ActionResult {
    /// The result as the runners compare it: the report, or the code.
    pub fn as_result(&self) -> Answered {
        match (&self.report, self.result.as_str()) {
            (Some(report), "legal") => Answered::Legal(Box::new(report.clone())),
            (None, "legal") => Answered::LegalWithoutReport,
            (_, code) => Answered::Refused(code.to_string()),
        }
    }
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
        /// The requests it supports: `apply`, `moves`, `perft`, and
        /// (protocol 2.2) `status`.
        capabilities: Vec<String>,
        /// The rule systems it plays (absent: none, which `conform`
        /// refuses after checking the version).
        #[serde(default)]
        variants: Vec<VariantId>,
        /// The ruling settings `ID=key` it plays instead of the defaults
        /// (protocol 2.1, optional): the harness judges it under them.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        rulings: Vec<String>,
    },
    /// The handshake answer of an engine that does not speak the
    /// harness's version.
    Refused {
        /// Why, naming both versions.
        reason: String,
    },
    /// The answer to `apply`.
    Applied {
        /// The request number.
        seq: u64,
        /// One result per action.
        results: Vec<ActionResult>,
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
    /// The answer to `status` (protocol 2.2).
    Status {
        /// The request number.
        seq: u64,
        /// Where the game stands after the actions: the report's
        /// `status`.
        status: crate::variant::Status,
        /// The party to move; `null` when the game is over.
        #[serde(default)]
        to_move: Option<String>,
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

impl Response {
    /// The request number, where it has one.
    pub fn seq(&self) -> Option<u64> {
        match self {
            Response::Applied { seq, .. }
            | Response::Moves { seq, .. }
            | Response::Perft { seq, .. }
            | Response::Status { seq, .. }
            | Response::Skipped { seq, .. }
            | Response::Errored { seq, .. } => Some(*seq),
            Response::Ready { .. } | Response::Refused { .. } => None,
        }
    }
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
