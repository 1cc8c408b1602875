//! `--shard I/N` and `--output FILE.jsonl` of `check` and `perft`, and
//! `regelwerk merge` (docs/scale.md): the shards' units put back in order
//! give the report of a single run.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::{Context, Result};
use serde_json::json;

use regelwerk::scenario::results::{CaseResult, SuiteReport};
use regelwerk::shard::{merge, Begin, Merged, ResultsWriter, Shard};
use regelwerk::spec::Spec;
use regelwerk::variant::{Game, VariantId};

use super::exit::Exit;
use super::{repo_root, ReportFormat};

/// A shard of perft: the campaign's units are the move sequences of the
/// split depth (the root moves, or, when there are fewer than four per
/// shard, the two- or three-move sequences: a deeper split for big
/// campaigns), in move order; this shard counts the ones it takes and
/// writes them to `output`, and prints its sum.
pub(super) fn perft_shard(
    game: &dyn Game,
    depth: u32,
    shard: Shard,
    output: Option<&Path>,
    begin: Begin,
) -> Result<ExitCode> {
    if depth == 0 {
        anyhow::bail!("--shard splits perft by root moves: give a depth of at least 1");
    }
    let wanted = 4 * u64::from(shard.count);
    let mut split = 1;
    while split < 3 && split < depth.saturating_sub(1) && game.perft(split) < wanted {
        split += 1;
    }
    let campaign = json!({
        "variant": game.variant(),
        "position": game.position_text(),
        "depth": depth,
        "split_depth": split,
    });
    let mut writer = match output {
        Some(path) => Some(ResultsWriter::begin(
            path,
            "perft",
            campaign,
            shard,
            begin,
            &[],
        )?),
        None => None,
    };
    let mut walk = Split {
        shard,
        rest: depth - split,
        next: 0,
        taken: 0,
        total: 0,
        writer: writer.as_mut(),
    };
    walk.visit(game, &mut Vec::new(), split)?;
    let (taken, total, units) = (walk.taken, walk.total, walk.next);
    if let Some(writer) = writer {
        writer.finish()?;
    }
    println!(
        "perft {depth} shard {shard}: {taken} of {units} {split}-move sequences, {total} nodes"
    );
    Ok(Exit::Ok.code())
}

/// The walk over the move sequences of the split depth.
struct Split<'a> {
    shard: Shard,
    /// Plies left below a sequence.
    rest: u32,
    /// The next sequence's index.
    next: usize,
    taken: usize,
    total: u64,
    writer: Option<&'a mut ResultsWriter>,
}

impl Split<'_> {
    fn visit(&mut self, game: &dyn Game, moves: &mut Vec<String>, left: u32) -> Result<()> {
        if left == 0 {
            let index = self.next;
            self.next += 1;
            let done = self
                .writer
                .as_ref()
                .is_some_and(|writer| writer.is_done(index));
            if self.shard.takes(index) && !done {
                let nodes = game.perft(self.rest);
                self.taken += 1;
                self.total = self.total.saturating_add(nodes);
                if let Some(writer) = self.writer.as_mut() {
                    writer.unit(index, json!({"moves": moves, "nodes": nodes}))?;
                }
            }
            return Ok(());
        }
        for mv in game.legal_moves() {
            let mut child = game.boxed_clone();
            if child.play(&mv).is_ok() {
                moves.push(mv);
                self.visit(child.as_ref(), moves, left - 1)?;
                moves.pop();
            }
        }
        Ok(())
    }
}

/// `regelwerk merge FILES`: the report of the whole campaign.
pub(super) fn merge_command(files: &[PathBuf], format: ReportFormat) -> Result<ExitCode> {
    let merged = merge(files).map_err(anyhow::Error::msg)?;
    eprintln!(
        "merge: {} shards of `{}`, {} units",
        merged.count,
        merged.command,
        merged.units.len()
    );
    match merged.command.as_str() {
        "check" => merge_check(&merged, format),
        "perft" => merge_perft(&merged, format),
        "fuzz" => merge_fuzz(&merged, format),
        "conform" => merge_conform(&merged, format),
        other => anyhow::bail!(
            "cannot merge `{other}` shards (check, conform, perft and fuzz can be merged)"
        ),
    }
}

fn merge_check(merged: &Merged, format: ReportFormat) -> Result<ExitCode> {
    let cases = merged
        .units
        .iter()
        .map(|(_, unit)| serde_json::from_value::<CaseResult>(unit.clone()))
        .collect::<Result<Vec<_>, _>>()
        .context("reading a check unit")?;
    let mut report = SuiteReport { cases };
    regelwerk::scenario::results::mark_duplicate_ids(&mut report.cases);
    let variants: Vec<VariantId> = match merged.campaign["variant"].as_str() {
        Some(name) => vec![name.parse().map_err(anyhow::Error::msg)?],
        None => VariantId::ALL.to_vec(),
    };
    let spec_root = match merged.campaign["spec"].as_str() {
        Some(root) => PathBuf::from(root),
        None => repo_root().join("spec"),
    };
    let specs = variants
        .iter()
        .map(|variant| Spec::load(&spec_root.join(variant.name())).context("loading the spec"))
        .collect::<Result<Vec<Spec>>>()?;
    let spec = match specs.as_slice() {
        [one] => one.clone(),
        several => Spec::merged(several),
    };
    super::check::print_check_report(&report, &spec, merged.seconds, format, false)?;
    Ok(if report.all_passed() {
        Exit::Ok.code()
    } else {
        Exit::Failed.code()
    })
}

fn merge_perft(merged: &Merged, format: ReportFormat) -> Result<ExitCode> {
    let mut nodes: u64 = 0;
    for ((_, unit), (path, line)) in merged.units.iter().zip(&merged.sources) {
        let count = unit["nodes"].as_u64().ok_or_else(|| {
            anyhow::anyhow!(
                "{}:{line}: the unit's \"nodes\" is {}: expected a whole number from 0 to {}",
                path.display(),
                unit["nodes"],
                u64::MAX
            )
        })?;
        nodes = nodes.checked_add(count).ok_or_else(|| {
            anyhow::anyhow!(
                "{}:{line}: the node counts added up pass {} (the largest count a results file holds): a unit's count is wrong",
                path.display(),
                u64::MAX
            )
        })?;
    }
    let depth = &merged.campaign["depth"];
    match format {
        ReportFormat::Text => println!("perft {depth} {nodes}"),
        ReportFormat::Json | ReportFormat::Junit => println!(
            "{}",
            json!({
                "variant": merged.campaign["variant"],
                "position": merged.campaign["position"],
                "depth": depth,
                "nodes": nodes,
            })
        ),
    }
    Ok(Exit::Ok.code())
}

fn merge_fuzz(merged: &Merged, format: ReportFormat) -> Result<ExitCode> {
    let variant: VariantId = merged.campaign["variant"]
        .as_str()
        .unwrap_or_default()
        .parse()
        .map_err(anyhow::Error::msg)?;
    let violations: Vec<String> = merged
        .units
        .iter()
        .filter_map(|(index, unit)| {
            if let Some(divergence) = unit["divergence"].as_str() {
                return Some(format!("game {index} (seed {}) {divergence}", unit["seed"]));
            }
            let violation = unit["violation"].as_str()?;
            Some(format!(
                "game {index} (seed {}) broke {violation}",
                unit["seed"]
            ))
        })
        .collect();
    if !violations.is_empty() {
        for line in &violations {
            println!("{line}");
        }
        println!(
            "fuzz: {} violations; each shard wrote its scenario (fuzz --out)",
            violations.len()
        );
        return Ok(Exit::Failed.code());
    }
    let plies: usize = merged
        .units
        .iter()
        .map(|(_, unit)| unit["plies"].as_u64().unwrap_or(0) as usize)
        .sum();
    let finished = merged
        .units
        .iter()
        .filter(|(_, unit)| unit["finished"].as_bool() == Some(true))
        .count() as u64;
    let format = match format {
        ReportFormat::Text => super::Format::Text,
        ReportFormat::Json | ReportFormat::Junit => super::Format::Json,
    };
    if !merged.campaign["engine"].is_null() {
        // A differential campaign (`fuzz --engine`): its agreement summary.
        let mut classified: std::collections::BTreeMap<String, (u64, usize)> = Default::default();
        for (_, unit) in &merged.units {
            if let Some(finding) = unit["known"].as_str() {
                let entry = classified.entry(finding.to_string()).or_default();
                entry.0 += 1;
                entry.1 += unit["plies"].as_u64().unwrap_or(0) as usize;
            }
        }
        super::fuzz::print_agreement(
            variant,
            merged.units.len() as u64,
            plies,
            merged.seconds,
            format,
            &classified,
        );
        return Ok(Exit::Ok.code());
    }
    super::fuzz::print_games(
        variant,
        merged.units.len() as u64,
        plies,
        finished,
        merged.seconds,
        format,
    );
    Ok(Exit::Ok.code())
}

fn merge_conform(merged: &Merged, format: ReportFormat) -> Result<ExitCode> {
    use regelwerk::conform::{CaseVerdict, ConformReport};
    let report = ConformReport {
        variant: campaign_field(merged, "variant").context("the campaign's variant")?,
        engine: campaign_field(merged, "engine").context("the campaign's engine")?,
        protocol: campaign_field(merged, "protocol").context("the campaign's protocol")?,
        suite_revision: campaign_field(merged, "suite_revision")
            .context("the campaign's suite revision")?,
        command: campaign_field(merged, "command").context("the campaign's command")?,
        uci: campaign_field(merged, "uci").context("the campaign's route")?,
        restarts: merged.totals.get("restarts").copied().unwrap_or(0) as usize,
        readings: campaign_field(merged, "readings").unwrap_or_default(),
        cases: merged
            .units
            .iter()
            .map(|(_, unit)| serde_json::from_value::<CaseVerdict>(unit.clone()))
            .collect::<Result<Vec<_>, _>>()
            .context("reading a conform unit")?,
    };
    use regelwerk::conform::output;
    let text = match format {
        ReportFormat::Text => output::text(&report),
        ReportFormat::Json => serde_json::to_string_pretty(&report)? + "\n",
        ReportFormat::Junit => output::junit(&report),
    };
    print!("{text}");
    Ok(super::conform::conform_exit(&report, false))
}

/// One field of the campaign identity, typed.
fn campaign_field<T: serde::de::DeserializeOwned>(
    merged: &Merged,
    name: &str,
) -> serde_json::Result<T> {
    serde_json::from_value(merged.campaign[name].clone())
}
