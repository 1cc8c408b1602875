//! The one random-game driver of every variant: games through the game
//! interface ([`crate::variant::Game`]) from a start position, with the
//! generic invariants ([`GAME_INVARIANTS`]) and each variant's own
//! ([`Game::own_invariants`], [`Game::deep_invariants`]) checked after
//! every action; shrinking of a failing game; and a scenario file that
//! replays it. `regelwerk fuzz` and the proptest suite both drive it.

use crate::variant::{self, DeepChecks, Game, Status, VariantError, VariantId};

use crate::rng::Rng;

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
        "no action adds a piece: a capture takes one away, an elimination at most one (its king), a promotion to a king the old king, nothing else changes the count",
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
    /// The ruling settings played under.
    pub rulings: Vec<String>,
    /// The seed of the game.
    pub seed: u64,
    /// The start position (the variant's start when `None`).
    pub start: Option<String>,
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
pub type Opener<'a> = &'a dyn Fn(Option<&str>) -> Result<Box<dyn Game>, VariantError>;

/// Checks every invariant of the current state; its legal moves and its
/// position text, or `Err((name, detail))`.
fn check_state(
    game: &dyn Game,
    open: Opener<'_>,
) -> Result<(Vec<String>, String), (&'static str, String)> {
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
            if !reread.lists_moves(&legal) && !status.is_over() {
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
    Ok((legal, text))
}

/// Where a random game starts: the variant's start, or for an odd seed
/// the variant's random position where it has a generator
/// ([`variant::VariantInfo::random_position`]; MONARCHIE: trays, dead
/// blockers, clocks); `None` for the variant's start.
///
/// # Errors
/// [`VariantError`] when the rulings are not the variant's.
pub fn random_start(
    variant: VariantId,
    seed: u64,
    rulings: &[String],
) -> Result<Option<String>, VariantError> {
    variant::open(variant, None, rulings)?;
    match variant::info(variant).random_position {
        Some(random) if seed % 2 == 1 => Ok(Some(random(seed, rulings)?)),
        _ => Ok(None),
    }
}

/// Plays one seeded random game of `variant` under `rulings` (from
/// [`random_start`]), checking every invariant after every action, the
/// variant's expensive ones as `deep` says.
///
/// # Errors
/// The first [`GameFailure`].
pub fn play_game_checked(
    variant: VariantId,
    seed: u64,
    max_plies: usize,
    rulings: &[String],
) -> Result<GamePlayed, Box<GameFailure>> {
    play_game_checked_deep(variant, seed, max_plies, rulings, DeepChecks::default())
}

/// [`play_game_checked`] with the frequency of the expensive checks.
///
/// # Errors
/// The first [`GameFailure`].
pub fn play_game_checked_deep(
    variant: VariantId,
    seed: u64,
    max_plies: usize,
    rulings: &[String],
    deep: DeepChecks,
) -> Result<GamePlayed, Box<GameFailure>> {
    let start = random_start(variant, seed, rulings).map_err(|error| {
        Box::new(GameFailure {
            variant,
            rulings: rulings.to_vec(),
            seed,
            start: None,
            actions: Vec::new(),
            invariant: "position-round-trips",
            detail: error.to_string(),
        })
    })?;
    let open = |text: Option<&str>| variant::open(variant, text, rulings);
    let run = Run {
        open: &open,
        variant,
        rulings,
        seed,
        start: start.as_deref(),
        deep,
    };
    run.drive(Pick::Seeded {
        seed: seed ^ 0x9e37_79b9_7f4a_7c15,
        plies: max_plies,
    })
}

/// [`play_game_checked`] on the games `open` makes (a test may hand it a
/// faulty engine), from the variant's start.
///
/// # Errors
/// The first [`GameFailure`].
pub fn play_game_checked_with(
    open: Opener<'_>,
    variant: VariantId,
    seed: u64,
    max_plies: usize,
) -> Result<GamePlayed, Box<GameFailure>> {
    Run {
        open,
        variant,
        rulings: &[],
        seed,
        start: None,
        deep: DeepChecks::default(),
    }
    .drive(Pick::Seeded {
        seed,
        plies: max_plies,
    })
}

/// Plays one game of `variant` from `start` (the variant's start when
/// `None`), one action per random choice: the driver of the proptest
/// properties, whose choices shrink.
///
/// # Errors
/// The first [`GameFailure`].
pub fn play_choices(
    variant: VariantId,
    start: Option<&str>,
    choices: &[u64],
    rulings: &[String],
    deep: DeepChecks,
) -> Result<GamePlayed, Box<GameFailure>> {
    let open = |text: Option<&str>| variant::open(variant, text, rulings);
    Run {
        open: &open,
        variant,
        rulings,
        seed: 0,
        start,
        deep,
    }
    .drive(Pick::Choices(choices))
}

/// Greedily drops single actions of a failing game while the same
/// invariant still breaks (an action that becomes refused ends that
/// attempt).
pub fn shrink(failure: &GameFailure) -> GameFailure {
    let open = |text: Option<&str>| variant::open(failure.variant, text, &failure.rulings);
    let run = Run {
        open: &open,
        variant: failure.variant,
        rulings: &failure.rulings,
        seed: failure.seed,
        start: failure.start.as_deref(),
        deep: DeepChecks {
            exhaustive_every: 1,
            symmetry_every: 1,
        },
    };
    let mut best = failure.clone();
    let mut index = 0;
    while index < best.actions.len() {
        let mut candidate = best.actions.clone();
        candidate.remove(index);
        match run.drive(Pick::Fixed(&candidate)) {
            Err(found) if found.invariant == best.invariant => best = *found,
            _ => index += 1,
        }
    }
    best
}

/// Where the actions of a game come from.
enum Pick<'a> {
    /// One random number per action ([`Game::random_action`]).
    Choices(&'a [u64]),
    /// At most `plies` random numbers drawn one per action from a
    /// generator seeded with `seed`: the same numbers as a list of them
    /// would hold, without making the list (`--max-plies` may be large).
    Seeded { seed: u64, plies: usize },
    /// Fixed action texts (a replay); a refused one ends the game.
    Fixed(&'a [String]),
}

/// One driven game.
struct Run<'a> {
    open: Opener<'a>,
    variant: VariantId,
    rulings: &'a [String],
    seed: u64,
    start: Option<&'a str>,
    deep: DeepChecks,
}

impl Run<'_> {
    fn drive(&self, pick: Pick<'_>) -> Result<GamePlayed, Box<GameFailure>> {
        let open = self.open;
        let mut actions: Vec<String> = Vec::new();
        let fail = |actions: &[String], (invariant, detail): (&'static str, String)| {
            Box::new(GameFailure {
                variant: self.variant,
                rulings: self.rulings.to_vec(),
                seed: self.seed,
                start: self.start.map(str::to_string),
                actions: actions.to_vec(),
                invariant,
                detail,
            })
        };
        let mut game = open(self.start).map_err(|message| {
            fail(
                &actions,
                (
                    "position-round-trips",
                    format!("the start does not open: {message}"),
                ),
            )
        })?;
        let plies = match pick {
            Pick::Choices(choices) => choices.len(),
            Pick::Seeded { plies, .. } => plies,
            Pick::Fixed(fixed) => fixed.len(),
        };
        let mut stream = match pick {
            Pick::Seeded { seed, .. } => Some(Rng::new(seed)),
            _ => None,
        };
        let mut earlier: Vec<String> = Vec::new();
        for ply in 0..plies {
            let (legal, text) = check_state(game.as_ref(), open).map_err(|e| fail(&actions, e))?;
            if legal.is_empty() && game.special_actions().is_empty() {
                break;
            }
            // Every listed move must apply: all of them on the plies of the
            // exhaustive check, else a sample of four.
            let choice = match pick {
                Pick::Choices(choices) => choices[ply],
                Pick::Seeded { .. } => stream.as_mut().map_or(0, Rng::next_u64),
                Pick::Fixed(_) => (ply as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15),
            };
            let every = self.deep.exhaustive_every;
            let all = every > 0 && ply % every == 0;
            let sample: Vec<&String> = if all || legal.len() <= 4 {
                legal.iter().collect()
            } else {
                (0..4)
                    .map(|k| &legal[(choice.rotate_left(7 * k + 3) % legal.len() as u64) as usize])
                    .collect()
            };
            for mv in sample {
                if let Err(refusal) = game.accepts(mv) {
                    let mut trail = actions.clone();
                    trail.push(mv.clone());
                    return Err(fail(
                        &trail,
                        ("listed-moves-apply", format!("{mv} refused: {refusal}")),
                    ));
                }
            }
            // A move that was legal a ply ago but is not listed now must be
            // refused, and refusing it must change nothing.
            let mut listed: Vec<&str> = legal.iter().map(String::as_str).collect();
            listed.sort_unstable();
            let unlisted: Vec<&String> = earlier
                .iter()
                .filter(|mv| listed.binary_search(&mv.as_str()).is_err())
                .collect();
            if !unlisted.is_empty() {
                let probe =
                    unlisted[(choice.rotate_left(29) % unlisted.len() as u64) as usize].clone();
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
            game.deep_invariants(ply, choice.rotate_left(17), self.deep)
                .map_err(|(name, detail)| {
                    fail(
                        &actions,
                        ("variant-invariants", format!("{name}: {detail}")),
                    )
                })?;
            let action = match pick {
                Pick::Choices(_) | Pick::Seeded { .. } => match game.random_action(choice) {
                    Some(action) => action,
                    None => break,
                },
                Pick::Fixed(fixed) => fixed[ply].clone(),
            };
            let pieces_before = game.piece_count();
            let result = game.play(&action);
            actions.push(action.clone());
            let report = match (result, &pick) {
                (Ok(report), _) => report,
                (Err(_), Pick::Fixed(_)) => {
                    // A replay whose action is refused here proves nothing.
                    actions.pop();
                    return Ok(GamePlayed {
                        plies: actions.len(),
                        status: game.status(),
                    });
                }
                (Err(refusal), Pick::Choices(_) | Pick::Seeded { .. }) => {
                    return Err(fail(
                        &actions,
                        ("listed-moves-apply", format!("{action} refused: {refusal}")),
                    ))
                }
            };
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
            // No piece appears: at most the capture takes one away, and an
            // elimination at most its king (MONARCHIE's dead blockers stay);
            // a promotion to a king takes the old king off the board
            // (Sovereign Chess's coup and overthrow).
            let pieces_after = game.piece_count();
            let captured = usize::from(report.capture.is_some())
                + usize::from(report.promotion.as_deref() == Some("king"));
            let most = pieces_before - captured;
            let least = most.saturating_sub(report.eliminations.len());
            if pieces_after > most || pieces_after < least {
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
        text.push_str(&play_step(game.as_mut(), action, false));
    }
    text
}

/// One `play` step as the reference plays it: `full` pins every field of
/// the report, else `next` and the position.
pub fn play_step(game: &mut dyn Game, action: &str, full: bool) -> String {
    let yaml = |value: serde_json::Value| value.to_string();
    match game.play(action) {
        Ok(report) => {
            let next = yaml(serde_json::json!(report.next));
            let mut text = format!(
                "  - play: \"{action}\"\n    expect:\n      result: legal\n      next: {next}\n"
            );
            if full {
                let capture = yaml(serde_json::json!(report.capture));
                let eliminations = yaml(serde_json::json!(report.eliminations));
                text.push_str(&format!(
                    "      capture: {capture}\n      promotion: {}\n      checks: {}\n      eliminations: {eliminations}\n      status: {}\n      events: {}\n",
                    yaml(serde_json::json!(report.promotion)),
                    yaml(serde_json::json!(report.checks)),
                    yaml(serde_json::json!(report.status)),
                    yaml(serde_json::json!(report
                        .events
                        .iter()
                        .map(|event| event.kind.as_str())
                        .collect::<Vec<_>>())),
                ));
            }
            text.push_str(&format!("      position: \"{}\"\n", report.position));
            text
        }
        Err(refusal) => format!(
            "  - play: \"{action}\"\n    expect: {{result: {}}}\n",
            refusal.code
        ),
    }
}
