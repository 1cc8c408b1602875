//! Game records of the two-player variants: PGN written by other tools
//! replays, our SAN is theirs, our PGN round-trips, bad input gives a line
//! and never a panic, and `play`/`replay` work with `--variant`.

use regelwerk::players::{play_recorded, Joshua};
use regelwerk::record::{self, pgn, Outcome, Tags};
use regelwerk::variant::{self, VariantId};

use crate::support::{regelwerk, root};

/// The PGN files other tools wrote (tests/data/pgn/make_pgn.py), with
/// how many games each holds.
const FOREIGN: [(&str, VariantId, usize); 2] = [
    ("racingkings-python-chess.pgn", VariantId::Racingkings, 14),
    ("grand-fairy-stockfish.pgn", VariantId::Grand, 6),
];

fn read_data(name: &str) -> Vec<pgn::PgnGame> {
    let path = root().join("tests/data/pgn").join(name);
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|error| panic!("{}: {error}", path.display()));
    pgn::read(&text).unwrap_or_else(|error| panic!("{}:{error}", path.display()))
}

/// Every game python-chess and Fairy-Stockfish wrote replays: every move
/// legal, every `+`/`#` true, every result agreeing.
#[test]
fn foreign_pgn_replays() {
    let mut failures = Vec::new();
    for (name, variant, count) in FOREIGN {
        let games = read_data(name);
        assert_eq!(games.len(), count, "{name}");
        for (index, game) in games.iter().enumerate() {
            match record::replay(game) {
                Ok(replayed) => assert_eq!(replayed.variant, variant, "{name} game {}", index + 1),
                Err(discrepancy) => {
                    failures.push(format!("{name} game {}: {discrepancy}", index + 1))
                }
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The SAN regelwerk writes for each of those moves is the text the other
/// tool wrote, suffixes included.
#[test]
fn our_san_is_theirs() {
    for (name, _, _) in FOREIGN {
        for (index, game) in read_data(name).iter().enumerate() {
            let replayed =
                record::replay(game).unwrap_or_else(|d| panic!("{name} game {}: {d}", index + 1));
            let theirs: Vec<&str> = game.moves.iter().map(|m| m.text.as_str()).collect();
            assert_eq!(replayed.sans, theirs, "{name} game {}", index + 1);
        }
    }
}

/// The results the other tools wrote cover every kind: wins for both
/// sides, draws, and one game stopped at the ply cap.
#[test]
fn foreign_results_cover_every_kind() {
    let games = read_data("racingkings-python-chess.pgn");
    for outcome in Outcome::ALL {
        assert!(
            games.iter().any(|g| g.outcome == outcome),
            "no {outcome} game"
        );
    }
    assert!(games.iter().any(|g| g.tag("SetUp") == Some("1")));
}

/// Random games of every chess variant, exported and read back: the same
/// moves, the same final position, the same status.
#[test]
fn pgn_round_trip() {
    use Joshua::{Greedy, Random, Search};
    for variant in [VariantId::Grand, VariantId::Racingkings] {
        for seed in 0..12u64 {
            let seats = [[Random, Random], [Greedy, Search], [Search, Random]][seed as usize % 3];
            let recorder = play_recorded(variant, None, &[], &seats, seed, 300)
                .unwrap_or_else(|error| panic!("{variant} seed {seed}: {error}"));
            let text = recorder.to_pgn(&Tags::default());
            let games =
                pgn::read(&text).unwrap_or_else(|e| panic!("{variant} {seed}: {e}\n{text}"));
            assert_eq!(games.len(), 1);
            let replayed = record::replay(&games[0])
                .unwrap_or_else(|d| panic!("{variant} seed {seed}: {d}\n{text}"));
            assert_eq!(
                replayed.actions,
                recorder.actions(),
                "{variant} seed {seed}"
            );
            assert_eq!(replayed.sans, recorder.sans(), "{variant} seed {seed}");
            assert_eq!(
                replayed.game.position_text(),
                recorder.game().position_text(),
                "{variant} seed {seed}"
            );
            assert_eq!(replayed.game.status(), recorder.game().status());
            assert_eq!(
                games[0].outcome,
                record::outcome_of(&recorder.game().status())
            );
        }
    }
}

/// A game from a set-up position carries SetUp and FEN, and numbers its
/// moves from the FEN's move number (`7...` when Black moves first).
#[test]
fn pgn_from_a_set_up_position() {
    let fen = "8/8/8/8/8/8/krbnNBRK/qrbnNBRQ b - - 0 7";
    let text = record::export(
        VariantId::Racingkings,
        Some(fen),
        &["b2b3".to_string(), "g2g3".to_string()],
        &Tags::default(),
    )
    .unwrap_or_else(|error| panic!("{error}"));
    assert!(
        text.contains("[SetUp \"1\"]\n[FEN \"8/8/8/8/8/8/krbnNBRK/qrbnNBRQ b - - 0 7\"]"),
        "{text}"
    );
    assert!(text.contains("7... Rb3 8. Rg3 *"), "{text}");
    let games = pgn::read(&text).unwrap_or_else(|error| panic!("{error}"));
    let replayed = record::replay(&games[0]).unwrap_or_else(|d| panic!("{d}"));
    assert_eq!(replayed.actions, ["b2b3", "g2g3"]);
}

/// Comments, NAGs, variations, escapes, glued move numbers, annotation
/// marks and coordinate moves are read; the main line is what counts.
#[test]
fn pgn_reader_skips_what_is_not_the_main_line() {
    let text = "% an escape line\n\
        [Event \"a \\\"quoted\\\" name\"]\n[Variant \"Racing Kings\"]\n[Result \"*\"]\n\n\
        1.Rg6!? {a comment (with a paren} Nc3 $1 (2... Nb3 (2... Ka3) 3. Kg3) ; rest of line\n\
        2. g6e6 b2b4?! *\n";
    let games = pgn::read(text).unwrap_or_else(|error| panic!("{error}"));
    assert_eq!(games[0].tag("Event"), Some("a \"quoted\" name"));
    let moves: Vec<&str> = games[0].moves.iter().map(|m| m.text.as_str()).collect();
    assert_eq!(moves, ["Rg6", "Nc3", "g6e6", "b2b4"]);
    let replayed = record::replay(&games[0]).unwrap_or_else(|d| panic!("{d}"));
    assert_eq!(replayed.sans, ["Rg6", "Nc3", "Re6", "Rb4"]);
}

/// Malformed PGN: the line and what is wrong.
#[test]
fn malformed_pgn_names_the_line() {
    let cases = [
        ("[Event \"x\"\n\n1. e4 *\n", 1, "not closed"),
        ("[Event \"x]\n", 1, "never closed"),
        ("[Variant \"Grand\"]\n\n1. e4 {no end\n", 3, "comment"),
        ("[Variant \"Grand\"]\n\n1. e4 (1. d4\n", 3, "variation"),
        (
            "[Variant \"Grand\"]\n\n1. e4 ) *\n",
            3,
            "closes no variation",
        ),
        ("[Variant \"Grand\"]\n\n1. e4 e7\n", 4, "termination marker"),
        (
            "[Variant \"Grand\"]\n\n1. e4\n[Event \"next\"]\n",
            4,
            "termination marker",
        ),
        ("\n\n", 3, "no game"),
        ("[Variant \"Grand\"]\n\n1. e4 $ *\n", 3, "NAG"),
        ("[Variant \"Grand\"]\n\n1. e4 } *\n", 3, "closes no comment"),
    ];
    for (text, line, needle) in cases {
        let error = pgn::read(text).expect_err(text);
        assert_eq!(error.line, line, "{text:?}: {error}");
        assert!(error.message.contains(needle), "{text:?}: {error}");
    }
}

/// Games that disagree with the rules: the first discrepancy, with the
/// move number and line.
#[test]
fn discrepancies_name_the_move() {
    let rk = "[Variant \"Racing Kings\"]\n[Result \"*\"]\n\n";
    let cases = [
        (
            format!("{rk}1. Rg6 Nc3 2. Kh4 *\n"),
            "2. Kh4",
            "no legal move matches",
        ),
        (
            format!("{rk}1. Rg6 Nc3 2. Re6+ *\n"),
            "2. Re6+",
            "gives no check",
        ),
        (format!("{rk}1. Rxg6 *\n"), "1. Rxg6", "has `x`"),
        (format!("{rk}1. O-O *\n"), "1. O-O", "castling"),
        (
            "[Variant \"Racing Kings\"]\n[FEN \"8/8/8/8/k7/8/8/N1N4K w - - 0 1\"]\n\n1. Nb3 *\n"
                .to_string(),
            "1. Nb3",
            "ambiguous",
        ),
        (format!("{rk}1. Zz9 *\n"), "1. Zz9", "neither SAN"),
        (format!("{rk}1. h2h4 *\n"), "1. h2h4", "not a legal move"),
        (
            "[Result \"*\"]\n\n1. e4 *\n".to_string(),
            "header",
            "standard chess",
        ),
        (
            "[Variant \"Grand\"]\n[FEN \"bad\"]\n\n*\n".to_string(),
            "header",
            "[FEN]",
        ),
        (
            "[Variant \"Racing Kings\"]\n[Result \"1-0\"]\n\n1. Rg6 *\n".to_string(),
            "result",
            "the movetext ends in *",
        ),
        (
            "[Variant \"Racing Kings\"]\n[Result \"1-0\"]\n\n1. Rg6 1-0\n".to_string(),
            "result",
            "needs a [Termination] tag",
        ),
        (
            "[Variant \"Racing Kings\"]\n[PlyCount \"3\"]\n\n1. Rg6 *\n".to_string(),
            "result",
            "PlyCount",
        ),
    ];
    for (text, at, needle) in &cases {
        let games = pgn::read(text).unwrap_or_else(|error| panic!("{text}: {error}"));
        let Err(discrepancy) = record::replay(&games[0]) else {
            panic!("{text}: replayed without a discrepancy");
        };
        assert_eq!(&discrepancy.at, at, "{text}: {discrepancy}");
        assert!(
            discrepancy.message.contains(needle),
            "{text}: {discrepancy}"
        );
    }
    // A resignation: any result with a Termination tag.
    let text = "[Variant \"Racing Kings\"]\n[Result \"1-0\"]\n[Termination \"resignation\"]\n\n1. Rg6 1-0\n";
    let games = pgn::read(text).unwrap_or_else(|error| panic!("{error}"));
    let replayed = record::replay(&games[0]).unwrap_or_else(|d| panic!("{d}"));
    assert!(
        replayed.result.contains("off the board"),
        "{}",
        replayed.result
    );
}

/// Grand Chess SAN: the marshal and the cardinal by C and A, promotion
/// with `=`, and a move onto the 8th rank that may or may not promote.
#[test]
fn grand_san_letters_and_promotion() {
    let mut game = variant::open(VariantId::Grand, None, &[]).unwrap_or_else(|e| panic!("{e}"));
    let san = |game: &dyn variant::Game, action: &str| {
        record::san::san_body(game, action).unwrap_or_else(|e| panic!("{action}: {e}"))
    };
    assert_eq!(san(game.as_ref(), "f2g4"), "Cg4");
    assert_eq!(san(game.as_ref(), "g2h4"), "Ah4");
    assert_eq!(san(game.as_ref(), "a1a2"), "Ra2");
    game.play("e3e5").unwrap_or_else(|r| panic!("{r}"));
    assert_eq!(san(game.as_ref(), "f9g7"), "Cg7");
    // A White pawn on e8: it may step to e9 as a pawn or promote.
    let game = variant::open(
        VariantId::Grand,
        Some("k9/10/4P5/10/10/10/10/10/10/K9 w - - 0 1"),
        &[],
    )
    .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(san(game.as_ref(), "e8e9"), "e9");
    assert_eq!(san(game.as_ref(), "e8e9q"), "e9=Q");
    assert_eq!(san(game.as_ref(), "e8e9c"), "e9=C");
    for (token, action) in [
        ("e9", "e8e9"),
        ("e9=A", "e8e9a"),
        ("e9N", "e8e9n"),
        ("e8e9r", "e8e9r"),
    ] {
        let resolved =
            record::san::resolve(game.as_ref(), token).unwrap_or_else(|e| panic!("{token}: {e}"));
        assert_eq!(resolved.action, action, "{token}");
    }
}

/// `play --variant V --pgn` writes a PGN that `replay` accepts, for each
/// chess variant, and the same seed writes the same file.
#[test]
fn play_and_replay_cli_per_variant() {
    let dir = std::env::temp_dir().join(format!("regelwerk-records-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap_or_else(|e| panic!("{e}"));
    for variant in ["grand", "racingkings"] {
        let path = dir.join(format!("{variant}.pgn"));
        let path_text = path.to_string_lossy().to_string();
        let args = [
            "play",
            "--variant",
            variant,
            "--players",
            "random,search",
            "--seed",
            "4",
            "--quiet",
            "--date",
            "2026-12-01",
            "--pgn",
            &path_text,
        ];
        let out = regelwerk(&args);
        assert_eq!(out.code, Some(0), "{}{}", out.stdout, out.stderr);
        assert!(out.stdout.contains("pgn written to"), "{}", out.stdout);
        let first = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{e}"));
        assert!(first.contains("[Date \"2026.12.01\"]"), "{first}");
        assert!(first.contains("[White \"regelwerk random\"]"), "{first}");
        // The record exists now: the write rule wants --force to replace it.
        let mut forced = args.to_vec();
        forced.push("--force");
        let again = regelwerk(&forced);
        assert_eq!(again.code, Some(0), "{}", again.stderr);
        assert_eq!(std::fs::read_to_string(&path).unwrap_or_default(), first);
        let out = regelwerk(&["replay", &path_text]);
        assert_eq!(out.code, Some(0), "{}{}", out.stdout, out.stderr);
        assert!(
            out.stdout.contains(&format!("ok {path_text}: {variant}")),
            "{}",
            out.stdout
        );
    }
    // From a set-up position: SetUp and FEN, numbered from the FEN.
    let path = dir.join("setup.pgn");
    let path_text = path.to_string_lossy().to_string();
    let fen = "8/8/1BQ5/1r3bR1/8/8/k2nN2K/qrbnNBR1 b - - 6 4";
    let out = regelwerk(&[
        "play",
        "--variant",
        "racingkings",
        "--position",
        fen,
        "--seed",
        "2",
        "--pgn",
        &path_text,
    ]);
    assert_eq!(out.code, Some(0), "{}{}", out.stdout, out.stderr);
    assert!(out.stdout.starts_with("   4... black "), "{}", out.stdout);
    let text = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        text.contains(&format!("[SetUp \"1\"]\n[FEN \"{fen}\"]")),
        "{text}"
    );
    assert!(text.contains("\n4... "), "{text}");
    assert_eq!(regelwerk(&["replay", &path_text]).code, Some(0));
    let out = regelwerk(&["play", "--variant", "grand", "--position", "bad"]);
    assert_eq!(out.code, Some(2));
    assert!(
        out.stderr.contains("reading --position for grand"),
        "{}",
        out.stderr
    );
    // MONARCHIE's options stay MONARCHIE's.
    let out = regelwerk(&["play", "--variant", "grand", "--journal", "x.yaml"]);
    assert_eq!(out.code, Some(2), "{}", out.stdout);
    assert!(
        out.stderr.contains("--journal is for MONARCHIE"),
        "{}",
        out.stderr
    );
    let out = regelwerk(&["play", "--pgn", "x.pgn"]);
    assert_eq!(out.code, Some(2));
    assert!(
        out.stderr
            .contains("--pgn and --record are for the other variants"),
        "{}",
        out.stderr
    );
    let out = regelwerk(&["play", "--variant", "racingkings", "--players", "human"]);
    assert_eq!(out.code, Some(2));
    assert!(
        out.stderr.contains("human seats are for MONARCHIE"),
        "{}",
        out.stderr
    );
    std::fs::remove_dir_all(&dir).ok();
}

/// `replay` of the files other tools wrote, and of a broken one: exit 1,
/// the file and line of the discrepancy.
#[test]
fn replay_cli_reports_file_and_line() {
    let out = regelwerk(&[
        "replay",
        "tests/data/pgn/racingkings-python-chess.pgn",
        "tests/data/pgn/grand-fairy-stockfish.pgn",
    ]);
    assert_eq!(out.code, Some(0), "{}", out.stdout);
    assert_eq!(
        out.stdout.matches("\nok ").count() + usize::from(out.stdout.starts_with("ok ")),
        20,
        "{}",
        out.stdout
    );
    let dir = std::env::temp_dir().join(format!("regelwerk-broken-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap_or_else(|e| panic!("{e}"));
    let broken = dir.join("broken.pgn");
    std::fs::write(
        &broken,
        "[Variant \"Racing Kings\"]\n[Result \"*\"]\n\n1. Rg6 Nc3\n2. Kh4 *\n",
    )
    .unwrap_or_else(|e| panic!("{e}"));
    let malformed = dir.join("malformed.pgn");
    std::fs::write(&malformed, "[Variant \"Grand\"]\n\n1. e4 {\n")
        .unwrap_or_else(|e| panic!("{e}"));
    let broken_text = broken.to_string_lossy().to_string();
    let malformed_text = malformed.to_string_lossy().to_string();
    let out = regelwerk(&["replay", &broken_text, &malformed_text]);
    // A file that does not read is an input error (2), above a discrepancy (1).
    assert_eq!(out.code, Some(2), "{}", out.stdout);
    assert!(
        out.stdout
            .contains(&format!("{broken_text}:5: discrepancy at 2. Kh4")),
        "{}",
        out.stdout
    );
    assert!(
        out.stdout
            .contains(&format!("INVALID {malformed_text}:3: comment")),
        "{}",
        out.stdout
    );
    assert!(
        out.stdout.contains(&format!(
            "1 game(s) in 1 readable file(s): 0 ok, 1 with discrepancies or errors; 1 file could not be read: {malformed_text}: line 3: comment"
        )),
        "{}",
        out.stdout
    );
    std::fs::remove_dir_all(&dir).ok();
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(300))]

    /// Whatever the text, reading and replaying give a game, an error or
    /// a discrepancy, never a panic.
    #[test]
    fn pgn_never_panics(text in "(\\[Variant \"(Grand|Racing Kings)\"\\]\n)?[ -~\n{}()\\[\\];$.é0-9a-jKQRBNCA+#=x*/-]{0,80}") {
        if let Ok(games) = pgn::read(&text) {
            for game in &games {
                let _ = record::replay(game);
            }
        }
    }

    /// Moves spelled in any way against the legal moves of the start
    /// positions: a move or an error, never a panic.
    #[test]
    fn san_never_panics(token in "[a-jKQRBNCAPOxé0-9=+#:-]{1,8}") {
        for variant in [VariantId::Grand, VariantId::Racingkings] {
            let game = variant::open(variant, None, &[]).unwrap_or_else(|e| panic!("{e}"));
            let _ = record::san::resolve(game.as_ref(), &token);
        }
    }
}

/// `play --ruling` for the recorded variants with switchable rulings: the
/// PGN names the settings in a `Rulings` tag (a turn record in its
/// `rulings` header), `replay` plays the game
/// under them, and a bad setting there is a header discrepancy; a
/// variant without switchable rulings refuses `--ruling` as input.
#[test]
fn play_under_a_ruling_records_it_and_replay_uses_it() {
    let dir = std::env::temp_dir().join(format!("regelwerk-rulings-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap_or_else(|e| panic!("{e}"));
    let run = |args: &[&str]| {
        let output = std::process::Command::new(env!("CARGO_BIN_EXE_regelwerk"))
            .args(args)
            .output()
            .unwrap_or_else(|e| panic!("{e}"));
        (
            output.status.code(),
            String::from_utf8_lossy(&output.stdout).into_owned()
                + &String::from_utf8_lossy(&output.stderr),
        )
    };
    let sovereign = variant::alternatives(VariantId::Sovereign);
    let settings = [
        ("threekingdoms", "R-BANNERMEN=off".to_string()),
        ("sovereign", sovereign[0].clone()),
    ];
    for (variant, setting) in &settings {
        // Three Kingdoms is kept as a turn record, Sovereign Chess as PGN.
        let (flag, ext, written, refused) = if *variant == "threekingdoms" {
            (
                "--record",
                "turns",
                format!("\nrulings: {setting}\n"),
                "discrepancy at rulings:",
            )
        } else {
            (
                "--pgn",
                "pgn",
                format!("[Rulings \"{setting}\"]"),
                "discrepancy at header: [Rulings]",
            )
        };
        let path = dir.join(format!("{variant}.{ext}"));
        let path = path.to_string_lossy().to_string();
        let (code, out) = run(&[
            "play",
            "--variant",
            variant,
            "--ruling",
            setting,
            "--seed",
            "5",
            "--max-plies",
            "24",
            "--quiet",
            flag,
            &path,
        ]);
        assert_eq!(code, Some(0), "{out}");
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{e}"));
        assert!(text.contains(&written), "{text}");
        let (code, out) = run(&["replay", &path]);
        assert_eq!(code, Some(0), "{out}");
        let bad = path.replace(&format!(".{ext}"), &format!("-bad.{ext}"));
        std::fs::write(&bad, text.replace(setting.as_str(), "R-NOPE=x"))
            .unwrap_or_else(|e| panic!("{e}"));
        let (code, out) = run(&["replay", &bad]);
        assert_eq!(code, Some(1), "{out}");
        assert!(out.contains(refused), "{out}");
    }
    let (code, out) = run(&["play", "--variant", "grand", "--ruling", "R-X=y", "--quiet"]);
    assert_eq!(code, Some(2), "{out}");
    assert!(out.contains("no switchable rulings"), "{out}");
    std::fs::remove_dir_all(&dir).ok();
}
