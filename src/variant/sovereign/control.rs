//! Clauses sc.control (S-CONTROL-CHAIN, S-CONTROL-OWNED, S-CONTROL-FREED):
//! who holds which colour, a function of the board and the two king
//! colours alone.

use super::geometry::Colour;
use super::position::{Player, Position};
use super::readings::{ChainResolution, KingColourOwnership};
use super::ruleset::{ControlChain, Ruleset};

/// Who holds each colour (in [`Colour::ALL`] order); `None` = neutral.
pub type Holders = [Option<Player>; 12];

/// The colour of the piece standing on one of `colour`'s squares (at most
/// one is occupied in a valid position; the first found otherwise).
pub fn occupant(position: &Position, colour: Colour) -> Option<Colour> {
    colour
        .squares()
        .into_iter()
        .find_map(|square| position.at(square))
        .map(|piece| piece.colour)
}

/// S-CONTROL-CHAIN: a king's colour is owned by that king's player (a
/// root, S-CONTROL-OWNED); any other colour is held by whoever holds the
/// colour of the piece on one of its squares, recursively; no occupant, a
/// neutral occupant or a cycle leaves it neutral. With `direct-only` only
/// an occupant of a king's colour passes control. A colour frozen by
/// S-CONTROL-FREED=neutral-until-reoccupied stays neutral.
pub fn holders(position: &Position, rules: &Ruleset) -> Holders {
    let mut holders: Holders = [None; 12];
    for player in Player::ALL {
        holders[position.kings[player.index()].index()] = Some(player);
    }
    // A regime change under the reading `OldColour::Kept` (clause sc.11.1)
    // records the old colour, which stays a root; nothing else sets it.
    if position.kept != [0; 2] {
        for player in Player::ALL {
            for colour in Colour::ALL {
                let kept = position.kept[player.index()] & (1 << colour.index()) != 0;
                if kept && holders[colour.index()].is_none() {
                    holders[colour.index()] = Some(player);
                }
            }
        }
    }
    let roots = holders;
    let occupants: [Option<Colour>; 12] = Colour::ALL.map(|colour| occupant(position, colour));
    let open = |colour: Colour| {
        roots[colour.index()].is_none() && position.frozen & (1 << colour.index()) == 0
    };
    match rules.control_chain {
        ControlChain::DirectOnly => {
            for colour in Colour::ALL {
                if let Some(by) = occupants[colour.index()] {
                    if open(colour) {
                        holders[colour.index()] = roots[by.index()];
                    }
                }
            }
        }
        ControlChain::Chain => loop {
            let mut changed = false;
            // The colour order of a pass (reversed only as one misreading
            // of clause sc.7.3 reads it).
            let reversed = rules.reading::<ChainResolution>() == ChainResolution::OnePassReversed;
            let mut order = Colour::ALL;
            if reversed {
                order.reverse();
            }
            for colour in order {
                if holders[colour.index()].is_some() || !open(colour) {
                    continue;
                }
                if let Some(by) = occupants[colour.index()] {
                    if let Some(holder) = holders[by.index()] {
                        holders[colour.index()] = Some(holder);
                        changed = true;
                    }
                }
            }
            // Clause sc.7.3: passes until nothing changes, so a chain may
            // run through the colours in any order.
            let done = match rules.reading::<ChainResolution>() {
                ChainResolution::Complete => !changed,
                ChainResolution::OnePass | ChainResolution::OnePassReversed => true,
            };
            if done {
                break;
            }
        },
    }
    // Clause sc.7.4: a king's colour stays its player's whoever stands on it.
    if rules.reading::<KingColourOwnership>() == KingColourOwnership::WonByOwnArmy {
        for player in Player::ALL {
            let colour = position.kings[player.index()];
            let opponent_army = position.kings[player.other().index()];
            if occupant(position, colour) == Some(opponent_army) {
                holders[colour.index()] = Some(player.other());
            }
        }
    }
    if rules.reading::<KingColourOwnership>() == KingColourOwnership::WonByOccupation {
        for player in Player::ALL {
            let colour = position.kings[player.index()];
            let taker = occupant(position, colour).and_then(|by| holders[by.index()]);
            if taker == Some(player.other()) {
                holders[colour.index()] = taker;
            }
        }
    }
    holders
}

/// The colours `player` owns or holds, in colour order.
pub fn held_by(holders: &Holders, player: Player) -> Vec<Colour> {
    Colour::ALL
        .into_iter()
        .filter(|colour| holders[colour.index()] == Some(player))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::sovereign::position::START_FEN;

    #[test]
    fn at_the_start_only_white_and_black_are_held() {
        let position = Position::from_fen(START_FEN).expect("start");
        let holders = holders(&position, &Ruleset::default());
        assert_eq!(held_by(&holders, Player::One), vec![Colour::White]);
        assert_eq!(held_by(&holders, Player::Two), vec![Colour::Black]);
    }

    #[test]
    fn a_cycle_is_neutral_and_a_chain_passes_control() {
        // A white pawn on red l5, a red knight on navy e5: player 1 holds red
        // and navy. Kings i1 (white) and i16 (black).
        let chain = "8bk7/16/16/16/16/16/16/16/16/16/16/4rn6wp4/16/16/16/8wk7 1 w b - 0";
        let position = Position::from_fen(chain).expect("reads");
        let rules = Ruleset::default();
        let held = holders(&position, &rules);
        assert_eq!(
            held_by(&held, Player::One),
            vec![Colour::Navy, Colour::Red, Colour::White]
        );
        let direct = Ruleset::from_settings(&["S-CONTROL-CHAIN=direct-only"]).expect("rules");
        assert_eq!(
            held_by(&holders(&position, &direct), Player::One),
            vec![Colour::Red, Colour::White]
        );
        // A white pawn on red l5 and a red knight on white i8, player 1's
        // king navy: white and red hold each other, no root: both neutral.
        let cycle = "8bk7/16/16/16/16/16/16/16/8rn7/16/16/11wp4/16/16/16/8nk7 1 n b - 0";
        let position = Position::from_fen(cycle).expect("reads");
        let held = holders(&position, &rules);
        assert_eq!(held_by(&held, Player::One), vec![Colour::Navy]);
        assert_eq!(held[Colour::White.index()], None);
        assert_eq!(held[Colour::Red.index()], None);
    }
}
