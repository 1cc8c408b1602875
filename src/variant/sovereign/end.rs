//! How a game ends (clauses sc.14): S-MATE, S-STALEMATE, S-DEAD, S-FIFTY,
//! S-REPETITION. perft applies none of the draw rules; the game does.

use crate::variant::Status;

use super::control::holders;
use super::position::{Player, Position};
use super::readings::{BareKings, Mate};
use super::rules::{in_check, legal_moves};
use super::ruleset::{Dead, Fifty, Repetition, Ruleset, Stalemate};

/// Where the game stands at `position`, `occurrences` being how often its
/// repetition key has occurred (this time included).
pub fn status(position: &Position, rules: &Ruleset, occurrences: usize) -> Status {
    let mover = position.to_move;
    let mut moves = Vec::new();
    legal_moves(position, rules, None, &mut moves);
    let held = holders(position, rules);
    // Clause sc.14.1: mate is check with no legal move at all (below).
    if rules.reading::<Mate>() == Mate::NoKingMove && in_check(position, rules, &held, mover) {
        let mut king_moves = Vec::new();
        if let Some(king) = position.king(mover) {
            legal_moves(position, rules, Some(king), &mut king_moves);
        }
        if king_moves.is_empty() {
            return Status::won_by(mover.other().key(), "checkmate");
        }
    }
    if moves.is_empty() {
        // S-MATE: in check with no legal move loses.
        if in_check(position, rules, &held, mover) {
            return Status::won_by(mover.other().key(), "checkmate");
        }
        // S-STALEMATE.
        return match rules.stalemate {
            Stalemate::Draw => Status::Drawn {
                reason: "stalemate".to_string(),
            },
            Stalemate::Loss => Status::won_by(mover.other().key(), "stalemate"),
        };
    }
    // S-DEAD: only the two kings are left.
    // Clause sc.14.3: every piece counts, neutral ones too.
    let counted = position
        .pieces()
        .filter(|(_, piece)| match rules.reading::<BareKings>() {
            BareKings::OnlyKings => true,
            BareKings::NeutralIgnored => held[piece.colour.index()].is_some(),
            BareKings::HeldPiecesOnlyKings => true,
        })
        .count();
    // Bare kings when every held piece is a king, as one misreading has it.
    let held_only_kings = rules.reading::<BareKings>() == BareKings::HeldPiecesOnlyKings
        && position.pieces().all(|(_, piece)| {
            piece.role == super::position::Role::King || held[piece.colour.index()].is_none()
        });
    if rules.dead == Dead::BareKings && held_only_kings {
        return drawn("bare-kings");
    }
    if rules.dead == Dead::BareKings && counted == 2 {
        return drawn("bare-kings");
    }
    // S-FIFTY: automatic at 150 plies (default) or 100 (auto).
    match rules.fifty {
        Fifty::ClaimThenAuto if position.halfmove >= 150 => return drawn("seventy-five-move"),
        Fifty::Auto if position.halfmove >= 100 => return drawn("fifty-move"),
        _ => {}
    }
    // S-REPETITION: automatic at the fifth occurrence (default) or third.
    match rules.repetition {
        Repetition::ClaimThenAuto if occurrences >= 5 => drawn("fivefold"),
        Repetition::Auto if occurrences >= 3 => drawn("threefold"),
        _ => Status::Ongoing,
    }
}

/// The draw the player to move may claim (S-FIFTY, S-REPETITION
/// defaults), if any.
pub fn claimable(position: &Position, rules: &Ruleset, occurrences: usize) -> Option<&'static str> {
    if rules.repetition == Repetition::ClaimThenAuto && occurrences >= 3 {
        return Some("threefold");
    }
    if rules.fifty == Fifty::ClaimThenAuto && position.halfmove >= 100 {
        return Some("fifty-move");
    }
    None
}

fn drawn(reason: &str) -> Status {
    Status::Drawn {
        reason: reason.to_string(),
    }
}

/// The player of a party key, for messages.
pub fn player_name(player: Player) -> &'static str {
    match player {
        Player::One => "player 1",
        Player::Two => "player 2",
    }
}
