//! Clause 22 and finding F-LEVEL-MATH: the least number of distinct humans
//! with whom a game can be held at each level.
//!
//! Model (clauses 20-22): every human starts in Level 6; a game at level L
//! takes six humans who are all at level L; its winner moves to level L-1,
//! its five losers go back to Level 6 and may play again (they are assumed
//! to return whenever needed); a winner waits at its new level until it
//! plays there. Humans are interchangeable apart from their level, so a
//! state is the number of humans at each level, and the search below is
//! exhaustive over all schedules.

use std::collections::{HashMap, VecDeque};

/// Counts of humans per level: index 0 is Level 1, index 5 is Level 6.
pub type Counts = [u16; 6];

/// A schedule: the levels of the games played, in order.
pub type Schedule = Vec<u8>;

fn slot(level: u8) -> usize {
    usize::from(level) - 1
}

/// The state after a game at `level` (which must have six humans there).
fn after_game(counts: Counts, level: u8) -> Counts {
    let mut next = counts;
    next[slot(level)] -= 6;
    next[slot(6)] += 5;
    if level > 1 {
        next[slot(level - 1)] += 1;
    }
    next
}

/// Breadth-first search over all schedules of `humans` distinct humans:
/// the shortest schedule after which six humans stand at `target` (so a
/// game there can be held), or `None` if no schedule gets there. Only games
/// at levels above `target` (numerically greater) are needed, so the state
/// space stays small.
pub fn schedule_to(target: u8, humans: u16) -> Option<Schedule> {
    if !(1..=6).contains(&target) || humans < 6 {
        return None;
    }
    let mut start: Counts = [0; 6];
    start[slot(6)] = humans;
    let mut parent: HashMap<Counts, (Counts, u8)> = HashMap::new();
    let mut queue = VecDeque::from([start]);
    let mut seen = std::collections::HashSet::from([start]);
    while let Some(state) = queue.pop_front() {
        if state[slot(target)] >= 6 {
            let mut schedule = Vec::new();
            let mut at = state;
            while let Some(&(before, level)) = parent.get(&at) {
                schedule.push(level);
                at = before;
            }
            schedule.reverse();
            return Some(schedule);
        }
        for level in (target + 1)..=6 {
            if state[slot(level)] >= 6 {
                let next = after_game(state, level);
                if seen.insert(next) {
                    parent.insert(next, (state, level));
                    queue.push_back(next);
                }
            }
        }
    }
    None
}

/// The least number of distinct humans with whom a game at `level` can be
/// held, found by trying 6, 7, ... humans with [`schedule_to`].
pub fn min_humans(level: u8) -> Option<u16> {
    (6..=200).find(|&humans| schedule_to(level, humans).is_some())
}

/// The closed form the search confirms: `6 + 5 * (6 - level)`.
pub fn formula(level: u8) -> u16 {
    6 + 5 * (6 - u16::from(level))
}

/// Replays a schedule with `humans` humans and says whether every game in
/// it had six humans at its level, and six stand at `target` at the end.
pub fn schedule_is_valid(schedule: &[u8], humans: u16, target: u8) -> bool {
    let mut counts: Counts = [0; 6];
    counts[slot(6)] = humans;
    for &level in schedule {
        if !(1..=6).contains(&level) || counts[slot(level)] < 6 {
            return false;
        }
        counts = after_game(counts, level);
    }
    counts[slot(target)] >= 6
}
