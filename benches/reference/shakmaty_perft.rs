// perft with shakmaty (the `variant` feature), for benches/reference/side_by_side.sh.
// Usage: shakmaty-perft <racingkings|chess> <depth> <runs> <FEN>
// Prints one JSON line: the nodes and the best of `runs` wall times.
use std::time::Instant;

use shakmaty::fen::Fen;
use shakmaty::variant::RacingKings;
use shakmaty::{CastlingMode, Chess};

fn best<F: Fn() -> u64>(runs: u32, count: F) -> (u64, f64) {
    let mut best = f64::INFINITY;
    let mut nodes = 0;
    for _ in 0..runs {
        let started = Instant::now();
        nodes = count();
        best = best.min(started.elapsed().as_secs_f64());
    }
    (nodes, best)
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if args.len() != 5 {
        eprintln!("usage: shakmaty-perft <racingkings|chess> <depth> <runs> <FEN>");
        std::process::exit(2);
    }
    let depth: u32 = args[2].parse().expect("depth");
    let runs: u32 = args[3].parse().expect("runs");
    let fen: Fen = args[4].parse().expect("FEN");
    let (nodes, seconds) = match args[1].as_str() {
        "racingkings" => {
            let pos: RacingKings = fen.into_position(CastlingMode::Standard).expect("position");
            best(runs, || shakmaty::perft(&pos, depth))
        }
        _ => {
            let pos: Chess = fen.into_position(CastlingMode::Standard).expect("position");
            best(runs, || shakmaty::perft(&pos, depth))
        }
    };
    println!(
        "{{\"engine\":\"shakmaty\",\"depth\":{depth},\"nodes\":{nodes},\"seconds\":{seconds}}}"
    );
}
