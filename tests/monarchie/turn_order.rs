//! Who moves next (R-NEXT: clauses 7, 8, 9, 10, 13, 16) and its
//! neighbours: eliminations when due (R-TURN-START), timeouts and clocks
//! (R-TIMEOUT, R-CLOCK), the end of the game (R-END), refused actions and
//! Gardez (R-GARDEZ).
//!
//! Every expectation was reasoned from the rulings page, with the lines
//! between cells cross-checked by a throwaway coordinate script, never by
//! the engine. Useful lines: row 13 = 121..133 (x even); from 127 = (13,0)
//! the six vertex diagonals run to the six tips (ab to 40, bc to 232, cd to
//! 253, de to 214, ef to 22, fa to 1), so kings that must stay out of a
//! line are moved off their tips.

use regelwerk::variant::monarchie::notation::to_notation;
use regelwerk::variant::monarchie::position::Occupant;
use regelwerk::variant::monarchie::rules::{apply, Capture, Cause, Elimination, Event, Outcome};
use regelwerk::variant::monarchie::Party::{self, Blau, Gelb, Gruen, Lila, Orange, Rot};
use regelwerk::variant::monarchie::PieceKind::{Bishop, King, Knight, Pawn, Queen, Rook};
use regelwerk::variant::monarchie::{Action, Piece, Position, Ruleset};
use rstest::rstest;

use crate::support::{cell, mv, Build};

/// The six tip cells, Blau to Rot: the kings' start cells.
const TIPS: [u16; 6] = [1, 40, 232, 253, 214, 22];

/// A board with one king per party at the given cells (Blau to Rot); a 0
/// marks the party as eliminated.
fn seats(to_move: Party, kings: [u16; 6]) -> Build {
    let mut build = Build::new(to_move);
    for (party, king) in Party::ALL.into_iter().zip(kings) {
        build = if king == 0 {
            build.eliminated(party)
        } else {
            build.king(party, king)
        };
    }
    build
}

fn rules(settings: &[&str]) -> Ruleset {
    Ruleset::from_settings(settings).unwrap_or_else(|error| panic!("{settings:?}: {error}"))
}

/// Applies actions in order (each must be accepted); the last outcome.
fn run(position: &mut Position, actions: &[&str], rules: &Ruleset) -> Outcome {
    let mut last = None;
    for text in actions {
        let action: Action = text.parse().unwrap_or_else(|e| panic!("{text}: {e}"));
        let outcome = apply(position, action, rules)
            .unwrap_or_else(|error| panic!("{text} should be accepted: {error}"));
        last = Some(outcome);
    }
    last.expect("at least one action")
}

fn elimination(party: Party, cause: &str) -> Elimination {
    let cause = Cause::ALL
        .into_iter()
        .find(|c| c.code() == cause)
        .unwrap_or_else(|| panic!("no cause {cause}"));
    Elimination { party, cause }
}

/// R-NEXT step by step, R-TURN-START and R-TIMEOUT: after the actions, the
/// checks and eliminations of the last one and the party to move.
#[rstest]
// Clause 7: a plain move passes to the next seat clockwise.
#[case::plain_move(
    seats(Blau, TIPS).piece(Blau, Rook, 127), &[], &["127-128"],
    &[], &[], Some(Gruen),
)]
// Clauses 3, 7: eliminated seats are skipped.
#[case::skips_eliminated(
    seats(Blau, [1, 0, 0, 253, 214, 22]).piece(Blau, Rook, 127), &[], &["127-128"],
    &[], &[], Some(Lila),
)]
// Clause 8.1, the rulebook's own example: Blau takes a Gelb piece, Gelb
// moves at once; Grün, Orange and Lila sit this transition out.
#[case::captured_party_moves_next(
    seats(Blau, TIPS).piece(Blau, Rook, 127).piece(Gelb, Knight, 130), &[], &["127x130"],
    &[], &[], Some(Gelb),
)]
// ...and after Gelb's reply the order goes on clockwise from Gelb.
#[case::order_continues_from_captured_party(
    seats(Blau, TIPS).piece(Blau, Rook, 127).piece(Gelb, Knight, 130), &[], &["127x130", "214-215"],
    &[], &[], Some(Rot),
)]
// Clause 8.2: taking a dead blocker gives no turn to anyone special.
#[case::dead_blocker_capture(
    seats(Blau, [1, 40, 232, 253, 0, 22]).piece(Blau, Rook, 127).dead(Gelb, Knight, 130), &[], &["127x130"],
    &[], &[], Some(Gruen),
)]
// Clauses 9, 16: the rook on 130 also checks the Orange king on 159 (c
// side, across 144); check beats the captured party.
#[case::check_beats_captured_party(
    seats(Blau, [1, 40, 159, 253, 214, 22]).piece(Blau, Rook, 127).piece(Gelb, Knight, 130), &[], &["127x130"],
    &[Orange], &[], Some(Orange),
)]
// Clause 10: Orange's queen on 133 checks Blau's king on 124 (row 13) and
// Gelb's king on 191 (d side); the first checked clockwise after the mover
// is Gelb, not Blau.
#[case::double_check_first_after_mover(
    seats(Orange, [124, 38, 232, 253, 191, 22]).piece(Orange, Queen, 147), &[], &["147-133"],
    &[Blau, Gelb], &[], Some(Gelb),
)]
// Clause 13: a king capture gives the capturer another move.
#[case::king_capture_moves_again(
    seats(Blau, [1, 40, 232, 253, 131, 22]).piece(Blau, Rook, 127), &[], &["127x131"],
    &[], &[(Gelb, "king-capture")], Some(Blau),
)]
// Clauses 13, 16: ...unless a check is pending: the rook on 131 checks Rot's
// king on 56 (a side, across 119 103 88 72).
#[case::king_capture_check_first(
    seats(Blau, [1, 40, 232, 253, 131, 56]).piece(Blau, Rook, 127), &[], &["127x131"],
    &[Rot], &[(Gelb, "king-capture")], Some(Rot),
)]
// R-CHECK: Blau (king 127) and Gelb (king 150) check each other, Gelb with
// its rook on 131. The knight 168x150 is legal because Gelb's rook dies
// with its king; then Blau moves again.
#[case::king_capture_ends_mutual_check(
    seats(Blau, [127, 40, 232, 253, 150, 22]).piece(Gelb, Rook, 131).piece(Blau, Knight, 168), &[], &["168x150"],
    &[], &[(Gelb, "king-capture")], Some(Blau),
)]
// The knight leaving 129 to take Gelb's king opens the rook's row onto
// Rot's king on 132: check first.
#[case::king_capture_discovers_check(
    seats(Blau, [1, 40, 232, 253, 159, 132])
        .piece(Blau, Rook, 127).piece(Blau, Knight, 129).piece(Gelb, Pawn, 200),
    &[], &["129x159"],
    &[Rot], &[(Gelb, "king-capture")], Some(Rot),
)]
// Clause 14, R-TURN-START: Grün's king on 40 has only 39 and 58 as
// neighbours, both dead Rot pawns; due after Blau, Grün is stalemated and
// the turn goes on from Grün.
#[case::stalemate_when_due(
    seats(Blau, [1, 40, 232, 253, 214, 0]).piece(Blau, Rook, 127).dead(Rot, Pawn, 39).dead(Rot, Pawn, 58),
    &[], &["127-128"],
    &[], &[(Gruen, "stalemate")], Some(Orange),
)]
// Clauses 8.1, 14: Blau takes Gelb's last piece besides its king, walled on
// 214 by dead Rot pawns on 196 and 215. Gelb is due, stalemated, and the
// turn goes on from Gelb: Rot is out, so back to Blau.
#[case::captured_party_stalemated(
    seats(Blau, [1, 40, 232, 253, 214, 0])
        .piece(Blau, Rook, 127).piece(Gelb, Knight, 130)
        .dead(Rot, Pawn, 196).dead(Rot, Pawn, 215),
    &[], &["127x130"],
    &[], &[(Gelb, "stalemate")], Some(Blau),
)]
// Clause 11: the bishop 155-127 checks Grün's walled king along ab (115
// 102 88 73 57): mate; then Orange.
#[case::mate_when_due(
    seats(Blau, [1, 40, 230, 252, 215, 0]).piece(Blau, Bishop, 155).dead(Rot, Pawn, 39).dead(Rot, Pawn, 58),
    &[], &["155-127"],
    &[Gruen], &[(Gruen, "mate")], Some(Orange),
)]
// The same bishop also checks Gelb's king on 214 along de: after Grün's
// mate the turn is re-determined from Grün and the check comes first.
#[case::mate_then_pending_check(
    seats(Blau, [1, 40, 230, 252, 214, 0]).piece(Blau, Bishop, 155).dead(Rot, Pawn, 39).dead(Rot, Pawn, 58),
    &[], &["155-127"],
    &[Gruen, Gelb], &[(Gruen, "mate")], Some(Gelb),
)]
// Gelb's king on 127 is walled by six dead Rot pawns; the bishop 51-67
// checks it along the x = 0 column (across 99). Mate removes the king,
// which opens the column onto Orange's king on 155: Orange is checked and
// moves next (without the opened line it would be Blau).
#[case::mate_removal_opens_line(
    seats(Blau, [1, 40, 155, 253, 127, 0])
        .piece(Blau, Bishop, 51)
        .dead(Rot, Pawn, 113).dead(Rot, Pawn, 114).dead(Rot, Pawn, 126)
        .dead(Rot, Pawn, 128).dead(Rot, Pawn, 140).dead(Rot, Pawn, 141),
    &[], &["51-67"],
    &[Gelb], &[(Gelb, "mate")], Some(Orange),
)]
// Clause 15: a forfeited turn passes clockwise.
#[case::timeout_passes_clockwise(
    seats(Blau, TIPS).piece(Blau, Rook, 127), &[], &["timeout"],
    &[], &[], Some(Gruen),
)]
// R-TIMEOUT: Blau forfeits in check (Grün's rook on 131, row 13); the
// check step skips Blau, so Grün is next...
#[case::timeout_in_check_skips_the_forfeiter(
    seats(Blau, [127, 40, 232, 253, 214, 22]).piece(Gruen, Rook, 131), &[], &["timeout"],
    &[Blau], &[], Some(Gruen),
)]
// ...and Grün may take the king, then moves again.
#[case::king_taken_after_forfeit_in_check(
    seats(Blau, [127, 40, 232, 253, 214, 22]).piece(Gruen, Rook, 131), &[], &["timeout", "131x127"],
    &[], &[(Blau, "king-capture")], Some(Gruen),
)]
#[case::timeout_in_check_check_first(
    seats(Blau, [127, 40, 232, 253, 214, 22]).piece(Gruen, Rook, 131), &["R-TIMEOUT=check-first"], &["timeout"],
    &[Blau], &[], Some(Blau),
)]
fn next_mover(
    #[case] build: Build,
    #[case] settings: &[&str],
    #[case] actions: &[&str],
    #[case] checks: &[Party],
    #[case] eliminated: &[(Party, &str)],
    #[case] next: Option<Party>,
) {
    let mut position = build.build();
    let outcome = run(&mut position, actions, &rules(settings));
    assert_eq!(outcome.checks, checks, "checks");
    let expected: Vec<Elimination> = eliminated
        .iter()
        .map(|&(party, cause)| elimination(party, cause))
        .collect();
    assert_eq!(outcome.eliminations, expected, "eliminations");
    assert_eq!(outcome.next, next, "next mover");
    assert_eq!(position.to_move(), next, "position to move");
    for e in &expected {
        assert!(!position.is_active(e.party), "{} left", e.party);
        assert_eq!(position.king(e.party), None);
    }
}

/// Clauses 4, 8.2: the dead blocker leaves the board; no tray gains it and
/// its party stays out.
#[test]
fn dead_blocker_capture_changes_no_tray() {
    let mut position = seats(Blau, [1, 40, 232, 253, 0, 22])
        .piece(Blau, Rook, 127)
        .dead(Gelb, Knight, 130)
        .build();
    let outcome = run(&mut position, &["127x130"], &Ruleset::default());
    assert_eq!(
        outcome.capture,
        Some(Capture {
            cell: cell(130),
            party: Gelb,
            kind: Knight,
            dead: true,
        })
    );
    for party in Party::ALL {
        assert!(position.tray(party).is_empty(), "{party} tray");
    }
    assert!(!position.is_active(Gelb));
    assert_eq!(position.piece_at(cell(130)), Some(Piece::new(Blau, Rook)));
}

/// Clauses 4, 13: the captured king's party leaves dead blockers behind,
/// and the events tell the story in order, ending with the discovered check.
#[test]
fn king_capture_leaves_dead_blockers_and_reports_the_check() {
    let mut position = seats(Blau, [1, 40, 232, 253, 159, 132])
        .piece(Blau, Rook, 127)
        .piece(Blau, Knight, 129)
        .piece(Gelb, Pawn, 200)
        .build();
    let outcome = run(&mut position, &["129x159"], &Ruleset::default());
    assert_eq!(outcome.king_captured, Some(Gelb));
    assert_eq!(
        position.occupant(cell(200)),
        Occupant::Dead(Piece::new(Gelb, Pawn))
    );
    assert_eq!(
        position.occupant(cell(159)),
        Occupant::Active(Piece::new(Blau, Knight))
    );
    assert!(position.tray(Gelb).is_empty(), "a king never enters a tray");
    assert_eq!(
        outcome.events,
        vec![
            Event::Moved {
                party: Blau,
                mv: "129x159".to_string(),
            },
            Event::Captured(Capture {
                cell: cell(159),
                party: Gelb,
                kind: King,
                dead: false,
            }),
            Event::Eliminated(elimination(Gelb, "king-capture")),
            Event::Check { parties: vec![Rot] },
        ]
    );
}

/// R-CHECK: in the mutual check, the knight's other jumps leave Blau's king
/// attacked by the still living Gelb rook.
#[test]
fn mutual_check_only_the_king_capture_helps() {
    let position = seats(Blau, [127, 40, 232, 253, 150, 22])
        .piece(Gelb, Rook, 131)
        .piece(Blau, Knight, 168)
        .build();
    let moves = regelwerk::variant::monarchie::rules::legal_moves_from(
        &position,
        cell(168),
        &Ruleset::default(),
    );
    let targets: Vec<u16> = moves.iter().map(|m| m.to.number()).collect();
    assert_eq!(targets, vec![150]);
    let refused = regelwerk::variant::monarchie::rules::check_move(
        &position,
        mv(168, 155),
        &Ruleset::default(),
    )
    .expect_err("155 does not help");
    assert_eq!(refused.code(), "leaves-king-in-check");
}

/// Clause 15: a forfeit changes nothing on the board; only the clock and the
/// party to move change.
#[test]
fn timeout_changes_only_clock_and_turn() {
    let mut position = seats(Blau, TIPS)
        .piece(Blau, Rook, 127)
        .piece(Lila, Queen, 200)
        .clocks([300, 1200, 1200, 1200, 1200, 1200])
        .build();
    let before = position.to_setup();
    let outcome = run(&mut position, &["timeout"], &Ruleset::default());
    assert!(outcome.forfeited);
    assert_eq!(outcome.events, vec![Event::Forfeited { party: Blau }]);
    let mut after = position.to_setup();
    assert_eq!(
        after.clocks.map(|c| c.0),
        Some([240, 1200, 1200, 1200, 1200, 1200])
    );
    assert_eq!(after.to_move, Some(Gruen));
    after.clocks = before.clocks;
    after.to_move = before.to_move;
    assert_eq!(after, before, "nothing else changed");
}

/// R-CLOCK with Blau's rook on 127 and Blau's clock at `seconds`: the time
/// a move may take, the deduction, and flag fall. `Ok` holds Blau's clock
/// afterwards and its elimination cause, if any; `Err` the refusal code.
#[rstest]
#[case::elapsed_deducted(300, "127-128@10", Ok((290, None)))]
#[case::no_time_given_counts_zero(300, "127-128", Ok((300, None)))]
#[case::sixty_seconds_allowed(300, "127-128@60", Ok((240, None)))]
#[case::over_sixty_seconds(300, "127-128@61", Err("elapsed-over-limit"))]
#[case::over_remaining(30, "127-128@40", Err("elapsed-over-remaining"))]
#[case::exactly_remaining_then_flag_fall(30, "127-128@30", Ok((0, Some("flag-fall"))))]
#[case::timeout_deducts_sixty(300, "timeout", Ok((240, None)))]
#[case::timeout_with_sixty_left(60, "timeout", Ok((0, Some("flag-fall"))))]
#[case::timeout_under_sixty_left(45, "timeout", Ok((0, Some("flag-fall"))))]
fn clocks(
    #[case] seconds: u32,
    #[case] action: &str,
    #[case] expected: Result<(u32, Option<&str>), &str>,
) {
    let mut position = seats(Blau, TIPS)
        .piece(Blau, Rook, 127)
        .clocks([seconds, 1200, 1200, 1200, 1200, 1200])
        .build();
    let before = to_notation(&position);
    let action: Action = action.parse().expect("an action");
    match (apply(&mut position, action, &Ruleset::default()), expected) {
        (Ok(outcome), Ok((left, cause))) => {
            assert_eq!(
                position.clocks().map(|c| c[Blau]),
                Some(left),
                "Blau's clock"
            );
            let expected: Vec<Elimination> =
                cause.map(|c| elimination(Blau, c)).into_iter().collect();
            assert_eq!(outcome.eliminations, expected);
            assert_eq!(position.is_active(Blau), cause.is_none());
            assert_eq!(outcome.next, Some(Gruen));
            if let Action::Move { .. } = action {
                // The move was played before the flag fell.
                assert!(position.is_empty(cell(127)));
                assert_eq!(position.piece_at(cell(128)), Some(Piece::new(Blau, Rook)));
            }
        }
        (Err(error), Err(code)) => {
            assert_eq!(error.code(), code);
            assert_eq!(
                to_notation(&position),
                before,
                "a refused action changes nothing"
            );
        }
        (actual, expected) => panic!("expected {expected:?}, got {actual:?}"),
    }
}

/// R-END: the last elimination names the winner and leaves nobody to move;
/// every action afterwards is refused as game-over.
#[rstest]
// Blau's rook takes the last enemy king.
#[case::king_capture(
    seats(Blau, [1, 0, 0, 0, 131, 0]).piece(Blau, Rook, 127),
    "127x131", Gelb, "king-capture", Blau,
)]
// Blau's clock runs out on a forfeit: Gelb is left.
#[case::flag_fall(
    seats(Blau, [1, 0, 0, 0, 131, 0]).clocks([30, 0, 0, 0, 1200, 0]),
    "timeout", Blau, "flag-fall", Gelb,
)]
// Gelb's king on 214 has only 196 and 215 as neighbours, both dead Rot
// pawns: stalemated when due after Blau's move.
#[case::stalemate(
    seats(Blau, [1, 0, 0, 0, 214, 0]).piece(Blau, Rook, 127).dead(Rot, Pawn, 196).dead(Rot, Pawn, 215),
    "127-128", Gelb, "stalemate", Blau,
)]
// The winning king capture uses Blau's last 30 s: the game ended with the
// capture (one party left), so Blau wins rather than leaving no one.
#[case::winning_move_on_last_second(
    seats(Blau, [1, 0, 0, 0, 131, 0]).piece(Blau, Rook, 127).clocks([30, 0, 0, 0, 1200, 0]),
    "127x131@30", Gelb, "king-capture", Blau,
)]
fn game_end(
    #[case] build: Build,
    #[case] action: &str,
    #[case] loser: Party,
    #[case] cause: &str,
    #[case] winner: Party,
) {
    let rules = Ruleset::default();
    let mut position = build.build();
    let outcome = run(&mut position, &[action], &rules);
    assert_eq!(outcome.eliminations, vec![elimination(loser, cause)]);
    assert_eq!(outcome.winner, Some(winner));
    assert_eq!(outcome.next, None);
    assert_eq!(outcome.events.last(), Some(&Event::Won { party: winner }));
    assert_eq!(position.to_move(), None);
    assert_eq!(position.winner(), Some(winner));
    let after = to_notation(&position);
    for text in ["timeout", "1-2"] {
        let error = apply(&mut position, text.parse().expect("an action"), &rules)
            .expect_err("the game is over");
        assert_eq!(error.code(), "game-over", "{text}");
    }
    assert_eq!(to_notation(&position), after);
    // The finished position is still a valid one.
    let again = Position::from_setup(&position.to_setup()).expect("a valid finished position");
    assert_eq!(again, position);
}

/// A refused action leaves the position exactly as it was: Blau's king on
/// 131 with its rook on 129 pinned by Lila's rook on 126 (row 13), a free
/// Blau rook on 200 (18,-9), a dead Rot pawn on 150, 30 s on Blau's clock.
#[rstest]
#[case::wrong_party("126-125", "wrong-party")]
#[case::no_piece("100-101", "no-piece")]
#[case::dead_piece("150-151", "dead-piece")]
// 185 (17,-4) is on no line of 200.
#[case::not_a_move("200-185", "not-a-move-of-piece")]
// 116 (12,5) is the a neighbour of 129, off the pin line.
#[case::pinned_rook("129-116", "leaves-king-in-check")]
#[case::over_sixty_seconds("200-201@61", "elapsed-over-limit")]
#[case::over_remaining("200-201@31", "elapsed-over-remaining")]
fn refused_action_changes_nothing(#[case] action: &str, #[case] code: &str) {
    let mut position = seats(Blau, [131, 40, 232, 253, 214, 0])
        .piece(Blau, Rook, 129)
        .piece(Blau, Rook, 200)
        .piece(Lila, Rook, 126)
        .dead(Rot, Pawn, 150)
        .clocks([30, 1200, 1200, 1200, 1200, 0])
        .build();
    let before = to_notation(&position);
    let action: Action = action.parse().expect("an action");
    let error = apply(&mut position, action, &Ruleset::default()).expect_err("refused");
    assert_eq!(error.code(), code, "{error}");
    assert_eq!(to_notation(&position), before);
    // The same position still accepts a legal move afterwards. On 201
    // (18,-7) the rook's c side runs down the star's edge (220 233 239 244
    // 248 251) onto Lila's king on 253: Lila is checked and moves next.
    let outcome = apply(
        &mut position,
        "200-201@5".parse().expect("an action"),
        &Ruleset::default(),
    )
    .expect("200-201 is legal");
    assert_eq!(outcome.checks, vec![Lila]);
    assert_eq!(outcome.next, Some(Lila));
    assert_eq!(position.clocks().map(|c| c[Blau]), Some(25));
}

/// R-GARDEZ: the Blau rook 140-126 attacks along row 13 up to 131.
#[rstest]
// Lila's queen on 131 is newly attacked: Gardez.
#[case::newly_attacked(seats(Blau, TIPS).piece(Lila, Queen, 131), &[(Lila, 131)])]
// Blau's rook on 89 (10,11) already attacks 131 along its d side (across
// 104 and 118), so the queen is not newly attacked.
#[case::already_attacked(seats(Blau, TIPS).piece(Lila, Queen, 131).piece(Blau, Rook, 89), &[])]
// A dead queen is no enemy queen.
#[case::dead_queen(seats(Blau, [1, 40, 232, 253, 0, 22]).dead(Gelb, Queen, 131), &[])]
fn gardez(#[case] build: Build, #[case] expected: &[(Party, u16)]) {
    let mut position = build.piece(Blau, Rook, 140).build();
    let outcome = run(&mut position, &["140-126"], &Ruleset::default());
    let expected: Vec<_> = expected
        .iter()
        .map(|&(party, number)| (party, cell(number)))
        .collect();
    assert_eq!(outcome.gardez, expected);
    let events: Vec<_> = outcome
        .events
        .iter()
        .filter_map(|event| match event {
            Event::Gardez { party, cell } => Some((*party, *cell)),
            _ => None,
        })
        .collect();
    assert_eq!(events, expected);
}
