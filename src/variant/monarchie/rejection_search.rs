//! Searches that recheck the rejections of `spec/monarchie/misreadings.yaml`
//! whose reason is a claim about geometry or reachability (issue 47,
//! item 4). Each test states the claim, searches the engine's own board
//! and start army, and asserts what it found; the answer is recorded in
//! the rejection's `search` field.

use super::cell::Cell;
use super::geometry::{geometry, Side};
use super::notation::to_notation;
use super::party::Party;
use super::position::Position;
use super::rules::pawn;
use super::ruleset::Ruleset;
use super::start::StartArmy;

/// The cells a moved pawn of `party` attacks from `from` (clause 6.6,
/// captures: its four sides).
fn pawn_attacks(party: Party, from: Cell) -> Vec<Cell> {
    pawn::allowed_sides(party)
        .into_iter()
        .filter_map(|side| geometry().neighbour(from, side))
        .collect()
}

/// m.6.6.no-special/1, "Allows en passant or castling as in chess":
/// rejected because "no position carries an en-passant cell or castling
/// rights, so an engine has nothing to play them with". Searched: the
/// position text of the start has its six fields and none of them is an
/// en-passant cell or a castling right (the half of the claim that
/// holds); and over every two-cell start move of every party the cells
/// from which an enemy moved pawn would attack the cell passed over (the
/// half that fails: every one of the 124 two-cell start moves on the board
/// passes a cell that a moved pawn of another party attacks from a
/// neighbour). So the board gives a
/// chess habit something to play with once an engine remembers the last
/// move; the misreading is built as M-EN-PASSANT and M-EN-PASSANT.2
/// ([`super::en_passant`]), the rejection keeps castling only.
#[test]
fn start_moves_pass_cells_enemy_pawns_could_attack() {
    let start = to_notation(&Position::start());
    assert_eq!(start.split(' ').count(), 6, "{start}");
    let rules = Ruleset::from_settings::<&str>(&[]).expect("the default rules");
    let geometry = geometry();
    let mut start_moves = 0;
    let mut passed_attackable = 0;
    for party in Party::ALL {
        let army = StartArmy::of(party);
        for &number in army.pawns {
            let from = Cell::new(number).expect("a start cell");
            for side in pawn::start_move_sides(party, &rules) {
                let Some(passed) = geometry.neighbour(from, side) else {
                    continue;
                };
                if geometry.neighbour(passed, side).is_none() {
                    continue;
                }
                start_moves += 1;
                let attackable =
                    Party::ALL
                        .into_iter()
                        .filter(|&enemy| enemy != party)
                        .any(|enemy| {
                            Side::ALL.into_iter().any(|side| {
                                geometry
                                    .neighbour(passed, side)
                                    .is_some_and(|c| pawn_attacks(enemy, c).contains(&passed))
                            })
                        });
                if attackable {
                    passed_attackable += 1;
                }
            }
        }
    }
    // 66 pawns with two start sides each; 8 of the 132 paths leave the
    // board before their second cell.
    assert_eq!(start_moves, 124, "two-cell start moves on the board");
    assert_eq!(passed_attackable, start_moves);
}
