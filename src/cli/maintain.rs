//! Maintenance commands: `rulings audit` and `spec-sync`.

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{Context, Result};

use regelwerk::spec::Spec;
use regelwerk::variant::VariantId;

use super::repo_root;

/// Every scenario of `variant`, loaded against its spec.
fn variant_cases(variant: VariantId) -> Result<Vec<regelwerk::scenario::Loaded>> {
    let root = repo_root();
    let dir = root.join("spec").join(variant.name());
    let spec = Spec::load(&dir).with_context(|| format!("loading {}", dir.display()))?;
    let files = regelwerk::suite::collect_files(&[root.join("scenarios").join(variant.name())])?;
    files
        .iter()
        .map(|file| regelwerk::scenario::load_file(file, Some(&spec)))
        .collect::<Result<Vec<_>, _>>()
        .map_err(|error| anyhow::anyhow!("{error}"))
}

/// The one usage error for a variant without switchable rulings: its
/// rulings are all fixed readings, listed.
pub(super) fn no_alternatives(variant: VariantId) -> anyhow::Error {
    let dir = repo_root().join("spec").join(variant.name());
    let listed = Spec::load(&dir)
        .map(|spec| {
            spec.rulings
                .iter()
                .map(|ruling| ruling.id.clone())
                .collect::<Vec<_>>()
                .join(", ")
        })
        .unwrap_or_default();
    anyhow::anyhow!(
        "{} has no switchable rulings (its rulings are fixed readings: {listed}); nothing to audit or diff",
        regelwerk::variant::info(variant).title
    )
}

/// How an item (a misreading, a ruling alternative) stands against the
/// bar of `min` scenarios: the mark printed after its counts, and whether
/// it falls below. One that a finding holds to the bar in total
/// (`not_in_play`) needs none in play and `min` in total; any other
/// needs `min` in play.
fn bar_mark(not_in_play: Option<&str>, in_play: usize, total: usize, min: usize) -> (String, bool) {
    match not_in_play {
        Some(finding) if in_play == 0 && total >= min => {
            (format!("  (not in play: {finding})"), false)
        }
        Some(finding) => (
            format!("  <- {finding} says not in play: needs 0 in play and {min} in total"),
            true,
        ),
        None if in_play < min => ("  <- too few in play".to_string(), true),
        None => (String::new(), false),
    }
}

/// `regelwerk rulings audit`: every alternative of `variant` against its
/// suite; exit 1 when a changed scenario does not list the ruling.
pub(super) fn rulings_audit(variant: VariantId, fix: bool) -> Result<ExitCode> {
    use regelwerk::scenario::audit::MIN_CHANGES_PER_ALTERNATIVE;
    if regelwerk::variant::alternatives(variant).is_empty() {
        return Err(no_alternatives(variant));
    }
    let cases = variant_cases(variant)?;
    let effects = regelwerk::scenario::audit::audit(variant, &cases);
    let dir = repo_root().join("spec").join(variant.name());
    let spec = Spec::load(&dir).with_context(|| format!("loading {}", dir.display()))?;
    // The finding that holds an alternative to the bar in total.
    let not_in_play = |setting: &str| -> Option<String> {
        let (id, key) = setting.split_once('=')?;
        spec.rulings
            .iter()
            .find(|ruling| ruling.id == id)?
            .alternatives
            .iter()
            .find(|alternative| alternative.key == key)?
            .not_in_play
            .clone()
    };
    let mut additions: std::collections::BTreeMap<PathBuf, Vec<String>> = Default::default();
    let mut least: Option<usize> = None;
    for effect in &effects {
        let exempt = not_in_play(&effect.setting);
        if exempt.is_none() {
            least = Some(least.map_or(effect.in_play.len(), |l| l.min(effect.in_play.len())));
        }
        let (mark, _) = bar_mark(
            exempt.as_deref(),
            effect.in_play.len(),
            effect.changed.len(),
            MIN_CHANGES_PER_ALTERNATIVE,
        );
        println!(
            "{:<32} changes {:>3} scenarios in play, {:>3} in total, {:>3} of them without the ruling listed{mark}",
            effect.setting,
            effect.in_play.len(),
            effect.changed.len(),
            effect.unlisted.len()
        );
        let id = effect
            .setting
            .split('=')
            .next()
            .unwrap_or_default()
            .to_string();
        for (scenario, path) in &effect.unlisted {
            if !fix {
                println!("    {scenario}");
            }
            let entry = additions.entry(path.clone()).or_default();
            if !entry.contains(&id) {
                entry.push(id.clone());
            }
        }
    }
    println!(
        "{}: {} alternatives, fewest scenarios changed in play {} (those a finding holds to the bar in total aside)",
        regelwerk::variant::info(variant).title,
        effects.len(),
        least.unwrap_or(0)
    );
    if fix {
        let changed = regelwerk::scenario::audit::add_rulings(&additions)?;
        println!("added rulings to {} scenario files", changed.len());
        return Ok(ExitCode::SUCCESS);
    }
    Ok(if additions.is_empty() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}

/// `regelwerk rulings misreadings`: how many scenarios of `variant` catch
/// each of its misreadings in play and in total
/// ([`regelwerk::scenario::audit`]), with the kind and the sentence each
/// misreads; exit 1 when one is caught in play by fewer than the minimum.
/// With `coverage`, prints (or with `write` writes) the coverage table
/// `docs/misreadings/<variant>.md` instead, without playing the suite.
pub(super) fn misreadings_audit(
    variant: VariantId,
    verbose: bool,
    coverage: bool,
    write: bool,
) -> Result<ExitCode> {
    use regelwerk::scenario::audit::MIN_KILLS_PER_MISREADING;
    use regelwerk::scenario::coverage::{Tagged, MIN_FRAMES, MIN_IN_PLAY};
    if !regelwerk::variant::has_misreadings(variant) {
        anyhow::bail!("{}", regelwerk::variant::faults::no_misreadings(variant));
    }
    let root = repo_root();
    let catalogue = regelwerk::spec::load_misreading_catalogue(
        &root.join("spec").join(variant.name()),
        variant,
    )?;
    if coverage || write {
        let text = catalogue.coverage_markdown(regelwerk::variant::info(variant).title);
        if write {
            let path = root
                .join("docs/misreadings")
                .join(format!("{}.md", variant.name()));
            std::fs::create_dir_all(root.join("docs/misreadings"))?;
            std::fs::write(&path, &text).with_context(|| format!("writing {}", path.display()))?;
            println!("wrote {}", path.display());
        } else {
            print!("{text}");
        }
        return Ok(ExitCode::SUCCESS);
    }
    let cases = variant_cases(variant)?;
    let frames = regelwerk::scenario::coverage::load_frame_spec(&root, variant)?;
    let tagged = Tagged::new(variant, &cases, frames);
    let mut weak = 0;
    let mut least: Option<usize> = None;
    let mut held_to_total = 0;
    println!(
        "{:<32} {:>7} {:>6} {:>5}  {:<17} {:<16} clauses",
        "misreading (codings together)", "in play", "frames", "total", "kind", "from"
    );
    let engine = regelwerk::variant::misreadings(variant);
    let clauses_of = |id: &str| {
        engine
            .iter()
            .find(|(known, _)| *known == id)
            .map_or(String::new(), |(_, clauses)| clauses.join(","))
    };
    for first in catalogue.first_codings() {
        for (n, entry) in catalogue.codings(&first.id).into_iter().enumerate() {
            let catches = tagged.catches(&entry.id);
            let kind = entry
                .kind
                .map_or("-", regelwerk::spec::MisreadingKind::name);
            let from = entry.from.as_deref().unwrap_or("-");
            let frames = catches.frames();
            let (mark, below) = match entry.not_in_play.as_deref() {
                Some(finding) => {
                    held_to_total += 1;
                    bar_mark(
                        Some(finding),
                        catches.in_play.len(),
                        catches.all.len(),
                        MIN_KILLS_PER_MISREADING,
                    )
                }
                None => {
                    least =
                        Some(least.map_or(catches.in_play.len(), |l| l.min(catches.in_play.len())));
                    if let Some(one) = &entry.one_frame {
                        // Issue 47: one frame by the misreading's nature.
                        match catches.holds_one_frame_bar(&one.frame) {
                            Ok(()) => (
                                format!(
                                    "  (one frame by its nature, {}: {})",
                                    one.frame, one.reason
                                ),
                                false,
                            ),
                            Err(problem) => (format!("  <- {problem}"), true),
                        }
                    } else if catches.holds_bar() {
                        (String::new(), false)
                    } else {
                        (
                            format!("  <- below {MIN_IN_PLAY} in play in {MIN_FRAMES} frames"),
                            true,
                        )
                    }
                }
            };
            weak += usize::from(below);
            let name = if n == 0 {
                entry.id.clone()
            } else {
                format!("  {}", entry.id)
            };
            println!(
                "{name:<32} {:>7} {:>6} {:>5}  {kind:<17} {from:<16} {}{mark}",
                catches.in_play.len(),
                frames.len(),
                catches.all.len(),
                clauses_of(&entry.id),
            );
            if verbose {
                println!(
                    "    frames: {}",
                    frames.iter().cloned().collect::<Vec<_>>().join(", ")
                );
                for id in &catches.all {
                    match catches.in_play.get(id) {
                        Some(frames) => println!(
                            "    {id} (in play: {})",
                            frames.iter().cloned().collect::<Vec<_>>().join(", ")
                        ),
                        None => println!("    {id} (not in play)"),
                    }
                }
            }
        }
    }
    let codings = catalogue.misreadings.len();
    let readings = catalogue.first_codings().count();
    let rechecked = catalogue
        .rejected
        .iter()
        .filter(|r| r.search.is_some())
        .count();
    let claims = catalogue
        .rejected
        .iter()
        .filter(|r| r.claims_geometry() || r.search.is_some())
        .count();
    println!(
        "{}: {readings} misreadings in {codings} codings ({} rejected, {rechecked} of {claims} geometry claims rechecked by search), fewest in-play catches {} ({held_to_total} held to the bar in total by a finding), {weak} below the bar of {MIN_IN_PLAY} in play in {MIN_FRAMES} frames",
        regelwerk::variant::info(variant).title,
        catalogue.rejected.len(),
        least.unwrap_or(0),
    );
    Ok(if weak == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}

/// For each finding ID, the scenarios of `variant` that name it.
fn findings_named(
    root: &std::path::Path,
    variant: VariantId,
) -> Result<std::collections::BTreeMap<String, Vec<String>>> {
    let dir = root.join("spec").join(variant.name());
    let spec = Spec::load(&dir).with_context(|| format!("loading {}", dir.display()))?;
    let files =
        regelwerk::scenario::collect_all_files(&[root.join("scenarios").join(variant.name())])?;
    let mut naming: std::collections::BTreeMap<String, Vec<String>> = Default::default();
    for file in &files {
        if !regelwerk::suite::is_scenario_file(file) {
            continue;
        }
        let loaded = regelwerk::scenario::load_file(file, Some(&spec))
            .map_err(|error| anyhow::anyhow!("{error}"))?;
        let (id, findings) = (loaded.scenario.id, loaded.scenario.findings);
        for finding in findings {
            naming.entry(finding).or_default().push(id.clone());
        }
    }
    Ok(naming)
}

pub(super) fn spec_sync(only: Option<VariantId>) -> Result<ExitCode> {
    let root = repo_root();
    for variant in VariantId::ALL
        .into_iter()
        .filter(|variant| only.is_none_or(|only| only == *variant))
    {
        sync_findings(&root, variant)?;
    }
    Ok(ExitCode::SUCCESS)
}

/// Rewrites the `scenarios:` lists of `spec/<variant>/findings.yaml`.
fn sync_findings(root: &std::path::Path, variant: VariantId) -> Result<()> {
    let naming = findings_named(root, variant)?;
    let path = root.join("spec").join(variant.name()).join("findings.yaml");
    let text = regelwerk::input::read_to_string(&path)
        .with_context(|| format!("reading {}", path.display()))?;
    let mut current = String::new();
    let mut out = String::new();
    for line in text.lines() {
        if let Some(id) = line.trim_start().strip_prefix("- id: ") {
            current = id.trim().to_string();
        }
        if line.starts_with("    scenarios:") {
            let mut ids = naming.get(&current).cloned().unwrap_or_default();
            ids.sort();
            out.push_str(&format!("    scenarios: [{}]\n", ids.join(", ")));
        } else {
            out.push_str(line);
            out.push('\n');
        }
    }
    if out == text {
        println!(
            "spec/{variant}/findings.yaml: unchanged (the scenario lists of {} findings are up to date)",
            naming.len()
        );
        return Ok(());
    }
    let changed = text
        .lines()
        .zip(out.lines())
        .filter(|(before, after)| before != after)
        .count();
    std::fs::write(&path, &out).with_context(|| format!("writing {}", path.display()))?;
    println!("spec/{variant}/findings.yaml: {changed} scenario list(s) updated");
    Ok(())
}
