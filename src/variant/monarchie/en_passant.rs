//! M-EN-PASSANT and M-EN-PASSANT.2 (`spec/monarchie/misreadings.yaml`):
//! chess's capture en passant, which clause 6.6 (no special moves) rules
//! out, played only by a game with one of these faults. The rights to
//! take en passant are the fault's own state: the game keeps them beside
//! the position ([`super::game::MonarchieGame`]), never in the reference's
//! position or notation. Under the rule there are none.
//!
//! A pawn that makes a two-cell start move passes a cell; a pawn of
//! another party whose move goes onto that cell while the right lasts
//! takes the passing pawn, as if it stood on the cell it passed: the
//! victim is put there first and the move is played as an ordinary
//! capture, with every consequence of one (clause 8.1's turn, checks,
//! the tray). The codings differ in how long the right lasts.

use super::cell::Cell;
use super::geometry::{geometry, Side};
use super::moves::{Action, Move};
use super::party::Party;
use super::piece::PieceKind;
use super::position::Position;
use super::readings::EnPassant;
use super::rules::{self, Outcome};
use super::ruleset::Ruleset;

/// A right to take en passant: the pawn of `party` now on `stands`
/// passed `passed` with its two-cell start move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PassedPawn {
    /// The passing pawn's party.
    pub party: Party,
    /// The cell it passed over.
    pub passed: Cell,
    /// The cell it reached.
    pub stands: Cell,
}

/// The open rights (none under the rule).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Rights(Vec<PassedPawn>);

impl Rights {
    /// The pawn that `mv` would take en passant in `position`: `mv` moves a
    /// pawn of another party onto an empty passed cell while the passing
    /// pawn, its party still active, stands where its start move went.
    pub fn victim(&self, position: &Position, mv: Move, rules: &Ruleset) -> Option<PassedPawn> {
        if rules.reading::<EnPassant>() == EnPassant::NoCapture {
            return None;
        }
        let mover = position.piece_at(mv.from)?;
        if mover.kind != PieceKind::Pawn || !position.is_empty(mv.to) {
            return None;
        }
        self.0.iter().copied().find(|right| {
            right.passed == mv.to
                && right.party != mover.party
                && position.is_active(right.party)
                && position
                    .piece_at(right.stands)
                    .is_some_and(|p| p.party == right.party && p.kind == PieceKind::Pawn)
        })
    }

    /// The rights once `actor` has played `action` from `before`:
    /// M-EN-PASSANT keeps none beyond the next action, M-EN-PASSANT.2
    /// keeps every right of another party than `actor`; a two-cell start
    /// move opens a new one.
    pub fn after(
        &self,
        before: &Position,
        actor: Party,
        action: Action,
        rules: &Ruleset,
    ) -> Rights {
        let mut kept: Vec<PassedPawn> = match rules.reading::<EnPassant>() {
            EnPassant::NoCapture => return Rights::default(),
            EnPassant::NextMove => Vec::new(),
            EnPassant::UntilItsPartyMovesAgain => self
                .0
                .iter()
                .copied()
                .filter(|r| r.party != actor)
                .collect(),
        };
        if let Action::Move { mv, .. } = action {
            if let Some(passed) = passed_cell(before, mv) {
                kept.push(PassedPawn {
                    party: actor,
                    passed,
                    stands: mv.to,
                });
            }
        }
        Rights(kept)
    }
}

/// The cell a two-cell start move `mv` passes over, if it is one (clause
/// 6.6, start): an unmoved pawn going two cells along one side.
fn passed_cell(before: &Position, mv: Move) -> Option<Cell> {
    if !before.is_unmoved_pawn(mv.from) {
        return None;
    }
    let geometry = geometry();
    Side::ALL.into_iter().find_map(|side| {
        let passed = geometry.neighbour(mv.from, side)?;
        (geometry.neighbour(passed, side) == Some(mv.to)).then_some(passed)
    })
}

/// `action` taking `victim` en passant: the victim is put on the cell it
/// passed and the move played as a capture there. `None` when the rules
/// refuse that capture (the pawn may not capture across that side, or
/// the capture would leave its king attacked): the move is then an
/// ordinary one.
pub fn take(
    position: &Position,
    action: Action,
    victim: PassedPawn,
    rules: &Ruleset,
) -> Option<(Position, Outcome)> {
    let mut next = position.clone();
    next.relocate(victim.stands, victim.passed);
    rules::apply(&mut next, action, rules)
        .ok()
        .map(|outcome| (next, outcome))
}
