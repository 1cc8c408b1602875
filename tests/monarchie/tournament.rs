//! The tournament ladder (clauses 19-22): the case files pass and cover
//! each clause, the model refuses invalid requests with typed errors, and
//! the level arithmetic of clause 22 (finding F-LEVEL-MATH).

use std::path::PathBuf;

use regelwerk::journal::{GameType, PlayerKind};
use regelwerk::suite::run_suite;
use regelwerk::variant::monarchie::tournament::cases::{load_case, schema_json};
use regelwerk::variant::monarchie::tournament::math::{
    formula, min_humans, schedule_is_valid, schedule_to,
};
use regelwerk::variant::monarchie::tournament::{GameRequest, Title, Tournament, Winner};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn tournament_cases_pass_and_cover_clauses_19_to_22() {
    let files = regelwerk::scenario::collect_all_files(&[root().join("scenarios/monarchie")])
        .unwrap_or_else(|error| panic!("{error}"));
    let files: Vec<PathBuf> = files
        .into_iter()
        .filter(|f| regelwerk::variant::monarchie::tournament::cases::is_tournament_file(f))
        .collect();
    let report = run_suite(&files, None, None, None, |_, _| {});
    assert!(
        report.all_passed(),
        "{:#?}",
        report
            .cases
            .iter()
            .filter(|c| !c.passed())
            .collect::<Vec<_>>()
    );
    for clause in ["m.19", "m.20", "m.21", "m.22"] {
        let row = report
            .clause_rows(None)
            .into_iter()
            .find(|row| row.clause == clause)
            .unwrap_or_else(|| panic!("no cases for {clause}"));
        assert!(row.legal >= 3, "{clause}: {} positive cases", row.legal);
        assert!(row.illegal >= 2, "{clause}: {} error cases", row.illegal);
    }
}

#[test]
fn checked_in_tournament_schema_is_current() {
    let checked_in =
        std::fs::read_to_string(root().join("schemas/tournament.schema.json")).unwrap_or_default();
    pretty_assertions::assert_eq!(checked_in.trim_end(), schema_json().trim_end());
}

#[test]
fn malformed_case_is_located() {
    let dir = std::env::temp_dir().join("regelwerk-tournament-test");
    let _ = std::fs::create_dir_all(&dir);
    let path = dir.join("bad.tournament.yaml");
    let _ = std::fs::write(&path, "id: x\nclauses: [m.20]\ndescription: d\nsteps:\n  - game: {type: rated, players: [], winner: a}\n");
    let error = load_case(&path).expect_err("unknown game type");
    assert_eq!(error.line, 5, "{error}");
    assert!(error.message.contains("training"), "{error}");
}

fn six(books: &mut Tournament, prefix: &str) -> Vec<String> {
    (1..=6)
        .map(|i| {
            let name = format!("{prefix}{i}");
            let _ = books.register(&name, PlayerKind::Human);
            name
        })
        .collect()
}

#[test]
fn official_game_moves_the_winner_and_returns_the_losers() {
    let mut books = Tournament::new();
    let players = six(&mut books, "p");
    let game = GameRequest {
        game_type: GameType::Official,
        level: Some(6),
        players: players.clone(),
        joshuas: 0,
        winner: Winner::Human("p2".to_string()),
    };
    let appointment = books.play(&game).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(appointment.map(|a| a.title), Some(Title::Knecht));
    assert_eq!(books.level("p2"), Some(5));
    assert_eq!(books.level("p1"), Some(6));
    let again = books.play(&game).expect_err("p2 has left Level 6");
    assert_eq!(again.code(), "level-already-passed");
    assert_eq!(books.games, 1, "a refused game changes nothing");
}

#[test]
fn errors_have_codes_and_messages() {
    let mut books = Tournament::new();
    let players = six(&mut books, "h");
    let mut game = GameRequest {
        game_type: GameType::Official,
        level: Some(6),
        players: players[..5].to_vec(),
        joshuas: 1,
        winner: Winner::Human("h1".to_string()),
    };
    let error = books.play(&game).expect_err("a Joshua in an official game");
    assert_eq!(error.code(), "computer-in-official");
    assert!(error.to_string().contains("six registered humans"));
    game.joshuas = 0;
    assert_eq!(
        books.play(&game).map_err(|e| e.code()),
        Err("official-needs-six-humans")
    );
    game.players = players.clone();
    game.level = Some(5);
    assert_eq!(
        books.play(&game).map_err(|e| e.code()),
        Err("level-not-reached")
    );
    assert_eq!(
        books
            .register("h1", PlayerKind::Human)
            .map_err(|e| e.code()),
        Err("duplicate-registration")
    );
}

/// Clause 22: eleven humans suffice for six Level-6 games and the first
/// Level-5 game, and ten do not (exhaustive search over all schedules).
#[test]
fn eleven_humans_for_the_first_six_knechte() {
    let schedule = schedule_to(5, 11).unwrap_or_else(|| panic!("11 humans should suffice"));
    assert_eq!(schedule, vec![6; 6]);
    assert!(schedule_is_valid(&schedule, 11, 5));
    assert_eq!(schedule_to(5, 10), None);
}

/// F-LEVEL-MATH: the least number of distinct humans for a game at each
/// level is 6 + 5 (6 - L): 6, 11, 16, 21, 26, 31 (31 to crown a König).
#[test]
fn least_humans_per_level() {
    let found: Vec<u16> = (1..=6)
        .rev()
        .map(|level| min_humans(level).unwrap_or(0))
        .collect();
    assert_eq!(found, vec![6, 11, 16, 21, 26, 31]);
    for level in 1..=6 {
        assert_eq!(min_humans(level), Some(formula(level)));
    }
    let crown = schedule_to(1, 31).unwrap_or_else(|| panic!("31 humans should crown a König"));
    assert!(schedule_is_valid(&crown, 31, 1));
    // Six wins per level below: 6^5 + 6^4 + 6^3 + 6^2 + 6 games before the Level-1 game.
    assert_eq!(crown.len(), 7776 + 1296 + 216 + 36 + 6);
}
