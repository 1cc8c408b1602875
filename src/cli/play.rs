//! `regelwerk play`: a six-party training game between computer players
//! (Joshuas) and humans at the terminal, written to a journal.

use std::io::{BufRead, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{bail, Context, Result};

use regelwerk::players::Joshua;
use regelwerk::variant::monarchie::board_text::render;
use regelwerk::variant::monarchie::journal::{Clocks, Entry};
use regelwerk::variant::monarchie::party::{ByParty, Party};
use regelwerk::variant::monarchie::players::game::game_type_of;
use regelwerk::variant::monarchie::players::{play_at, GameConfig, Seat, Table};
use regelwerk::variant::monarchie::position::Position;
use regelwerk::variant::monarchie::rules::{check_move, legal_moves, legal_moves_from};
use regelwerk::variant::monarchie::{Action, Cell, Ruleset};
use regelwerk::variant::VariantId;

/// The options of `play`.
#[derive(clap::Args, Debug)]
pub(super) struct PlayArgs {
    /// The rule system; every variant but MONARCHIE is played by computer players and recorded as PGN or, Three Kingdoms, as a turn record (docs/records.md).
    #[arg(long, value_enum, default_value_t = VariantId::default())]
    pub variant: VariantId,
    /// Seed of the computer players (same seed, same game).
    #[arg(long, default_value_t = 1, value_parser = regelwerk::input::whole(0u64, u64::MAX))]
    pub seed: u64,
    /// Seats in party order (MONARCHIE clockwise from Blau; Three Kingdoms Shu, Wu, Wei; else White, Black): random, greedy, search (= joshua); MONARCHIE also human or human:NAME; free seats: search.
    #[arg(long)]
    pub players: Option<String>,
    /// Write the journal (YAML, docs/journal.md) here (MONARCHIE).
    #[arg(long)]
    pub journal: Option<PathBuf>,
    /// Write the game as PGN (docs/records.md) here (the two-player variants: grand, racingkings, sovereign).
    #[arg(long)]
    pub pgn: Option<PathBuf>,
    /// Write the game as a turn record (docs/records.md, `*.turns`) here (threekingdoms: three players, which PGN cannot record).
    #[arg(long)]
    pub record: Option<PathBuf>,
    /// Start from this position instead of the start (every variant but MONARCHIE: a FEN, or Three Kingdoms' position text).
    #[arg(long)]
    pub position: Option<String>,
    /// Run the clocks of clause 15 (20 minutes each, 60 s per move).
    #[arg(long)]
    pub clock: bool,
    /// Only a progress bar and the result.
    #[arg(long)]
    pub quiet: bool,
    /// Stop undecided after this many actions (at most 1,000,000: MAX_PLIES).
    #[arg(long, default_value_t = 600, value_parser = regelwerk::input::max_plies)]
    pub max_plies: usize,
    /// The match number written to the journal.
    #[arg(long = "match", default_value_t = 1, value_parser = regelwerk::input::whole(0u64, u64::MAX))]
    pub match_number: u64,
    /// The date written to the journal (default: today, UTC).
    #[arg(long)]
    pub date: Option<String>,
    /// A ruling setting ID=key (repeatable).
    #[arg(long = "ruling", value_name = "ID=KEY")]
    pub rulings: Vec<String>,
}

/// The comma-separated words of `--players`, trimmed, empty ones left out.
pub(super) fn seat_words(text: Option<&str>) -> Vec<&str> {
    text.map(|t| {
        t.split(',')
            .map(str::trim)
            .filter(|w| !w.is_empty())
            .collect()
    })
    .unwrap_or_default()
}

/// Reads `--players`: up to six comma-separated seats clockwise from Blau
/// (`random`, `greedy`, `search`/`joshua`, `human` or `human:NAME`); free
/// seats are taken by searching Joshuas (clause 19).
fn parse_seats(text: Option<&str>) -> Result<ByParty<Seat>> {
    let words = seat_words(text);
    if words.len() > 6 {
        bail!("--players names {} seats; there are six", words.len());
    }
    let mut seats = Vec::new();
    for (index, word) in words.iter().enumerate() {
        let party = Party::from_index(index);
        let seat = match word.split_once(':') {
            Some((kind, name)) if kind.eq_ignore_ascii_case("human") => {
                Seat::Human(name.to_string())
            }
            None if word.eq_ignore_ascii_case("human") => {
                Seat::Human(format!("Mensch {}", party.german()))
            }
            _ => Seat::Computer(
                word.parse::<Joshua>()
                    .with_context(|| format!("reading seat {} of --players", index + 1))?,
            ),
        };
        seats.push(seat);
    }
    let seats = ByParty::from_fn(|party| {
        seats
            .get(party.index())
            .cloned()
            .unwrap_or(Seat::Computer(Joshua::Search))
    });
    game_type_of(&seats).map_err(anyhow::Error::msg)?;
    Ok(seats)
}

/// Today's date as `YYYY-MM-DD` (UTC), from the system clock.
pub(super) fn today() -> String {
    let seconds = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let days = (seconds / 86_400) as i64;
    // Civil-from-days (Howard Hinnant's algorithm).
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!("{year:04}-{month:02}-{day:02}")
}

/// The terminal: prints the game and asks humans for their moves.
struct Terminal {
    quiet: bool,
    bar: indicatif::ProgressBar,
    /// Whether the current board has just been printed.
    board_shown: bool,
}

impl Terminal {
    fn help() {
        println!("  a move: 16-28, 5x150, 200-230=Q (add @SECONDS with clocks: 16-28@12)");
        println!("  moves          all legal moves;  moves CELL  the legal moves of one piece");
        println!("  board          the board;  timeout  let the turn pass;  quit  stop the game");
    }
}

impl Table for Terminal {
    fn human_action(&mut self, name: &str, position: &Position, rules: &Ruleset) -> Option<Action> {
        let party = position.to_move()?;
        if !self.board_shown {
            println!("{}", render(position).trim_end());
        }
        println!("{name} ({}) to move; type help for help", party.german());
        let stdin = std::io::stdin();
        loop {
            print!("> ");
            let _ = std::io::stdout().flush();
            let mut line = String::new();
            match stdin.lock().read_line(&mut line) {
                Ok(0) | Err(_) => return None,
                Ok(_) => {}
            }
            let words: Vec<&str> = line.split_whitespace().collect();
            match words.as_slice() {
                [] => {}
                ["help"] => Terminal::help(),
                ["quit"] => return None,
                ["board"] => println!("{}", render(position).trim_end()),
                ["timeout"] => return Some(Action::Timeout),
                ["moves"] => print_moves(position, legal_moves(position, rules)),
                ["moves", cell] => match cell.parse::<Cell>() {
                    Ok(cell) => match position.piece_at(cell) {
                        Some(piece) if piece.party == party => {
                            print_moves(position, legal_moves_from(position, cell, rules));
                        }
                        Some(piece) => println!("  the {piece} on cell {cell} is not yours"),
                        None => println!("  cell {cell} is empty"),
                    },
                    Err(error) => println!("  {error}"),
                },
                [text] => match text.parse::<Action>() {
                    Ok(Action::Move { mv, elapsed }) => match check_move(position, mv, rules) {
                        Ok(()) => return Some(Action::Move { mv, elapsed }),
                        Err(illegal) => println!("  illegal ({}): {illegal}", illegal.code()),
                    },
                    Ok(Action::Timeout) => return Some(Action::Timeout),
                    Err(error) => println!("  {error}"),
                },
                _ => println!("  unknown command; type help"),
            }
        }
    }

    fn after_action(&mut self, entry: &Entry, position: &Position) {
        if self.quiet {
            self.bar.inc(1);
            self.board_shown = false;
            return;
        }
        let mut line = format!(
            "{:>4}. {:<7} {}",
            entry.n,
            entry.party.german(),
            entry.action
        );
        if !entry.check.is_empty() {
            let names: Vec<&str> = entry.check.iter().map(|p| p.german()).collect();
            line.push_str(&format!("  check: {}", names.join(", ")));
        }
        for elimination in &entry.eliminated {
            line.push_str(&format!(
                "  {} out ({:?})",
                elimination.party.german(),
                elimination.cause
            ));
        }
        if let Some(winner) = entry.winner {
            line.push_str(&format!("  winner: {}", winner.german()));
        }
        println!("{line}");
        println!("{}", render(position).trim_end());
        self.board_shown = true;
    }
}

fn print_moves(position: &Position, moves: Vec<regelwerk::variant::monarchie::Move>) {
    let texts: Vec<String> = moves
        .iter()
        .map(|mv| mv.text(!position.is_empty(mv.to)))
        .collect();
    if texts.is_empty() {
        println!("  no legal moves");
    } else {
        println!("  {}", texts.join(" "));
    }
}

pub(super) fn play(args: PlayArgs) -> Result<ExitCode> {
    if args.pgn.is_some() || args.record.is_some() {
        bail!("--pgn and --record are for the other variants; a MONARCHIE game is recorded with --journal");
    }
    if args.position.is_some() {
        bail!("--position is for grand, racingkings and sovereign; a MONARCHIE game starts from Anhang A");
    }
    let seats = parse_seats(args.players.as_deref())?;
    let rules = Ruleset::from_settings(&args.rulings).context("reading --ruling")?;
    if let Some(date) = &args.date {
        regelwerk::journal::check_date(date)
            .map_err(|message| anyhow::anyhow!("reading --date: {message}"))?;
    }
    if let Some(path) = &args.journal {
        super::exit::check_writable(path, regelwerk::output::Writes::Record)?;
    }
    let config = GameConfig {
        seed: args.seed,
        seats,
        max_plies: args.max_plies,
        clocks: if args.clock {
            Clocks::Timed
        } else {
            Clocks::Untimed
        },
        match_number: args.match_number,
        date: args.date.unwrap_or_else(today),
    };
    let bar = super::check::progress_bar(args.max_plies as u64, args.quiet);
    let mut terminal = Terminal {
        quiet: args.quiet,
        bar,
        board_shown: false,
    };
    let mut summary = play_at(&config, &rules, &mut terminal);
    terminal.bar.finish_and_clear();
    summary.journal.rulings = args.rulings.clone();
    match summary.winner {
        Some(winner) => println!(
            "winner: {} after {} actions",
            winner.german(),
            summary.journal.result.actions
        ),
        None => println!(
            "undecided after {} actions (cap {})",
            summary.journal.result.actions, args.max_plies
        ),
    }
    if let Some(path) = args.journal {
        let text = summary.journal.to_yaml().context("writing the journal")?;
        regelwerk::output::write_atomic(&path, text.as_bytes())?;
        println!("journal written to {}", path.display());
    }
    Ok(ExitCode::SUCCESS)
}
