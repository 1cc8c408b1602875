//! Piece kinds (clause 6) and pieces.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use crate::variant::monarchie::party::Party;

/// The six kinds of piece of clause 6.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum PieceKind {
    /// König (6.1).
    King,
    /// Dame (6.2).
    Queen,
    /// Turm (6.3).
    Rook,
    /// Läufer (6.4).
    Bishop,
    /// Pferd (6.5).
    Knight,
    /// Bauer (6.6).
    Pawn,
}

impl PieceKind {
    /// All kinds, king first.
    pub const ALL: [PieceKind; 6] = [
        PieceKind::King,
        PieceKind::Queen,
        PieceKind::Rook,
        PieceKind::Bishop,
        PieceKind::Knight,
        PieceKind::Pawn,
    ];

    /// The kinds a pawn may become (R-PROMO), in notation order.
    pub const PROMOTABLE: [PieceKind; 4] = [
        PieceKind::Queen,
        PieceKind::Rook,
        PieceKind::Bishop,
        PieceKind::Knight,
    ];

    /// Upper-case English letter: K Q R B N P.
    pub const fn letter(self) -> char {
        match self {
            PieceKind::King => 'K',
            PieceKind::Queen => 'Q',
            PieceKind::Rook => 'R',
            PieceKind::Bishop => 'B',
            PieceKind::Knight => 'N',
            PieceKind::Pawn => 'P',
        }
    }

    /// The kind for an English letter (either case).
    pub fn from_letter(letter: char) -> Option<PieceKind> {
        let upper = letter.to_ascii_uppercase();
        PieceKind::ALL
            .into_iter()
            .find(|kind| kind.letter() == upper)
    }

    /// Lower-case English name used in files.
    pub const fn key(self) -> &'static str {
        match self {
            PieceKind::King => "king",
            PieceKind::Queen => "queen",
            PieceKind::Rook => "rook",
            PieceKind::Bishop => "bishop",
            PieceKind::Knight => "knight",
            PieceKind::Pawn => "pawn",
        }
    }

    /// The German name as in the rulebook.
    pub const fn german(self) -> &'static str {
        match self {
            PieceKind::King => "König",
            PieceKind::Queen => "Dame",
            PieceKind::Rook => "Turm",
            PieceKind::Bishop => "Läufer",
            PieceKind::Knight => "Pferd",
            PieceKind::Pawn => "Bauer",
        }
    }

    /// Index 0..6 in [`PieceKind::ALL`] order.
    pub const fn index(self) -> usize {
        self as usize
    }
}

impl fmt::Display for PieceKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.key())
    }
}

/// A piece kind spelled in none of the accepted ways.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown piece kind '{0}': expected king, queen, rook, bishop, knight, pawn (or K Q R B N P, or the German names)")]
pub struct UnknownPieceKind(pub String);

impl FromStr for PieceKind {
    type Err = UnknownPieceKind;

    /// Accepts the letter, the English name or the German name, any case.
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let lower = text.trim().to_lowercase();
        let kind = match lower.as_str() {
            "k" | "king" | "könig" | "koenig" => PieceKind::King,
            "q" | "queen" | "dame" => PieceKind::Queen,
            "r" | "rook" | "turm" => PieceKind::Rook,
            "b" | "bishop" | "läufer" | "laeufer" => PieceKind::Bishop,
            "n" | "knight" | "pferd" | "springer" => PieceKind::Knight,
            "p" | "pawn" | "bauer" => PieceKind::Pawn,
            _ => return Err(UnknownPieceKind(text.to_string())),
        };
        Ok(kind)
    }
}

impl Serialize for PieceKind {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.key())
    }
}

impl<'de> Deserialize<'de> for PieceKind {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = String::deserialize(deserializer)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

impl schemars::JsonSchema for PieceKind {
    fn schema_name() -> String {
        "PieceKind".to_string()
    }

    fn json_schema(_: &mut schemars::gen::SchemaGenerator) -> schemars::schema::Schema {
        let mut schema = schemars::schema::SchemaObject {
            instance_type: Some(schemars::schema::InstanceType::String.into()),
            ..Default::default()
        };
        schema.metadata().description =
            Some("king, queen, rook, bishop, knight or pawn (or K Q R B N P)".to_string());
        schema.into()
    }
}

/// A piece on the board: its owner and kind. Whether it is alive or a dead
/// blocker follows from whether its party is still active (clause 4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    /// The party that owns (or, for a dead blocker, owned) the piece.
    pub party: Party,
    /// What the piece is.
    pub kind: PieceKind,
}

impl Piece {
    /// A piece of `party` of kind `kind`.
    pub const fn new(party: Party, kind: PieceKind) -> Piece {
        Piece { party, kind }
    }
}

impl fmt::Display for Piece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.party, self.kind)
    }
}
