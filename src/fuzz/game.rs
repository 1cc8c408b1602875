//! Random games of the two-player variants through the variant interface
//! ([`crate::variant::Game`]), with invariants checked after every action.
//! The invariants are variant-neutral; each is named so a failure says
//! which one broke.

use crate::variant::{self, Game, Status, VariantId};

use super::rng::Rng;

/// The invariants every variant's random games are checked against after
/// every action; each variant adds its own ([`Game::own_invariants`]:
/// MONARCHIE's fifteen, one king each side in chess, no check in Racing
/// Kings).
pub const GAME_INVARIANTS: [(&str, &str); 9] = [
    (
        "listed-moves-apply",
        "every move `legal_moves` lists is accepted by `play`, and a move it does not list is refused",
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
        "mover-is-active",
        "the party to move is one of the active parties",
    ),
    (
        "position-round-trips",
        "reading the written position and writing it again gives the same text and the same legal moves",
    ),
    (
        "nothing-from-nowhere",
        "no action adds a piece: the number of pieces drops by one with a capture and stays the same otherwise",
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
        "variant-invariants",
        "the variant's own invariants hold (named in the failure)",
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

/// Opens a game of the variant at a FEN (`None`: the start). The fuzzer
/// takes it as a parameter so that tests can hand it a faulty engine.
pub type Opener<'a> = &'a dyn Fn(Option<&str>) -> Result<Box<dyn Game>, String>;

/// Checks every invariant of the current state; `Err((name, detail))`.
fn check_state(game: &dyn Game, open: Opener<'_>) -> Result<Vec<String>, (&'static str, String)> {
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
    if let Some(mover) = game.to_move() {
        if !game.active().contains(&mover) {
            return Err((
                "mover-is-active",
                format!("{mover} is to move but not active: {:?}", game.active()),
            ));
        }
    }
    let text = game.position_text();
    match open(Some(&text)) {
        Ok(reread) => {
            if reread.position_text() != text {
                return Err((
                    "position-round-trips",
                    format!("{text} was read back as {}", reread.position_text()),
                ));
            }
            if reread.legal_moves() != legal && !status.is_over() {
                return Err((
                    "position-round-trips",
                    format!("{text} read back has other legal moves"),
                ));
            }
        }
        Err(message) => {
            return Err((
                "position-round-trips",
                format!("{text} is not readable: {message}"),
            ))
        }
    }
    Ok(legal)
}

/// Plays one seeded random game of `variant` from its start under
/// `rulings`, checking every invariant after every action. The variant's
/// special actions (a draw claim, a timeout) are tried now and then.
///
/// # Errors
/// The first [`GameFailure`].
pub fn play_game_checked(
    variant: VariantId,
    seed: u64,
    max_plies: usize,
    rulings: &[String],
) -> Result<GamePlayed, GameFailure> {
    let open = |text: Option<&str>| variant::open(variant, text, rulings);
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
                "position-round-trips",
                format!("the start does not open: {message}"),
            ),
        )
    })?;
    let mut earlier: Vec<String> = Vec::new();
    for _ in 0..max_plies {
        let legal = check_state(game.as_ref(), open).map_err(|e| fail(&actions, e))?;
        if legal.is_empty() {
            break;
        }
        for mv in &legal {
            let mut copy = game.boxed_clone();
            if let Err(refusal) = copy.play(mv) {
                let mut trail = actions.clone();
                trail.push(mv.clone());
                return Err(fail(
                    &trail,
                    ("listed-moves-apply", format!("{mv} refused: {refusal}")),
                ));
            }
        }
        let text = game.position_text();
        // A move that was legal a ply ago but is not listed now must be
        // refused, and refusing it must change nothing.
        let unlisted: Vec<&String> = earlier.iter().filter(|mv| !legal.contains(mv)).collect();
        if !unlisted.is_empty() {
            let probe = unlisted[rng.below(unlisted.len() as u64) as usize].clone();
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
            if game.position_text() != text {
                let mut trail = actions.clone();
                trail.push(probe.clone());
                return Err(fail(
                    &trail,
                    ("refusal-changes-nothing", format!("{probe} changed {text}")),
                ));
            }
        }
        let special = game.special_actions();
        let action = if rng.chance(3) {
            special
                .first()
                .cloned()
                .unwrap_or_else(|| legal[rng.below(legal.len() as u64) as usize].clone())
        } else {
            legal[rng.below(legal.len() as u64) as usize].clone()
        };
        let pieces_before = game.pieces().len();
        let result = game.play(&action);
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
            || report.next != game.to_move()
        {
            return Err(fail(
                &actions,
                (
                    "report-matches-state",
                    format!("report {report:?} vs {}", game.position_text()),
                ),
            ));
        }
        let pieces_after = game.pieces().len();
        let expected = pieces_before - usize::from(report.capture.is_some());
        if pieces_after != expected {
            return Err(fail(
                &actions,
                (
                    "nothing-from-nowhere",
                    format!(
                        "{pieces_before} pieces, {pieces_after} after {action} (capture: {:?})",
                        report.capture
                    ),
                ),
            ));
        }
        game.own_invariants(&text, &report)
            .map_err(|(name, detail)| {
                fail(
                    &actions,
                    ("variant-invariants", format!("{name}: {detail}")),
                )
            })?;
        earlier = legal;
        if report.status.is_over() {
            break;
        }
    }
    check_state(game.as_ref(), open).map_err(|e| fail(&actions, e))?;
    Ok(GamePlayed {
        plies: actions.len(),
        status: game.status(),
    })
}

/// A scenario (`scenarios/README.md`) that replays a failure: the actions
/// before the last are pinned as the reference plays them; the last step
/// is where the invariant broke.
pub fn game_failure_scenario(failure: &GameFailure, id: &str) -> String {
    let info = variant::info(failure.variant);
    let mut text = format!(
        "# Written by `regelwerk fuzz --variant {variant}` (seed {seed}): invariant\n# {invariant} broke: {detail}\nvariant: {variant}\nid: {id}\nclauses: [{prefix}1]\ndescription: \"fuzz failure, invariant {invariant}\"\nposition: {{start: true}}\nsteps:\n",
        variant = failure.variant,
        seed = failure.seed,
        invariant = failure.invariant,
        detail = failure.detail.replace('\n', " "),
        prefix = info.clause_prefix,
    );
    let Ok(mut game) = variant::open(failure.variant, None, &[]) else {
        return text;
    };
    for action in &failure.actions {
        text.push_str(&crate::protocol::difffuzz::play_step(
            game.as_mut(),
            action,
            false,
        ));
    }
    text
}
