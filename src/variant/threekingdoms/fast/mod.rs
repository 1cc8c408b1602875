//! Three Kingdoms Xiangqi's fast path: the same rules as the rule code of
//! [`super::movegen`] and [`super::transition`], on a mailbox with
//! per-owner point sets, for perft.
//!
//! The readable rule code stays the reference: the scenarios, the
//! protocol, the fuzzer and every report read it, and
//! `regelwerk perft --reference --variant threekingdoms` walks it. This
//! module is held equal to it by tests, not by reading
//! (`tests/threekingdoms/fast.rs`, docs/testing.md): every count of
//! `tests/data/threekingdoms.perft` on both paths, every Three Kingdoms
//! scenario position, and [`differential`] on positions of seeded random
//! games under random rulesets (the legal moves as a set, the bulk count,
//! the position after every legal move, perft 1-3).
//!
//! How it differs in structure from the reference:
//! - rays, jumps, steps and their reverses are flat tables per point,
//!   built once per ruleset from the rule code's geometry ([`tables`]);
//! - a piece's targets are a point set; a move is played out for the
//!   safety test only when it leaves or enters a point that can expose
//!   the mover's general, captures a general, or the mover is in check
//!   ([`generate`]);
//! - perft walks the legal targets without move lists; its last ply
//!   counts them, and the ply before it plays only the move and its
//!   capture effects when the next kingdom can move
//!   ([`FastRules::count_after`]).
//!
//! Coverage: every ruling but two, which go to the rule code:
//! `R-CHECK=after-transition` (safety judged after the turn-start defeats
//! would mean playing every move's whole transition) and
//! `R-MOVE-ID=by-path` (moves told apart by ray). The rulings outside the
//! perft tree (R-REPETITION, R-MOVE-LIMIT, R-RESIGN, R-RESULT) change
//! nothing here. Positions: any in which every active kingdom has exactly
//! one general and a defeated one owns nothing ([`Board::from_position`]).
//! A game playing a misreading (`TK-...`) always counts with the rule
//! code, where the faults live. [`covers`] is the one place that decides
//! whether a ruleset is the fast path's.

pub mod board;
pub mod differential;
pub mod generate;
pub mod tables;
pub mod transition;

use std::sync::{Arc, Mutex, OnceLock};

pub use board::{Board, Outside};

use crate::variant::{PerftPath, Rules};

use super::faults::FaultSet;
use super::movegen::Engine;
use super::position::{Move, Position};
use super::ruleset::{Banner, Check, Facing, GeneralCapture, Heir, MoveId, Origin, Ruleset};
use super::ruleset::{Takeover, Trap};
use tables::Tables;

/// The fast path's rules: a ruleset, the switches read from it and the
/// tables.
#[derive(Clone)]
pub struct FastRules {
    rules: Ruleset,
    tables: Arc<Tables>,
    /// R-ORIGIN: 6 (the home's bits) or 4 (the owner's, `owner-frame`).
    frame_shift: u8,
    /// R-FACING=fly-capture.
    fly_capture: bool,
    /// R-BANNER=leg-only.
    banner_leg_only: bool,
    /// R-GENERAL-CAPTURE=always-legal.
    always_legal: bool,
    /// R-TAKEOVER=remove-palace-pieces.
    remove_palace_pieces: bool,
    /// R-TRAP=every-move.
    every_move: bool,
    /// R-HEIR default (the trapper; `last-mover` keeps no history).
    heir_trapper: bool,
}

impl std::fmt::Debug for FastRules {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "FastRules({:?})", self.rules.settings())
    }
}

/// Whether the fast path plays `rules`: every ruling but
/// `R-CHECK=after-transition` and `R-MOVE-ID=by-path`, which the rule
/// code counts.
pub fn covers(rules: &Ruleset) -> bool {
    rules.check == Check::AfterCapture && rules.move_id == MoveId::FromTo
}

/// The tables of `rules`, built once per ruleset and process (perft
/// opens the fast path once per root move); at most 32 rulesets kept.
fn tables_of(rules: &Ruleset) -> Arc<Tables> {
    type Cache = Mutex<Vec<(Ruleset, Arc<Tables>)>>;
    static CACHE: OnceLock<Cache> = OnceLock::new();
    let mut cache = CACHE
        .get_or_init(Mutex::default)
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    if let Some((_, tables)) = cache.iter().find(|(r, _)| r == rules) {
        return Arc::clone(tables);
    }
    let tables = Arc::new(Tables::new(rules));
    if cache.len() >= 32 {
        cache.remove(0);
    }
    cache.push((*rules, Arc::clone(&tables)));
    tables
}

impl FastRules {
    /// The fast rules of `rules`, if [`covers`] says so.
    pub fn new(rules: &Ruleset) -> Option<FastRules> {
        covers(rules).then(|| FastRules {
            rules: *rules,
            tables: tables_of(rules),
            frame_shift: match rules.origin {
                Origin::Home => 6,
                Origin::OwnerFrame => 4,
            },
            fly_capture: rules.facing == Facing::FlyCapture,
            banner_leg_only: rules.banner == Banner::LegOnly,
            always_legal: rules.general_capture == GeneralCapture::AlwaysLegal,
            remove_palace_pieces: rules.takeover == Takeover::RemovePalacePieces,
            every_move: rules.trap == Trap::EveryMove,
            heir_trapper: rules.heir == Heir::Trapper,
        })
    }

    /// The ruleset.
    pub fn rules(&self) -> &Ruleset {
        &self.rules
    }

    /// The number of legal moves of the kingdom to move.
    pub fn count(&self, board: &Board) -> u64 {
        if board.to_move == board::NOBODY {
            return 0;
        }
        self.count_of(board, board.to_move)
    }

    /// perft on the fast path, walking the legal targets without a move
    /// list; the last ply is counted, the one before it by
    /// [`FastRules::count_after`].
    pub fn perft(&self, board: &Board, depth: u32) -> u64 {
        match depth {
            0 => 1,
            1 => self.count(board),
            _ => {
                if board.to_move == board::NOBODY {
                    return 0;
                }
                let mut total = 0;
                self.each_piece(board, board.to_move, |from, mut targets| {
                    while let Some(to) = targets.pop() {
                        total += if depth == 2 {
                            self.count_after(board, from, to)
                        } else {
                            self.perft(&self.play_move(board, from, to), depth - 1)
                        };
                    }
                });
                total
            }
        }
    }

    /// perft 1 of the position after the legal move from `from` to `to`.
    /// When the next kingdom in turn has a legal move it is to move (no
    /// turn-start defeat), and its count is the answer: the R-HEIR history
    /// of the position after, which only later moves read, is not
    /// computed. Otherwise (and under `R-TRAP=every-move`) the whole
    /// transition is played.
    pub fn count_after(&self, board: &Board, from: usize, to: usize) -> u64 {
        if !self.every_move {
            let mut next = *board;
            let mover = board.to_move;
            self.move_and_capture(&mut next, mover, from, to);
            if next.active_count() <= 1 {
                return 0;
            }
            let count = self.count_of(&next, next.next_active(mover));
            if count > 0 {
                return count;
            }
        }
        self.count(&self.play_move(board, from, to))
    }
}

impl Rules for FastRules {
    type Position = Board;
    type Move = Move;

    /// Clauses tk.T5, tk.T7: the legal moves of the kingdom to move; none
    /// once the game is won.
    fn legal_moves(&self, board: &Board, out: &mut Vec<Move>) {
        if board.to_move == board::NOBODY {
            return;
        }
        self.each_piece(board, board.to_move, |from, mut targets| {
            while let Some(to) = targets.pop() {
                out.push(Move::new(
                    super::point::Point::from_index(from),
                    super::point::Point::from_index(to),
                ));
            }
        });
    }

    /// The whole transition (perft's definition: steps 1-3).
    fn after(&self, board: &Board, mv: Move) -> Board {
        self.play_move(board, mv.from.index(), mv.to.index())
    }

    fn count_moves(&self, board: &Board, _scratch: &mut Vec<Move>) -> u64 {
        self.count(board)
    }
}

/// The fast rules and board for `position` on `path`, where the fast path
/// takes them.
fn fast(position: &Position, engine: &Engine, path: PerftPath) -> Option<(FastRules, Board)> {
    // A game that plays a misreading (`TK-...`) is always judged by the
    // rule code, where the faults live.
    if path != PerftPath::Fast || engine.faults != FaultSet::NONE {
        return None;
    }
    let fast = FastRules::new(&engine.rules)?;
    let board = Board::from_position(position).ok()?;
    Some((fast, board))
}

/// perft from `position` on `path`: the fast path where it takes the
/// engine's ruleset and the position, else the rule code.
pub fn perft(position: &Position, engine: &Engine, depth: u32, path: PerftPath) -> u64 {
    match fast(position, engine, path) {
        Some((fast, board)) => fast.perft(&board, depth),
        None => crate::variant::perft(engine, position, depth),
    }
}

/// perft split by first move on `path` (move-generation order).
pub fn divide(
    position: &Position,
    engine: &Engine,
    depth: u32,
    path: PerftPath,
) -> Vec<(Move, u64)> {
    match fast(position, engine, path) {
        Some((fast, board)) => {
            let mut moves = Vec::new();
            if depth > 0 {
                fast.legal_moves(&board, &mut moves);
            }
            moves
                .into_iter()
                .map(|mv| (mv, fast.perft(&fast.after(&board, mv), depth - 1)))
                .collect()
        }
        None => crate::variant::divide(engine, position, depth),
    }
}
