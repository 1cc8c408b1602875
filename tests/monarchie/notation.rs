//! The one-line position notation (docs/notation.md) and the move/action
//! notation: exact round trips, and errors (never panics) for bad input.

use rstest::rstest;

use regelwerk::variant::monarchie::notation::{
    parse_position, parse_setup, to_notation, Notation, NotationError,
};
use regelwerk::variant::monarchie::party::ByParty;
use regelwerk::variant::monarchie::rules::{self, legal_moves};
use regelwerk::variant::monarchie::setup::{SetupError, SetupProblem};
use regelwerk::variant::monarchie::start::start_setup;
use regelwerk::variant::monarchie::{Action, Cell, Move, Party, PieceKind, Position, Ruleset};

use crate::support::{cell, mv, Build};

/// The Anhang A start position, written out by hand row by row from
/// src/variant/monarchie/start.rs: e.g. row 7 (cells 22..40) is Rot's K N R B P P on 22..27,
/// seven empty cells 28..34, Grün's P P B R N K on 35..40.
const START: &str = "bK/bNbN/bBbQbB/bRbNbNbR/bP*bP*bP*bP*bP*/bP*bP*bP*bP*bP*bP*/\
rKrNrRrBrP*rP*7gP*gP*gBgRgNgK/rNrQrNrP*rP*8gP*gP*gNgQgN/rRrNrRrP*9gP*gRgNgR/\
rBrP*rP*10gP*gP*gB/rP*rP*11gP*gP*/rP*12gP*/13/yP*12oP*/yP*yP*11oP*oP*/\
yByP*yP*10oP*oP*oB/yRyNyRyP*9oP*oP*oNoR/yNyQyNyP*yP*8oP*oP*oNoQoN/\
yKyNyRyByP*yP*7oP*oP*oBoRoNoK/lP*lP*lP*lP*lP*lP*/lP*lP*lRlP*lP*/lBlNlNlB/\
lRlQlR/lNlN/lK b - - - -";

/// Six kings only, on their tips; Blau to move. Short enough to count
/// columns by hand: the board field is 72 characters, so to-move is at
/// column 74, eliminated 76, trays 78, clocks 80, anchor 82.
const KINGS: &str =
    "bK/2/3/4/5/6/rK17gK/18/17/16/15/14/13/14/15/16/17/18/yK17oK/6/5/4/3/2/lK b - - - -";

/// A tiny deterministic generator (Knuth's MMIX LCG); no extra crates.
struct Lcg(u64);

impl Lcg {
    fn next(&mut self) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        self.0 >> 33
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

fn assert_round_trip(position: &Position) {
    let text = to_notation(position);
    let parsed = parse_position(&text).unwrap_or_else(|e| panic!("{text}\ndoes not parse: {e}"));
    assert_eq!(&parsed, position, "{text}");
    assert_eq!(to_notation(&parsed), text);
}

// --- round trips -----------------------------------------------------------

#[test]
fn start_position_is_written_as_listed_in_anhang_a() {
    assert_eq!(to_notation(&Position::start()), START);
    assert_eq!(Notation(&Position::start()).to_string(), START);
}

#[test]
fn start_position_round_trips_exactly() {
    let start = Position::start();
    let parsed = parse_position(START).expect("start notation parses");
    assert_eq!(parsed, start);
    assert_eq!(to_notation(&parsed), START);
    assert_eq!(START.parse::<Position>().expect("FromStr"), start);
    assert_round_trip(&Position::timed_start());
    assert!(to_notation(&Position::timed_start()).ends_with(" 1200,1200,1200,1200,1200,1200 -"));
}

/// Fields are separated by exactly one space, as in every variant
/// (docs/notation.md; tests/harness/field_separators.rs has all five): repeated
/// spaces and spaces around the line are refused, naming the field.
#[test]
fn surrounding_whitespace_and_repeated_spaces_are_refused() {
    for (spaced, field) in [
        (START.replace(" b - ", "  b - "), "board"),
        (format!(" {START}"), "board"),
        (format!("{START} "), "anchor"),
        (START.replace(" b - ", " b\t- "), "to-move"),
    ] {
        match parse_position(&spaced) {
            Err(NotationError::Syntax {
                field: got,
                message,
                ..
            }) => {
                assert_eq!(got, field, "{spaced:?}: {message}");
                assert!(message.contains("exactly one space"), "{message}");
            }
            other => panic!("{spaced:?} is refused, not {other:?}"),
        }
    }
}

/// What the random games below went through, so the test can insist that
/// each kind of state really was written and read.
#[derive(Default, Debug)]
struct Seen {
    positions: usize,
    timeouts: usize,
    eliminated: bool,
    dead_blockers: bool,
    trays: bool,
    anchor: bool,
    finished: bool,
}

/// Plays random actions (moves, and timeouts one time in six) from a timed
/// start with short clocks, checking the round trip after every action.
fn random_game(seed: u64, rules: &Ruleset, plies: usize, seen: &mut Seen) {
    let mut rng = Lcg(seed);
    let mut setup = start_setup();
    setup.clocks = Some(ByParty([1200, 900, 700, 1000, 800, 600]));
    let mut position = Position::from_setup(&setup).expect("valid start");
    for _ in 0..plies {
        let Some(party) = position.to_move() else {
            seen.finished = true;
            break;
        };
        let left = position.clocks().map_or(60, |c| c[party]);
        let action = if rng.below(6) == 0 {
            seen.timeouts += 1;
            Action::Timeout
        } else {
            let moves = legal_moves(&position, rules);
            assert!(!moves.is_empty(), "{party} is to move without a legal move");
            // Prefer captures a little, so trays fill and kings fall.
            let captures: Vec<Move> = moves
                .iter()
                .copied()
                .filter(|m| !position.is_empty(m.to))
                .collect();
            let mv = if !captures.is_empty() && rng.below(2) == 0 {
                captures[rng.below(captures.len())]
            } else {
                moves[rng.below(moves.len())]
            };
            let elapsed = rng.below(21).min(left as usize) as u32;
            Action::Move {
                mv,
                elapsed: Some(elapsed),
            }
        };
        rules::apply(&mut position, action, rules)
            .unwrap_or_else(|e| panic!("seed {seed}: {action} refused: {e}"));
        assert_round_trip(&position);
        seen.positions += 1;
        seen.eliminated |= position.active_count() < 6;
        seen.dead_blockers |= position
            .pieces()
            .any(|(_, piece)| !position.is_active(piece.party));
        seen.trays |= Party::ALL.iter().any(|&p| !position.tray(p).is_empty());
        seen.anchor |= position.check_anchor().is_some();
    }
}

#[test]
fn random_games_round_trip_after_every_action() {
    let mut seen = Seen::default();
    for seed in 1..=4 {
        random_game(seed, &Ruleset::default(), 800, &mut seen);
    }
    assert!(seen.positions > 1000, "{seen:?}");
    assert!(seen.timeouts > 100, "{seen:?}");
    assert!(seen.eliminated, "no elimination happened: {seen:?}");
    assert!(seen.dead_blockers, "no dead blocker was written: {seen:?}");
    assert!(seen.trays, "no tray was written: {seen:?}");
}

#[test]
fn random_games_with_a_check_anchor_round_trip() {
    let rules = Ruleset::from_settings(&["R-NEXT=trigger-anchor"]).expect("known ruling");
    let mut seen = Seen::default();
    for seed in 11..=16 {
        random_game(seed, &rules, 400, &mut seen);
    }
    assert!(seen.anchor, "no check anchor was ever written: {seen:?}");
}

#[test]
fn hand_built_position_with_every_field_round_trips() {
    let position = Build::new(Party::Orange)
        .king(Party::Blau, 1)
        .king(Party::Gruen, 40)
        .king(Party::Orange, 232)
        .king(Party::Gelb, 214)
        .piece(Party::Gruen, PieceKind::Queen, 127)
        .piece(Party::Orange, PieceKind::Pawn, 162)
        .unmoved(162)
        .piece(Party::Blau, PieceKind::Pawn, 223)
        .eliminated(Party::Lila)
        .eliminated(Party::Rot)
        .dead(Party::Lila, PieceKind::Rook, 241)
        .dead(Party::Rot, PieceKind::Knight, 23)
        .tray(
            Party::Blau,
            &[PieceKind::Queen, PieceKind::Rook, PieceKind::Rook],
        )
        .tray(Party::Gelb, &[PieceKind::Pawn])
        .clocks([1200, 59, 1, 0, 600, 0])
        .build();
    let text = to_notation(&position);
    let fields: Vec<&str> = text.split(' ').collect();
    assert_eq!(
        fields[1..],
        ["o", "lr", "bQRR,yP", "1200,59,1,0,600,0", "-"]
    );
    // Row 19 (214..232): yK on 214, 215..222 empty, bP on 223, 224..231
    // empty, oK on 232.
    assert_eq!(fields[0].split('/').nth(18), Some("yK8bP8oK"));
    assert_round_trip(&position);
}

#[test]
fn check_anchor_field_is_read_and_written() {
    let text = KINGS.replace(" b - - - -", " g - - - b");
    let position = parse_position(&text).expect("valid");
    assert_eq!(position.check_anchor(), Some(Party::Blau));
    assert_eq!(position.to_move(), Some(Party::Gruen));
    assert_eq!(to_notation(&position), text);
}

#[test]
fn a_finished_game_has_no_party_to_move() {
    let text = "bK/2/3/4/5/6/19/18/17/16/15/14/13/14/15/16/17/18/19/6/5/4/3/2/1 - golyr - - -";
    let position = parse_position(text).expect("valid");
    assert_eq!(position.to_move(), None);
    assert_eq!(position.winner(), Some(Party::Blau));
    assert_eq!(to_notation(&position), text);
}

// --- syntax errors ---------------------------------------------------------

/// `(input, field, column)`: the error must name the field and the 1-based
/// column in the whole string.
#[rstest]
// 5 fields: the missing one is the anchor; the column is just past the end.
#[case(KINGS.strip_suffix(" -").unwrap(), "anchor", 81)]
// 24 rows (row 2 dropped).
#[case(&KINGS.replacen("bK/2/", "bK/", 1), "board", 1)]
// Row 1 has one cell but two pieces are listed: the second is at column 3.
#[case(&KINGS.replacen("bK/", "bKbN/", 1), "board", 3)]
// Row 2 (starting at column 4) describes 1 of its 2 cells.
#[case(&KINGS.replacen("bK/2/", "bK/1/", 1), "board", 4)]
// A zero run, in row 3 (column 6).
#[case(&KINGS.replacen("bK/2/3/", "bK/2/0/", 1), "board", 6)]
#[case(&KINGS.replacen("bK/", "xK/", 1), "board", 1)]
#[case(&KINGS.replacen("bK/", "bk/", 1), "board", 2)]
#[case(&KINGS.replacen("bK/", "bX/", 1), "board", 2)]
#[case(&KINGS.replacen("bK/", "b/", 1), "board", 2)]
#[case(&KINGS.replacen("bK/", "bK*/", 1), "board", 3)]
#[case(&KINGS.replacen(" b - - - -", " x - - - -", 1), "to-move", 74)]
#[case(&KINGS.replacen(" b - - - -", " bg - - - -", 1), "to-move", 74)]
#[case(&KINGS.replacen(" b - - - -", " b lz - - -", 1), "eliminated", 77)]
#[case(&KINGS.replacen(" b - - - -", " b - bQX - -", 1), "trays", 80)]
#[case(&KINGS.replacen(" b - - - -", " b - bK - -", 1), "trays", 79)]
#[case(&KINGS.replacen(" b - - - -", " b - bq - -", 1), "trays", 79)]
#[case(&KINGS.replacen(" b - - - -", " b - bQ,xR - -", 1), "trays", 81)]
#[case(&KINGS.replacen(" b - - - -", " b - - 1,2,3 -", 1), "clocks", 80)]
#[case(&KINGS.replacen(" b - - - -", " b - - 1,2,3,4,5,6,7 -", 1), "clocks", 80)]
#[case(&KINGS.replacen(" b - - - -", " b - - 1200,12x0,1,1,1,1 -", 1), "clocks", 85)]
#[case(&KINGS.replacen(" b - - - -", " b - - 1,2,3,4,5,-6 -", 1), "clocks", 90)]
#[case(&KINGS.replacen(" b - - - -", " b - - - bg", 1), "anchor", 82)]
fn syntax_errors_name_field_and_column(
    #[case] input: &str,
    #[case] field: &str,
    #[case] column: usize,
) {
    match parse_position(input) {
        Err(NotationError::Syntax {
            field: got_field,
            column: got_column,
            message,
        }) => {
            assert_eq!((got_field, got_column), (field, column), "{message}");
            let text = NotationError::Syntax {
                field: got_field,
                column: got_column,
                message: message.clone(),
            }
            .to_string();
            assert!(text.contains(field) && text.contains(&column.to_string()));
            assert!(!message.is_empty());
        }
        other => panic!("expected a syntax error in {field} at {column}, got {other:?}"),
    }
}

#[test]
fn seven_fields_are_refused() {
    let error = parse_position(&format!("{KINGS} -")).expect_err("7 fields");
    assert!(
        error.to_string().contains("found 7"),
        "the message counts the fields: {error}"
    );
}

#[test]
fn a_24_row_start_position_is_refused() {
    let without_last_row = START.replacen("/lK b", " b", 1);
    let error = parse_position(&without_last_row).expect_err("24 rows");
    assert!(error.to_string().contains("25 rows"), "{error}");
    assert!(error.to_string().contains("found 24"), "{error}");
}

/// Any damage to a valid notation gives an error or a position, never a
/// panic: every prefix, and every single character replaced by a few
/// troublesome ones.
#[test]
fn damaged_notation_never_panics() {
    let replacements = ['0', '9', '*', '/', ' ', ',', '-', 'K', 'k', 'P', 'b', 'ü'];
    let mut errors = 0;
    let chars: Vec<char> = START.chars().collect();
    for end in 0..chars.len() {
        let prefix: String = chars[..end].iter().collect();
        if parse_position(&prefix).is_err() {
            errors += 1;
        }
    }
    assert_eq!(errors, chars.len(), "every proper prefix is incomplete");
    for at in 0..chars.len() {
        for &r in &replacements {
            let mut damaged = chars.clone();
            damaged[at] = r;
            let text: String = damaged.into_iter().collect();
            let _ = parse_position(&text);
            let _ = parse_setup(&text);
        }
    }
    let long_run = KINGS.replacen("bK/2/", "bK/99999999999999999999/", 1);
    assert!(parse_position(&long_run).is_err());
}

// --- invalid positions -------------------------------------------------------

#[test]
fn invalid_position_lists_every_problem() {
    // A second Blau king on cell 2, no Rot king, Grün eliminated (so its
    // king on 40 would be a dead king) and Grün to move.
    let text = KINGS
        .replacen("bK/2/", "bK/bK1/", 1)
        .replacen("rK17gK", "18gK", 1)
        .replacen(" b - - - -", " g g - - -", 1);
    match parse_position(&text) {
        Err(NotationError::Invalid(SetupError(problems))) => {
            assert_eq!(
                problems,
                vec![
                    SetupProblem::DeadKing(cell(40)),
                    SetupProblem::ExtraKings {
                        party: Party::Blau,
                        count: 2
                    },
                    SetupProblem::MissingKing(Party::Rot),
                    SetupProblem::ToMoveNotActive(Party::Gruen),
                ]
            );
        }
        other => panic!("expected an invalid position, got {other:?}"),
    }
    let message = parse_position(&text).expect_err("invalid").to_string();
    assert!(message.contains("4 problems"), "{message}");
}

#[rstest]
// Rot has no king and is not eliminated.
#[case(&KINGS.replacen("rK17gK", "18gK", 1), SetupProblem::MissingKing(Party::Rot))]
// A '*' on a pawn that is not on one of its start cells.
#[case(&KINGS.replacen("/13/", "/6bP*6/", 1), SetupProblem::UnmovedOffStart { cell: cell(127), party: Party::Blau })]
// A clock above 20 minutes.
#[case(&KINGS.replacen(" b - - - -", " b - - 1201,1,1,1,1,1 -", 1), SetupProblem::ClockTooHigh { party: Party::Blau, seconds: 1201 })]
// An active party with no time left.
#[case(&KINGS.replacen(" b - - - -", " b - - 1,1,0,1,1,1 -", 1), SetupProblem::ActiveWithoutTime(Party::Orange))]
// Nobody to move with six active parties.
#[case(&KINGS.replacen(" b - ", " - - ", 1), SetupProblem::NobodyToMove(6))]
// Anchored at an eliminated party.
#[case(&KINGS.replacen("/lK b - - - -", "/1 b l - - l", 1), SetupProblem::AnchorNotActive(Party::Lila))]
// A party eliminated twice.
#[case(&KINGS.replacen("/lK b - ", "/1 b ll ", 1), SetupProblem::EliminatedTwice(Party::Lila))]
fn invalid_positions_name_the_problem(#[case] input: &str, #[case] problem: SetupProblem) {
    match parse_position(input) {
        Err(NotationError::Invalid(SetupError(problems))) => {
            assert_eq!(problems, vec![problem]);
        }
        other => panic!("expected one problem, got {other:?}"),
    }
}

#[test]
fn from_setup_reports_every_problem_at_once() {
    // Three independent problems: two Blau kings, an unmoved mark on an
    // empty cell, and Gelb's clock above 20 minutes.
    let setup = Build::new(Party::Blau)
        .king(Party::Blau, 1)
        .king(Party::Blau, 2)
        .king(Party::Gruen, 40)
        .king(Party::Orange, 232)
        .king(Party::Lila, 253)
        .king(Party::Gelb, 214)
        .king(Party::Rot, 22)
        .unmoved(16)
        .clocks([1200, 1200, 1200, 1200, 5000, 1200])
        .setup();
    let error = Position::from_setup(&setup).expect_err("three problems");
    assert_eq!(
        error.0,
        vec![
            SetupProblem::ExtraKings {
                party: Party::Blau,
                count: 2
            },
            SetupProblem::UnmovedWithoutPawn(cell(16)),
            SetupProblem::ClockTooHigh {
                party: Party::Gelb,
                seconds: 5000
            },
        ]
    );
    assert!(error.to_string().contains("3 problems"), "{error}");
}

#[test]
fn an_empty_setup_reports_all_six_missing_kings() {
    let error = Position::from_setup(&Build::new(Party::Blau).setup()).expect_err("no kings");
    let missing: Vec<SetupProblem> = Party::ALL.map(SetupProblem::MissingKing).to_vec();
    assert_eq!(error.0, missing);
}

// --- moves and actions -----------------------------------------------------

#[rstest]
#[case("16-28", mv(16, 28))]
#[case("5x150", mv(5, 150))]
#[case("5X150", mv(5, 150))]
#[case(" 1-253 ", mv(1, 253))]
#[case("200-230=Q", mv(200, 230).promoting(PieceKind::Queen))]
#[case("200x230=N", mv(200, 230).promoting(PieceKind::Knight))]
#[case("200-230=r", mv(200, 230).promoting(PieceKind::Rook))]
fn moves_parse(#[case] text: &str, #[case] expected: Move) {
    assert_eq!(text.parse::<Move>(), Ok(expected));
}

#[rstest]
#[case("16-28", Action::play(mv(16, 28)))]
#[case("5x150", Action::play(mv(5, 150)))]
#[case("200-230=Q", Action::play(mv(200, 230).promoting(PieceKind::Queen)))]
#[case("16-28@12", Action::Move { mv: mv(16, 28), elapsed: Some(12) })]
#[case("16-28@12s", Action::Move { mv: mv(16, 28), elapsed: Some(12) })]
#[case("200-230=B@60", Action::Move { mv: mv(200, 230).promoting(PieceKind::Bishop), elapsed: Some(60) })]
#[case("timeout", Action::Timeout)]
#[case("TIMEOUT", Action::Timeout)]
fn actions_parse(#[case] text: &str, #[case] expected: Action) {
    assert_eq!(text.parse::<Action>(), Ok(expected));
}

#[rstest]
#[case(Action::play(mv(16, 28)), "16-28")]
#[case(Action::play(mv(200, 230).promoting(PieceKind::Queen)), "200-230=Q")]
#[case(Action::Move { mv: mv(16, 28), elapsed: Some(12) }, "16-28@12")]
#[case(Action::Timeout, "timeout")]
fn actions_display_and_read_back(#[case] action: Action, #[case] text: &str) {
    assert_eq!(action.to_string(), text);
    assert_eq!(text.parse::<Action>(), Ok(action));
}

#[test]
fn output_writes_x_for_captures_and_dash_otherwise() {
    assert_eq!(mv(5, 150).text(true), "5x150");
    assert_eq!(mv(5, 150).text(false), "5-150");
    assert_eq!(
        mv(200, 230).promoting(PieceKind::Rook).text(true),
        "200x230=R"
    );
}

#[rstest]
#[case("0-5", "out of range")]
#[case("254-1", "out of range")]
#[case("16_28", "not a move")]
#[case("16-28=K", "promotion")]
#[case("16-28=P", "promotion")]
#[case("16-28=QQ", "promotion")]
#[case("16-", "not a cell")]
#[case("-16", "not a cell")]
#[case("a-b", "not a cell")]
#[case("", "not a move")]
fn bad_moves_are_refused_with_a_reason(#[case] text: &str, #[case] reason: &str) {
    let move_error = text.parse::<Move>().expect_err(text).to_string();
    assert!(move_error.contains(reason), "{text}: {move_error}");
    let action_error = text.parse::<Action>().expect_err(text).to_string();
    assert!(action_error.contains(reason), "{text}: {action_error}");
}

#[rstest]
#[case("16-28@x")]
#[case("16-28@")]
#[case("16-28@-1")]
#[case("16-28@1.5")]
fn bad_seconds_are_refused(#[case] text: &str) {
    let error = text.parse::<Action>().expect_err(text).to_string();
    assert!(error.contains("seconds"), "{text}: {error}");
}

#[test]
fn every_cell_number_parses_and_displays() {
    for c in Cell::all() {
        assert_eq!(c.to_string().parse::<Cell>(), Ok(c));
    }
    assert!("0".parse::<Cell>().is_err());
    assert!("254".parse::<Cell>().is_err());
    assert!("99999999999999999999999".parse::<Cell>().is_err());
}

#[test]
fn a_party_to_move_after_the_game_has_ended_is_a_problem() {
    // Blau is the last active party (it has won), yet a mover is given.
    let mut setup = Build::duel(1, 253).eliminated(Party::Lila).setup();
    setup
        .pieces
        .retain(|placed| placed.piece.party != Party::Lila);
    match Position::from_setup(&setup) {
        Err(SetupError(problems)) => {
            assert_eq!(problems, vec![SetupProblem::ToMoveAfterEnd(Party::Blau)]);
        }
        Ok(_) => panic!("a mover after the end was accepted"),
    }
    setup.to_move = None;
    assert!(Position::from_setup(&setup).is_ok());
}
