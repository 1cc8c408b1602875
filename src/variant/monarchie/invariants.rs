//! The invariants every game must keep, each a named, documented property
//! checked after every action by the random-game harness (`regelwerk
//! fuzz` and the proptest suite). Each returns the first violation found.

use std::fmt;

use crate::variant::monarchie::cell::{Cell, CellSet};
use crate::variant::monarchie::geometry::geometry;
use crate::variant::monarchie::moves::{Action, Move};
use crate::variant::monarchie::notation::to_notation;
use crate::variant::monarchie::party::{ByParty, Party};
use crate::variant::monarchie::piece::PieceKind;
use crate::variant::monarchie::position::{Occupant, Position};
use crate::variant::monarchie::rules::movegen::{piece_targets, promotion_choices};
use crate::variant::monarchie::rules::{self, check_move, in_check, legal_moves, Illegal, Outcome};
use crate::variant::monarchie::ruleset::Ruleset;
use crate::variant::monarchie::setup::Setup;

/// A broken invariant: its name and what was seen.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Violation {
    /// The invariant's name (one of [`INVARIANTS`]).
    pub invariant: &'static str,
    /// What was seen.
    pub detail: String,
}

impl fmt::Display for Violation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.invariant, self.detail)
    }
}

/// The names of all invariants, with one line each.
pub const INVARIANTS: [(&str, &str); 15] = [
    ("one-king-per-active-party", "every active party has exactly one king, an eliminated party none"),
    ("dead-pieces-never-move", "a dead blocker stays on its cell until it is captured"),
    ("dead-pieces-never-attack", "check agrees with the move generator of the active enemy pieces, so dead pieces never give check"),
    ("only-active-parties-move", "the party to move is active"),
    ("mover-has-a-legal-move", "the party to move has a legal move unless the game is over"),
    ("legal-moves-keep-king-safe", "no legal move leaves the mover's king attacked by the move's own effects"),
    ("captured-party-moves-next", "capturing an active party's piece gives it the next turn unless a check is pending or it is eliminated"),
    ("eliminations-are-permanent", "no eliminated party ever becomes active again"),
    ("pieces-never-increase", "pieces on the board never increase; per party, board plus tray never increases"),
    ("double-step-never-returns", "the set of unmoved pawns only shrinks"),
    ("illegal-action-changes-nothing", "a refused action leaves the position exactly as it was"),
    ("game-ends-with-one-party", "the game is over exactly when one party is left, and that party is the winner"),
    ("notation-round-trips", "every position reached reads back from its notation unchanged"),
    ("legal-moves-match-check-move", "every listed move passes check_move and applies; every other from-to pair is refused"),
    ("rotation-rotates-moves", "rotating a position by 60 degrees (cells and seats) rotates its legal moves (not under R-ROOK=braid)"),
];

fn violation(invariant: &'static str, detail: impl Into<String>) -> Result<(), Violation> {
    Err(Violation {
        invariant,
        detail: detail.into(),
    })
}

/// Invariants of a single position.
///
/// # Errors
/// The first [`Violation`].
pub fn check_position(position: &Position, rules: &Ruleset) -> Result<(), Violation> {
    check_position_of(position, rules, &legal_moves(position, rules))
}

/// [`check_position`] with `legal`, the reference's legal moves of
/// `position` (computed once per position and shared by the invariants).
///
/// # Errors
/// The first [`Violation`].
pub fn check_position_of(
    position: &Position,
    rules: &Ruleset,
    legal: &[Move],
) -> Result<(), Violation> {
    one_king_per_active_party(position)?;
    only_active_parties_move(position)?;
    mover_has_a_legal_move(position, legal)?;
    game_ends_with_one_party(position)?;
    notation_round_trips(position)?;
    dead_pieces_never_attack(position, rules)
}

/// Invariants of one transition `before --action--> after`.
///
/// # Errors
/// The first [`Violation`].
pub fn check_transition(
    before: &Position,
    action: Action,
    result: &Result<Outcome, Illegal>,
    after: &Position,
) -> Result<(), Violation> {
    match result {
        Err(illegal) => {
            if before != after {
                return violation(
                    "illegal-action-changes-nothing",
                    format!(
                        "{action} was refused ({}) but the position changed",
                        illegal.code()
                    ),
                );
            }
            Ok(())
        }
        Ok(outcome) => {
            dead_pieces_never_move(before, action, after)?;
            captured_party_moves_next(outcome)?;
            eliminations_are_permanent(before, after)?;
            pieces_never_increase(before, after)?;
            double_step_never_returns(before, after)
        }
    }
}

/// "one-king-per-active-party".
fn one_king_per_active_party(position: &Position) -> Result<(), Violation> {
    let mut kings = ByParty([0usize; 6]);
    for (_, piece) in position.pieces() {
        if piece.kind == PieceKind::King {
            kings[piece.party] += 1;
        }
    }
    for party in Party::ALL {
        let expected = usize::from(position.is_active(party));
        if kings[party] != expected {
            return violation(
                "one-king-per-active-party",
                format!(
                    "{party} ({}) has {} kings",
                    if expected == 1 {
                        "active"
                    } else {
                        "eliminated"
                    },
                    kings[party]
                ),
            );
        }
    }
    Ok(())
}

/// "only-active-parties-move".
fn only_active_parties_move(position: &Position) -> Result<(), Violation> {
    match position.to_move() {
        Some(party) if !position.is_active(party) => violation(
            "only-active-parties-move",
            format!("{party} is to move but eliminated"),
        ),
        _ => Ok(()),
    }
}

/// "mover-has-a-legal-move".
fn mover_has_a_legal_move(position: &Position, legal: &[Move]) -> Result<(), Violation> {
    match position.to_move() {
        Some(party) if legal.is_empty() => violation(
            "mover-has-a-legal-move",
            format!("{party} is to move without a legal move"),
        ),
        _ => Ok(()),
    }
}

/// "game-ends-with-one-party".
fn game_ends_with_one_party(position: &Position) -> Result<(), Violation> {
    let active = position.active_count();
    let over = position.to_move().is_none();
    if over != (active == 1) {
        return violation(
            "game-ends-with-one-party",
            format!("{active} active parties, game over: {over}"),
        );
    }
    if (active == 1) != position.winner().is_some() {
        return violation(
            "game-ends-with-one-party",
            "winner does not match the active parties",
        );
    }
    Ok(())
}

/// "notation-round-trips" (writing and reading through
/// [`crate::variant::monarchie::notation::to_notation_recent`] and
/// [`crate::variant::monarchie::notation::parse_recent`], so the fuzzer's other writings and
/// readings of the same position share these).
fn notation_round_trips(position: &Position) -> Result<(), Violation> {
    let text = crate::variant::monarchie::notation::to_notation_recent(position);
    match crate::variant::monarchie::notation::parse_recent(&text) {
        Ok(back) if back == *position => Ok(()),
        Ok(_) => violation(
            "notation-round-trips",
            format!("{text} reads back as another position"),
        ),
        Err(error) => violation(
            "notation-round-trips",
            format!("{text} does not read back: {error}"),
        ),
    }
}

/// "dead-pieces-never-attack": a king is in check exactly when the move
/// generator of some active enemy piece reaches its cell. Dead pieces
/// have no moves, so a check they gave would show as a disagreement.
/// Each active piece's reach does not depend on the king asked about, so
/// it is computed once per position and gathered per party.
fn dead_pieces_never_attack(position: &Position, rules: &Ruleset) -> Result<(), Violation> {
    let mut reach = ByParty([CellSet::EMPTY; 6]);
    for (from, piece) in position.pieces() {
        if position.is_active(piece.party) {
            reach[piece.party] = reach[piece.party].union(attack_reach(position, from, rules));
        }
    }
    for party in position.active_parties() {
        let Some(king) = position.king(party) else {
            continue;
        };
        let by_moves = Party::ALL
            .into_iter()
            .any(|enemy| enemy != party && reach[enemy].contains(king));
        if by_moves != in_check(position, party, rules) {
            return violation(
                "dead-pieces-never-attack",
                format!("{party}'s king on {king}: check says {}, the enemy move generators say {by_moves}", !by_moves),
            );
        }
    }
    Ok(())
}

/// The cells the active piece on `from` could capture on by its movement
/// rule (an unmoved pawn attacks only under the rulings that let it
/// capture or attack, and then across its allowed sides).
fn attack_reach(position: &Position, from: Cell, rules: &Ruleset) -> CellSet {
    if position.is_unmoved_pawn(from)
        && crate::variant::monarchie::rules::attack::pawn_attacks_now(position, from, rules)
    {
        let Some(piece) = position.piece_at(from) else {
            return CellSet::EMPTY;
        };
        return crate::variant::monarchie::rules::pawn::allowed_sides(piece.party)
            .into_iter()
            .filter_map(|side| geometry().neighbour(from, side))
            .collect();
    }
    piece_targets(position, from, rules)
}

/// "dead-pieces-never-move".
fn dead_pieces_never_move(
    before: &Position,
    action: Action,
    after: &Position,
) -> Result<(), Violation> {
    let target = match action {
        Action::Move { mv, .. } => Some(mv.to),
        Action::Timeout => None,
    };
    for (cell, piece) in before.pieces() {
        if before.is_active(piece.party) || Some(cell) == target {
            continue;
        }
        if after.piece_at(cell) != Some(piece) {
            return violation(
                "dead-pieces-never-move",
                format!("the dead {piece} on {cell} left its cell"),
            );
        }
    }
    Ok(())
}

/// "captured-party-moves-next".
fn captured_party_moves_next(outcome: &Outcome) -> Result<(), Violation> {
    let Some(capture) = outcome.capture else {
        return Ok(());
    };
    if capture.dead || capture.kind == PieceKind::King || !outcome.checks.is_empty() {
        return Ok(());
    }
    let eliminated = |party: Party| outcome.eliminations.iter().any(|e| e.party == party);
    if eliminated(capture.party) || outcome.next.is_none() {
        return Ok(());
    }
    if outcome.next != Some(capture.party) {
        // A turn-start elimination may have opened a line and created a check.
        if outcome.eliminations.is_empty() {
            return violation(
                "captured-party-moves-next",
                format!(
                    "{} lost a {} but {:?} moves next",
                    capture.party, capture.kind, outcome.next
                ),
            );
        }
    }
    Ok(())
}

/// "eliminations-are-permanent".
fn eliminations_are_permanent(before: &Position, after: &Position) -> Result<(), Violation> {
    for party in Party::ALL {
        if !before.is_active(party) && after.is_active(party) {
            return violation("eliminations-are-permanent", format!("{party} came back"));
        }
    }
    Ok(())
}

/// "pieces-never-increase".
fn pieces_never_increase(before: &Position, after: &Position) -> Result<(), Violation> {
    let (count_before, own_before) = piece_counts(before);
    let (count_after, own_after) = piece_counts(after);
    if count_after > count_before {
        return violation(
            "pieces-never-increase",
            format!("{count_before} pieces became {count_after}"),
        );
    }
    for party in Party::ALL {
        if own_after[party] > own_before[party] {
            return violation(
                "pieces-never-increase",
                format!(
                    "{party}: board plus tray grew from {} to {}",
                    own_before[party], own_after[party]
                ),
            );
        }
    }
    Ok(())
}

/// The pieces on the board, and per party its pieces other than the king
/// on the board plus its tray, counted in one walk over the pieces.
fn piece_counts(position: &Position) -> (usize, ByParty<usize>) {
    let mut total = 0;
    let mut own = ByParty::from_fn(|party| position.tray(party).len());
    for (_, piece) in position.pieces() {
        total += 1;
        if piece.kind != PieceKind::King {
            own[piece.party] += 1;
        }
    }
    (total, own)
}

/// "double-step-never-returns".
fn double_step_never_returns(before: &Position, after: &Position) -> Result<(), Violation> {
    for cell in after.unmoved_pawns().iter() {
        if !before.is_unmoved_pawn(cell) {
            return violation(
                "double-step-never-returns",
                format!("the pawn on {cell} regained its start move"),
            );
        }
    }
    Ok(())
}

/// "legal-moves-match-check-move" and "legal-moves-keep-king-safe": every
/// from-to pair (with each promotion choice) is refused by `check_move`
/// exactly when `legal_moves` does not list it; every listed move applies
/// and leaves the mover's king unattacked. Expensive: run on samples.
///
/// # Errors
/// The first [`Violation`].
pub fn check_exhaustive(position: &Position, rules: &Ruleset) -> Result<(), Violation> {
    check_exhaustive_of(position, rules, &legal_moves(position, rules))
}

/// [`check_exhaustive`] against `listed`, the reference's legal moves of
/// `position` (computed once per position and shared by the invariants).
///
/// # Errors
/// The first [`Violation`].
pub fn check_exhaustive_of(
    position: &Position,
    rules: &Ruleset,
    listed: &[Move],
) -> Result<(), Violation> {
    let Some(mover) = position.to_move() else {
        return Ok(());
    };
    for &mv in listed {
        let mut after = position.clone();
        if let Err(error) = rules::apply(&mut after, Action::play(mv), rules) {
            return violation(
                "legal-moves-match-check-move",
                format!("listed {mv} is refused: {error}"),
            );
        }
        // R-CHECK: judged after the move's own effects (a captured king's
        // party dead), before any later turn-start elimination, whose king
        // removal may open a line (finding F-ELIM-OPENS-LINE).
        let mut own_effects = position.clone();
        crate::variant::monarchie::rules::effects::play(&mut own_effects, mv, rules);
        if in_check(&own_effects, mover, rules) {
            return violation(
                "legal-moves-keep-king-safe",
                format!("{mv} leaves {mover}'s king attacked"),
            );
        }
    }
    every_pair_matches(position, rules, listed, |mv| {
        check_move(position, mv, rules)
    })
}

/// Whether `check_move` refused for a reason it decides from the origin
/// alone (clause 5: nothing there, a dead blocker, another party's
/// piece), before it reads the target or the promotion.
fn refused_by_origin(verdict: &Result<(), Illegal>) -> bool {
    matches!(
        verdict,
        Err(Illegal::NoPiece { .. } | Illegal::DeadPiece { .. } | Illegal::WrongParty { .. })
    )
}

/// The pair-by-pair half of "legal-moves-match-check-move": `referee`
/// (the reference's `check_move`; a test hands it a broken one) accepts
/// exactly the moves in `listed`, for every from-to pair with every
/// promotion choice.
///
/// The origins that hold no active piece of the mover are answered in
/// bulk, with one `referee` call each: `check_move` tests, in this order,
/// that the game goes on, that the origin holds a piece, that it is not a
/// dead blocker and that it is the mover's (`check_move_by_rule`; under a
/// misreading's generated legality such an origin is never "own", so the
/// same verdict stands), and none of these reads the target or the
/// promotion. So the verdict for one target is the verdict for all 253,
/// each with any promotion. The bulk call must give one of those
/// origin-only refusals (else the argument does not hold and the
/// invariant fails), and `listed` must have no move from that origin.
/// The mover's own pieces are tried against all 253 targets, its pawns
/// with every choice the tray offers, plus a queen and none.
/// `tests/harness/fuzz_checks.rs` compares the bulk answer with all 253 calls.
///
/// # Errors
/// The first [`Violation`].
pub fn every_pair_matches(
    position: &Position,
    rules: &Ruleset,
    listed: &[Move],
    referee: impl Fn(Move) -> Result<(), Illegal>,
) -> Result<(), Violation> {
    let Some(mover) = position.to_move() else {
        return Ok(());
    };
    // The listed moves without promotion as one target set per origin;
    // those with one are few and looked up in their own list.
    let mut listed_to = vec![CellSet::EMPTY; crate::variant::monarchie::cell::CELL_COUNT];
    let mut origins = CellSet::EMPTY;
    let mut promotions = Vec::new();
    for &mv in listed {
        origins.insert(mv.from);
        match mv.promotion {
            None => listed_to[mv.from.index()].insert(mv.to),
            Some(_) => promotions.push(mv),
        }
    }
    let is_listed = |mv: &Move| match mv.promotion {
        None => listed_to[mv.from.index()].contains(mv.to),
        Some(_) => promotions.contains(mv),
    };
    let mut pawn_choices = Vec::new();
    for from in Cell::all() {
        let own = match position.occupant(from) {
            Occupant::Active(piece) if piece.party == mover => piece,
            _ => {
                // One call answers every target from here (see above).
                let probe = Move::new(from, Cell::from_index((from.index() + 1) % 253));
                let verdict = referee(probe);
                if !refused_by_origin(&verdict) || origins.contains(from) {
                    return violation(
                        "legal-moves-match-check-move",
                        format!(
                            "{probe}: check_move says {verdict:?} for a cell without a piece of {mover}, legal_moves lists {} moves from it",
                            listed.iter().filter(|mv| mv.from == from).count()
                        ),
                    );
                }
                continue;
            }
        };
        for to in Cell::all() {
            // The mover's pawns are tried with every choice its tray offers.
            let choices: &[Option<PieceKind>] = if own.kind == PieceKind::Pawn {
                pawn_choices.clear();
                pawn_choices.extend(promotion_choices(position, own, to, rules));
                for extra in [Some(PieceKind::Queen), None] {
                    if !pawn_choices.contains(&extra) {
                        pawn_choices.push(extra);
                    }
                }
                &pawn_choices
            } else {
                &[None]
            };
            for &promotion in choices {
                let mv = Move {
                    from,
                    to,
                    promotion,
                };
                let accepted = referee(mv).is_ok();
                if accepted != is_listed(&mv) {
                    return violation(
                        "legal-moves-match-check-move",
                        format!(
                            "{mv}: check_move says {accepted}, legal_moves says {}",
                            !accepted
                        ),
                    );
                }
            }
        }
    }
    Ok(())
}

/// A position turned 60 degrees clockwise: every cell rotated, every party
/// moved one seat on. `None` when it has unmoved pawns, whose start cells
/// (Anhang A) are not symmetric.
pub fn rotate(position: &Position) -> Option<Position> {
    if !position.unmoved_pawns().is_empty() {
        return None;
    }
    let geometry = geometry();
    let setup = position.to_setup();
    let turn = |placed: &crate::variant::monarchie::setup::Placed| {
        crate::variant::monarchie::setup::Placed {
            cell: geometry.rotate(placed.cell),
            piece: crate::variant::monarchie::piece::Piece::new(
                placed.piece.party.next(),
                placed.piece.kind,
            ),
        }
    };
    let rotated = Setup {
        pieces: setup.pieces.iter().map(turn).collect(),
        dead_blockers: setup.dead_blockers.iter().map(turn).collect(),
        unmoved_pawns: Vec::new(),
        eliminated: setup.eliminated.iter().map(|p| p.next()).collect(),
        trays: ByParty::from_fn(|party| setup.trays[party.clockwise(5)]),
        to_move: setup.to_move.map(Party::next),
        clocks: setup
            .clocks
            .map(|clocks| ByParty::from_fn(|party| clocks[party.clockwise(5)])),
        check_anchor: setup.check_anchor.map(Party::next),
        postponed: setup.postponed.iter().map(|p| p.next()).collect(),
    };
    Position::from_setup(&rotated).ok()
}

/// The same position with every pawn counted as moved, so that it can be
/// rotated; `None` if the party to move then has no legal move.
pub fn without_unmoved_pawns(position: &Position, rules: &Ruleset) -> Option<Position> {
    let mut setup = position.to_setup();
    setup.unmoved_pawns.clear();
    let stripped = Position::from_setup(&setup).ok()?;
    match stripped.to_move() {
        Some(party)
            if !crate::variant::monarchie::rules::has_legal_move(&stripped, party, rules) =>
        {
            None
        }
        _ => Some(stripped),
    }
}

/// "rotation-rotates-moves".
///
/// # Errors
/// The [`Violation`] when the move sets differ.
pub fn check_rotation(position: &Position, rules: &Ruleset) -> Result<(), Violation> {
    check_rotation_of(position, rules, &legal_moves(position, rules))
}

/// [`check_rotation`] with `legal`, the reference's legal moves of
/// `position` (computed once per position and shared by the invariants).
///
/// # Errors
/// The [`Violation`] when the move sets differ.
pub fn check_rotation_of(
    position: &Position,
    rules: &Ruleset,
    legal: &[Move],
) -> Result<(), Violation> {
    // R-ROOK=braid follows the vertical columns only, which do not turn
    // with the board (finding F-BRAID-ORIENTATION).
    if rules.rook == crate::variant::monarchie::ruleset::RookLines::Braid {
        return Ok(());
    }
    let Some(rotated) = rotate(position) else {
        return Ok(());
    };
    let geometry = geometry();
    let mut expected: Vec<Move> = legal
        .iter()
        .map(|mv| Move {
            from: geometry.rotate(mv.from),
            to: geometry.rotate(mv.to),
            promotion: mv.promotion,
        })
        .collect();
    expected.sort();
    let mut actual = legal_moves(&rotated, rules);
    actual.sort();
    if expected != actual {
        return violation(
            "rotation-rotates-moves",
            format!(
                "{} moves rotated, {} moves in the rotated position {}",
                expected.len(),
                actual.len(),
                to_notation(&rotated)
            ),
        );
    }
    Ok(())
}

/// Whether `cell` holds a dead blocker (helper for callers).
pub fn is_dead(position: &Position, cell: Cell) -> bool {
    matches!(position.occupant(cell), Occupant::Dead(_))
}
