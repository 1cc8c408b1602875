//! The report of a `fuzz --keep-going` run with differences: every
//! diverging game with its scenario and replay command, then the counts
//! per cause (`regelwerk fuzz`, src/cli/fuzz.rs).

use regelwerk::conform::difffuzz::diagnose::MoveCause;

use regelwerk::variant::VariantId;

use super::Format;

/// A game that diverged in a `--keep-going` run.
pub(super) struct Diverged {
    pub(super) index: u64,
    pub(super) seed: u64,
    pub(super) kind: String,
    /// The reference's answers about the moves only one side lists.
    pub(super) causes: Vec<MoveCause>,
    /// Actions of its scenario (after shrinking).
    pub(super) actions: usize,
    pub(super) summary: String,
    pub(super) path: std::path::PathBuf,
}

/// One cause of differences in a `--keep-going` run: how many games show
/// it, and its shortest game (fewest actions after shrinking) with one
/// move that shows it.
struct CauseCount<'a> {
    games: u64,
    shortest: &'a Diverged,
    example: Option<String>,
}

/// The causes of a run's differences: each moves difference by the kind
/// of piece and the reference's reason ([`MoveCause::label`], a game
/// counted once under each of its causes), every other by its kind.
fn causes(diverged: &[Diverged]) -> std::collections::BTreeMap<String, CauseCount<'_>> {
    let mut causes: std::collections::BTreeMap<String, CauseCount<'_>> = Default::default();
    for game in diverged {
        let mut labels: Vec<(String, Option<String>)> = game
            .causes
            .iter()
            .map(|cause| {
                (
                    format!("{}: {}", game.kind, cause.label()),
                    Some(cause.example.clone()),
                )
            })
            .collect();
        if labels.is_empty() {
            labels.push((game.kind.clone(), None));
        }
        for (label, example) in labels {
            let entry = causes.entry(label).or_insert(CauseCount {
                games: 0,
                shortest: game,
                example: example.clone(),
            });
            entry.games += 1;
            if game.actions < entry.shortest.actions {
                entry.shortest = game;
                entry.example = example;
            }
        }
    }
    causes
}

/// The report of a `--keep-going` run with differences: every diverging
/// game with its scenario and replay command, then the counts per kind.
pub(super) fn print_divergences(
    (variant, uci): (VariantId, bool),
    games: u64,
    plies: usize,
    classified: &std::collections::BTreeMap<String, (u64, usize)>,
    diverged: &[Diverged],
    engine_command: &str,
    format: Format,
) {
    let mut kinds: std::collections::BTreeMap<&str, u64> = Default::default();
    for game in diverged {
        *kinds.entry(game.kind.as_str()).or_default() += 1;
    }
    let known: u64 = classified.values().map(|(count, _)| count).sum();
    let agreed = games - diverged.len() as u64 - known;
    match format {
        Format::Text => {
            for game in diverged {
                println!("game {} (seed {}) {}", game.index, game.seed, game.summary);
                println!("  scenario: {}", game.path.display());
                println!(
                    "  replay: {}",
                    replay_command(variant, engine_command, &game.path, uci)
                );
            }
            println!("\ndifferences by cause (a game counts under each of its causes):");
            let all_first = diverged.iter().all(|game| game.actions == 0);
            for (cause, count) in causes(diverged) {
                if all_first && count.games > 1 {
                    // Every game shrank to its first action: none is shorter.
                    println!(
                        "  {cause}: {} games, all tie at their first action{}; e.g. {}",
                        count.games,
                        count
                            .example
                            .as_ref()
                            .map(|mv| format!(" (`{mv}`)"))
                            .unwrap_or_default(),
                        count.shortest.path.display()
                    );
                    continue;
                }
                let example = count
                    .example
                    .map(|mv| format!(", `{mv}`"))
                    .unwrap_or_default();
                println!(
                    "  {cause}: {} games; shortest: game {} (diverges {}{example}), {}",
                    count.games,
                    count.shortest.index,
                    regelwerk::conform::difffuzz::where_diverged(count.shortest.actions),
                    count.shortest.path.display()
                );
            }
            for (finding, (count, _)) in classified {
                println!("  known difference {finding}: {count} games");
            }
            println!(
                "fuzz: {games} games, {plies} actions: {agreed} agreed, {} diverged, {known} ended in known differences",
                diverged.len()
            );
        }
        Format::Json => println!(
            "{}",
            serde_json::json!({
                "variant": variant, "games": games, "plies": plies, "agreed": agreed,
                "divergences": diverged.len(),
                "kinds": kinds,
                "causes": causes(diverged).into_iter().map(|(cause, count)| serde_json::json!({"cause": cause, "games": count.games, "shortest": {"game": count.shortest.index, "actions": count.shortest.actions, "move": count.example, "scenario": count.shortest.path}})).collect::<Vec<_>>(),
                "known_differences": classified.iter().map(|(finding, (count, actions))| serde_json::json!({"finding": finding, "games": count, "actions": actions})).collect::<Vec<_>>(),
                "diverged": diverged.iter().map(|game| serde_json::json!({"game": game.index, "seed": game.seed, "kind": game.kind, "summary": game.summary, "scenario": game.path})).collect::<Vec<_>>(),
            })
        ),
    }
}

/// The `conform` command that replays a divergence scenario.
pub(super) fn replay_command(
    variant: VariantId,
    engine_command: &str,
    path: &std::path::Path,
    uci: bool,
) -> String {
    let route = if uci { "uci" } else { "engine" };
    // The default variant needs no `--variant`.
    let variant = if variant == VariantId::default() {
        String::new()
    } else {
        format!(" --variant {variant}")
    };
    format!(
        "regelwerk conform{variant} --{route} '{}' {}",
        engine_command.replace('\'', "'\\''"),
        path.display()
    )
}
