//! Which moves are legal (clause 5: the piece's movement rule, then the
//! mover's own king kept safe) and why a move is illegal: the typed
//! reasons of clauses 5 and 6, checked in the order a referee would: the
//! game, the piece, the target, the piece's movement rule, promotion, and
//! last the mover's own king.

use serde::Serialize;

use crate::variant::monarchie::cell::Cell;
use crate::variant::monarchie::geometry::{geometry, Side, Vertex};
use crate::variant::monarchie::moves::Move;
use crate::variant::monarchie::party::Party;
use crate::variant::monarchie::piece::{Piece, PieceKind};
use crate::variant::monarchie::position::{Occupant, Position};
use crate::variant::monarchie::readings::{KingAttack, KingSafety, MateTest};
use crate::variant::monarchie::ruleset::{
    BishopBlocking, KingOnDeadBlocker, KingStep, PawnStartMoves, PromotionChoice, RookLines,
    Ruleset,
};

use super::movegen::{choices_from, piece_targets};
use super::{attack, effects, movegen, pawn};

/// Why an action is refused. The position is never changed by a refused
/// action.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error, Serialize)]
#[serde(tag = "reason", rename_all = "kebab-case")]
pub enum Illegal {
    /// Clause 17: only one party is left; nobody moves any more.
    #[error("the game is over")]
    GameOver,
    /// Clause 5: a party moves only its own pieces, and only on its turn.
    #[error("the piece on cell {cell} belongs to {owner}, but {to_move} is to move")]
    WrongParty {
        /// The cell moved from.
        cell: Cell,
        /// Whose piece it is.
        owner: Party,
        /// Who is to move.
        to_move: Party,
    },
    /// Clause 5: there is nothing to move on that cell.
    #[error("there is no piece on cell {cell}")]
    NoPiece {
        /// The cell moved from.
        cell: Cell,
    },
    /// Clause 4: dead blockers never move.
    #[error("the piece on cell {cell} is a dead blocker and never moves")]
    DeadPiece {
        /// The cell moved from.
        cell: Cell,
    },
    /// A move must go somewhere.
    #[error("a move must leave cell {cell}")]
    SameCell {
        /// The cell.
        cell: Cell,
    },
    /// Clause 5: an own piece stands on the target.
    #[error("an own piece stands on cell {cell}")]
    OwnPieceOnTarget {
        /// The target.
        cell: Cell,
    },
    /// Clause 6: the target is not on any path of this piece.
    #[error("a {kind} cannot move from cell {from} to cell {to}")]
    NotAMoveOfPiece {
        /// The piece kind.
        kind: PieceKind,
        /// From.
        from: Cell,
        /// To.
        to: Cell,
    },
    /// R-KNIGHT=needs-cells: a cell the knight passes over does not exist.
    #[error("the knight's jump from cell {from} to cell {to} passes over a missing cell")]
    KnightPathMissing {
        /// From.
        from: Cell,
        /// To.
        to: Cell,
    },
    /// Clause 5: a piece that may not jump finds its path occupied.
    #[error("the path is blocked on cell {cell}")]
    PathBlocked {
        /// The first cell in the way.
        cell: Cell,
    },
    /// Clause 6.1 and R-KING-DEAD: a king never moves onto a dead blocker.
    #[error("a king may not move onto the dead blocker on cell {cell}")]
    KingOntoDeadBlocker {
        /// The target.
        cell: Cell,
    },
    /// Clause 6.6: the two backward sides of a pawn are forbidden.
    #[error("side {side} is a forbidden (backward) direction for a {party} pawn")]
    PawnDirectionForbidden {
        /// The side letter.
        side: char,
        /// The pawn's party.
        party: Party,
    },
    /// Clause 6.6 and R-PAWN-START: an unmoved pawn has only its start move.
    #[error("the pawn on cell {cell} has not moved yet: its only move is the start move along a start side")]
    PawnStartMoveOnly {
        /// The pawn's cell.
        cell: Cell,
    },
    /// Clause 6.6: the two-cell move exists only from the start cell, once.
    #[error("the pawn on cell {cell} has already left its start cell and steps one cell only")]
    PawnDoubleStepSpent {
        /// The pawn's cell.
        cell: Cell,
    },
    /// Clause 6.6 and R-PAWN-START: the start move never captures.
    #[error("the start move of the pawn on cell {cell} needs an empty target, but cell {target} is occupied")]
    PawnStartNoCapture {
        /// The pawn's cell.
        cell: Cell,
        /// The occupied target.
        target: Cell,
    },
    /// R-PROMO: only a pawn promotes.
    #[error("only a pawn can promote")]
    PromotionNotAPawn,
    /// R-PROMO-ZONE: the target is outside the promotion zone.
    #[error("cell {cell} is not in the promotion zone of {party}")]
    PromotionOutsideZone {
        /// The target.
        cell: Cell,
        /// The pawn's party.
        party: Party,
    },
    /// Clause 6.6 and R-PROMO: only a captured own piece can come back.
    #[error("{party} has no captured {kind} in its tray to promote into")]
    PromotionNotAvailable {
        /// The pawn's party.
        party: Party,
        /// The kind asked for.
        kind: PieceKind,
    },
    /// R-PROMO=mandatory: a pawn that can promote must.
    #[error("promotion is mandatory here: the tray holds a piece to promote into")]
    PromotionRequired,
    /// Clauses 5 and 9: the mover's king would be attacked afterwards.
    #[error("the move leaves the {party} king in check")]
    LeavesKingInCheck {
        /// The mover.
        party: Party,
    },
    /// R-CLOCK: a move takes at most 60 s; a longer wait is a timeout.
    #[error("a move may take at most 60 s, not {elapsed} s; after 60 s the turn is forfeited")]
    ElapsedOverLimit {
        /// Seconds claimed.
        elapsed: u32,
    },
    /// R-CLOCK: a move cannot use more time than the party has left.
    #[error("{party} has {remaining} s left and cannot use {elapsed} s")]
    ElapsedOverRemaining {
        /// The mover.
        party: Party,
        /// Seconds claimed.
        elapsed: u32,
        /// Seconds left.
        remaining: u32,
    },
}

impl Illegal {
    /// The stable kebab-case code of the reason, as used in scenario files
    /// and the protocol.
    pub fn code(&self) -> &'static str {
        match self {
            Illegal::GameOver => "game-over",
            Illegal::WrongParty { .. } => "wrong-party",
            Illegal::NoPiece { .. } => "no-piece",
            Illegal::DeadPiece { .. } => "dead-piece",
            Illegal::SameCell { .. } => "same-cell",
            Illegal::OwnPieceOnTarget { .. } => "own-piece-on-target",
            Illegal::NotAMoveOfPiece { .. } => "not-a-move-of-piece",
            Illegal::KnightPathMissing { .. } => "knight-path-missing",
            Illegal::PathBlocked { .. } => "path-blocked",
            Illegal::KingOntoDeadBlocker { .. } => "king-onto-dead-blocker",
            Illegal::PawnDirectionForbidden { .. } => "pawn-direction-forbidden",
            Illegal::PawnStartMoveOnly { .. } => "pawn-start-move-only",
            Illegal::PawnDoubleStepSpent { .. } => "pawn-double-step-spent",
            Illegal::PawnStartNoCapture { .. } => "pawn-start-no-capture",
            Illegal::PromotionNotAPawn => "promotion-not-a-pawn",
            Illegal::PromotionOutsideZone { .. } => "promotion-outside-zone",
            Illegal::PromotionNotAvailable { .. } => "promotion-not-available",
            Illegal::PromotionRequired => "promotion-required",
            Illegal::LeavesKingInCheck { .. } => "leaves-king-in-check",
            Illegal::ElapsedOverLimit { .. } => "elapsed-over-limit",
            Illegal::ElapsedOverRemaining { .. } => "elapsed-over-remaining",
        }
    }

    /// Every reason code, for validating files.
    pub const CODES: [&'static str; 21] = [
        "game-over",
        "wrong-party",
        "no-piece",
        "dead-piece",
        "same-cell",
        "own-piece-on-target",
        "not-a-move-of-piece",
        "knight-path-missing",
        "path-blocked",
        "king-onto-dead-blocker",
        "pawn-direction-forbidden",
        "pawn-start-move-only",
        "pawn-double-step-spent",
        "pawn-start-no-capture",
        "promotion-not-a-pawn",
        "promotion-outside-zone",
        "promotion-not-available",
        "promotion-required",
        "leaves-king-in-check",
        "elapsed-over-limit",
        "elapsed-over-remaining",
    ];
}

/// Clause 5: checks a move of the party to move and says why it is
/// illegal, or `Ok(())` when it is one of [`legal_moves`].
///
/// # Errors
/// The first [`Illegal`] reason found.
pub fn check_move(position: &Position, mv: Move, rules: &Ruleset) -> Result<(), Illegal> {
    let verdict = check_move_by_rule(position, mv, rules);
    if !rules.generated_legality() {
        return verdict;
    }
    // A misreading changes the move generator at its spot; the moves it
    // generates are then the legal ones, and the typed reason is kept for
    // the others.
    let own = position.to_move().is_some()
        && position.piece_at(mv.from).map(|piece| piece.party) == position.to_move()
        && matches!(position.occupant(mv.from), Occupant::Active(_));
    let generated = own && legal_moves_from(position, mv.from, rules).contains(&mv);
    match (verdict, generated) {
        (_, true) => Ok(()),
        (Err(illegal), false) => Err(illegal),
        (Ok(()), false) => Err(Illegal::NotAMoveOfPiece {
            kind: position
                .piece_at(mv.from)
                .map_or(PieceKind::Pawn, |piece| piece.kind),
            from: mv.from,
            to: mv.to,
        }),
    }
}

/// [`check_move`] by the rules alone.
fn check_move_by_rule(position: &Position, mv: Move, rules: &Ruleset) -> Result<(), Illegal> {
    let Some(to_move) = position.to_move() else {
        return Err(Illegal::GameOver);
    };
    let piece = match position.occupant(mv.from) {
        Occupant::Empty => return Err(Illegal::NoPiece { cell: mv.from }),
        Occupant::Dead(_) => return Err(Illegal::DeadPiece { cell: mv.from }),
        Occupant::Active(piece) => piece,
    };
    if piece.party != to_move {
        return Err(Illegal::WrongParty {
            cell: mv.from,
            owner: piece.party,
            to_move,
        });
    }
    if mv.from == mv.to {
        return Err(Illegal::SameCell { cell: mv.from });
    }
    if let Occupant::Active(target) = position.occupant(mv.to) {
        if target.party == to_move {
            return Err(Illegal::OwnPieceOnTarget { cell: mv.to });
        }
    }
    check_movement(position, piece, mv, rules)?;
    check_promotion(position, piece, mv, rules)?;
    if !keeps_king_safe(position, mv, rules) {
        return Err(Illegal::LeavesKingInCheck { party: to_move });
    }
    Ok(())
}

/// Clause 6: the movement rule of the piece, on a target that holds no own piece.
fn check_movement(
    position: &Position,
    piece: Piece,
    mv: Move,
    rules: &Ruleset,
) -> Result<(), Illegal> {
    let not_a_move = Illegal::NotAMoveOfPiece {
        kind: piece.kind,
        from: mv.from,
        to: mv.to,
    };
    let geometry = geometry();
    match piece.kind {
        PieceKind::King => {
            let side_step = Side::ALL
                .into_iter()
                .any(|side| geometry.neighbour(mv.from, side) == Some(mv.to));
            let vertex_step = rules.king == KingStep::Twelve
                && Vertex::ALL
                    .into_iter()
                    .any(|vertex| geometry.vertex_neighbour(mv.from, vertex) == Some(mv.to));
            if !side_step && !vertex_step {
                return Err(not_a_move);
            }
            let dead = matches!(position.occupant(mv.to), Occupant::Dead(_));
            if dead && rules.king_dead == KingOnDeadBlocker::Barred {
                return Err(Illegal::KingOntoDeadBlocker { cell: mv.to });
            }
            Ok(())
        }
        PieceKind::Knight => {
            let jump = geometry
                .knight_jumps(mv.from)
                .iter()
                .find(|jump| jump.target == mv.to)
                .ok_or(not_a_move)?;
            if !attack::knight_reaches(mv.from, mv.to, rules) {
                debug_assert!(!jump.path_exists);
                return Err(Illegal::KnightPathMissing {
                    from: mv.from,
                    to: mv.to,
                });
            }
            Ok(())
        }
        PieceKind::Queen | PieceKind::Rook | PieceKind::Bishop => {
            check_slide(position, piece.kind, mv, rules, not_a_move)
        }
        PieceKind::Pawn => check_pawn(position, piece.party, mv, rules, not_a_move),
    }
}

/// Clauses 6.2-6.4: the target must lie on one of the piece's lines, and
/// every cell before it must be empty.
fn check_slide(
    position: &Position,
    kind: PieceKind,
    mv: Move,
    rules: &Ruleset,
    not_a_move: Illegal,
) -> Result<(), Illegal> {
    let geometry = geometry();
    let straight = matches!(kind, PieceKind::Queen | PieceKind::Rook);
    let diagonal = matches!(kind, PieceKind::Queen | PieceKind::Bishop);
    let flanks = rules.bishop == BishopBlocking::FlanksBlock;
    // Each line of the piece, with the vertex direction whose flanks may
    // close it.
    let side_lines = Side::ALL
        .into_iter()
        .filter(|_| straight)
        .map(|side| (geometry.side_ray(mv.from, side), None));
    let braid_lines = geometry
        .braid_rays(mv.from)
        .iter()
        .filter(|_| straight && rules.rook == RookLines::Braid)
        .map(|ray| (ray.as_slice(), None));
    let diagonal_lines = Vertex::ALL.into_iter().filter(|_| diagonal).map(|vertex| {
        (
            geometry.vertex_ray(mv.from, vertex),
            flanks.then_some(vertex),
        )
    });
    let mut first_block = None;
    for (ray, flank_vertex) in side_lines.chain(braid_lines).chain(diagonal_lines) {
        let Some(distance) = ray.iter().position(|&cell| cell == mv.to) else {
            continue;
        };
        let mut previous = mv.from;
        let mut blocked = None;
        for &cell in &ray[..=distance] {
            if let Some(vertex) = flank_vertex {
                if movegen::flanks_closed(position, previous, vertex) {
                    blocked = Some(cell);
                    break;
                }
            }
            if cell != mv.to && !position.is_empty(cell) {
                blocked = Some(cell);
                break;
            }
            previous = cell;
        }
        match blocked {
            None => return Ok(()),
            Some(cell) => {
                first_block.get_or_insert(cell);
            }
        }
    }
    match first_block {
        Some(cell) => Err(Illegal::PathBlocked { cell }),
        None => Err(not_a_move),
    }
}

/// Clause 6.6 with R-PAWN-DIR, R-PAWN-START and R-PAWN-MOVED.
fn check_pawn(
    position: &Position,
    party: Party,
    mv: Move,
    rules: &Ruleset,
    not_a_move: Illegal,
) -> Result<(), Illegal> {
    let geometry = geometry();
    let unmoved = position.is_unmoved_pawn(mv.from);
    let step = Side::ALL
        .into_iter()
        .find(|&side| geometry.neighbour(mv.from, side) == Some(mv.to));
    let double = Side::ALL.into_iter().find(|&side| {
        geometry
            .neighbour(mv.from, side)
            .and_then(|mid| geometry.neighbour(mid, side))
            == Some(mv.to)
    });
    let forbidden = |side: Side| Illegal::PawnDirectionForbidden {
        side: side.letter(),
        party,
    };
    let start_side = |side: Side| pawn::usable_start_sides(party, rules).contains(&side);
    if let Some(side) = step {
        if !pawn::is_allowed(party, side) {
            return Err(forbidden(side));
        }
        if !unmoved || rules.pawn_start == PawnStartMoves::StepsToo {
            return Ok(());
        }
        if !start_side(side) {
            return Err(Illegal::PawnStartMoveOnly { cell: mv.from });
        }
        if !position.is_empty(mv.to) {
            return Err(Illegal::PawnStartNoCapture {
                cell: mv.from,
                target: mv.to,
            });
        }
        return Ok(());
    }
    if let Some(side) = double {
        if !pawn::is_allowed(party, side) {
            return Err(forbidden(side));
        }
        // Two cells exist only straight along a start side.
        if !pawn::start_sides(party).contains(&side) {
            return Err(not_a_move);
        }
        if !unmoved {
            return Err(Illegal::PawnDoubleStepSpent { cell: mv.from });
        }
        if !start_side(side) {
            return Err(not_a_move);
        }
        let mid = geometry
            .neighbour(mv.from, side)
            .ok_or_else(|| not_a_move.clone())?;
        if !position.is_empty(mid) {
            return Err(Illegal::PathBlocked { cell: mid });
        }
        if !position.is_empty(mv.to) {
            return Err(Illegal::PawnStartNoCapture {
                cell: mv.from,
                target: mv.to,
            });
        }
        return Ok(());
    }
    Err(not_a_move)
}

/// Clause 6.6 and R-PROMO, R-PROMO-ZONE.
fn check_promotion(
    position: &Position,
    piece: Piece,
    mv: Move,
    rules: &Ruleset,
) -> Result<(), Illegal> {
    let in_zone =
        piece.kind == PieceKind::Pawn && pawn::in_promotion_zone(piece.party, mv.to, rules);
    match mv.promotion {
        Some(_) if piece.kind != PieceKind::Pawn => Err(Illegal::PromotionNotAPawn),
        Some(_) if !in_zone => Err(Illegal::PromotionOutsideZone {
            cell: mv.to,
            party: piece.party,
        }),
        Some(kind)
            if !PieceKind::PROMOTABLE.contains(&kind)
                || position.tray(piece.party).count(kind) == 0 =>
        {
            Err(Illegal::PromotionNotAvailable {
                party: piece.party,
                kind,
            })
        }
        None if in_zone
            && rules.promo == PromotionChoice::Mandatory
            && position.tray(piece.party).promotable().next().is_some() =>
        {
            Err(Illegal::PromotionRequired)
        }
        _ => Ok(()),
    }
}

/// Clause 5 and R-CHECK: whether a move keeps the mover's king safe once
/// all its effects (a captured king's party eliminated) have happened.
pub fn keeps_king_safe(position: &Position, mv: Move, rules: &Ruleset) -> bool {
    let Some(piece) = position.piece_at(mv.from) else {
        return false;
    };
    let mut after = position.clone();
    // Clause 5: judged once all the move's effects have happened.
    match rules.reading::<KingSafety>() {
        KingSafety::AfterAllEffects => {
            effects::play(&mut after, mv, rules);
        }
        KingSafety::NotAsked => return true,
        KingSafety::KingStepsOnly => {
            if piece.kind != PieceKind::King {
                return true;
            }
            effects::play(&mut after, mv, rules);
        }
        KingSafety::BeforeElimination => {
            after.relocate(mv.from, mv.to);
        }
        // M-SAFETY-BEFORE-ELIM.2: a king taking a king is judged on its
        // target before the fallen party leaves.
        KingSafety::KingTakingKingBeforeElimination => {
            let takes_king = matches!(
                position.occupant(mv.to),
                Occupant::Active(victim) if victim.kind == PieceKind::King
            );
            if piece.kind == PieceKind::King && takes_king {
                after.relocate(mv.from, mv.to);
            } else {
                effects::play(&mut after, mv, rules);
            }
        }
    }
    // M-KINGS-DO-NOT-ATTACK.2: a king's step is judged without the
    // enemy kings.
    if piece.kind == PieceKind::King
        && rules.reading::<KingAttack>() == KingAttack::NotAgainstKingSteps
    {
        return after.king(piece.party).is_none_or(|king| {
            !attack::attacked_by_all_but_kings(&after, king, piece.party, rules)
        });
    }
    !attack::in_check(&after, piece.party, rules)
}

/// M-MATE-KING-ONLY.2: whether a piece of this kind may move at all: a
/// party in check moves only its king.
fn may_move_in_check(position: &Position, piece: Piece, rules: &Ruleset) -> bool {
    piece.kind == PieceKind::King
        || rules.reading::<MateTest>() != MateTest::CheckedMovesKingOnly
        || !attack::in_check(position, piece.party, rules)
}

/// The legal moves of the active piece on `from`, in target order.
pub fn legal_moves_from(position: &Position, from: Cell, rules: &Ruleset) -> Vec<Move> {
    let Occupant::Active(piece) = position.occupant(from) else {
        return Vec::new();
    };
    if !may_move_in_check(position, piece, rules) {
        return Vec::new();
    }
    let mut moves = Vec::new();
    for to in piece_targets(position, from, rules).iter() {
        for promotion in choices_from(position, piece, from, to, rules) {
            let mv = Move {
                from,
                to,
                promotion,
            };
            if keeps_king_safe(position, mv, rules) {
                moves.push(mv);
            }
        }
    }
    moves
}

/// Every legal move of `party` in the position, by origin then target.
pub fn legal_moves_of(position: &Position, party: Party, rules: &Ruleset) -> Vec<Move> {
    let mut moves = Vec::new();
    for (from, piece) in position.pieces() {
        if piece.party == party && position.is_active(party) {
            moves.extend(legal_moves_from(position, from, rules));
        }
    }
    moves
}

/// Whether `party` has at least one legal move (clauses 11, 14).
pub fn has_legal_move(position: &Position, party: Party, rules: &Ruleset) -> bool {
    if !position.is_active(party) {
        return false;
    }
    position.pieces().any(|(from, piece)| {
        piece.party == party
            && may_move_in_check(position, piece, rules)
            && piece_targets(position, from, rules).iter().any(|to| {
                choices_from(position, piece, from, to, rules)
                    .into_iter()
                    .any(|promotion| {
                        keeps_king_safe(
                            position,
                            Move {
                                from,
                                to,
                                promotion,
                            },
                            rules,
                        )
                    })
            })
    })
}

/// The legal moves of the party to move; empty when the game is over.
pub fn legal_moves(position: &Position, rules: &Ruleset) -> Vec<Move> {
    match position.to_move() {
        Some(party) => legal_moves_of(position, party, rules),
        None => Vec::new(),
    }
}
