//! Clause 9 and R-CHECK: which cells the active pieces attack. Dead
//! blockers never attack (clause 4).

use crate::variant::monarchie::cell::Cell;
use crate::variant::monarchie::geometry::{geometry, Side, Vertex};
use crate::variant::monarchie::party::Party;
use crate::variant::monarchie::piece::{Piece, PieceKind};
use crate::variant::monarchie::position::{Occupant, Position};
use crate::variant::monarchie::readings::{CheckGivers, DeadBlockerAttack, KingAttack};
use crate::variant::monarchie::ruleset::{
    BishopBlocking, KingStep, KnightPath, PawnStartMoves, RookLines, Ruleset, UnmovedPawnAttack,
};

use super::{movegen, pawn};

/// Whether the pawn on `from` (unmoved or not) attacks its allowed
/// neighbours: always after its first move; before it only under
/// R-PAWN-UNMOVED-ATTACK=attacks or R-PAWN-START=steps-too.
pub fn pawn_attacks_now(position: &Position, from: Cell, rules: &Ruleset) -> bool {
    !position.is_unmoved_pawn(from)
        || rules.pawn_unmoved_attack == UnmovedPawnAttack::Attacks
        || rules.pawn_start == PawnStartMoves::StepsToo
}

/// Whether an active piece of `by` is the first piece met walking `ray`,
/// is one of `kinds`, and the walk is not closed by flanks.
fn slider_on_ray(
    position: &Position,
    ray: &[Cell],
    start: Cell,
    flank_vertex: Option<Vertex>,
    is_attacker: impl Fn(Piece) -> bool,
) -> bool {
    let mut previous = start;
    for &cell in ray {
        if let Some(vertex) = flank_vertex {
            if movegen::flanks_closed(position, previous, vertex) {
                return false;
            }
        }
        match position.occupant(cell) {
            Occupant::Empty => previous = cell,
            Occupant::Active(piece) => return is_attacker(piece),
            Occupant::Dead(_) => return false,
        }
    }
    false
}

/// R-CHECK: whether any active piece of a party other than `defender`
/// attacks `target`.
pub fn is_attacked(position: &Position, target: Cell, defender: Party, rules: &Ruleset) -> bool {
    attacked_by(position, target, rules, |party| party != defender)
}

/// Whether an active piece of a party for which `hostile` holds attacks
/// `target`. Looks outward from the target along every line a piece could
/// attack it from.
pub fn attacked_by(
    position: &Position,
    target: Cell,
    rules: &Ruleset,
    hostile: impl Fn(Party) -> bool,
) -> bool {
    if rules.generated_attacks() {
        return attacked_by_moves(position, target, rules, hostile);
    }
    let geometry = geometry();
    let enemy = |piece: Piece, kinds: &[PieceKind]| {
        hostile(piece.party) && position.is_active(piece.party) && kinds.contains(&piece.kind)
    };
    // Rook lines (and the king's side step, and pawns one side away).
    for side in Side::ALL {
        let ray = geometry.side_ray(target, side);
        if slider_on_ray(position, ray, target, None, |piece| {
            enemy(piece, &[PieceKind::Rook, PieceKind::Queen])
        }) {
            return true;
        }
        if let Some(&near) = ray.first() {
            if let Occupant::Active(piece) = position.occupant(near) {
                if enemy(piece, &[PieceKind::King]) {
                    return true;
                }
                if enemy(piece, &[PieceKind::Pawn])
                    && pawn::is_allowed(piece.party, side.opposite())
                    && pawn_attacks_now(position, near, rules)
                {
                    return true;
                }
            }
        }
    }
    // Bishop diagonals (and the twelve-cell king).
    let flanks = rules.bishop == BishopBlocking::FlanksBlock;
    for vertex in Vertex::ALL {
        let ray = geometry.vertex_ray(target, vertex);
        if slider_on_ray(position, ray, target, flanks.then_some(vertex), |piece| {
            enemy(piece, &[PieceKind::Bishop, PieceKind::Queen])
        }) {
            return true;
        }
        if rules.king == KingStep::Twelve {
            if let Some(&near) = ray.first() {
                if let Occupant::Active(piece) = position.occupant(near) {
                    if enemy(piece, &[PieceKind::King]) {
                        return true;
                    }
                }
            }
        }
    }
    // Braid columns (R-ROOK=braid): the reverse of a braid is a braid.
    if rules.rook == RookLines::Braid {
        for ray in geometry.braid_rays(target) {
            if slider_on_ray(position, ray, target, None, |piece| {
                enemy(piece, &[PieceKind::Rook, PieceKind::Queen])
            }) {
                return true;
            }
        }
    }
    // Knights: look at the knight's own jump, since R-KNIGHT=needs-cells
    // judges the cells it passes over from its side.
    for jump in geometry.knight_jumps(target) {
        if let Occupant::Active(piece) = position.occupant(jump.target) {
            if enemy(piece, &[PieceKind::Knight]) && knight_reaches(jump.target, target, rules) {
                return true;
            }
        }
    }
    false
}

/// [`attacked_by`] when a misreading or a ruling changes how pieces move
/// ([`Ruleset::generated_attacks`]): a cell is attacked when an enemy
/// piece's movement rule reaches it.
fn attacked_by_moves(
    position: &Position,
    target: Cell,
    rules: &Ruleset,
    hostile: impl Fn(Party) -> bool,
) -> bool {
    // Clause 4: dead blockers attack nothing.
    let dead_attack = |piece: Piece| match rules.reading::<DeadBlockerAttack>() {
        DeadBlockerAttack::AttacksNothing => false,
        DeadBlockerAttack::AttacksAsBefore => true,
        DeadBlockerAttack::SlidersAttack => matches!(
            piece.kind,
            PieceKind::Rook | PieceKind::Bishop | PieceKind::Queen
        ),
    };
    // Clause 6.1: a king attacks the cells it could step to.
    let kings_attack = match rules.reading::<KingAttack>() {
        KingAttack::Attacks | KingAttack::NotAgainstKingSteps => true,
        KingAttack::DoesNotAttack => false,
    };
    position.pieces().any(|(from, piece)| {
        if !hostile(piece.party)
            || !(position.is_active(piece.party) || dead_attack(piece))
            || from == target
            || (piece.kind == PieceKind::King && !kings_attack)
        {
            return false;
        }
        reaches(position, from, piece, target, rules)
    })
}

/// M-KINGS-DO-NOT-ATTACK.2: whether an active piece other than a king, of
/// a party other than `defender`, attacks `target`.
pub fn attacked_by_all_but_kings(
    position: &Position,
    target: Cell,
    defender: Party,
    rules: &Ruleset,
) -> bool {
    position.pieces().any(|(from, piece)| {
        piece.party != defender
            && position.is_active(piece.party)
            && piece.kind != PieceKind::King
            && from != target
            && reaches(position, from, piece, target, rules)
    })
}

/// Whether the piece on `from` could capture on `target` by its movement
/// rule (a pawn across the sides it captures on, when it attacks at all).
fn reaches(position: &Position, from: Cell, piece: Piece, target: Cell, rules: &Ruleset) -> bool {
    if piece.kind == PieceKind::Pawn {
        let steps_attack = !movegen::has_start_move(position, piece.party, from, rules)
            || rules.pawn_unmoved_attack == UnmovedPawnAttack::Attacks
            || rules.pawn_start == PawnStartMoves::StepsToo;
        if steps_attack
            && pawn::step_sides(piece.party, rules)
                .any(|side| geometry().neighbour(from, side) == Some(target))
        {
            return true;
        }
    }
    movegen::targets_of(position, from, piece, rules).contains(target)
}

/// Clause 9 as M-PINNED-NO-CHECK reads it: whether an active enemy piece
/// that is not pinned to its own king attacks the king of `party` on `king`.
fn checked_by_unpinned(position: &Position, party: Party, king: Cell, rules: &Ruleset) -> bool {
    position.pieces().any(|(from, piece)| {
        piece.party != party
            && position.is_active(piece.party)
            && reaches(position, from, piece, king, rules)
            && !pinned_to_own_king(position, from, piece, party, king, rules)
    })
}

/// Clause 9 as M-PINNED-NO-CHECK reads it: whether `piece` on `from`, which attacks the
/// king of `checked` on `king`, is pinned as this misreading reads it: it
/// stands on a line between its own king and an active rook, bishop or
/// queen of a third party (neither its own party nor `checked`), so that
/// taking the king would bare its own king. A pin by `checked` itself
/// does not count: the capture would eliminate `checked` and kill the
/// pinning piece (R-CHECK). A king is never pinned.
fn pinned_to_own_king(
    position: &Position,
    from: Cell,
    piece: Piece,
    checked: Party,
    king: Cell,
    rules: &Ruleset,
) -> bool {
    let Some(own_king) = position.king(piece.party) else {
        return false;
    };
    if piece.kind == PieceKind::King {
        return false;
    }
    // The position as the capture would leave the lines: the piece on the
    // king's cell, its own cell empty.
    let mut taken = position.clone();
    taken.relocate(from, king);
    let pinner = |found: Piece, kinds: &[PieceKind]| {
        found.party != piece.party
            // M-PINNED-NO-CHECK.2 counts the checked party's pins too.
            && (found.party != checked
                || rules.reading::<CheckGivers>() == CheckGivers::UnpinnedByAnyone)
            && taken.is_active(found.party)
            && kinds.contains(&found.kind)
    };
    let geometry = geometry();
    let mut rook_lines: Vec<&[Cell]> = Side::ALL
        .into_iter()
        .map(|side| geometry.side_ray(own_king, side))
        .collect();
    if rules.rook == RookLines::Braid {
        rook_lines.extend(geometry.braid_rays(own_king).iter().map(Vec::as_slice));
    }
    for ray in rook_lines {
        if ray.contains(&from)
            && slider_on_ray(&taken, ray, own_king, None, |found| {
                pinner(found, &[PieceKind::Rook, PieceKind::Queen])
            })
        {
            return true;
        }
    }
    let flanks = rules.bishop == BishopBlocking::FlanksBlock;
    Vertex::ALL.into_iter().any(|vertex| {
        let ray = geometry.vertex_ray(own_king, vertex);
        ray.contains(&from)
            && slider_on_ray(&taken, ray, own_king, flanks.then_some(vertex), |found| {
                pinner(found, &[PieceKind::Bishop, PieceKind::Queen])
            })
    })
}

/// R-KNIGHT: whether a knight on `from` may jump to `to`.
pub fn knight_reaches(from: Cell, to: Cell, rules: &Ruleset) -> bool {
    geometry().knight_jumps(from).iter().any(|jump| {
        jump.target == to && (rules.knight == KnightPath::TargetOnly || jump.path_exists)
    })
}

/// The active parties whose king is attacked, in clockwise order from Blau.
pub fn parties_in_check(position: &Position, rules: &Ruleset) -> Vec<Party> {
    position
        .active_parties()
        .filter(|&party| in_check(position, party, rules))
        .collect()
}

/// Clause 9: whether the king of `party` is attacked by an active enemy.
pub fn in_check(position: &Position, party: Party, rules: &Ruleset) -> bool {
    position.king(party).is_some_and(|king| {
        is_attacked(position, king, party, rules)
            // Clause 9: every attacker gives check, pinned or not.
            && match rules.reading::<CheckGivers>() {
                CheckGivers::EveryAttacker => true,
                CheckGivers::UnpinnedOnly | CheckGivers::UnpinnedByAnyone => {
                    checked_by_unpinned(position, party, king, rules)
                }
            }
    })
}
