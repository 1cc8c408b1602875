//! `render`, `figures`, `report --html` and `rulings diff`: the pictures and
//! the site for the rules committee.

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

use anyhow::{bail, Context, Result};

use regelwerk::report::diff::{diff_alternative, DiffInput};
use regelwerk::report::html::{write_site, SiteOptions};
use regelwerk::report::labels::Lang;
use regelwerk::spec::Spec;
use regelwerk::variant::monarchie::diagram::{scenario, ArrowKind, CellNumbers, Diagram};
use regelwerk::variant::monarchie::notation::parse_position;
use regelwerk::variant::monarchie::party::Party;
use regelwerk::variant::monarchie::position::Position;
use regelwerk::variant::monarchie::{Cell, Move, Ruleset};

use super::repo_root;

/// Arguments of `regelwerk render`.
#[derive(clap::Args, Debug)]
pub(super) struct RenderArgs {
    /// The rule system.
    #[arg(long, value_enum, default_value_t = regelwerk::variant::VariantId::default())]
    variant: regelwerk::variant::VariantId,
    /// A position in the variant's notation (MONARCHIE's one-line notation, a FEN for grand, racingkings and sovereign); default: the variant's start.
    #[arg(long, conflicts_with = "scenario")]
    position: Option<String>,
    /// Draw the starting position of this scenario file, with the arrow of its first move.
    #[arg(long)]
    scenario: Option<PathBuf>,
    /// Put dots on the legal targets of the piece on this cell or square.
    #[arg(long, value_name = "SQUARE")]
    moves_of: Option<String>,
    /// An arrow for a move, e.g. 16-28 or e2e4 (repeatable).
    #[arg(long = "arrow", value_name = "MOVE")]
    arrows: Vec<String>,
    /// The party drawn at the bottom (MONARCHIE default: Lila, the reference view with Blau at the top; chess: white).
    #[arg(long, value_name = "PARTY", alias = "bottom")]
    seat_at_bottom: Option<String>,
    /// Leave the cell numbers out.
    #[arg(long)]
    no_numbers: bool,
    /// Shade this party's start triangle (repeatable; MONARCHIE only).
    #[arg(long = "shade-start", value_name = "PARTY")]
    shade_start: Vec<String>,
    /// Shade the promotion zone of this party's pawns (repeatable; MONARCHIE only).
    #[arg(long = "shade-promotion", value_name = "PARTY")]
    shade_promotion: Vec<String>,
    /// A ruling setting ID=key (repeatable) for legal moves and checks.
    #[arg(long = "ruling", value_name = "ID=KEY")]
    rulings: Vec<String>,
    /// The SVG file to write (`-` for stdout).
    #[arg(long, short)]
    output: PathBuf,
}

/// `regelwerk render` for a variant other than MONARCHIE: its game
/// through the one renderer.
fn render_other(args: &RenderArgs) -> Result<ExitCode> {
    use regelwerk::render::{render_game, GameDiagram};
    if !args.shade_start.is_empty() || !args.shade_promotion.is_empty() {
        bail!("--shade-start and --shade-promotion draw MONARCHIE's triangles and zones");
    }
    let (game, caption, arrows) = if let Some(path) = &args.scenario {
        let loaded =
            regelwerk::scenario::suite_loop::load_with_specs(path, &mut Default::default())
                .map_err(|error| anyhow::anyhow!("{error}"))
                .with_context(|| format!("reading --scenario {}", path.display()))?;
        let game = loaded.open().map_err(|message| anyhow::anyhow!(message))?;
        let first = loaded
            .scenario
            .steps
            .iter()
            .filter_map(|step| step.action().map(str::to_string))
            .find(|play| game.move_squares(play).is_some());
        (
            game,
            Some(loaded.scenario.id.clone()),
            first.into_iter().collect(),
        )
    } else {
        let game = regelwerk::variant::open(args.variant, args.position.as_deref(), &args.rulings)
            .map_err(|message| anyhow::anyhow!("reading --position: {message}"))?;
        (game, None, Vec::new())
    };
    let mut arrows: Vec<String> = arrows;
    arrows.extend(args.arrows.iter().cloned());
    if let Some(party) = &args.seat_at_bottom {
        if game.info().party(party).is_none() {
            bail!(
                "--seat-at-bottom {party}: expected one of {}",
                game.info().party_keys()
            );
        }
    }
    let diagram = GameDiagram {
        bottom: args.seat_at_bottom.clone(),
        arrows,
        moves_of: args.moves_of.clone(),
        no_labels: args.no_numbers,
        caption,
        ..GameDiagram::default()
    };
    let svg = render_game(game.as_ref(), &diagram).map_err(|message| anyhow::anyhow!(message))?;
    write_output(&args.output, &svg)?;
    Ok(ExitCode::SUCCESS)
}

/// `regelwerk render`.
pub(super) fn render(args: RenderArgs) -> Result<ExitCode> {
    super::exit::check_output_parent(&args.output, "-o")?;
    let scenario_variant = args.scenario.as_ref().and_then(|path| {
        regelwerk::input::read_to_string(path)
            .ok()
            .map(|text| regelwerk::scenario::suite_loop::declared_variant(&text))
    });
    if args.variant != regelwerk::variant::VariantId::Monarchie
        || scenario_variant.is_some_and(|v| v != regelwerk::variant::VariantId::Monarchie)
    {
        return render_other(&args);
    }
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
        if let Some(mv) = scenario::first_move(
            loaded
                .scenario
                .steps
                .iter()
                .filter_map(|step| step.action()),
        ) {
            diagram = diagram.with_arrow(mv.from, mv.to, ArrowKind::Move);
        }
        diagram = diagram.with_caption(loaded.scenario.id.clone());
        (loaded.scenario.variant == regelwerk::variant::VariantId::Monarchie
            && !loaded.scenario.position.invalid)
            .then(|| scenario::start(&loaded.start, &loaded.scenario.ruleset))
            .flatten()
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
    if let Some(text) = &args.moves_of {
        let cell: Cell = text.parse().context("reading --moves-of")?;
        if position.piece_at(cell).is_none() {
            bail!("--moves-of {text}: the cell is empty, so there are no moves to show");
        }
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
    use regelwerk::output::{may_replace, Look, Writes};
    may_replace(path, Writes::View(Look::Svg))?;
    regelwerk::render::write_file(path, text)?;
    eprintln!("wrote {}", path.display());
    Ok(())
}

/// `regelwerk figures -o DIR [--variant V]`.
pub(super) fn figures(output: &Path, variant: regelwerk::variant::VariantId) -> Result<ExitCode> {
    let figures = regelwerk::render::write_variant_figures(output, variant)?;
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
pub(super) fn report(
    html: &Path,
    lang: &str,
    perft_depth: u32,
    variant: Option<regelwerk::variant::VariantId>,
) -> Result<ExitCode> {
    let lang: Lang = lang.parse().context("reading --lang")?;
    let root = repo_root();
    let variants = match variant {
        Some(variant) => vec![variant],
        None => regelwerk::variant::VariantId::ALL.to_vec(),
    };
    let started = Instant::now();
    let mut inputs = Vec::new();
    for variant in variants {
        inputs.push(
            DiffInput::load_variant(&root, variant)
                .with_context(|| format!("loading the {variant} spec and scenarios"))?,
        );
    }
    for input in &inputs {
        let rulesets = 1 + regelwerk::variant::alternatives(input.variant).len();
        regelwerk::report::diff::check_perft_budget(input, perft_depth, rulesets)
            .map_err(anyhow::Error::msg)?;
    }
    let mut progress = |what: &str| {
        eprintln!("report: {what} ({:.1} s)", started.elapsed().as_secs_f64());
    };
    let summary = write_site(
        html,
        &inputs,
        &SiteOptions {
            lang,
            perft_depth,
            repo_root: root,
        },
        &mut progress,
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

/// `regelwerk rulings diff ID=KEY` for `variant`.
pub(super) fn rulings_diff(
    variant: regelwerk::variant::VariantId,
    setting: &str,
    perft_depth: u32,
) -> Result<ExitCode> {
    let alternatives = regelwerk::variant::alternatives(variant);
    if alternatives.is_empty() {
        return Err(super::maintain::no_alternatives(variant));
    }
    if !alternatives.iter().any(|s| s == setting) {
        regelwerk::variant::open(variant, None, &[setting.to_string()])
            .map_err(|message| anyhow::anyhow!("reading the ruling setting: {message}"))?;
        bail!(
            "'{setting}' is not an alternative of {variant}; choose one of: {}",
            alternatives.join(", ")
        );
    }
    let input = DiffInput::load_variant(&repo_root(), variant)
        .context("loading the spec, the scenarios and the perft corpus")?;
    regelwerk::report::diff::check_perft_budget(&input, perft_depth, 2)
        .map_err(anyhow::Error::msg)?;
    let diff = diff_alternative(&input, setting, perft_depth)?;
    print!("{}", diff.to_text());
    Ok(ExitCode::SUCCESS)
}

/// Subcommands of `regelwerk rulings`.
#[derive(clap::Subcommand, Debug)]
pub(super) enum RulingsCommand {
    /// Play every ruling alternative against the variant's suite and list the scenarios whose pinned expectations it changes.
    Audit {
        /// Add missing ruling IDs to the `rulings` of the scenarios that depend on them.
        #[arg(long)]
        fix: bool,
    },
    /// Play every misreading of spec/<variant>/misreadings.yaml against the variant's suite and count the scenarios that catch each.
    Misreadings {
        /// List the catching scenarios of each misreading.
        #[arg(long)]
        verbose: bool,
        /// Print the coverage table (sentences, misreadings kept, rejected) instead of playing the suite.
        #[arg(long)]
        coverage: bool,
        /// Write the coverage table to docs/misreadings/<variant>.md.
        #[arg(long)]
        write: bool,
    },
    /// What one ruling alternative changes: scenario outcomes (before and after) and perft counts.
    Diff {
        /// The alternative, e.g. R-KING-DEAD=capture.
        #[arg(value_name = "ID=KEY")]
        setting: String,
        /// perft depth of the comparison (1..=depth; 1 to 64, within perft's default node budget).
        #[arg(long, default_value_t = regelwerk::report::diff::DEFAULT_PERFT_DEPTH, value_parser = regelwerk::input::whole(1u32, 64))]
        perft_depth: u32,
    },
}

/// `regelwerk rulings ...`: the same three tools for every variant; a
/// variant without switchable rulings (or without misreadings) gets one
/// usage error.
pub(super) fn rulings(
    command: RulingsCommand,
    variant: regelwerk::variant::VariantId,
) -> Result<ExitCode> {
    match command {
        RulingsCommand::Audit { fix } => super::maintain::rulings_audit(variant, fix),
        RulingsCommand::Misreadings {
            verbose,
            coverage,
            write,
        } => super::maintain::misreadings_audit(variant, verbose, coverage, write),
        RulingsCommand::Diff {
            setting,
            perft_depth,
        } => rulings_diff(variant, &setting, perft_depth),
    }
}
