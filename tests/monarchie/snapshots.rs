//! insta snapshots (in `snapshots/`): the legal moves of every piece of the
//! start position, perft divide of the start, the text board, and the
//! error messages of typical bad inputs. A change in behaviour shows as a
//! snapshot diff.

use std::path::Path;

use regelwerk::scenario::load::load_str;
use regelwerk::variant::monarchie::notation::{parse_position, to_notation};
use regelwerk::variant::monarchie::perft::divide;
use regelwerk::variant::monarchie::rules::{check_move, legal_moves_from};
use regelwerk::variant::monarchie::{Cell, Move, Position, Ruleset};

fn settings() -> insta::Settings {
    let mut settings = insta::Settings::clone_current();
    settings.set_snapshot_path("../../snapshots");
    settings.set_prepend_module_to_snapshot(false);
    settings
}

#[test]
fn start_position_moves_of_every_piece() {
    let position = Position::start();
    let rules = Ruleset::default();
    let mut text = String::new();
    for (cell, piece) in position.pieces() {
        // Moves as if it were that party's turn: the same board with that
        // party to move.
        let mut setup = position.to_setup();
        setup.to_move = Some(piece.party);
        let own_turn =
            Position::from_setup(&setup).expect("the start with another party to move is valid");
        let moves: Vec<String> = legal_moves_from(&own_turn, cell, &rules)
            .iter()
            .map(|mv| mv.text(!own_turn.is_empty(mv.to)))
            .collect();
        text.push_str(&format!(
            "{cell:>3} {} {:<6} {}\n",
            piece.party,
            piece.kind,
            moves.join(" ")
        ));
    }
    settings().bind(|| insta::assert_snapshot!("start_moves_of_every_piece", text));
}

#[test]
fn start_position_perft_divide_2() {
    let position = Position::start();
    let rows = divide(&position, 2, &Ruleset::default());
    let text: String = rows.iter().map(|(mv, n)| format!("{mv} {n}\n")).collect();
    let total: u64 = rows.iter().map(|(_, n)| n).sum();
    assert_eq!(total, 775);
    settings().bind(|| insta::assert_snapshot!("start_perft_divide_2", text));
}

#[test]
fn start_position_board_text() {
    settings().bind(|| {
        insta::assert_snapshot!(
            "start_board",
            regelwerk::variant::monarchie::board_text::render(&Position::start())
        )
    });
}

#[test]
fn board_text_with_dead_blockers_trays_and_clocks() {
    let text = "1/2/3/4/5/6/bK18/18/17/16/15/14/6gR6/14/15/16/17/18/5yK13/6/5/4/3/2/lK y gor bQ,yR 600,0,12,1200,59,1200 -";
    let position = parse_position(text).expect("valid notation");
    assert_eq!(to_notation(&position), text);
    settings().bind(|| {
        insta::assert_snapshot!(
            "board_dead_blockers",
            regelwerk::variant::monarchie::board_text::render(&position)
        )
    });
}

#[test]
fn error_messages_of_typical_bad_inputs() {
    let mut lines = Vec::new();
    let notations = [
        "",
        "bK b - - - -",
        "1/2/3/4/5/6/19/18/17/16/15/14/13/14/15/16/17/18/19/6/5/4/3/2/1 b - - - -",
        "xK/2/3/4/5/6/19/18/17/16/15/14/13/14/15/16/17/18/19/6/5/4/3/2/1 b - - - -",
        "bk/2/3/4/5/6/19/18/17/16/15/14/13/14/15/16/17/18/19/6/5/4/3/2/1 b - - - -",
        "bK/3/3/4/5/6/19/18/17/16/15/14/13/14/15/16/17/18/19/6/5/4/3/2/1 b - - - -",
        "bK/2/3/4/5/6/19/18/17/16/15/14/13/14/15/16/17/18/19/6/5/4/3/2/lK b - - 1,2,3 -",
        "bK/2/3/4/5/6/19/18/17/16/15/14/13/14/15/16/17/18/19/6/5/4/3/2/lK b - bK - -",
        "bKbQ*/1/3/4/5/6/19/18/17/16/15/14/13/14/15/16/17/18/19/6/5/4/3/2/lK b - - - -",
    ];
    for text in notations {
        let message = match parse_position(text) {
            Ok(_) => "accepted".to_string(),
            Err(error) => error.to_string(),
        };
        lines.push(format!("notation {text:?}\n  -> {message}"));
    }
    for text in ["0-5", "254-1", "16_28", "16-28=K", "5x", "16-28@x"] {
        let message = match text.parse::<regelwerk::variant::monarchie::Action>() {
            Ok(action) => format!("accepted as {action}"),
            Err(error) => error.to_string(),
        };
        lines.push(format!("action {text:?}\n  -> {message}"));
    }
    for setting in ["R-KING", "R-QUEEN=fly", "R-KING=thirteen", "R-END=draw"] {
        let message = match Ruleset::from_settings(&[setting]) {
            Ok(_) => "accepted".to_string(),
            Err(error) => error.to_string(),
        };
        lines.push(format!("ruling {setting:?}\n  -> {message}"));
    }
    let start = Position::start();
    let rules = Ruleset::default();
    for (from, to) in [
        (100, 101),
        (40, 39),
        (11, 22),
        (16, 40),
        (7, 31),
        (1, 1),
        (2, 3),
        (16, 4),
    ] {
        let mv = Move::new(Cell::new(from).expect("cell"), Cell::new(to).expect("cell"));
        let message = match check_move(&start, mv, &rules) {
            Ok(()) => "legal".to_string(),
            Err(error) => format!("{}: {error}", error.code()),
        };
        lines.push(format!("start move {mv}\n  -> {message}"));
    }
    let scenario =
        "id: x\nclauses: [m.7]\ndescripton: typo\nposition: {start: untimed}\nsteps: []\n";
    let message = load_str(Path::new("bad.yaml"), scenario, None)
        .map_or_else(|e| e.to_string(), |_| "accepted".to_string());
    lines.push(format!("scenario with a misspelt field\n  -> {message}"));
    settings().bind(|| insta::assert_snapshot!("error_messages", lines.join("\n")));
}
