//! Every switchable ruling of the rulings page, default against
//! alternative on the same position, and the `ID=key` syntax of a ruleset.
//!
//! Expected sets come from the rulings page geometry worked by hand and
//! cross-checked with a throwaway coordinate script, never with the engine.
//! Cell 127 = (13, 0); its side neighbours are a=114 b=128 c=141 d=140
//! e=126 f=113 and its vertex neighbours ab=115 bc=142 cd=155 de=139
//! ef=112 fa=99.

use regelwerk::variant::monarchie::party::Party::{Blau, Gelb, Gruen, Lila, Orange, Rot};
use regelwerk::variant::monarchie::rules::{apply, check_move, in_check, legal_moves_from};
use regelwerk::variant::monarchie::ruleset::{RulingError, FIXED_RULINGS};
use regelwerk::variant::monarchie::Action;
use regelwerk::variant::monarchie::PieceKind::{self, Bishop, Knight, Pawn, Queen, Rook};
use regelwerk::variant::monarchie::Ruleset;
use rstest::rstest;

use crate::support::{cell, mv, play, targets, Build};

/// The ruleset of the given `ID=key` settings.
fn rules(settings: &[&str]) -> Ruleset {
    Ruleset::from_settings(settings).unwrap_or_else(|error| panic!("{settings:?}: {error}"))
}

/// The reason code `check_move` gives, or `None` when the move is legal.
fn refusal(build: &Build, from: u16, to: u16, settings: &[&str]) -> Option<&'static str> {
    check_move(&build.build(), mv(from, to), &rules(settings))
        .err()
        .map(|error| error.code())
}

/// R-ROOK: `braid` adds the four zig-zag columns through 127: c-first 141
/// 155 171 187 205 223 236 241 246 249 252, d-first 140 155 170 187 204 223
/// 235 241 245 249 251 253, a-first 114 99 84 67 50 31 19 13 9 5 3 1,
/// f-first 113 99 83 67 49 31 18 13 8 5 (own king on 2).
#[rstest]
#[case::default(&[], &[
    28, 34, 47, 52, 65, 69, 82, 85, 98, 100, 113, 114, 121, 122, 123, 124, 125, 126,
    128, 129, 130, 131, 132, 133, 140, 141, 154, 156, 169, 172, 185, 189, 202, 207, 220, 226,
])]
#[case::braid(&["R-ROOK=braid"], &[
    1, 3, 5, 8, 9, 13, 18, 19, 28, 31, 34, 47, 49, 50, 52, 65, 67, 69, 82, 83, 84, 85, 98,
    99, 100, 113, 114, 121, 122, 123, 124, 125, 126, 128, 129, 130, 131, 132, 133, 140,
    141, 154, 155, 156, 169, 170, 171, 172, 185, 187, 189, 202, 204, 205, 207, 220, 223,
    226, 235, 236, 241, 245, 246, 249, 251, 252, 253,
])]
fn r_rook_targets(#[case] settings: &[&str], #[case] expected: &[u16]) {
    let position = Build::duel(2, 252).piece(Blau, Rook, 127).build();
    assert_eq!(targets(&position, 127, &rules(settings)), expected);
}

/// R-ROOK: the braid column also gives check, and the move along it is
/// refused by default.
#[rstest]
#[case::default(&[], false, Some("not-a-move-of-piece"))]
#[case::braid(&["R-ROOK=braid"], true, None)]
fn r_rook_braid_check(
    #[case] settings: &[&str],
    #[case] lila_in_check: bool,
    #[case] move_170: Option<&str>,
) {
    // Lila king on 155 (15,0), two braid steps below the rook on 127.
    let build = Build::duel(2, 155).piece(Blau, Rook, 127);
    assert_eq!(
        in_check(&build.build(), Lila, &rules(settings)),
        lila_in_check
    );
    // 127 -> 170 (16,-1) is d, c, d down the column past the king's side.
    let build = Build::duel(2, 252).piece(Blau, Rook, 127);
    assert_eq!(refusal(&build, 127, 170, settings), move_170);
}

/// R-ROOK=braid: 155 lies on two columns from 127 (c-first across 141 and
/// d-first across 140). A Lila pawn on 140 closes only the d-first column:
/// 155 and 171 (c-first) stay reachable, 170 (d-first) does not.
#[rstest]
#[case::other_column_open(155, None)]
#[case::same_column_further(171, None)]
#[case::blocked_column(170, Some("path-blocked"))]
#[case::capture_the_blocker(140, None)]
fn r_rook_braid_two_columns(#[case] to: u16, #[case] refused: Option<&str>) {
    let build = Build::duel(2, 252)
        .piece(Blau, Rook, 127)
        .piece(Lila, Pawn, 140);
    assert_eq!(refusal(&build, 127, to, &["R-ROOK=braid"]), refused);
    let reachable = targets(&build.build(), 127, &rules(&["R-ROOK=braid"])).contains(&to);
    assert_eq!(reachable, refused.is_none());
}

/// R-BISHOP: Blau pawns on 140 and 141 flank the cd step from 127; with
/// `flanks-block` the whole cd diagonal (155 187 223 241 249 253) closes.
/// The Lila pawn on 113 occupies only one flank of ef, which stays open.
#[rstest]
#[case::default(&[], &[
    1, 5, 13, 22, 31, 40, 42, 57, 61, 67, 73, 79, 88, 96, 99, 102, 112, 115, 139, 142, 152,
    155, 158, 166, 175, 181, 187, 193, 197, 212, 214, 223, 232, 241, 249, 253,
])]
#[case::flanks_block(&["R-BISHOP=flanks-block"], &[
    1, 5, 13, 22, 31, 40, 42, 57, 61, 67, 73, 79, 88, 96, 99, 102, 112, 115, 139, 142, 152,
    158, 166, 175, 181, 193, 197, 212, 214, 232,
])]
fn r_bishop_targets(#[case] settings: &[&str], #[case] expected: &[u16]) {
    let position = Build::duel(2, 252)
        .piece(Blau, Bishop, 127)
        .piece(Blau, Pawn, 140)
        .piece(Blau, Pawn, 141)
        .piece(Lila, Pawn, 113)
        .build();
    assert_eq!(targets(&position, 127, &rules(settings)), expected);
}

/// R-BISHOP: the closed flanks also stop the bishop's check on the Lila
/// king at 187 (17,0), two cells down the cd diagonal.
#[rstest]
#[case::default(&[], true)]
#[case::flanks_block(&["R-BISHOP=flanks-block"], false)]
fn r_bishop_check(#[case] settings: &[&str], #[case] lila_in_check: bool) {
    let position = Build::duel(2, 187)
        .piece(Blau, Bishop, 127)
        .piece(Blau, Pawn, 140)
        .piece(Blau, Pawn, 141)
        .build();
    assert_eq!(in_check(&position, Lila, &rules(settings)), lila_in_check);
}

/// R-KNIGHT: from 21 (6,5) the jump b, b, c passes (6,7) and (6,9), which
/// do not exist, and lands on 36 (7,10). `needs-cells` drops it.
#[rstest]
#[case::default(&[], &[9, 13, 31, 36, 50, 54, 69, 70], None)]
#[case::needs_cells(&["R-KNIGHT=needs-cells"], &[9, 13, 31, 50, 54, 69, 70], Some("knight-path-missing"))]
fn r_knight(#[case] settings: &[&str], #[case] expected: &[u16], #[case] jump_to_36: Option<&str>) {
    let build = Build::duel(2, 252).piece(Blau, Knight, 21);
    assert_eq!(targets(&build.build(), 21, &rules(settings)), expected);
    assert_eq!(refusal(&build, 21, 36, settings), jump_to_36);
}

/// R-KING: `twelve` adds the six vertex neighbours.
#[rstest]
#[case::default(&[], &[113, 114, 126, 128, 140, 141])]
#[case::twelve(&["R-KING=twelve"], &[99, 112, 113, 114, 115, 126, 128, 139, 140, 141, 142, 155])]
fn r_king_targets(#[case] settings: &[&str], #[case] expected: &[u16]) {
    let position = Build::duel(127, 252).build();
    assert_eq!(targets(&position, 127, &rules(settings)), expected);
}

/// R-KING: kings a vertex step apart (127 and 155) attack each other only
/// with `twelve`.
#[rstest]
#[case::default(&[], false)]
#[case::twelve(&["R-KING=twelve"], true)]
fn r_king_check(#[case] settings: &[&str], #[case] checked: bool) {
    let position = Build::duel(127, 155).build();
    let rules = rules(settings);
    assert_eq!(in_check(&position, Blau, &rules), checked);
    assert_eq!(in_check(&position, Lila, &rules), checked);
}

/// R-PAWN-DIR: `single-side` keeps only the clockwise one of the two start
/// sides: Blau c, d -> d (13 -> 18, 30); Lila f, a -> a (236 -> 224, 206).
#[rstest]
#[case::default_blau(&[], 13, &[18, 19, 30, 32])]
#[case::single_side_blau(&["R-PAWN-DIR=single-side"], 13, &[18, 30])]
#[case::default_lila(&[], 236, &[204, 206, 223, 224])]
#[case::single_side_lila(&["R-PAWN-DIR=single-side"], 236, &[206, 224])]
fn r_pawn_dir(#[case] settings: &[&str], #[case] from: u16, #[case] expected: &[u16]) {
    let position = Build::duel(1, 253)
        .piece(Blau, Pawn, 13)
        .unmoved(13)
        .piece(Lila, Pawn, 236)
        .unmoved(236)
        .build();
    assert_eq!(targets(&position, from, &rules(settings)), expected);
}

/// R-PAWN-START: with `steps-too` the unmoved Blau pawn on 13 also steps
/// across e (12) and captures across b (the Lila pawn on 14).
#[rstest]
#[case::default(&[], &[18, 19, 30, 32], Some("pawn-start-move-only"))]
#[case::steps_too(&["R-PAWN-START=steps-too"], &[12, 14, 18, 19, 30, 32], None)]
fn r_pawn_start(
    #[case] settings: &[&str],
    #[case] expected: &[u16],
    #[case] capture_14: Option<&str>,
) {
    let build = Build::duel(2, 252)
        .piece(Blau, Pawn, 13)
        .unmoved(13)
        .piece(Lila, Pawn, 14);
    assert_eq!(targets(&build.build(), 13, &rules(settings)), expected);
    assert_eq!(refusal(&build, 13, 14, settings), capture_14);
}

/// R-PAWN-UNMOVED-ATTACK: the unmoved Blau pawn on 13 and the Lila king on
/// 14, its b neighbour. With `attacks` the king is in check and may not
/// step to 19, the pawn's c neighbour.
#[rstest]
#[case::default(&[], false, &[9, 10, 13, 15, 19, 20])]
#[case::attacks(&["R-PAWN-UNMOVED-ATTACK=attacks"], true, &[9, 10, 13, 15, 20])]
fn r_pawn_unmoved_attack(
    #[case] settings: &[&str],
    #[case] lila_in_check: bool,
    #[case] king_targets: &[u16],
) {
    let position = Build::duel(2, 14).piece(Blau, Pawn, 13).unmoved(13).build();
    let rules = rules(settings);
    assert_eq!(in_check(&position, Lila, &rules), lila_in_check);
    assert_eq!(targets(&position, 14, &rules), king_targets);
}

/// The number of legal moves of the piece on `from` that end on `to`
/// (a promotion zone move counts once per promotion choice).
fn moves_to(build: &Build, from: u16, to: u16, settings: &[&str]) -> usize {
    legal_moves_from(&build.build(), cell(from), &rules(settings))
        .into_iter()
        .filter(|m| m.to == cell(to))
        .count()
}

/// R-PROMO-ZONE with a tray of queen and rook (3 moves = promotion offered,
/// 1 = not). Moved Blau pawns: 223 -> 236 (20,1) enters Lila's triangle;
/// 251 (24,-1) -> 253 reaches Lila's tip; 34 (7,6) -> 35 (7,8) enters
/// Grün's triangle (x > row - 1); 19 -> 20 stays in Blau's own triangle.
#[rstest]
#[case::default_opposite_triangle(&[], 223, 236, 3)]
#[case::default_opposite_tip(&[], 251, 253, 3)]
#[case::default_other_triangle(&[], 34, 35, 1)]
#[case::default_own_triangle(&[], 19, 20, 1)]
#[case::tip_only_triangle(&["R-PROMO-ZONE=tip-only"], 223, 236, 1)]
#[case::tip_only_tip(&["R-PROMO-ZONE=tip-only"], 251, 253, 3)]
#[case::tip_only_other_triangle(&["R-PROMO-ZONE=tip-only"], 34, 35, 1)]
#[case::any_foreign_opposite(&["R-PROMO-ZONE=any-foreign"], 223, 236, 3)]
#[case::any_foreign_other_triangle(&["R-PROMO-ZONE=any-foreign"], 34, 35, 3)]
#[case::any_foreign_own_triangle(&["R-PROMO-ZONE=any-foreign"], 19, 20, 1)]
fn r_promo_zone(
    #[case] settings: &[&str],
    #[case] from: u16,
    #[case] to: u16,
    #[case] count: usize,
) {
    let build = Build::duel(2, 244)
        .piece(Blau, Pawn, from)
        .tray(Blau, &[Queen, Rook]);
    assert_eq!(moves_to(&build, from, to, settings), count);
}

/// R-PROMO: `mandatory` drops the plain move into the zone when the tray
/// has a piece; with an empty tray the pawn stays a pawn either way.
#[rstest]
#[case::default(&[], &[Queen, Rook], 3, None)]
#[case::mandatory(&["R-PROMO=mandatory"], &[Queen, Rook], 2, Some("promotion-required"))]
#[case::default_empty_tray(&[], &[], 1, None)]
#[case::mandatory_empty_tray(&["R-PROMO=mandatory"], &[], 1, None)]
fn r_promo(
    #[case] settings: &[&str],
    #[case] tray: &[PieceKind],
    #[case] count: usize,
    #[case] plain_move: Option<&str>,
) {
    let build = Build::duel(2, 253).piece(Blau, Pawn, 223).tray(Blau, tray);
    assert_eq!(moves_to(&build, 223, 236, settings), count);
    assert_eq!(refusal(&build, 223, 236, settings), plain_move);
}

/// R-KING-DEAD: the Blau king on 127 next to a dead Grün pawn on 128.
#[rstest]
#[case::default(&[], &[113, 114, 126, 140, 141], Some("king-onto-dead-blocker"))]
#[case::capture(&["R-KING-DEAD=capture"], &[113, 114, 126, 128, 140, 141], None)]
fn r_king_dead(
    #[case] settings: &[&str],
    #[case] expected: &[u16],
    #[case] onto_128: Option<&str>,
) {
    let build = Build::duel(127, 252).dead(Gruen, Pawn, 128);
    assert_eq!(targets(&build.build(), 127, &rules(settings)), expected);
    assert_eq!(refusal(&build, 127, 128, settings), onto_128);
}

/// R-NEXT: Blau's queen 47 -> 64 (9,-6) checks Orange (king 124 straight
/// down the x = -6 column across 96) and Rot (king 70 along row 9). Orange,
/// first checked after Blau, steps 124 -> 138 and uncovers its rook on 122
/// against Grün's king on 131 (row 13). Checks pending: Grün and Rot. By
/// default the search starts after Orange (the last actor) and finds Rot;
/// `trigger-anchor` starts after Blau (who gave the first checks) and
/// finds Grün.
#[rstest]
#[case::default(&[], Rot)]
#[case::trigger_anchor(&["R-NEXT=trigger-anchor"], Gruen)]
fn r_next(#[case] settings: &[&str], #[case] after_reaction: regelwerk::variant::monarchie::Party) {
    let rules = rules(settings);
    let mut position = Build::new(Blau)
        .king(Blau, 1)
        .piece(Blau, Queen, 47)
        .king(Gruen, 131)
        .king(Orange, 124)
        .piece(Orange, Rook, 122)
        .king(Lila, 253)
        .king(Gelb, 214)
        .king(Rot, 70)
        .build();
    let outcome = play(&mut position, 47, 64, &rules);
    assert_eq!(outcome.checks, vec![Orange, Rot]);
    assert_eq!(outcome.next, Some(Orange));
    let outcome = play(&mut position, 124, 138, &rules);
    assert_eq!(outcome.checks, vec![Gruen, Rot]);
    assert_eq!(outcome.next, Some(after_reaction));
}

/// R-TURN-START: Lila's king on 253 is walled in by dead Gelb pawns on 251
/// and 252 and Lila has nothing else: it has no legal move. After Blau's
/// plain move, `every-move` eliminates Lila at once (stalemate); by default
/// nothing happens until Lila is due. Grün moves next either way.
#[rstest]
#[case::default(&[], &[])]
#[case::every_move(&["R-TURN-START=every-move"], &[Lila])]
fn r_turn_start(
    #[case] settings: &[&str],
    #[case] eliminated: &[regelwerk::variant::monarchie::Party],
) {
    let rules = rules(settings);
    let mut position = Build::new(Blau)
        .eliminated(Orange)
        .eliminated(Gelb)
        .eliminated(Rot)
        .king(Blau, 1)
        .piece(Blau, Rook, 127)
        .king(Gruen, 40)
        .king(Lila, 253)
        .dead(Gelb, Pawn, 251)
        .dead(Gelb, Pawn, 252)
        .build();
    let outcome = play(&mut position, 127, 128, &rules);
    let gone: Vec<_> = outcome.eliminations.iter().map(|e| e.party).collect();
    assert_eq!(gone, eliminated);
    assert!(outcome
        .eliminations
        .iter()
        .all(|e| e.cause.code() == "stalemate"));
    assert_eq!(position.is_active(Lila), eliminated.is_empty());
    assert_eq!(outcome.next, Some(Gruen));
}

/// R-TIMEOUT: Blau's king on 127 is in check from Grün's rook on 131 (row
/// 13) and Blau lets its 60 s pass. By default the check step skips Blau and
/// the turn goes clockwise to Grün; `check-first` hands it back to Blau.
#[rstest]
#[case::default(&[], Gruen)]
#[case::check_first(&["R-TIMEOUT=check-first"], Blau)]
fn r_timeout(#[case] settings: &[&str], #[case] next: regelwerk::variant::monarchie::Party) {
    let mut position = Build::new(Blau)
        .king(Blau, 127)
        .piece(Gruen, Rook, 131)
        .king(Gruen, 40)
        .king(Orange, 232)
        .king(Lila, 253)
        .king(Gelb, 214)
        .king(Rot, 22)
        .build();
    let outcome = apply(&mut position, Action::Timeout, &rules(settings)).expect("a timeout");
    assert!(outcome.forfeited);
    assert_eq!(outcome.checks, vec![Blau]);
    assert_eq!(outcome.next, Some(next));
}

/// Ruleset syntax: `ID=key`; unknown IDs and keys, and text without `=`,
/// are refused with the matching error.
#[rstest]
#[case::unknown_id("R-QUEEN=default", "unknown-id")]
#[case::unknown_key("R-KING=eight", "unknown-key")]
#[case::key_of_another_ruling("R-KING=braid", "unknown-key")]
#[case::no_equals_sign("R-KING", "malformed")]
#[case::empty("", "malformed")]
#[case::fixed_ruling_alternative("R-CHECK=strict", "unknown-key")]
fn ruleset_errors(#[case] setting: &str, #[case] kind: &str) {
    let error = Ruleset::from_settings(&[setting]).expect_err("should be refused");
    let actual = match error {
        RulingError::UnknownId(..) => "unknown-id",
        RulingError::UnknownKey { .. } => "unknown-key",
        RulingError::Malformed(_) => "malformed",
    };
    assert_eq!(actual, kind, "{setting}: {error}");
}

/// The thirteen fixed rulings accept `ID=default` and nothing else.
#[test]
fn fixed_rulings_accept_only_default() {
    assert_eq!(FIXED_RULINGS.len(), 13);
    for id in FIXED_RULINGS {
        assert_eq!(
            Ruleset::from_settings(&[format!("{id}=default")]),
            Ok(Ruleset::default()),
            "{id}=default"
        );
        assert!(
            matches!(
                Ruleset::from_settings(&[format!("{id}=other")]),
                Err(RulingError::UnknownKey { .. })
            ),
            "{id}=other"
        );
    }
}

/// Every switchable ruling accepts `ID=default`, which changes nothing.
#[test]
fn switchable_rulings_accept_default() {
    assert_eq!(Ruleset::SWITCHABLE.len(), 15);
    for id in Ruleset::SWITCHABLE {
        assert_eq!(
            Ruleset::from_settings(&[format!("{id}=default")]),
            Ok(Ruleset::default()),
            "{id}=default"
        );
    }
}

/// 15 switchable rulings, R-PROMO-ZONE with two alternatives: 16 settings.
#[test]
fn all_alternatives_lists_sixteen_settings() {
    let alternatives = Ruleset::all_alternatives();
    assert_eq!(
        alternatives,
        vec![
            "R-ROOK=braid",
            "R-BISHOP=flanks-block",
            "R-KNIGHT=needs-cells",
            "R-KING=twelve",
            "R-PAWN-DIR=single-side",
            "R-PAWN-START=steps-too",
            "R-PAWN-UNMOVED-ATTACK=attacks",
            "R-PROMO-ZONE=tip-only",
            "R-PROMO-ZONE=any-foreign",
            "R-PROMO=mandatory",
            "R-KING-DEAD=capture",
            "R-NEXT=trigger-anchor",
            "R-TURN-START=every-move",
            "R-TIMEOUT=check-first",
            "R-CHECK-PRIORITY=postpone",
            "R-DIAGONAL-NOTCH=crosses",
        ]
    );
    // Each alternative really switches something away from the default.
    for setting in &alternatives {
        let ruleset = rules(&[setting.as_str()]);
        assert_ne!(ruleset, Ruleset::default(), "{setting}");
        assert_eq!(ruleset.non_default_settings(), vec![setting.clone()]);
    }
}

/// Display writes the non-default settings (or `default`); FromStr reads
/// them back, whitespace or comma separated.
#[rstest]
#[case::default(&[], "default")]
#[case::one(&["R-KING-DEAD=capture"], "R-KING-DEAD=capture")]
#[case::two_in_field_order(&["R-TIMEOUT=check-first", "R-ROOK=braid"], "R-ROOK=braid R-TIMEOUT=check-first")]
#[case::last_setting_wins(&["R-PROMO-ZONE=tip-only", "R-PROMO-ZONE=any-foreign"], "R-PROMO-ZONE=any-foreign")]
#[case::back_to_default(&["R-KING=twelve", "R-KING=default"], "default")]
fn ruleset_round_trip(#[case] settings: &[&str], #[case] text: &str) {
    let ruleset = rules(settings);
    assert_eq!(ruleset.to_string(), text);
    assert_eq!(text.parse::<Ruleset>(), Ok(ruleset));
    assert_eq!(text.replace(' ', ",").parse::<Ruleset>(), Ok(ruleset));
}

/// Every single alternative survives Display then FromStr.
#[test]
fn every_alternative_round_trips() {
    for setting in Ruleset::all_alternatives() {
        let ruleset = rules(&[setting.as_str()]);
        assert_eq!(ruleset.to_string(), setting);
        assert_eq!(ruleset.to_string().parse::<Ruleset>(), Ok(ruleset));
    }
    let everything: Vec<String> = Ruleset::all_alternatives()
        .into_iter()
        .filter(|s| s != "R-PROMO-ZONE=tip-only")
        .collect();
    let ruleset = Ruleset::from_settings(&everything).expect("all alternatives together");
    assert_eq!(ruleset.to_string().parse::<Ruleset>(), Ok(ruleset));
    assert_eq!(ruleset.non_default_settings(), everything);
}
