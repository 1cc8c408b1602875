//! `render`, `figures`, `report --html` and `rulings diff`: the pictures and
//! the site for the rules committee.

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

use anyhow::{bail, Context, Result};

use regelwerk::notation::parse_position;
use regelwerk::party::Party;
use regelwerk::position::Position;
use regelwerk::render::{ArrowKind, CellNumbers, Diagram};
use regelwerk::report::diff::{diff_alternative, DiffInput};
use regelwerk::report::html::{write_site, SiteOptions};
use regelwerk::report::labels::Lang;
use regelwerk::spec::Spec;
use regelwerk::{Cell, Move, Ruleset};

use super::repo_root;

/// Arguments of `regelwerk render`.
#[derive(clap::Args, Debug)]
pub(super) struct RenderArgs {
    /// A position in the one-line notation; default: the Anhang A start.
    #[arg(long, conflicts_with = "scenario")]
    position: Option<String>,
    /// Draw the starting position of this scenario file, with the arrow of its first move.
    #[arg(long)]
    scenario: Option<PathBuf>,
    /// Put dots on the legal targets of the piece on this cell.
    #[arg(long, value_name = "CELL")]
    moves_of: Option<u16>,
    /// An arrow for a move, e.g. 16-28 (repeatable).
    #[arg(long = "arrow", value_name = "MOVE")]
    arrows: Vec<String>,
    /// The seat drawn at the bottom (default: Lila, the reference view with Blau at the top).
    #[arg(long, value_name = "PARTY")]
    seat_at_bottom: Option<String>,
    /// Leave the cell numbers out.
    #[arg(long)]
    no_numbers: bool,
    /// Shade this party's start triangle (repeatable).
    #[arg(long = "shade-start", value_name = "PARTY")]
    shade_start: Vec<String>,
    /// Shade the promotion zone of this party's pawns (repeatable).
    #[arg(long = "shade-promotion", value_name = "PARTY")]
    shade_promotion: Vec<String>,
    /// A ruling setting ID=key (repeatable) for legal moves and checks.
    #[arg(long = "ruling", value_name = "ID=KEY")]
    rulings: Vec<String>,
    /// The SVG file to write (`-` for stdout).
    #[arg(long, short)]
    output: PathBuf,
}

/// `regelwerk render`.
pub(super) fn render(args: RenderArgs) -> Result<ExitCode> {
    let mut rules = Ruleset::from_settings(&args.rulings).context("reading --ruling")?;
    let mut diagram = Diagram::new();
    let position = if let Some(path) = &args.scenario {
        let root = repo_root();
        let spec = Spec::load(&root.join("spec/monarchie")).context("loading the spec")?;
        let loaded = regelwerk::scenario::load_file(path, Some(&spec))
            .map_err(|error| anyhow::anyhow!("{error}"))
            .with_context(|| format!("reading --scenario {}", path.display()))?;
        for setting in &loaded.scenario.ruleset {
            rules.set(setting).context("the scenario's ruleset")?;
        }
        if let Some(mv) = regelwerk::report::html::first_move(&loaded.scenario) {
            diagram = diagram.with_arrow(mv.from, mv.to, ArrowKind::Move);
        }
        diagram = diagram.with_caption(loaded.scenario.id.clone());
        loaded
            .monarchie()
            .map(|(position, _)| position)
            .with_context(|| {
                format!(
                    "--scenario {}: render draws MONARCHIE scenarios",
                    path.display()
                )
            })?
    } else {
        match &args.position {
            Some(text) => parse_position(text).context("reading --position")?,
            None => Position::start(),
        }
    };
    for text in &args.arrows {
        let mv: Move = text
            .parse()
            .with_context(|| format!("reading --arrow '{text}'"))?;
        diagram = diagram.with_arrow(mv.from, mv.to, ArrowKind::Move);
    }
    if let Some(number) = args.moves_of {
        let cell = Cell::try_from(number).context("reading --moves-of")?;
        diagram = diagram.with_moves_of(&position, cell, &rules);
    }
    if let Some(name) = &args.seat_at_bottom {
        let party: Party = name.parse().context("reading --seat-at-bottom")?;
        diagram = diagram.with_seat_at_bottom(party);
    }
    for name in &args.shade_start {
        let party: Party = name.parse().context("reading --shade-start")?;
        diagram = diagram.with_start_triangle(party);
    }
    for name in &args.shade_promotion {
        let party: Party = name.parse().context("reading --shade-promotion")?;
        diagram = diagram.with_promotion_zone(party, &rules);
    }
    if args.no_numbers {
        diagram = diagram.with_numbers(CellNumbers::Hidden);
    }
    let svg = diagram
        .with_checks(&position, &rules)
        .render(Some(&position));
    write_output(&args.output, &svg)?;
    Ok(ExitCode::SUCCESS)
}

fn write_output(path: &Path, text: &str) -> Result<()> {
    if path == Path::new("-") {
        print!("{text}");
        return Ok(());
    }
    regelwerk::render::write_file(path, text)?;
    eprintln!("wrote {}", path.display());
    Ok(())
}

/// `regelwerk figures -o DIR`.
pub(super) fn figures(output: &Path) -> Result<ExitCode> {
    let figures = regelwerk::render::write_figures(output)?;
    for figure in &figures {
        println!("{}  {}", figure.file, figure.caption);
    }
    eprintln!(
        "{} figures and index.html in {}",
        figures.len(),
        output.display()
    );
    Ok(ExitCode::SUCCESS)
}

/// `regelwerk report --html DIR`.
pub(super) fn report(html: &Path, lang: &str, perft_depth: u32) -> Result<ExitCode> {
    let lang: Lang = lang.parse().context("reading --lang")?;
    let root = repo_root();
    let input = load_input(&root)?;
    let started = Instant::now();
    let summary = write_site(
        html,
        &input,
        &SiteOptions {
            lang,
            perft_depth,
            repo_root: root,
        },
    )?;
    eprintln!(
        "report: {} pages, {} diagrams in {} ({:.1} s)",
        summary.pages,
        summary.diagrams,
        html.display(),
        started.elapsed().as_secs_f64()
    );
    Ok(ExitCode::SUCCESS)
}

/// `regelwerk rulings diff ID=KEY`.
pub(super) fn rulings_diff(setting: &str, perft_depth: u32) -> Result<ExitCode> {
    if !Ruleset::all_alternatives().iter().any(|s| s == setting) {
        Ruleset::from_settings(&[setting]).context("reading the ruling setting")?;
        bail!(
            "'{setting}' is not an alternative; choose one of: {}",
            Ruleset::all_alternatives().join(", ")
        );
    }
    let input = load_input(&repo_root())?;
    let diff = diff_alternative(&input, setting, perft_depth)?;
    print!("{}", diff.to_text());
    Ok(ExitCode::SUCCESS)
}

fn load_input(root: &Path) -> Result<DiffInput> {
    DiffInput::load(root).context("loading the spec, the scenarios and the perft corpus")
}

/// Subcommands of `regelwerk rulings`.
#[derive(clap::Subcommand, Debug)]
pub(super) enum RulingsCommand {
    /// Play every ruling alternative against the suite and list the scenarios it changes.
    Audit {
        /// Add missing ruling IDs to the `rulings` of the scenarios that depend on them.
        #[arg(long)]
        fix: bool,
    },
    /// Play every misreading of spec/monarchie/misreadings.yaml against the suite and count the scenarios that catch each.
    Misreadings {
        /// List the catching scenarios of each misreading.
        #[arg(long)]
        verbose: bool,
    },
    /// What one ruling alternative changes: scenario outcomes (before and after) and perft counts.
    Diff {
        /// The alternative, e.g. R-KING-DEAD=capture.
        #[arg(value_name = "ID=KEY")]
        setting: String,
        /// perft depth of the comparison (1..=depth).
        #[arg(long, default_value_t = regelwerk::report::diff::DEFAULT_PERFT_DEPTH)]
        perft_depth: u32,
    },
}

/// `regelwerk rulings ...`.
pub(super) fn rulings(command: RulingsCommand) -> Result<ExitCode> {
    match command {
        RulingsCommand::Audit { fix } => super::maintain::rulings_audit(fix),
        RulingsCommand::Misreadings { verbose } => super::maintain::misreadings_audit(verbose),
        RulingsCommand::Diff {
            setting,
            perft_depth,
        } => rulings_diff(&setting, perft_depth),
    }
}
