//! Grand Chess (clauses g.1-g.8): ten by ten, with marshals and cardinals,
//! pawns that double-step from the third rank and promote on the 8th-10th
//! ranks only into pieces their side has lost, and no castling.
//!
//! The files follow the rules: [`position`] (g.1 board, g.2 setup, FEN),
//! [`movegen`] (g.3 piece moves), [`safety`] (g.4 king safety), [`pawn`]
//! (g.5), [`promotion`] (g.7), [`make`] (playing a move), [`end`] (g.8 end
//! of the game), [`game`] (the text interface and refusals). Clause g.6 (no
//! castling) is an absence: no code moves a king two squares.

pub mod end;
pub mod faults;
pub mod fen;
pub mod game;
pub mod known;
pub mod make;
pub mod movegen;
pub mod pawn;
pub mod position;
pub mod promotion;
pub mod protocol_doc;
pub mod readings;
#[cfg(test)]
mod rejection_search;
pub mod safety;
pub mod witnesses;

use crate::variant::chess::{self, Move};
use crate::variant::{Game, Rules, VariantError, VariantId, VariantInfo};

pub use game::GrandGame;
pub use position::{Position, START_FEN};

/// The rules of Grand Chess (no ruling is switchable yet), with the
/// misreadings a test plays (none in every normal game).
#[derive(Clone, Copy, Debug, Default)]
pub struct Grand {
    /// The misreadings played (`spec/grand/misreadings.yaml`).
    pub faults: faults::FaultSet,
}

impl Grand {
    /// Which reading of the rule point `R` is played: the rule, unless a
    /// fault names one of its hidden alternatives ([`readings`]).
    #[inline]
    pub fn reading<R: crate::variant::readings::Reading<faults::FaultSet>>(&self) -> R {
        R::of(self.faults)
    }

    /// Clause g.8.5: whether the game is over by insufficient material.
    pub fn material_ends(&self, position: &Position) -> bool {
        match self.reading::<readings::Material>() {
            readings::Material::Ends => end::insufficient_material(&position.board),
            readings::Material::PlaysOn => false,
            readings::Material::BareKingsOnly => position.board.pieces().count() == 2,
        }
    }
}

impl Rules for Grand {
    type Position = Position;
    type Move = Move;

    /// Clauses g.3-g.7: the legal moves; none once the game is over
    /// (clause g.8: checkmate and stalemate have none anyway, insufficient
    /// material ends the game at once).
    fn legal_moves(&self, position: &Position, out: &mut Vec<Move>) {
        if self.material_ends(position) {
            return;
        }
        movegen::legal_moves(position, None, self, out);
    }

    fn after(&self, position: &Position, mv: Move) -> Position {
        make::after(position, mv, self).0
    }
}

/// Opens a Grand Chess game at `position` (FEN; the start position when
/// `None`).
///
/// # Errors
/// A message listing what is wrong with the FEN, or naming a ruling
/// setting (none exists yet, so any is unknown).
pub fn open(position: Option<&str>, rulings: &[String]) -> Result<Box<dyn Game>, VariantError> {
    chess::game::open::<Grand>(position, rulings)
}

/// [`open`] with the misreadings `faults` (IDs `G-...` of
/// `spec/grand/misreadings.yaml`) played.
///
/// # Errors
/// As [`open`], or an unknown misreading.
pub fn open_with_faults(
    position: Option<&str>,
    rulings: &[String],
    faults: &[String],
) -> Result<Box<dyn Game>, VariantError> {
    let faults = faults::FaultSet::from_ids(faults).map_err(|error| error.to_string())?;
    chess::game::open_with_rules(position, rulings, Grand { faults })
}

/// Grand Chess as the generic harness sees it.
pub static INFO: VariantInfo = chess::game::info(
    VariantId::Grand,
    "Grand Chess",
    "g.",
    chess::game::ChessParts {
        open,
        record_name: "Grand",
        uci: crate::variant::UciInfo {
            name: "grand",
            end: crate::variant::UciEnd::Checkmate,
        },
        known_differences: known::KNOWN,
        record_aliases: &["grandchess"],
        geometry: &chess::geometry::TEN_BY_TEN,
        misreadings: crate::variant::MisreadingInfo {
            prefix: "G-",
            catalogue: faults::Misreading::catalogue,
            open: open_with_faults,
            frames: chess::frames::grand,
        },
        protocol: &protocol_doc::PROTOCOL,
        square: |text| chess::game::square_name(&chess::geometry::TEN_BY_TEN, text),
        start_notation: |name| (name == "start").then(|| START_FEN.to_string()),
        kinds: &[
            "king", "queen", "rook", "bishop", "knight", "pawn", "marshal", "cardinal",
        ],
        board: |bottom| chess::picture::board(&chess::geometry::TEN_BY_TEN, bottom),
        figures: || {
            chess::picture::piece_figures(
                &chess::geometry::TEN_BY_TEN,
                &[
                    ('K', "king"),
                    ('Q', "queen"),
                    ('R', "rook"),
                    ('B', "bishop"),
                    ('N', "knight"),
                    ('C', "marshal"),
                    ('A', "cardinal"),
                    ('P', "pawn"),
                ],
                2,
                (0, 9),
                // A black pawn on j8 keeps bare-king figures from being
                // drawn games (g.8.5), out of every figure piece's reach.
                Some(('p', 9, 7)),
            )
        },
    },
);
