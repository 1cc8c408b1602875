//! `regelwerk play --variant grand|racingkings|sovereign|threekingdoms`: a
//! game between computer players through the variant interface, written
//! as PGN (`--pgn`) or, for more than two players, as a turn record
//! (`--record`, `docs/records.md`).

use std::process::ExitCode;

use anyhow::{bail, Context, Result};

use regelwerk::players::{play_recorded, Joshua};
use regelwerk::record::{Tags, RULINGS_TAG};
use regelwerk::variant::{self, Status};

use super::play::PlayArgs;

/// Reads `--players` for a variant with `sides` parties: up to that many
/// computer players in party order; free seats play `search`.
fn parse_seats(text: Option<&str>, sides: &[&str]) -> Result<Vec<Joshua>> {
    let words = super::play::seat_words(text);
    if words.len() > sides.len() {
        bail!(
            "--players names {} seats; there are {} ({})",
            words.len(),
            sides.len(),
            sides.join(", ")
        );
    }
    let mut seats = Vec::new();
    for (index, side) in sides.iter().enumerate() {
        let seat = match words.get(index) {
            None => Joshua::Search,
            Some(word) if word.to_ascii_lowercase().starts_with("human") => bail!(
                "human seats are for MONARCHIE games; {side} must be random, greedy or search"
            ),
            Some(word) => word
                .parse::<Joshua>()
                .with_context(|| format!("reading seat {} ({side}) of --players", index + 1))?,
        };
        seats.push(seat);
    }
    Ok(seats)
}

pub(super) fn play(args: PlayArgs) -> Result<ExitCode> {
    let variant = args.variant;
    let turn_record = regelwerk::record::turns_replay::uses_turn_record(variant);
    let flag = if turn_record { "--record" } else { "--pgn" };
    if args.journal.is_some() {
        bail!("--journal is for MONARCHIE; a {variant} game is recorded with {flag}");
    }
    if turn_record && args.pgn.is_some() {
        bail!("--pgn: a {variant} game has three players, which PGN cannot record; write a turn record with --record FILE (docs/records.md)");
    }
    if !turn_record && args.record.is_some() {
        bail!("--record is for games of more than two players; a {variant} game is recorded as PGN with --pgn");
    }
    let output = if turn_record { &args.record } else { &args.pgn };
    if args.clock {
        bail!("--clock is MONARCHIE's clause 15; {variant} is played without clocks");
    }
    if let Some(date) = &args.date {
        regelwerk::journal::check_date(date)
            .map_err(|message| anyhow::anyhow!("reading --date: {message}"))?;
    }
    if let Some(path) = output {
        super::exit::check_writable(path, regelwerk::output::Writes::Record)?;
    }
    let info = variant::info(variant);
    let sides: Vec<&str> = info.parties.iter().map(|party| party.key).collect();
    let seats = parse_seats(args.players.as_deref(), &sides)?;
    // The rulings first, so that a bad setting is named as one.
    variant::open(variant, None, &args.rulings)
        .map_err(|message| anyhow::anyhow!("reading --ruling: {message}"))?;
    let recorder = play_recorded(
        variant,
        args.position.as_deref(),
        &args.rulings,
        &seats,
        args.seed,
        args.max_plies,
    )
    .map_err(|message| anyhow::anyhow!("reading --position for {variant}: {message}"))?;
    if !args.quiet {
        let (black_first, first) = regelwerk::record::replay::fen_move_number(recorder.start());
        for (index, (san, action)) in recorder.sans().iter().zip(recorder.actions()).enumerate() {
            if sides.len() != 2 {
                println!("{:>4}. {:<4} {san}", index + 1, recorder.actors()[index]);
                continue;
            }
            let ply = index + usize::from(black_first);
            let number = first as usize + ply / 2;
            let dots = if ply % 2 == 0 { "." } else { "..." };
            println!(
                "{number:>4}{dots:<3} {:<5} {san:<9} ({action})",
                sides[ply % 2]
            );
        }
    }
    let status = recorder.game().status();
    let moves = recorder.actions().len();
    match &status {
        Status::Ongoing => println!("undecided after {moves} moves (cap {})", args.max_plies),
        _ => println!("{status} after {moves} moves"),
    }
    if let Some(path) = output {
        let date = args.date.unwrap_or_else(super::play::today);
        let mut tags = Tags {
            event: format!("regelwerk play --variant {variant} --seed {}", args.seed),
            site: "regelwerk".to_string(),
            // PGN writes YYYY.MM.DD, the turn record YYYY-MM-DD.
            date: if turn_record {
                date
            } else {
                date.replace('-', ".")
            },
            round: args.match_number.to_string(),
            white: format!("regelwerk {}", seats[0]),
            black: format!("regelwerk {}", seats[1]),
            extra: Vec::new(),
            seats: seats
                .iter()
                .map(|seat| format!("regelwerk {seat}"))
                .collect(),
        };
        if !args.rulings.is_empty() {
            // Not a standard tag: `replay` plays the game under these.
            tags.extra
                .push((RULINGS_TAG.to_string(), args.rulings.join(" ")));
        }
        if status == Status::Ongoing && !turn_record {
            tags.extra
                .push(("Termination".to_string(), "unterminated".to_string()));
        }
        let kind = if turn_record { "turn record" } else { "pgn" };
        regelwerk::output::write_atomic(path, recorder.to_record(&tags).as_bytes())?;
        println!("{kind} written to {}", path.display());
    }
    Ok(ExitCode::SUCCESS)
}
