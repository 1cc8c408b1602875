//! Racing Kings (clauses rk.1-rk.6): both armies start on the first two
//! ranks, no pawns, no checks at all, and the first king to reach rank 8
//! wins, except that Black may answer White's arrival and draw.
//!
//! The files follow the rules: [`position`] (rk.1 board, rk.2 setup, FEN),
//! [`movegen`] (rk.3 piece moves, rk.4 no checks), [`goal`] (rk.5 the
//! race), [`end`] (rk.6 draws), [`make`] (playing a move), [`game`] (the
//! text interface and refusals).

pub mod end;
pub mod fast;
pub mod faults;
pub mod game;
pub mod goal;
pub mod known;
pub mod make;
pub mod movegen;
pub mod position;
pub mod protocol_doc;
pub mod readings;
pub mod witnesses;

use crate::variant::chess::{self, Move};
use crate::variant::{Game, Rules, VariantError, VariantId, VariantInfo};

pub use game::RacingKingsGame;
pub use position::{Position, START_FEN};

/// The rules of Racing Kings (no ruling is switchable yet), with the
/// misreadings a test plays (none in every normal game).
#[derive(Clone, Copy, Debug, Default)]
pub struct RacingKings {
    /// The misreadings played (`spec/racingkings/misreadings.yaml`).
    pub faults: faults::FaultSet,
}

impl RacingKings {
    /// Which reading of the rule point `R` is played: the rule, unless a
    /// fault names one of its hidden alternatives ([`readings`]).
    #[inline]
    pub fn reading<R: crate::variant::readings::Reading<faults::FaultSet>>(&self) -> R {
        R::of(self.faults)
    }
}

impl Rules for RacingKings {
    type Position = Position;
    type Move = Move;

    /// Clauses rk.3 and rk.4: the legal moves; none once the race is
    /// decided (clause rk.5) or in stalemate (rk.6.1).
    fn legal_moves(&self, position: &Position, out: &mut Vec<Move>) {
        if let goal::Race::Decided(_) = goal::race(position, self) {
            return;
        }
        movegen::legal_moves(position, goal::only_mover(position, self), self, out);
    }

    fn after(&self, position: &Position, mv: Move) -> Position {
        make::after(position, mv).0
    }
}

/// Opens a Racing Kings game at `position` (FEN; the start position when
/// `None`).
///
/// # Errors
/// A message listing what is wrong with the FEN, or naming a ruling
/// setting (none exists yet, so any is unknown).
pub fn open(position: Option<&str>, rulings: &[String]) -> Result<Box<dyn Game>, VariantError> {
    chess::game::open::<RacingKings>(position, rulings)
}

/// [`open`] with the misreadings `faults` (IDs `RK-...` of
/// `spec/racingkings/misreadings.yaml`) played.
///
/// # Errors
/// As [`open`], or an unknown misreading.
pub fn open_with_faults(
    position: Option<&str>,
    rulings: &[String],
    faults: &[String],
) -> Result<Box<dyn Game>, VariantError> {
    let faults = faults::FaultSet::from_ids(faults).map_err(|error| error.to_string())?;
    chess::game::open_with_rules(position, rulings, RacingKings { faults })
}

/// Racing Kings as the generic harness sees it.
pub static INFO: VariantInfo = chess::game::info(
    VariantId::Racingkings,
    "Racing Kings",
    "rk.",
    chess::game::ChessParts {
        open,
        uci: crate::variant::UciInfo {
            name: "racingkings",
            end: crate::variant::UciEnd::Goal,
        },
        known_differences: known::KNOWN,
        record_name: "Racing Kings",
        record_aliases: &[],
        geometry: &chess::geometry::EIGHT_BY_EIGHT,
        misreadings: crate::variant::MisreadingInfo {
            prefix: "RK-",
            catalogue: faults::Misreading::catalogue,
            open: open_with_faults,
            frames: crate::variant::chess::frames::racingkings,
        },
        protocol: &protocol_doc::PROTOCOL,
        square: |text| chess::game::square_name(&chess::geometry::EIGHT_BY_EIGHT, text),
        start_notation: |name| (name == "start").then(|| START_FEN.to_string()),
        kinds: &["king", "queen", "rook", "bishop", "knight"],
        board: |bottom| chess::picture::board(&chess::geometry::EIGHT_BY_EIGHT, bottom),
        figures: || {
            chess::picture::piece_figures(
                &chess::geometry::EIGHT_BY_EIGHT,
                &[
                    ('K', "king"),
                    ('Q', "queen"),
                    ('R', "rook"),
                    ('B', "bishop"),
                    ('N', "knight"),
                ],
                1,
                // h7: off the goal rank (a king there has already won)
                // and out of every figure piece's reach from d4.
                (7, 6),
                None,
            )
        },
    },
);
