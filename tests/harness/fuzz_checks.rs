//! The fuzzer's invariants where they are computed more cheaply than the
//! plain reading: each cheap form is shown equal to the plain one, and a
//! broken engine still makes each fail.

use regelwerk::fuzz::game::play_game_checked_with;
use regelwerk::rng::Rng;
use regelwerk::variant::monarchie::invariants::{
    check_exhaustive, check_position_of, every_pair_matches,
};
use regelwerk::variant::monarchie::position::Occupant;
use regelwerk::variant::monarchie::random::random_position;
use regelwerk::variant::monarchie::rules::{check_move, legal_moves, Illegal};
use regelwerk::variant::monarchie::{Cell, Move, PieceKind, Position, Ruleset};
use regelwerk::variant::{self, Game, VariantId};

use crate::support::{Tamper, Tampered};

/// A stand-in for `check_move`.
type Referee<'a> = Box<dyn Fn(Move) -> Result<(), Illegal> + 'a>;

/// Random positions of the fuzzer's generator (trays, dead blockers,
/// clocks, unmoved pawns).
fn positions(count: u64, rules: &Ruleset) -> Vec<Position> {
    (0..count)
        .map(|seed| random_position(&mut Rng::new(seed * 7919 + 3), rules))
        .collect()
}

/// Whether `cell` holds an active piece of the party to move.
fn movers_piece(position: &Position, cell: Cell) -> bool {
    matches!(position.occupant(cell), Occupant::Active(piece) if Some(piece.party) == position.to_move())
}

/// The argument of `every_pair_matches`: from a cell without an active
/// piece of the mover, `check_move` gives one origin-only refusal, the
/// same for every target and promotion, so one call answers all of them.
#[test]
fn a_cell_without_a_movers_piece_is_refused_alike_for_every_target() {
    let rules = Ruleset::default();
    let mut origins = 0;
    for position in positions(40, &rules) {
        for from in Cell::all().filter(|&cell| !movers_piece(&position, cell)) {
            let probe = Move::new(from, Cell::from_index((from.index() + 1) % 253));
            let verdict = check_move(&position, probe, &rules);
            assert!(
                matches!(
                    verdict,
                    Err(Illegal::NoPiece { .. }
                        | Illegal::DeadPiece { .. }
                        | Illegal::WrongParty { .. })
                ),
                "{from}: {verdict:?}"
            );
            for to in Cell::all() {
                for promotion in [None, Some(PieceKind::Queen), Some(PieceKind::Knight)] {
                    let mv = Move {
                        from,
                        to,
                        promotion,
                    };
                    assert_eq!(check_move(&position, mv, &rules), verdict, "{mv}");
                }
            }
            origins += 1;
        }
    }
    assert!(origins > 5_000, "only {origins} origins tried");
}

/// The bulk answer and the plain one (every pair through `check_move`)
/// agree on every position: neither finds a violation.
#[test]
fn the_exhaustive_check_holds_on_random_positions() {
    let rules = Ruleset::default();
    for position in positions(40, &rules) {
        assert_eq!(check_exhaustive(&position, &rules), Ok(()));
    }
}

/// A referee that accepts what the reference refuses, or refuses what it
/// lists, is caught by the pair check, also on the cells answered in bulk.
#[test]
fn a_broken_check_move_fails_the_pair_check() {
    let rules = Ruleset::default();
    let position = positions(1, &rules).remove(0);
    let listed = legal_moves(&position, &rules);
    let empty = Cell::all()
        .find(|&cell| position.piece_at(cell).is_none())
        .expect("an empty cell");
    let other = Cell::all()
        .find(|&cell| position.piece_at(cell).is_some() && !movers_piece(&position, cell))
        .expect("a piece not the mover's");
    let refused = listed[listed.len() / 2];
    let brokens: [(&str, Referee<'_>); 4] = [
        (
            "accepts a move from an empty cell",
            Box::new(|mv: Move| {
                if mv.from == empty {
                    Ok(())
                } else {
                    check_move(&position, mv, &rules)
                }
            }),
        ),
        (
            "accepts another party's piece",
            Box::new(|mv: Move| {
                if mv.from == other {
                    Ok(())
                } else {
                    check_move(&position, mv, &rules)
                }
            }),
        ),
        (
            "refuses an empty origin for a reason that reads the target",
            Box::new(|mv: Move| {
                if mv.from == empty {
                    Err(Illegal::PathBlocked { cell: mv.to })
                } else {
                    check_move(&position, mv, &rules)
                }
            }),
        ),
        (
            "refuses a listed move",
            Box::new(|mv: Move| {
                if mv == refused {
                    Err(Illegal::LeavesKingInCheck {
                        party: position.to_move().expect("a mover"),
                    })
                } else {
                    check_move(&position, mv, &rules)
                }
            }),
        ),
    ];
    for (what, referee) in brokens {
        let found = every_pair_matches(&position, &rules, &listed, referee);
        assert_eq!(
            found.map_err(|violation| violation.invariant),
            Err("legal-moves-match-check-move"),
            "a referee that {what}"
        );
    }
    assert_eq!(
        every_pair_matches(&position, &rules, &listed, |mv| check_move(
            &position, mv, &rules
        )),
        Ok(())
    );
    // A move list with a move from a cell answered in bulk is caught too.
    let mut extra = listed.clone();
    extra.push(Move::new(
        empty,
        Cell::from_index((empty.index() + 1) % 253),
    ));
    assert!(
        every_pair_matches(&position, &rules, &extra, |mv| check_move(
            &position, mv, &rules
        ))
        .is_err()
    );
}

/// "dead-pieces-never-attack" gathers each piece's reach once per
/// position; an engine whose dead pieces give check (M-DEAD-GIVES-CHECK)
/// still fails it on some random position.
#[test]
fn dead_pieces_that_give_check_fail_their_invariant() {
    let plain = Ruleset::default();
    let faulty = Ruleset::default()
        .with_faults(&["M-DEAD-GIVES-CHECK"])
        .expect("a known misreading");
    let mut caught = 0;
    for position in positions(400, &plain) {
        let listed = legal_moves(&position, &plain);
        assert_eq!(check_position_of(&position, &plain, &listed), Ok(()));
        let listed = legal_moves(&position, &faulty);
        if listed.is_empty() {
            // The faulty engine sees a mate here; another invariant's case.
            continue;
        }
        if let Err(violation) = check_position_of(&position, &faulty, &listed) {
            assert_eq!(
                violation.invariant, "dead-pieces-never-attack",
                "{violation}"
            );
            caught += 1;
        }
    }
    assert!(caught > 0, "no random position showed a dead piece's check");
}

/// "mover-has-a-legal-move" reads the shared list: a list that is empty
/// while a party is to move fails it.
#[test]
fn an_empty_move_list_fails_mover_has_a_legal_move() {
    let rules = Ruleset::default();
    let position = positions(1, &rules).remove(0);
    let found = check_position_of(&position, &rules, &[]).map_err(|violation| violation.invariant);
    assert_eq!(found, Err("mover-has-a-legal-move"));
}

/// The game's move list is computed once per position: after a move, and
/// in a clone that moved on, it is the list of a freshly opened game.
#[test]
fn the_shared_move_list_follows_the_position() {
    let mut game = variant::open(VariantId::Monarchie, None, &[]).expect("the start");
    let start = game.legal_moves();
    let mut clone = game.boxed_clone();
    for ply in 0..30 {
        let moves = game.legal_moves();
        let reread = variant::open(VariantId::Monarchie, Some(&game.position_text()), &[])
            .expect("reads back");
        assert_eq!(moves, reread.legal_moves(), "ply {ply}");
        assert!(reread.lists_moves(&moves), "ply {ply}");
        assert!(!reread.lists_moves(&moves[1..]), "ply {ply}");
        let Some(action) = game.random_action(ply * 977 + 5) else {
            break;
        };
        game.play(&action).expect("a listed action");
    }
    assert_eq!(clone.legal_moves(), start);
    clone.play(&start[0]).expect("a start move");
    let fresh = variant::open(VariantId::Monarchie, Some(&clone.position_text()), &[])
        .expect("reads back")
        .legal_moves();
    assert_eq!(clone.legal_moves(), fresh);
}

/// Cell numbers and move texts are written without a formatter; they are
/// what `Display` of the number writes.
#[test]
fn cell_numbers_are_written_as_decimal_numbers() {
    for cell in Cell::all() {
        let mut text = String::new();
        cell.push_number(&mut text);
        assert_eq!(text, cell.number().to_string());
        let mv = Move::new(cell, Cell::from_index(252 - cell.index()));
        assert_eq!(
            mv.text(true),
            format!("{}x{}", cell.number(), 253 - cell.index())
        );
        assert_eq!(
            mv.promoting(PieceKind::Rook).to_string(),
            format!("{}-{}=R", cell.number(), 253 - cell.index())
        );
    }
}

/// MONARCHIE's `accepts` is `play` without the report: the same verdict
/// for every listed move, the refused probes and a bad text, and the game
/// stays as it was.
#[test]
fn accepts_gives_the_verdict_of_play() {
    let mut game = variant::open(VariantId::Monarchie, None, &[]).expect("the start");
    for ply in 0..20u64 {
        let before = game.position_text();
        let mut asked: Vec<String> = game.legal_moves();
        asked.extend(["1-2", "127-128", "16-28@61", "timeout", "nonsense"].map(String::from));
        for action in &asked {
            let verdict = game.accepts(action).map_err(|refusal| refusal.code);
            let mut copy = game.boxed_clone();
            let played = copy
                .play(action)
                .map(|_| ())
                .map_err(|refusal| refusal.code);
            assert_eq!(verdict, played, "{action} at {before}");
            assert_eq!(game.position_text(), before);
        }
        let action = game.random_action(ply * 31 + 7).expect("a game on");
        game.play(&action).expect("a listed action");
    }
}

/// The fuzzer asks listed moves through `accepts`; an engine whose `play`
/// refuses one is caught.
#[test]
fn the_fuzzer_catches_a_play_that_refuses_a_listed_move() {
    let open = |text: Option<&str>| -> Result<Box<dyn Game>, variant::VariantError> {
        Ok(Box::new(Tampered {
            game: variant::open(VariantId::Monarchie, text, &[])?,
            tamper: Tamper::RefusesLastListedMove,
        }))
    };
    let failure = play_game_checked_with(&open, VariantId::Monarchie, 1, 40)
        .expect_err("the refused move is found");
    assert_eq!(failure.invariant, "listed-moves-apply", "{failure:?}");
}

/// The remembered writing and reading give what writing and reading
/// give, for texts and positions met in any order (and errors alike).
#[test]
fn remembered_notation_equals_the_plain_notation() {
    use regelwerk::variant::monarchie::notation::{
        parse_position, parse_recent, to_notation, to_notation_recent,
    };
    let rules = Ruleset::default();
    let all = positions(12, &rules);
    for round in 0..3 {
        for (index, position) in all.iter().enumerate() {
            let position = if (index + round) % 2 == 0 {
                position
            } else {
                &all[all.len() - 1 - index]
            };
            let text = to_notation(position);
            assert_eq!(to_notation_recent(position), text);
            assert_eq!(parse_recent(&text), parse_position(&text));
            assert_eq!(parse_recent(&text).as_ref(), Ok(position));
        }
    }
    let bad = "1/2/3 b - - - -";
    assert_eq!(parse_recent(bad), parse_position(bad));
    assert!(parse_recent(bad).is_err());
}

// The road from a difference to its cause (issue 33, items 7 to 11):
// `fuzz --engine` and `fuzz --uci` against fake engines
// (tests/data/fake-fuzz-engine.py, tests/data/fake-uci.py).

const BIN: &str = env!("CARGO_BIN_EXE_regelwerk");

/// The fuzz fake engine's command line with its options.
fn fake_fuzz(options: &str) -> String {
    format!(
        "python3 {}/tests/data/fake-fuzz-engine.py {BIN} {options}",
        crate::support::root().display()
    )
}

/// An empty scratch folder under the test target directory.
fn scratch(name: &str) -> std::path::PathBuf {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("fuzzdiag-{name}"));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap_or_else(|error| panic!("{}: {error}", dir.display()));
    dir
}

fn run(args: &[String]) -> crate::support::Output {
    crate::support::regelwerk(&args.iter().map(String::as_str).collect::<Vec<_>>())
}

/// Arguments from one string split at spaces, then the extra ones whole.
fn args(plain: &str, whole: &[String]) -> Vec<String> {
    plain
        .split(' ')
        .map(String::from)
        .chain(whole.iter().cloned())
        .collect()
}

/// The scenario path a failing fuzz run printed (`scenario: PATH`).
fn scenario_path(stdout: &str) -> String {
    stdout
        .lines()
        .find_map(|line| line.strip_prefix("scenario: "))
        .unwrap_or_else(|| panic!("no scenario printed:\n{stdout}"))
        .to_string()
}

/// Item 7: progress on stderr while the run goes, plain lines when stderr
/// is not a terminal (here a pipe), nothing with `--quiet`.
#[test]
fn fuzz_reports_progress_on_stderr_unless_quiet() {
    let out = scratch("progress");
    let outd = out.display().to_string();
    let games = args(
        "fuzz --variant racingkings --games 400 --max-plies 20 --progress-every 0.01 --out",
        std::slice::from_ref(&outd),
    );
    let shown = run(&games);
    assert_eq!(shown.code, Some(0), "{}", shown.stderr);
    let lines: Vec<&str> = shown.stderr.lines().collect();
    assert!(!lines.is_empty(), "no progress line:\n{}", shown.stdout);
    for line in &lines {
        assert!(line.starts_with("fuzz: "), "{line}");
        assert!(line.contains("/400 games, 0 violations, "), "{line}");
        assert!(line.contains(" games/s, ETA "), "{line}");
        assert!(!line.contains('\r'), "a plain line, not a redrawn one");
    }
    let mut quiet = games.clone();
    quiet.push("--quiet".to_string());
    let silent = run(&quiet);
    assert_eq!(silent.code, Some(0));
    assert_eq!(silent.stderr, "", "--quiet writes no progress");
    for summary in [&shown.stdout, &silent.stdout] {
        assert!(summary.contains("fuzz: 400 passed, 0 failed"), "{summary}");
    }

    // The differential run counts its differences as it goes (a line
    // after every game: these games diverge at once).
    let engine = format!("'{BIN}' serve --fault RK-CHECK-ALLOWED");
    let differential = run(&args(
        "fuzz --variant racingkings --games 4 --max-plies 30 --perft-every 0 --keep-going --progress-every 0.000001 --engine",
        &[engine, "--out".to_string(), outd],
    ));
    assert_eq!(differential.code, Some(1), "{}", differential.stderr);
    let last = differential
        .stderr
        .lines()
        .last()
        .unwrap_or_else(|| panic!("no progress:\n{}", differential.stdout));
    assert!(last.contains("/4 games, "), "{last}");
    assert!(!last.contains(" 0 differences"), "{last}");
}

/// Item 8: an outcome difference names the fields that differ and shows
/// only those; a position text's field by the variant's name for it.
/// Grand Chess: a pawn's double step writes the square it passed in the
/// en-passant field (the fourth of the FEN); the engine writes `-`.
#[test]
fn an_outcome_difference_names_the_differing_field() {
    let out = scratch("outcome").display().to_string();
    let found = run(&args(
        "fuzz --variant grand --games 4 --max-plies 60 --perft-every 0 --quiet --engine",
        &[fake_fuzz("--drop-en-passant"), "--out".to_string(), out],
    ));
    assert_eq!(found.code, Some(1), "{}\n{}", found.stdout, found.stderr);
    let first = found.stdout.lines().next().unwrap_or_default();
    assert!(
        first.contains("outcome differs: position (en passant): reference `")
            && first.ends_with("`, engine `-`"),
        "{}",
        found.stdout
    );
    // Only that field: no JSON of the whole result.
    assert!(!found.stdout.contains("\"report\""), "{}", found.stdout);
    assert!(first.len() < 200, "{first}");
    let scenario = std::fs::read_to_string(scenario_path(&found.stdout)).unwrap_or_default();
    assert!(
        scenario.contains("# outcome differs: position (en passant)"),
        "{scenario}"
    );
}

/// Item 8 over UCI (the same path): the fake UCI engine knows only the
/// Racing Kings start, so after any move it gives the start's FEN back.
#[test]
fn a_uci_outcome_difference_names_the_differing_fields() {
    let out = scratch("outcome-uci").display().to_string();
    let uci = format!(
        "python3 {}/tests/data/fake-uci.py ok",
        crate::support::root().display()
    );
    let found = run(&args(
        "fuzz --variant racingkings --games 1 --perft-every 0 --quiet --uci",
        &[uci, "--out".to_string(), out],
    ));
    assert_eq!(found.code, Some(1), "{}\n{}", found.stdout, found.stderr);
    let first = found.stdout.lines().next().unwrap_or_default();
    // The engine's side to move is still White's after White moved.
    assert!(first.contains("outcome differs: "), "{first}");
    assert!(
        first.contains("position (side): reference `b`, engine `w`"),
        "{first}"
    );
    assert!(
        first.contains("position (placement): reference `"),
        "{first}"
    );
    assert!(!first.contains('{'), "no JSON: {first}");
}

/// Item 9: a request answered `errored` is named, and the scenario fuzz
/// writes asks it again, so that it fails on replay against the same
/// engine and passes against the reference.
#[test]
fn an_errored_request_is_named_and_its_scenario_reproduces_it() {
    for (request, fuzz, named, step) in [
        (
            "apply",
            "--perft-every 0",
            "the `apply` request for `",
            "  - play: \"",
        ),
        (
            "perft",
            "--perft-every 1",
            "the `perft` request at depth 2",
            "  - perft: 2",
        ),
    ] {
        let out = scratch(&format!("errored-{request}")).display().to_string();
        let engine = fake_fuzz(&format!("--error-on {request}"));
        let found = run(&args(
            &format!("fuzz --variant racingkings --games 1 --quiet {fuzz} --engine"),
            &[engine.clone(), "--out".to_string(), out],
        ));
        assert_eq!(
            found.code,
            Some(1),
            "{request}: {}\n{}",
            found.stdout,
            found.stderr
        );
        assert!(found.stdout.contains(named), "{request}: {}", found.stdout);
        assert!(
            found
                .stdout
                .contains(&format!("the fake engine fails on every {request} request")),
            "{}",
            found.stdout
        );
        let path = scenario_path(&found.stdout);
        let scenario = std::fs::read_to_string(&path).unwrap_or_default();
        assert!(scenario.contains(step), "{request}: {scenario}");
        let replay = |engine: String| {
            run(&args(
                "conform --variant racingkings --engine",
                &[engine, path.clone()],
            ))
        };
        let same = replay(engine);
        assert_eq!(
            same.code,
            Some(1),
            "{request}: replay passes:\n{}",
            same.stdout
        );
        assert!(same.stdout.contains("errored"), "{}", same.stdout);
        let reference = replay(format!("'{BIN}' serve"));
        assert_eq!(reference.code, Some(0), "{request}: {}", reference.stdout);
    }
}

/// Item 10: every move only one side lists is explained by the reference
/// (its refusal code, or `legal here`) and grouped by piece kind and
/// reason, with one shortest game each. An engine that allows moves that
/// attack the enemy king (RK-CHECK-ALLOWED) lists moves the reference
/// refuses as `gives-check`, and lacks none.
#[test]
fn move_differences_are_grouped_by_piece_and_reason() {
    let out = scratch("causes").display().to_string();
    let engine = format!("'{BIN}' serve --fault RK-CHECK-ALLOWED");
    let found = run(&args(
        "fuzz --variant racingkings --games 6 --max-plies 40 --perft-every 0 --keep-going --quiet --format json --engine",
        &[engine.clone(), "--out".to_string(), out.clone()],
    ));
    assert_eq!(found.code, Some(1), "{}", found.stderr);
    let summary: serde_json::Value = serde_json::from_str(&found.stdout)
        .unwrap_or_else(|error| panic!("{error}: {}", found.stdout));
    let causes = summary["causes"].as_array().cloned().unwrap_or_default();
    let moves: Vec<&serde_json::Value> = causes
        .iter()
        .filter(|cause| {
            cause["cause"]
                .as_str()
                .is_some_and(|c| c.starts_with("moves: "))
        })
        .collect();
    assert!(!moves.is_empty(), "{summary}");
    let kinds = ["king", "queen", "rook", "bishop", "knight"];
    for cause in &moves {
        let label = cause["cause"].as_str().unwrap_or_default();
        assert!(
            kinds
                .iter()
                .any(|kind| label
                    == format!("moves: unexpected {kind} move (reference: gives-check)")),
            "{label}"
        );
        let shortest = &cause["shortest"];
        assert!(
            shortest["move"].as_str().is_some_and(|mv| !mv.is_empty()),
            "{cause}"
        );
        assert!(shortest["scenario"].as_str().is_some(), "{cause}");
    }
    // The text summary: one line per cause with its shortest game.
    let text = run(&args(
        "fuzz --variant racingkings --games 6 --max-plies 40 --perft-every 0 --keep-going --quiet --engine",
        &[engine, "--out".to_string(), out],
    ));
    assert!(
        text.stdout.contains("differences by cause"),
        "{}",
        text.stdout
    );
    assert!(
        text.stdout
            .lines()
            .any(|line| line.contains("move (reference: gives-check): ")
                // Every game shrank to its first action: they tie, and
                // none is named the shortest (issue 48).
                && (line.contains("; shortest: game ")
                    || line.contains("all tie at their first action"))),
        "{}",
        text.stdout
    );
}

/// Item 11: a perft request that times out is said to be slow, with
/// `--perft-every 0` and `--timeout` suggested, and is no difference.
#[test]
fn a_perft_timeout_is_noted_and_is_no_difference_timeout_5s() {
    let dir = scratch("perft-timeout");
    let found = run(&args(
        "fuzz --variant racingkings --games 1 --max-plies 2 --perft-every 2 --timeout 5 --quiet --engine",
        &[
            fake_fuzz("--slow-perft 15"),
            "--out".to_string(),
            dir.join("out").display().to_string(),
        ],
    ));
    assert_eq!(found.code, Some(0), "{}\n{}", found.stdout, found.stderr);
    for text in [&found.stdout, &found.stderr] {
        assert!(text.contains("perft request"), "{text}");
        assert!(text.contains("timed out"), "{text}");
        assert!(text.contains("--perft-every 0"), "{text}");
        assert!(text.contains("--timeout"), "{text}");
    }
    assert!(found.stdout.contains("0 divergences"), "{}", found.stdout);
    assert!(!dir.join("out").exists(), "no scenario written");
}

#[test]
fn a_divergence_at_the_first_action_is_said_so() {
    use regelwerk::conform::difffuzz::where_diverged;
    assert_eq!(where_diverged(0), "at its first action");
    assert_eq!(where_diverged(1), "after 1 action");
    assert_eq!(where_diverged(7), "after 7 actions");
}
