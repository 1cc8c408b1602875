//! Subcommands of the `regelwerk` binary.

use std::process::ExitCode;
use std::time::Instant;

use anyhow::{Context, Result};
use clap::{Parser, Subcommand, ValueEnum};

use regelwerk::notation::{parse_position, to_notation};
use regelwerk::perft::{divide, perft};
use regelwerk::position::Position;
use regelwerk::rules::{self, legal_moves, legal_moves_from};
use regelwerk::{Action, Cell, Ruleset};

/// regelwerk: the MONARCHIE rules oracle.
#[derive(Parser, Debug)]
#[command(name = "regelwerk", version, about)]
pub struct Cli {
    #[command(subcommand)]
    command: Command,
}

/// Output format of commands with machine-readable output.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// Human-readable text.
    Text,
    /// One JSON document.
    Json,
}

#[derive(clap::Args, Debug, Clone)]
struct PositionArgs {
    /// A position in the one-line notation (docs/notation.md); default: the Anhang A start.
    #[arg(long)]
    position: Option<String>,
    /// A ruling setting ID=key (repeatable), e.g. --ruling R-KING-DEAD=capture.
    #[arg(long = "ruling", value_name = "ID=KEY")]
    rulings: Vec<String>,
}

impl PositionArgs {
    fn load(&self) -> Result<(Position, Ruleset)> {
        let position = match &self.position {
            Some(text) => parse_position(text).context("reading --position")?,
            None => Position::start(),
        };
        let rules = Ruleset::from_settings(&self.rulings).context("reading --ruling")?;
        Ok((position, rules))
    }
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Count the leaves of the legal-move tree (perft), optionally per first move.
    Perft {
        /// Depth in plies.
        depth: u32,
        #[command(flatten)]
        position: PositionArgs,
        /// Print the count below each first move.
        #[arg(long)]
        divide: bool,
        /// Output format.
        #[arg(long, value_enum, default_value_t = Format::Text)]
        format: Format,
    },
    /// List the legal moves of the party to move (or of one cell).
    Moves {
        #[command(flatten)]
        position: PositionArgs,
        /// Only the moves of the piece on this cell.
        #[arg(long)]
        cell: Option<u16>,
        /// Output format.
        #[arg(long, value_enum, default_value_t = Format::Text)]
        format: Format,
    },
    /// Apply actions (`16-28`, `5x150`, `200-230=Q`, `16-28@12`, `timeout`) and print each outcome.
    Apply {
        #[command(flatten)]
        position: PositionArgs,
        /// The actions, in order.
        actions: Vec<String>,
        /// Output format.
        #[arg(long, value_enum, default_value_t = Format::Text)]
        format: Format,
    },
}

/// Runs one command.
///
/// # Errors
/// Any input problem, with context.
pub fn run(cli: Cli) -> Result<ExitCode> {
    match cli.command {
        Command::Perft {
            depth,
            position,
            divide: split,
            format,
        } => {
            let (position, rules) = position.load()?;
            let started = Instant::now();
            let (total, rows) = if split {
                let rows = divide(&position, depth, &rules);
                (rows.iter().map(|(_, n)| n).sum(), rows)
            } else {
                (perft(&position, depth, &rules), Vec::new())
            };
            let seconds = started.elapsed().as_secs_f64();
            match format {
                Format::Text => {
                    for (mv, count) in &rows {
                        println!("{} {count}", position_move_text(&position, *mv));
                    }
                    if split {
                        println!();
                    }
                    println!("perft {depth} {total}");
                    eprintln!(
                        "{:.3} s, {:.0} nodes/s",
                        seconds,
                        total as f64 / seconds.max(1e-9)
                    );
                }
                Format::Json => {
                    let divide: Vec<_> = rows
                        .iter()
                        .map(|(mv, n)| serde_json::json!({"move": mv.to_string(), "nodes": n}))
                        .collect();
                    println!(
                        "{}",
                        serde_json::json!({
                            "position": to_notation(&position),
                            "depth": depth,
                            "nodes": total,
                            "divide": divide,
                            "seconds": seconds,
                        })
                    );
                }
            }
            Ok(ExitCode::SUCCESS)
        }
        Command::Moves {
            position,
            cell,
            format,
        } => {
            let (position, rules) = position.load()?;
            let moves = match cell {
                Some(number) => {
                    let cell = Cell::try_from(number).context("reading --cell")?;
                    legal_moves_from(&position, cell, &rules)
                        .into_iter()
                        .filter(|mv| {
                            Some(position.piece_at(mv.from).map(|p| p.party))
                                == Some(position.to_move())
                        })
                        .collect()
                }
                None => legal_moves(&position, &rules),
            };
            let texts: Vec<String> = moves
                .iter()
                .map(|&mv| position_move_text(&position, mv))
                .collect();
            match format {
                Format::Text => {
                    for text in &texts {
                        println!("{text}");
                    }
                    eprintln!("{} legal moves", texts.len());
                }
                Format::Json => println!("{}", serde_json::json!({ "moves": texts })),
            }
            Ok(ExitCode::SUCCESS)
        }
        Command::Apply {
            position,
            actions,
            format,
        } => {
            let (mut position, rules) = position.load()?;
            for (index, text) in actions.iter().enumerate() {
                let action: Action = text
                    .parse()
                    .with_context(|| format!("reading action {} '{text}'", index + 1))?;
                let outcome = rules::apply(&mut position, action, &rules).map_err(|illegal| {
                    anyhow::anyhow!(
                        "action {} '{text}' is illegal ({}): {illegal}",
                        index + 1,
                        illegal.code()
                    )
                })?;
                match format {
                    Format::Text => println!("{text}: {}", serde_json::to_string(&outcome)?),
                    Format::Json => println!("{}", serde_json::to_string(&outcome)?),
                }
            }
            println!("{}", to_notation(&position));
            Ok(ExitCode::SUCCESS)
        }
    }
}

/// A move written with `x` when it captures in `position`.
fn position_move_text(position: &Position, mv: regelwerk::Move) -> String {
    mv.text(!position.is_empty(mv.to))
}
