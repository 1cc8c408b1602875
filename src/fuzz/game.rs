//! Random games of the two-player variants through the variant interface
//! ([`crate::variant::Game`]), with invariants checked after every action.
//! The invariants are variant-neutral; each is named so a failure says
//! which one broke.

use std::collections::BTreeMap;

use crate::variant::{self, Game, Status, VariantId};

use super::rng::Rng;

/// The invariants checked after every action of a variant game.
pub const GAME_INVARIANTS: [(&str, &str); 9] = [
    (
        "listed-moves-apply",
        "every move `legal_moves` lists is accepted by `play`",
    ),
    (
        "perft-one-is-move-count",
        "perft 1 equals the number of listed legal moves",
    ),
    (
        "over-iff-no-moves",
        "the game is over exactly when no legal move is listed",
    ),
    (
        "fen-round-trip",
        "reading the written position and writing it again gives the same text and the same legal moves",
    ),
    (
        "one-king-each",
        "the position has exactly one white and one black king",
    ),
    (
        "pieces-never-increase",
        "no action increases a side's number of pieces",
    ),
    (
        "refusal-changes-nothing",
        "a refused action leaves the position as it was",
    ),
    (
        "report-matches-state",
        "the report's position, next mover and status agree with the game after the action",
    ),
    (
        "no-check-in-racing-kings",
        "in Racing Kings no king is ever in check",
    ),
];

/// A violated invariant and the actions that lead to it from the start.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameFailure {
    /// The variant.
    pub variant: VariantId,
    /// The seed of the game.
    pub seed: u64,
    /// The actions played, the last one being where it broke (for
    /// `refusal-changes-nothing`, the refused probe).
    pub actions: Vec<String>,
    /// The invariant's name.
    pub invariant: &'static str,
    /// What was seen.
    pub detail: String,
}

/// How a checked game went.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GamePlayed {
    /// Actions played.
    pub plies: usize,
    /// How it ended (`Ongoing` when stopped at the ply limit).
    pub status: Status,
}

/// The pieces of each side in a FEN's placement field, by side (`white`,
/// `black`) and letter (lowercase).
fn piece_counts(fen: &str) -> BTreeMap<(bool, char), usize> {
    let placement = fen.split_whitespace().next().unwrap_or("");
    let mut counts = BTreeMap::new();
    for letter in placement.chars().filter(char::is_ascii_alphabetic) {
        *counts
            .entry((letter.is_ascii_uppercase(), letter.to_ascii_lowercase()))
            .or_insert(0) += 1;
    }
    counts
}

fn side_total(counts: &BTreeMap<(bool, char), usize>, white: bool) -> usize {
    counts
        .iter()
        .filter(|((side, _), _)| *side == white)
        .map(|(_, n)| n)
        .sum()
}

/// A from-to pair the game does not list as legal (to probe refusals).
fn unlisted_probe(game: &dyn Game, rng: &mut Rng, legal: &[String]) -> Option<String> {
    let fen = game.position_text();
    let placement = fen.split_whitespace().next().unwrap_or("");
    let ranks = placement.split('/').count();
    let files = placement
        .split('/')
        .next()
        .map(|rank| {
            let mut width = 0;
            let mut digits = String::new();
            for c in rank.chars() {
                if c.is_ascii_digit() {
                    digits.push(c);
                } else {
                    width += digits.parse::<usize>().unwrap_or(0) + 1;
                    digits.clear();
                }
            }
            width + digits.parse::<usize>().unwrap_or(0)
        })
        .unwrap_or(8);
    let square = |rng: &mut Rng| {
        let file = (b'a' + rng.below(files as u64) as u8) as char;
        format!("{file}{}", rng.below(ranks as u64) + 1)
    };
    (0..20)
        .map(|_| format!("{}{}", square(rng), square(rng)))
        .find(|probe| !legal.contains(probe))
}

/// Opens a game of the variant at a FEN (`None`: the start). The fuzzer
/// takes it as a parameter so that tests can hand it a faulty engine.
pub type Opener<'a> = &'a dyn Fn(Option<&str>) -> Result<Box<dyn Game>, String>;

/// Checks every invariant of the current state; `Err((name, detail))`.
fn check_state(
    game: &dyn Game,
    before: Option<&str>,
    open: Opener<'_>,
) -> Result<Vec<String>, (&'static str, String)> {
    let legal = game.legal_moves();
    let status = game.status();
    if status.is_over() != legal.is_empty() {
        return Err((
            "over-iff-no-moves",
            format!("status {status:?} with {} legal moves", legal.len()),
        ));
    }
    let nodes = game.perft(1);
    if nodes != legal.len() as u64 {
        return Err((
            "perft-one-is-move-count",
            format!("perft 1 = {nodes}, {} moves listed", legal.len()),
        ));
    }
    let fen = game.position_text();
    let counts = piece_counts(&fen);
    for (white, name) in [(true, "white"), (false, "black")] {
        if counts.get(&(white, 'k')).copied().unwrap_or(0) != 1 {
            return Err((
                "one-king-each",
                format!("{name} has not exactly one king: {fen}"),
            ));
        }
    }
    if let Some(before) = before {
        let earlier = piece_counts(before);
        for white in [true, false] {
            if side_total(&counts, white) > side_total(&earlier, white) {
                return Err(("pieces-never-increase", format!("{before} became {fen}")));
            }
        }
    }
    match open(Some(&fen)) {
        Ok(reread) => {
            if reread.position_text() != fen {
                return Err((
                    "fen-round-trip",
                    format!("{fen} was read back as {}", reread.position_text()),
                ));
            }
            if reread.legal_moves() != legal && !status.is_over() {
                return Err((
                    "fen-round-trip",
                    format!("{fen} read back has other legal moves"),
                ));
            }
        }
        Err(message) => {
            return Err((
                "fen-round-trip",
                format!("{fen} is not readable: {message}"),
            ))
        }
    }
    Ok(legal)
}

/// Plays one seeded random game of `variant` from its start, checking
/// every invariant after every action. Draw claims are tried now and then.
///
/// # Errors
/// The first [`GameFailure`].
pub fn play_game_checked(
    variant: VariantId,
    seed: u64,
    max_plies: usize,
) -> Result<GamePlayed, GameFailure> {
    let open = |fen: Option<&str>| variant::open(variant, fen, &[]);
    play_game_checked_with(&open, variant, seed, max_plies)
}

/// [`play_game_checked`] on the games `open` makes.
///
/// # Errors
/// The first [`GameFailure`].
pub fn play_game_checked_with(
    open: Opener<'_>,
    variant: VariantId,
    seed: u64,
    max_plies: usize,
) -> Result<GamePlayed, GameFailure> {
    let mut rng = Rng::new(seed);
    let mut actions: Vec<String> = Vec::new();
    let fail = |actions: &[String], (invariant, detail): (&'static str, String)| GameFailure {
        variant,
        seed,
        actions: actions.to_vec(),
        invariant,
        detail,
    };
    let mut game = open(None).map_err(|message| {
        fail(
            &actions,
            (
                "fen-round-trip",
                format!("the start does not open: {message}"),
            ),
        )
    })?;
    let mut before: Option<String> = None;
    for _ in 0..max_plies {
        let legal =
            check_state(game.as_ref(), before.as_deref(), open).map_err(|e| fail(&actions, e))?;
        if legal.is_empty() {
            break;
        }
        for mv in &legal {
            let mut copy = open(Some(&game.position_text()))
                .map_err(|message| fail(&actions, ("fen-round-trip", message)))?;
            if let Err(refusal) = copy.play(mv) {
                let mut trail = actions.clone();
                trail.push(mv.clone());
                return Err(fail(
                    &trail,
                    ("listed-moves-apply", format!("{mv} refused: {refusal}")),
                ));
            }
        }
        let fen = game.position_text();
        if let Some(probe) = unlisted_probe(game.as_ref(), &mut rng, &legal) {
            if game.play(&probe).is_ok() {
                let mut trail = actions.clone();
                trail.push(probe.clone());
                return Err(fail(
                    &trail,
                    (
                        "listed-moves-apply",
                        format!("{probe} was accepted but not listed"),
                    ),
                ));
            }
            if game.position_text() != fen {
                let mut trail = actions.clone();
                trail.push(probe.clone());
                return Err(fail(
                    &trail,
                    ("refusal-changes-nothing", format!("{probe} changed {fen}")),
                ));
            }
        }
        let action = if rng.chance(3) {
            "claim".to_string()
        } else {
            legal[rng.below(legal.len() as u64) as usize].clone()
        };
        let result = game.play(&action);
        if action == "claim" && result.is_err() {
            if game.position_text() != fen {
                actions.push(action);
                return Err(fail(
                    &actions,
                    (
                        "refusal-changes-nothing",
                        format!("a refused claim changed {fen}"),
                    ),
                ));
            }
            continue;
        }
        actions.push(action.clone());
        let report = result.map_err(|refusal| {
            fail(
                &actions,
                ("listed-moves-apply", format!("{action} refused: {refusal}")),
            )
        })?;
        if report.position != game.position_text()
            || report.status != game.status()
            || report.next.is_some() == report.status.is_over()
        {
            return Err(fail(
                &actions,
                (
                    "report-matches-state",
                    format!("report {report:?} vs {}", game.position_text()),
                ),
            ));
        }
        if variant == VariantId::Racingkings && report.check {
            return Err(fail(
                &actions,
                ("no-check-in-racing-kings", format!("after {action}")),
            ));
        }
        before = Some(fen);
        if report.status.is_over() {
            break;
        }
    }
    check_state(game.as_ref(), before.as_deref(), open).map_err(|e| fail(&actions, e))?;
    Ok(GamePlayed {
        plies: actions.len(),
        status: game.status(),
    })
}

/// A variant scenario (`scenarios/README.md`) that replays a failure: the
/// actions before the last are pinned legal; the last step is where the
/// invariant broke.
pub fn game_failure_scenario(failure: &GameFailure, id: &str) -> String {
    let mut text = format!(
        "# Written by `regelwerk fuzz --variant {variant}` (seed {seed}): invariant\n# {invariant} broke: {detail}\nvariant: {variant}\nid: {id}\nclauses: [{clause}]\ndescription: \"fuzz failure, invariant {invariant}\"\nposition: {{start: true}}\nsteps:\n",
        variant = failure.variant,
        seed = failure.seed,
        invariant = failure.invariant,
        detail = failure.detail.replace('\n', " "),
        clause = match failure.variant {
            VariantId::Racingkings => "rk.1",
            _ => "g.1",
        },
    );
    let mut game = variant::open(failure.variant, None, &[]).ok();
    for action in &failure.actions {
        let outcome = game.as_mut().map(|game| game.play(action));
        match outcome {
            Some(Ok(report)) => {
                let next = report.next.unwrap_or_else(|| "null".to_string());
                text.push_str(&format!(
                    "  - play: {action}\n    expect: {{result: legal, next: {next}}}\n"
                ));
            }
            Some(Err(refusal)) => text.push_str(&format!(
                "  - play: {action}\n    expect: {{result: {}}}\n",
                refusal.code
            )),
            None => text.push_str(&format!(
                "  - play: {action}\n    expect: {{result: legal, next: null}}\n"
            )),
        }
    }
    text
}
