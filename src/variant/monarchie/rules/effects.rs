//! What a move does to the board, before the turn passes: the piece moves,
//! a captured piece leaves the board (clause 5), a captured king eliminates
//! its party (clause 13), a pawn may promote (6.6).

use serde::Serialize;

use crate::variant::monarchie::cell::Cell;
use crate::variant::monarchie::moves::Move;
use crate::variant::monarchie::party::Party;
use crate::variant::monarchie::piece::{Piece, PieceKind};
use crate::variant::monarchie::position::{Occupant, Position};
use crate::variant::monarchie::readings::{EliminatedArmy, PromotionTray};
use crate::variant::monarchie::ruleset::Ruleset;

/// A piece taken off the board by a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Capture {
    /// Where it stood.
    pub cell: Cell,
    /// Its (former) party.
    pub party: Party,
    /// Its kind.
    pub kind: PieceKind,
    /// Whether it was a dead blocker (clause 4, 8.2).
    pub dead: bool,
}

/// The direct effects of one move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Effects {
    /// The piece captured, if any.
    pub capture: Option<Capture>,
    /// The party whose king was captured (clause 13), now eliminated.
    pub king_captured: Option<Party>,
    /// The kind the pawn became, if it promoted.
    pub promotion: Option<PieceKind>,
}

/// Plays the move's own effects on `position`. The caller has checked that
/// the move is legal; the turn is not passed here.
pub fn play(position: &mut Position, mv: Move, rules: &Ruleset) -> Effects {
    let mut effects = Effects::default();
    let mover = position.piece_at(mv.from).map(|piece| piece.party);
    let target = position.occupant(mv.to);
    position.relocate(mv.from, mv.to);
    match target {
        Occupant::Empty => {}
        Occupant::Dead(piece) => {
            effects.capture = Some(capture(mv.to, piece, true));
        }
        Occupant::Active(piece) => {
            effects.capture = Some(capture(mv.to, piece, false));
            if piece.kind == PieceKind::King {
                // Clause 13 / R-KING-CAPTURE: the party leaves the game; its
                // king is already off the board (the capturer stands there).
                position.forget_king(piece.party);
                eliminate(position, piece.party, rules);
                // M-ELIM-REMOVES-PIECES.2: after a king capture the army
                // leaves too.
                if rules.reading::<EliminatedArmy>() == EliminatedArmy::LeavesOnKingCapture {
                    position.remove_pieces_of(piece.party);
                }
                effects.king_captured = Some(piece.party);
            } else {
                // R-PROMO: a captured piece goes to its owner's tray as what it is now.
                position.tray_mut(piece.party).add(piece.kind);
            }
        }
    }
    if let (Some(kind), Some(party)) = (mv.promotion, mover) {
        position.set_kind(mv.to, kind);
        // Clause 6.6 (promotion): the new piece comes out of the tray.
        match rules.reading::<PromotionTray>() {
            PromotionTray::TakesATrayPiece
            | PromotionTray::AnyKind
            | PromotionTray::QueenWhenEmpty => {
                position.tray_mut(party).take(kind);
            }
            PromotionTray::TrayPieceStays => {}
            // M-PROMO-KEEPS-TRAY.2: taken out only on a capturing move.
            PromotionTray::StaysOnQuietPromotion => {
                if !matches!(target, Occupant::Empty) {
                    position.tray_mut(party).take(kind);
                }
            }
        }
        effects.promotion = Some(kind);
    }
    effects
}

/// Clause 4 / R-ELIM: the party leaves the game; its king goes, its other
/// pieces stay as dead blockers.
pub fn eliminate(position: &mut Position, party: Party, rules: &Ruleset) {
    position.eliminate(party);
    // Clause 4: the other pieces stay as dead blockers.
    match rules.reading::<EliminatedArmy>() {
        EliminatedArmy::StaysAsDeadBlockers | EliminatedArmy::LeavesOnKingCapture => {}
        EliminatedArmy::LeavesTheBoard => position.remove_pieces_of(party),
    }
}

fn capture(cell: Cell, piece: Piece, dead: bool) -> Capture {
    Capture {
        cell,
        party: piece.party,
        kind: piece.kind,
        dead,
    }
}
