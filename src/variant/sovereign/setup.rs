//! S-SETUP (clause sc.2.valid): whether a position can stand on the board.
//! Every violation is reported at once.

use super::control::holders;
use super::geometry::{Colour, Square};
use super::position::{Player, Position, Role};
use super::rules::in_check;
use super::ruleset::{Promo, Ruleset};

/// Every problem of `position` under `rules`; empty when it is valid.
pub fn problems(position: &Position, rules: &Ruleset) -> Vec<String> {
    let mut out = Vec::new();
    let kings: Vec<(Square, Colour)> = position
        .pieces()
        .filter(|(_, piece)| piece.role == Role::King)
        .map(|(square, piece)| (square, piece.colour))
        .collect();
    if kings.len() != 2 {
        out.push(format!("expected exactly two kings, found {}", kings.len()));
    }
    if position.kings[0] == position.kings[1] {
        out.push(format!(
            "both players' king colours are {}; they must differ",
            position.kings[0].name()
        ));
    }
    for player in Player::ALL {
        let colour = position.kings[player.index()];
        let count = kings.iter().filter(|(_, c)| *c == colour).count();
        if count != 1 {
            out.push(format!(
                "{}'s king colour is {} but {count} {} kings stand on the board",
                player.key(),
                colour.name(),
                colour.name()
            ));
        }
    }
    for (square, colour) in &kings {
        if !position.kings.contains(colour) {
            out.push(format!(
                "the {} king on {square} is no player's king",
                colour.name()
            ));
        }
    }
    for (square, piece) in position.pieces() {
        if square.colour() == Some(piece.colour) {
            out.push(format!(
                "the {} {} on {square} stands on a square of its own colour",
                piece.colour.name(),
                piece.role.name()
            ));
        }
        if piece.role == Role::Pawn && square.in_zone() && rules.promo == Promo::Forced {
            out.push(format!("a pawn stands on {square} in the promotion zone"));
        }
    }
    for colour in Colour::ALL {
        let [a, b] = colour.squares();
        if position.at(a).is_some() && position.at(b).is_some() {
            out.push(format!(
                "both {} squares ({a} and {b}) are occupied; at most one may be",
                colour.name()
            ));
        }
    }
    for player in Player::ALL {
        let flags = position.castling & Position::castling_of(player);
        if flags == 0 {
            continue;
        }
        let king_home = position
            .king(player)
            .is_some_and(|king| king.rank() == player.back_rank());
        if !king_home {
            out.push(format!(
                "castling rooks are listed for {} but its king is not on rank {}",
                player.key(),
                player.back_rank() + 1
            ));
        }
        for file in 0..16 {
            let Some(square) = Square::at(file, player.back_rank()) else {
                continue;
            };
            let flagged = Position::castling_bit(square).is_some_and(|bit| flags & bit != 0);
            let rook = position
                .at(square)
                .is_some_and(|piece| piece.role == Role::Rook);
            if flagged && !rook {
                out.push(format!(
                    "castling lists a rook on {square}, but none stands there"
                ));
            }
        }
    }
    if out.is_empty() {
        let held = holders(position, rules);
        let waiting = position.to_move.other();
        if in_check(position, rules, &held, waiting) {
            out.push(format!("{}, not to move, is in check", waiting.key()));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::sovereign::position::START_FEN;

    #[test]
    fn the_start_is_valid() {
        let position = Position::from_fen(START_FEN).expect("reads");
        assert_eq!(
            problems(&position, &Ruleset::default()),
            Vec::<String>::new()
        );
    }

    #[test]
    fn every_problem_is_reported_at_once() {
        // Three kings (two white), a navy pawn on navy e5, a pawn in the
        // zone at h7, both black squares h8 and i9 occupied, castling flag
        // without a rook.
        let text = "8bk7/16/16/16/16/16/16/8rn7/7yn8/7rp8/16/4np11/16/16/16/7wkwk7 1 w b A 0";
        let position = Position::from_fen(text).expect("syntax is fine");
        let found = problems(&position, &Ruleset::default());
        let all = found.join("\n");
        for part in [
            "exactly two kings",
            "own colour",
            "promotion zone",
            "both black squares",
            "a1",
        ] {
            assert!(all.contains(part), "{part} missing in:\n{all}");
        }
    }
}
