//! Clause rk.6: draws, and where the game stands. Stalemate draws
//! (rk.6.1); threefold repetition (rk.6.2) and the fifty-move rule (rk.6.3)
//! are claimed; there is no insufficient-material rule (rk.6.4): bare kings
//! race on.

use crate::variant::chess::{DrawClaims, Kind};
use crate::variant::Status;

use super::goal::{self, Race};
use super::movegen;
use super::position::Position;
use super::readings::{BareKings, Stalemate};
use super::RacingKings;

/// Clauses rk.6.2 and rk.6.3: the draws the side to move may claim:
/// `threefold` when the current position (placement and side to move) has
/// occurred at least three times since the last capture, `fifty-move` when
/// the halfmove clock (half-moves without a capture) is at least 100.
pub const DRAW_CLAIMS: DrawClaims = DrawClaims {
    // Clause rk.6.2.
    repetitions: 3,
    // Clause rk.6.3.
    fifty_move_plies: 100,
};

/// Clauses rk.5 and rk.6.1: where the game stands in `position` (claims
/// aside): decided by the race, drawn by stalemate, or going on.
pub fn status(position: &Position, rules: &RacingKings) -> Status {
    // RK-STALEMATE-LOSES.2: the side without a move loses, asked before
    // the race is judged.
    if rules.reading::<Stalemate>() == Stalemate::LosesBeforeRace {
        let mut moves = Vec::new();
        movegen::legal_moves(position, None, rules, &mut moves);
        if moves.is_empty() {
            return Status::won_by(position.side.opponent().name(), "stalemate");
        }
    }
    if let Race::Decided(status) = goal::race(position, rules) {
        return status;
    }
    // Clause rk.6.4: no insufficient material; bare kings race on.
    let bare = position.board.pieces().count() == 2;
    let drawn = match rules.reading::<BareKings>() {
        BareKings::RaceOn => false,
        BareKings::Drawn => bare,
        BareKings::ChessMaterial => chess_material_insufficient(position),
    };
    if drawn {
        return Status::Drawn {
            reason: "insufficient-material".to_string(),
        };
    }
    let mut moves = Vec::new();
    movegen::legal_moves(position, None, rules, &mut moves);
    if !moves.is_empty() {
        return Status::Ongoing;
    }
    // Clause rk.6.1: stalemate draws.
    match rules.reading::<Stalemate>() {
        Stalemate::Draw => Status::Drawn {
            reason: "stalemate".to_string(),
        },
        Stalemate::Loses | Stalemate::LosesBeforeRace => {
            Status::won_by(position.side.opponent().name(), "stalemate")
        }
    }
}

/// RK-BARE-KINGS-DRAWN.2: chess's insufficient material: nothing but the
/// kings and at most one knight or bishop.
fn chess_material_insufficient(position: &Position) -> bool {
    let mut others = position
        .board
        .pieces()
        .filter(|(_, piece)| piece.kind != Kind::King);
    match (others.next(), others.next()) {
        (None, _) => true,
        (Some((_, piece)), None) => matches!(piece.kind, Kind::Knight | Kind::Bishop),
        _ => false,
    }
}
