//! The computer players for every variant, through the [`Game`] interface
//! alone: the legal moves as text, the occupants of squares, and copies of
//! the game to try a move on. MONARCHIE's own players ([`crate::variant::monarchie::players::Player`])
//! stay what `play` uses for six-party games and their journals; these are
//! the same three ideas for any variant:
//!
//! - random: a uniformly random legal move;
//! - greedy: tries every move on a copy and scores what it does at once
//!   (the win, captures by value, promotions, eliminations, checks, in
//!   Racing Kings its king's progress towards rank 8), minus half the
//!   value of the moved piece if the next mover can take it;
//! - search: greedy's score, plus a second ply read off the board: minus
//!   the most valuable own piece the next mover can capture (a paranoid
//!   reply; in Racing Kings a reply that brings the enemy king home counts
//!   as a lost game), or, when the turn comes straight back, half of its
//!   own best follow-up capture.
//!
//! Every player is deterministic for its seed; ties are broken by the
//! seeded generator.

use std::collections::HashMap;

use crate::record::Recorder;
use crate::rng::Rng;
use crate::variant::{self, Game, Report, Status, UciEnd, VariantError, VariantId};

use super::Joshua;

/// A computer player of any variant: given the game (its party is the one
/// to move), it picks an action in the variant's notation.
pub trait GamePlayer {
    /// The engine key (`random`, `greedy`, `search`).
    fn engine(&self) -> &'static str;

    /// Chooses an action for the party to move; `None` when it has none.
    fn choose(&mut self, game: &dyn Game) -> Option<String>;
}

impl Joshua {
    /// A player of this kind for any variant, seeded with `seed`.
    pub fn build_any(self, seed: u64) -> Box<dyn GamePlayer> {
        let rng = Rng::new(seed);
        match self {
            Joshua::Random => Box::new(AnyRandom { rng }),
            Joshua::Greedy => Box::new(AnyGreedy { rng }),
            Joshua::Search => Box::new(AnySearch { rng }),
        }
    }
}

/// Material value of a piece kind by its English name (pawn 1, knight and
/// bishop 3, rook 5, cardinal 7, marshal 8, queen 9, king 40; the
/// xiangqi pieces of Three Kingdoms: soldier 1, advisor and elephant 2,
/// horse, cannon and bannerman 4, chariot 9, general 40).
pub fn kind_value(kind: &str) -> i32 {
    match kind {
        "soldier" => 1,
        "advisor" | "elephant" => 2,
        "horse" | "cannon" | "bannerman" => 4,
        "chariot" => 9,
        "general" => 40,
        "pawn" => 1,
        "knight" | "bishop" => 3,
        "rook" => 5,
        "cardinal" => 7,
        "marshal" => 8,
        "queen" => 9,
        "king" => 40,
        _ => 0,
    }
}

/// A live piece on the board: owner and kind (dead blockers are none).
#[derive(Clone, Debug, PartialEq, Eq)]
struct Live {
    owner: String,
    kind: String,
}

/// The live pieces of `game` by square.
fn board(game: &dyn Game) -> HashMap<String, Live> {
    game.pieces()
        .into_iter()
        .filter_map(|(square, occupant)| {
            let mut words = occupant.split(' ');
            match (words.next(), words.next(), words.next()) {
                (Some(owner), Some(kind), None) if owner != "dead" => Some((
                    square,
                    Live {
                        owner: owner.to_string(),
                        kind: kind.to_string(),
                    },
                )),
                _ => None,
            }
        })
        .collect()
}

/// The from- and to-square of a move text of `variant`.
fn squares(variant: VariantId, text: &str) -> Option<(String, String)> {
    (variant::info(variant).move_squares)(text)
}

/// The rank (1-based) of a chess square name.
fn rank_of(square: &str) -> i32 {
    square
        .trim_start_matches(|c: char| c.is_ascii_alphabetic())
        .parse()
        .unwrap_or(0)
}

/// The rank a king races to, in a variant decided by reaching a goal
/// ([`UciEnd::Goal`]: the king on the last rank wins): the highest rank
/// of the board. `None` where the game is decided otherwise. Read once
/// per variant off its board data.
fn goal_rank(variant: VariantId) -> Option<i32> {
    static GOALS: std::sync::OnceLock<Vec<(VariantId, Option<i32>)>> = std::sync::OnceLock::new();
    let goals = GOALS.get_or_init(|| {
        VariantId::ALL
            .iter()
            .map(|&id| {
                let info = variant::info(id);
                let rank = info
                    .uci
                    .filter(|uci| uci.end == UciEnd::Goal)
                    .and_then(|_| {
                        (info.board)(None)
                            .places
                            .iter()
                            .map(|place| rank_of(&place.name))
                            .max()
                    });
                (id, rank)
            })
            .collect()
    });
    goals
        .iter()
        .find(|(id, _)| *id == variant)
        .and_then(|(_, rank)| *rank)
}

/// In a race to a goal rank, how far `me`'s king has come (its rank); 0
/// in every other variant.
fn progress(variant: VariantId, board: &HashMap<String, Live>, me: &str) -> i32 {
    if goal_rank(variant).is_none() {
        return 0;
    }
    board
        .iter()
        .find(|(_, live)| live.owner == me && live.kind == "king")
        .map_or(0, |(square, _)| rank_of(square))
}

/// A move tried on a copy.
struct Tried {
    action: String,
    after: Box<dyn Game>,
    report: Report,
}

/// Every legal move of the party to move, each played on a copy.
fn tried(game: &dyn Game) -> Vec<Tried> {
    game.legal_moves()
        .into_iter()
        .filter_map(|action| {
            let mut after = game.boxed_clone();
            let report = after.play(&action).ok()?;
            Some(Tried {
                action,
                after,
                report,
            })
        })
        .collect()
}

/// What a move did at once, for `me` who made it.
fn immediate(me: &str, game: &dyn Game, before: &HashMap<String, Live>, tried: &Tried) -> i32 {
    let report = &tried.report;
    let mut score = 0;
    if let Status::Won { winners, .. } = &report.status {
        score += if winners.iter().any(|w| w == me) {
            1_000_000
        } else {
            -1_000_000
        };
    }
    if let Some(capture) = &report.capture {
        if !capture.dead {
            score += 100 * kind_value(&capture.kind);
        }
    }
    if let Some(kind) = &report.promotion {
        score += 100 * (kind_value(kind) - 1);
    }
    for elimination in &report.eliminations {
        score += if elimination.party == me {
            -100_000
        } else {
            2_000
        };
    }
    let others_checked = report.checks.iter().filter(|party| *party != me).count() as i32;
    score += 30 * others_checked;
    let after = board(tried.after.as_ref());
    let variant = game.variant();
    score + 40 * (progress(variant, &after, me) - progress(variant, before, me))
}

/// The replies of the party to move in `after` read off the board: the
/// most valuable piece of `victim` (of anyone but the mover, with `None`)
/// it can capture, in points; in Racing Kings a king move onto rank 8
/// counts as a win.
fn best_reply(after: &dyn Game, victim: Option<&str>) -> i32 {
    let Some(mover) = after.to_move() else {
        return 0;
    };
    let variant = after.variant();
    let goal = goal_rank(variant);
    let pieces = board(after);
    after
        .legal_moves()
        .iter()
        .filter_map(|text| squares(variant, text))
        .map(|(from, to)| {
            let home = goal.is_some_and(|rank| rank_of(&to) == rank)
                && pieces.get(&from).is_some_and(|p| p.kind == "king");
            let capture = match pieces.get(&to) {
                Some(piece) if piece.owner != mover && victim.is_none_or(|v| v == piece.owner) => {
                    100 * kind_value(&piece.kind)
                }
                _ => 0,
            };
            if home {
                capture + 500_000
            } else {
                capture
            }
        })
        .max()
        .unwrap_or(0)
}

/// Half the value of the moved piece if the next mover can take it where
/// it landed, unless the game is over.
fn hanging(me: &str, tried: &Tried) -> i32 {
    let after = tried.after.as_ref();
    if after.to_move().is_none_or(|next| next == me) {
        return 0;
    }
    let Some((_, to)) = squares(after.variant(), &tried.action) else {
        return 0;
    };
    let pieces = board(after);
    let Some(piece) = pieces.get(&to).filter(|p| p.owner == me) else {
        return 0;
    };
    let attacked = after
        .legal_moves()
        .iter()
        .filter_map(|text| squares(after.variant(), text))
        .any(|(_, target)| target == to);
    if attacked {
        50 * kind_value(&piece.kind)
    } else {
        0
    }
}

/// Picks uniformly among the best-scored actions.
fn best(rng: &mut Rng, scored: Vec<(String, i32)>) -> Option<String> {
    let top = scored.iter().map(|(_, score)| *score).max()?;
    let actions: Vec<&String> = scored
        .iter()
        .filter(|(_, score)| *score == top)
        .map(|(action, _)| action)
        .collect();
    let index = rng.pick(&(0..actions.len()).collect::<Vec<_>>())?;
    Some(actions[index].clone())
}

/// A special action when there is no move (MONARCHIE's `timeout`).
fn fallback(game: &dyn Game) -> Option<String> {
    game.special_actions()
        .into_iter()
        .find(|action| action != "claim")
}

/// Random, through the interface.
#[derive(Clone, Debug)]
pub struct AnyRandom {
    rng: Rng,
}

impl GamePlayer for AnyRandom {
    fn engine(&self) -> &'static str {
        "random"
    }

    fn choose(&mut self, game: &dyn Game) -> Option<String> {
        let moves = game.legal_moves();
        let index = self.rng.pick(&(0..moves.len()).collect::<Vec<_>>());
        match index {
            Some(index) => Some(moves[index].clone()),
            None => fallback(game),
        }
    }
}

/// Greedy, through the interface.
#[derive(Clone, Debug)]
pub struct AnyGreedy {
    rng: Rng,
}

impl GamePlayer for AnyGreedy {
    fn engine(&self) -> &'static str {
        "greedy"
    }

    fn choose(&mut self, game: &dyn Game) -> Option<String> {
        let me = game.to_move()?;
        let before = board(game);
        let scored: Vec<(String, i32)> = tried(game)
            .into_iter()
            .map(|tried| {
                let score = immediate(&me, game, &before, &tried) - hanging(&me, &tried);
                (tried.action, score)
            })
            .collect();
        best(&mut self.rng, scored).or_else(|| fallback(game))
    }
}

/// Search, through the interface.
#[derive(Clone, Debug)]
pub struct AnySearch {
    rng: Rng,
}

impl GamePlayer for AnySearch {
    fn engine(&self) -> &'static str {
        "search"
    }

    fn choose(&mut self, game: &dyn Game) -> Option<String> {
        let me = game.to_move()?;
        let before = board(game);
        let scored: Vec<(String, i32)> = tried(game)
            .into_iter()
            .map(|tried| {
                let gain = immediate(&me, game, &before, &tried);
                let after = tried.after.as_ref();
                let reply = if tried.report.status.is_over() {
                    0
                } else {
                    match after.to_move() {
                        Some(next) if next == me => best_reply(after, None) / 2,
                        Some(_) => -best_reply(after, Some(&me)),
                        None => 0,
                    }
                };
                (tried.action, gain + reply)
            })
            .collect();
        best(&mut self.rng, scored).or_else(|| fallback(game))
    }
}

/// The seed of one seat's player: distinct per party, fixed per game seed.
pub fn seat_seed(seed: u64, index: usize) -> u64 {
    Rng::new(seed ^ (0x5EA7_0000 + index as u64)).next_u64()
}

/// Plays a game of a two-player variant between computer players from
/// `start` (FEN; the start position when `None`) to its end or to
/// `max_plies` moves, and keeps its record.
///
/// # Errors
/// [`PlayError`]: a bad start position, a variant without PGN
/// (MONARCHIE), not one player per side, or a player's illegal choice.
pub fn play_recorded(
    variant: VariantId,
    start: Option<&str>,
    rulings: &[String],
    seats: &[Joshua],
    seed: u64,
    max_plies: usize,
) -> Result<Recorder, PlayError> {
    let game = variant::open(variant, start, rulings)?;
    let parties = game.info().parties;
    if seats.len() != parties.len() {
        return Err(PlayError::Seats {
            title: game.info().title,
            sides: parties.len(),
            given: seats.len(),
        });
    }
    let mut players: Vec<Box<dyn GamePlayer>> = seats
        .iter()
        .enumerate()
        .map(|(index, joshua)| joshua.build_any(seat_seed(seed, index)))
        .collect();
    let mut recorder = Recorder::new(game.as_ref())?;
    while recorder.actions().len() < max_plies {
        let Some(party) = recorder.game().to_move() else {
            break;
        };
        let Some(index) = recorder.game().info().party_index(&party) else {
            break;
        };
        let Some(action) = players[index].choose(recorder.game()) else {
            break;
        };
        recorder
            .play(&action)
            .map_err(|refusal| PlayError::Illegal {
                party,
                action: action.clone(),
                refusal: refusal.to_string(),
            })?;
    }
    Ok(recorder)
}

/// Why a recorded game between computer players could not be played.
#[derive(Debug, thiserror::Error)]
pub enum PlayError {
    /// The start position or a ruling setting is refused.
    #[error(transparent)]
    Open(#[from] VariantError),
    /// The variant's games cannot be recorded.
    #[error(transparent)]
    Record(#[from] crate::record::RecordError),
    /// Not one player per side.
    #[error("{title} has {sides} sides, {given} players given")]
    Seats {
        /// The variant's title.
        title: &'static str,
        /// Its sides.
        sides: usize,
        /// Players given.
        given: usize,
    },
    /// A player chose an action the game refused.
    #[error("{party} chose the illegal `{action}`: {refusal}")]
    Illegal {
        /// The party to move.
        party: String,
        /// Its choice.
        action: String,
        /// The refusal.
        refusal: String,
    },
}
