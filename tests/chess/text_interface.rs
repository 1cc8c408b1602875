//! Grand Chess and Racing Kings through the text interface
//! (`regelwerk::variant::open`): the perft anchors of
//! `tests/data/fsf-perft.yaml` (Fairy-Stockfish and python-chess), FEN
//! reading and writing, refusal codes, and each rule of clauses g.* and
//! rk.* with a position that shows it.

use pretty_assertions::assert_eq;
use rstest::rstest;

use regelwerk::variant::{open, Game, Report, Status, VariantId};

use crate::support::fsf_anchors;

const ANCHORS_PATH: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/fsf-perft.yaml");

const GRAND_START: &str =
    "r8r/1nbqkcabn1/pppppppppp/10/10/10/10/PPPPPPPPPP/1NBQKCABN1/R8R w - - 0 1";
const RK_START: &str = "8/8/8/8/8/8/krbnNBRK/qrbnNBRQ w - - 0 1";

fn game(variant: VariantId, fen: &str) -> Box<dyn Game> {
    open(variant, Some(fen), &[]).unwrap_or_else(|error| panic!("{variant} `{fen}`: {error}"))
}

fn grand(fen: &str) -> Box<dyn Game> {
    game(VariantId::Grand, fen)
}

fn rk(fen: &str) -> Box<dyn Game> {
    game(VariantId::Racingkings, fen)
}

/// Plays `action`, panicking with the refusal if it is refused.
fn play(game: &mut Box<dyn Game>, action: &str) -> Report {
    game.play(action).unwrap_or_else(|refusal| {
        panic!("{action} refused in `{}`: {refusal}", game.position_text())
    })
}

/// The refusal code of `action`, checking that the game did not change.
fn refused(game: &mut Box<dyn Game>, action: &str) -> &'static str {
    let before = game.position_text();
    let status = game.status();
    match game.play(action) {
        Ok(report) => panic!("{action} accepted in `{before}`: {report:?}"),
        Err(refusal) => {
            assert_eq!(
                game.position_text(),
                before,
                "a refused {action} changed the position"
            );
            assert_eq!(
                game.status(),
                status,
                "a refused {action} changed the status"
            );
            refusal.code
        }
    }
}

fn won(winner: &str, reason: &str) -> Status {
    Status::won_by(winner, reason)
}

fn drawn(reason: &str) -> Status {
    Status::Drawn {
        reason: reason.to_string(),
    }
}

#[test]
fn every_anchor_count_matches() {
    let anchors = fsf_anchors();
    assert!(
        anchors.len() >= 40,
        "{ANCHORS_PATH}: only {} anchors",
        anchors.len()
    );
    let mut failures = Vec::new();
    for anchor in &anchors {
        match open(anchor.variant, Some(&anchor.fen), &[]) {
            Err(error) => failures.push(format!(
                "{} `{}`: does not open: {error}",
                anchor.variant, anchor.fen
            )),
            Ok(game) => {
                let nodes = game.perft(anchor.depth);
                if nodes != anchor.nodes {
                    failures.push(format!(
                        "{} `{}` depth {}: expected {}, got {nodes}",
                        anchor.variant, anchor.fen, anchor.depth, anchor.nodes
                    ));
                }
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} anchors in {ANCHORS_PATH} differ (rerun: cargo test --test main variants::every_anchor):\n{}",
        failures.len(),
        anchors.len(),
        failures.join("\n")
    );
}

#[test]
fn divide_sums_to_perft_and_is_sorted() {
    for (variant, fen) in [
        (VariantId::Grand, GRAND_START),
        (VariantId::Racingkings, RK_START),
    ] {
        let game = game(variant, fen);
        let divide = game.divide(2);
        let moves: Vec<String> = divide.iter().map(|(mv, _)| mv.clone()).collect();
        assert_eq!(moves, game.legal_moves(), "{variant}");
        assert_eq!(
            divide.iter().map(|(_, n)| n).sum::<u64>(),
            game.perft(2),
            "{variant}"
        );
    }
}

#[test]
fn the_start_positions_open_by_default() {
    let grand = open(VariantId::Grand, None, &[]).expect("grand opens");
    assert_eq!(grand.position_text(), GRAND_START);
    assert_eq!(grand.variant(), VariantId::Grand);
    let rk = open(VariantId::Racingkings, None, &[]).expect("racingkings opens");
    assert_eq!(rk.position_text(), RK_START);
    assert_eq!(rk.status(), Status::Ongoing);
}

#[rstest]
#[case(VariantId::Grand)]
#[case(VariantId::Racingkings)]
fn an_unknown_ruling_setting_is_named(#[case] variant: VariantId) {
    let error = open(variant, None, &["R-X=y".to_string()])
        .err()
        .expect("refused")
        .to_string();
    assert!(error.contains("R-X=y"), "{error}");
}

#[rstest]
#[case::grand_start(VariantId::Grand, GRAND_START)]
#[case::grand_ep(
    VariantId::Grand,
    "r8r/1nbqkcabn1/ppp2ppppp/3p6/4pP4/10/10/PPPPP1PPPP/1NBQKCABN1/R8R w - e7 0 3"
)]
#[case::grand_black(
    VariantId::Grand,
    "1k7r/P1bq1cabn1/1ppppppppp/10/10/10/10/1PPPPPPPPP/1NBQKCABN1/R8R b - - 7 31"
)]
#[case::grand_ten_empty(VariantId::Grand, "k9/10/10/10/10/10/10/10/10/1Q7K w - - 0 1")]
#[case::rk_start(VariantId::Racingkings, RK_START)]
#[case::rk_black(VariantId::Racingkings, "6R1/2k5/5K2/8/3r4/8/8/8 b - - 12 40")]
fn fen_round_trips(#[case] variant: VariantId, #[case] fen: &str) {
    assert_eq!(game(variant, fen).position_text(), fen);
}

#[test]
fn an_en_passant_square_is_written_only_when_the_capture_is_legal() {
    // No white pawn beside e6: the right exists but no one can use it.
    let fen = "r8r/1nbqkcabn1/ppp2ppppp/3p6/4p5/5P4/10/PPPPP1PPPP/1NBQKCABN1/R8R w - e7 0 3";
    assert_eq!(
        grand(fen).position_text(),
        "r8r/1nbqkcabn1/ppp2ppppp/3p6/4p5/5P4/10/PPPPP1PPPP/1NBQKCABN1/R8R w - - 0 3"
    );
    // After a double step beside an enemy pawn the square is written.
    let mut game =
        grand("r8r/1nbqkcabn1/pppp1ppppp/10/10/4p5/10/PPPPPPPPPP/1NBQKCABN1/R8R w - - 0 3");
    let report = play(&mut game, "d3d5");
    assert_eq!(
        report.position,
        "r8r/1nbqkcabn1/pppp1ppppp/10/10/3Pp5/10/PPP1PPPPPP/1NBQKCABN1/R8R b - d4 0 3"
    );
    // After a double step with no enemy pawn beside it, it is not.
    let report = play(&mut grand(GRAND_START), "e3e5");
    assert_eq!(
        report.position,
        "r8r/1nbqkcabn1/pppppppppp/10/10/4P5/10/PPPP1PPPPP/1NBQKCABN1/R8R b - - 0 1"
    );
}

#[rstest]
#[case::rank_count(VariantId::Grand, "10/10 w - - 0 1", "ranks")]
#[case::rank_width(
    VariantId::Grand,
    "r8r/1nbqkcabn1/pppppppppp/9/10/10/10/PPPPPPPPPP/1NBQKCABN1/R8R w - - 0 1",
    "rank 7"
)]
#[case::unknown_letter(
    VariantId::Grand,
    "r8r/1nbqkcabn1/pppppppppp/10/10/4x5/10/PPPPPPPPPP/1NBQKCABN1/R8R w - - 0 1",
    "`x`"
)]
#[case::two_kings(
    VariantId::Grand,
    "r8r/1nbqkcabn1/pppppppppp/10/10/4K5/10/PPPPPPPPPP/1NBQKCABN1/R8R w - - 0 1",
    "white has 2 kings"
)]
#[case::no_king(
    VariantId::Grand,
    "r8r/1nbq1cabn1/pppppppppp/10/10/10/10/PPPPPPPPPP/1NBQKCABN1/R8R w - - 0 1",
    "black has 0 kings"
)]
#[case::pawn_first_rank(
    VariantId::Grand,
    "r8r/1nbqkcabn1/pppppppppp/10/10/10/10/PPPPPPPPPP/1NBQKCABN1/R7PR w - - 0 1",
    "pawn on i1"
)]
#[case::pawn_last_rank(
    VariantId::Grand,
    "r7Pr/1nbqkcabn1/pppppppppp/10/10/10/10/PPPPPPPPPP/1NBQKCABN1/R8R w - - 0 1",
    "pawn on i10"
)]
#[case::side(
    VariantId::Grand,
    "r8r/1nbqkcabn1/pppppppppp/10/10/10/10/PPPPPPPPPP/1NBQKCABN1/R8R x - - 0 1",
    "side to move"
)]
#[case::castling(
    VariantId::Grand,
    "r8r/1nbqkcabn1/pppppppppp/10/10/10/10/PPPPPPPPPP/1NBQKCABN1/R8R w KQkq - 0 1",
    "castling"
)]
#[case::ep_text(
    VariantId::Grand,
    "r8r/1nbqkcabn1/pppppppppp/10/10/10/10/PPPPPPPPPP/1NBQKCABN1/R8R w - k9 0 1",
    "en-passant field"
)]
#[case::ep_impossible(
    VariantId::Grand,
    "r8r/1nbqkcabn1/pppppppppp/10/10/10/10/PPPPPPPPPP/1NBQKCABN1/R8R w - e7 0 1",
    "en-passant square e7"
)]
#[case::halfmove(
    VariantId::Grand,
    "r8r/1nbqkcabn1/pppppppppp/10/10/10/10/PPPPPPPPPP/1NBQKCABN1/R8R w - - -1 1",
    "halfmove clock"
)]
#[case::fullmove(
    VariantId::Grand,
    "r8r/1nbqkcabn1/pppppppppp/10/10/10/10/PPPPPPPPPP/1NBQKCABN1/R8R w - - 0 0",
    "fullmove number"
)]
#[case::fields(
    VariantId::Grand,
    "r8r/1nbqkcabn1/pppppppppp/10/10/10/10/PPPPPPPPPP/1NBQKCABN1/R8R w - - 0",
    "fields"
)]
#[case::waiting_in_check(
    VariantId::Grand,
    "k9/10/10/10/10/10/10/10/10/Q8K w - - 0 1",
    "black is in check"
)]
#[case::rk_pawn(
    VariantId::Racingkings,
    "8/8/8/8/8/P7/krbnNBRK/qrbnNBRQ w - - 0 1",
    "`P`"
)]
#[case::rk_marshal(
    VariantId::Racingkings,
    "8/8/8/8/8/C7/krbnNBRK/qrbnNBRQ w - - 0 1",
    "`C`"
)]
#[case::rk_width(
    VariantId::Racingkings,
    "10/8/8/8/8/8/krbnNBRK/qrbnNBRQ w - - 0 1",
    "rank 8"
)]
#[case::rk_mover_in_check(
    VariantId::Racingkings,
    "8/8/8/8/8/8/k6K/7r w - - 0 1",
    "white (to move) is in check"
)]
#[case::rk_waiting_in_check(
    VariantId::Racingkings,
    "8/8/8/8/8/8/k6K/R7 w - - 0 1",
    "black (not to move) is in check"
)]
#[case::rk_ep(
    VariantId::Racingkings,
    "8/8/8/8/8/8/krbnNBRK/qrbnNBRQ w - e3 0 1",
    "no pawns"
)]
fn a_bad_fen_is_refused_with_its_reason(
    #[case] variant: VariantId,
    #[case] fen: &str,
    #[case] reason: &str,
) {
    let error = open(variant, Some(fen), &[])
        .err()
        .expect("refused")
        .to_string();
    assert!(
        error.contains(reason),
        "{variant} `{fen}`: `{error}` does not mention `{reason}`"
    );
}

#[test]
fn every_problem_of_a_fen_is_listed_at_once() {
    let error = open(
        VariantId::Grand,
        Some("r8r/1nbqkcabn1/pppppppppp/10/10/10/10/PPPPPPPPPP/1NBQKCABN1/R8R x KQ - z 0"),
        &[],
    )
    .err()
    .expect("refused")
    .to_string();
    for field in ["side to move", "castling", "halfmove", "fullmove"] {
        assert!(error.contains(field), "`{error}` lacks {field}");
    }
}

#[rstest]
#[case::unreadable(GRAND_START, "e3", "bad-notation")]
#[case::no_such_file(GRAND_START, "k3k4", "bad-notation")]
#[case::rank_eleven(GRAND_START, "a10a11", "bad-notation")]
#[case::trailing(GRAND_START, "e3e4qq", "bad-notation")]
#[case::empty(GRAND_START, "e4e5", "no-piece")]
#[case::theirs(GRAND_START, "e8e7", "not-your-piece")]
#[case::knight_shape(GRAND_START, "b2b4", "not-a-move-of-the-piece")]
#[case::pawn_triple(GRAND_START, "e3e6", "not-a-move-of-the-piece")]
#[case::pawn_diagonal_empty(GRAND_START, "e3f4", "not-a-move-of-the-piece")]
#[case::castle(GRAND_START, "e2g2", "not-a-move-of-the-piece")]
#[case::slider_blocked(GRAND_START, "a1a5", "blocked")]
#[case::own_target(GRAND_START, "a1a3", "own-piece-on-target")]
#[case::rook_promotes(GRAND_START, "a1a2q", "promotion-not-allowed")]
#[case::pawn_promotes_low(GRAND_START, "e3e4q", "promotion-not-allowed")]
#[case::pinned(
    "4k5/10/4r5/10/10/10/10/4B5/4K5/10 w - - 0 1",
    "e3d4",
    "leaves-king-in-check"
)]
#[case::king_into_attack(
    "4k5/10/3r6/10/10/10/10/10/4K5/10 w - - 0 1",
    "e2d2",
    "leaves-king-in-check"
)]
#[case::double_step_from_wrong_rank(
    "4k5/10/10/10/10/10/10/10/P3K5/10 w - - 0 1",
    "a2a4",
    "not-a-move-of-the-piece"
)]
#[case::double_step_blocked("4k5/10/10/10/10/10/n9/P9/4K5/10 w - - 0 1", "a3a5", "blocked")]
#[case::step_onto_enemy("4k5/10/10/10/10/10/n9/P9/4K5/10 w - - 0 1", "a3a4", "blocked")]
fn grand_refusal_codes(#[case] fen: &str, #[case] action: &str, #[case] code: &str) {
    assert_eq!(
        refused(&mut grand(fen), action),
        code,
        "{action} in `{fen}`"
    );
}

#[test]
fn grand_en_passant_right_after_the_double_step_only() {
    let fen = "r8r/1nbqkcabn1/ppp2ppppp/3p6/4pP4/10/10/PPPPP1PPPP/1NBQKCABN1/R8R w - e7 0 3";
    let mut game = grand(fen);
    let report = play(&mut game, "f6e7");
    let capture = report.capture.expect("a capture");
    assert_eq!((capture.kind.as_str(), capture.at.as_str()), ("pawn", "e6"));
    assert_eq!(
        report.position,
        "r8r/1nbqkcabn1/ppp2ppppp/3pP5/10/10/10/PPPPP1PPPP/1NBQKCABN1/R8R b - - 0 3"
    );
    // Played a move later, the right is gone.
    let mut later = grand(fen);
    play(&mut later, "a3a4");
    play(&mut later, "a8a7");
    assert_eq!(refused(&mut later, "f6e7"), "not-a-move-of-the-piece");
    // A wrong diagonal onto an empty square is no en passant.
    assert_eq!(refused(&mut grand(fen), "f6g7"), "not-a-move-of-the-piece");
}

#[test]
fn grand_promotion_is_optional_on_the_eighth_and_ninth_ranks() {
    // White lacks its queen: a7a8 and a7a8q (and the captures on b8) are
    // all legal, a rook is not (two on the board).
    let fen = "r8r/1nbqkcabn1/1ppppppppp/P9/10/10/10/1PPPPPPPPP/1NB1KCABN1/R8R w - - 0 1";
    let game = grand(fen);
    assert_eq!(
        game.legal_moves_from("a7").expect("a square"),
        vec!["a7a8", "a7a8q", "a7b8", "a7b8q"]
    );
    assert_eq!(refused(&mut grand(fen), "a7a8r"), "promotion-unavailable");
    assert_eq!(refused(&mut grand(fen), "a7a8k"), "bad-promotion-piece");
    let report = play(&mut grand(fen), "a7a8q");
    assert_eq!(report.promotion.as_deref(), Some("queen"));
    let report = play(&mut grand(fen), "a7a8");
    assert_eq!(report.promotion, None);
}

#[test]
fn grand_promotion_is_mandatory_on_the_last_rank() {
    // White lacks its queen and a knight: the a9 pawn may only promote.
    let fen = "1r7r/Pnbqkcabn1/1ppppppppp/10/10/10/10/1PPPPPPPPP/2B1KCABN1/R8R w - - 0 1";
    let game = grand(fen);
    assert_eq!(
        game.legal_moves_from("a9").expect("a square"),
        vec!["a9a10n", "a9a10q", "a9b10n", "a9b10q"]
    );
    assert_eq!(refused(&mut grand(fen), "a9a10"), "promotion-required");
    assert_eq!(refused(&mut grand(fen), "a9b10"), "promotion-required");
    assert_eq!(refused(&mut grand(fen), "a9a10c"), "promotion-unavailable");
    assert_eq!(refused(&mut grand(fen), "a9a10p"), "bad-promotion-piece");
    let mut game = grand(fen);
    let report = play(&mut game, "a9b10n");
    assert_eq!(report.promotion.as_deref(), Some("knight"));
    assert_eq!(report.capture.map(|c| c.kind), Some("rook".to_string()));
    // Now White has two knights again: no more knight promotions.
    assert!(report.position.starts_with("1N7r/"), "{}", report.position);
}

#[test]
fn grand_promotion_counts_pieces_on_the_board_including_promoted_ones() {
    // R-G-PROMO-LIMIT: White has lost its queen but promoted one already,
    // so the second pawn cannot become a queen.
    let fen = "4k5/P9/10/10/10/10/10/10/4K5/Q9 w - - 0 1";
    let game = grand(fen);
    let moves = game.legal_moves_from("a9").expect("a square");
    assert!(!moves.contains(&"a9a10q".to_string()), "{moves:?}");
    assert!(moves.contains(&"a9a10c".to_string()), "{moves:?}");
    assert_eq!(refused(&mut grand(fen), "a9a10q"), "promotion-unavailable");
}

#[test]
fn grand_a_pawn_without_promotion_cannot_reach_the_last_rank() {
    // White has every kind at its start count.
    let fen = "1r7r/Pnbqkcabn1/1ppppppppp/10/10/10/10/1PPPPPPPPP/1NBQKCABN1/R8R w - - 0 1";
    let game = grand(fen);
    assert_eq!(
        game.legal_moves_from("a9").expect("a square"),
        Vec::<String>::new()
    );
    for action in ["a9a10", "a9a10q", "a9b10", "a9b10n"] {
        assert_eq!(
            refused(&mut grand(fen), action),
            "no-promotion-available",
            "{action}"
        );
    }
}

#[test]
fn grand_an_immobile_pawn_on_the_ninth_rank_still_gives_check() {
    // The a8 pawn steps to a9 (no kind available, so no promotion) and
    // attacks the king on b10.
    let fen = "1k7r/2bq1cabn1/P1pppppppp/10/10/10/10/1PPPPPPPPP/1NBQKCABN1/R8R w - - 0 1";
    let mut game = grand(fen);
    assert_eq!(game.legal_moves_from("a8").expect("a square"), vec!["a8a9"]);
    let report = play(&mut game, "a8a9");
    assert!(!report.checks.is_empty(), "the a9 pawn gives check");
    assert_eq!(report.status, Status::Ongoing);
    assert_eq!(refused(&mut game, "c8c7"), "leaves-king-in-check");
    // The anchor position: the king on b10 checked by a pawn that cannot
    // move has three moves.
    let anchor =
        grand("1k7r/P1bq1cabn1/1ppppppppp/10/10/10/10/1PPPPPPPPP/1NBQKCABN1/R8R b - - 0 1");
    assert_eq!(anchor.legal_moves().len(), 3);
}

#[test]
fn grand_checkmate_wins() {
    let mut game = grand("k9/9Q/1K8/10/10/10/10/10/10/10 w - - 0 1");
    let report = play(&mut game, "j9b9");
    assert!(!report.checks.is_empty());
    assert_eq!(report.status, won("white", "checkmate"));
    assert_eq!(report.next, None);
    assert!(game.legal_moves().is_empty());
    assert_eq!(game.perft(1), 0);
    assert_eq!(refused(&mut game, "a10a9"), "game-over");
    assert_eq!(refused(&mut game, "claim"), "game-over");
    assert_eq!(refused(&mut game, "zz"), "bad-notation");
}

#[test]
fn grand_stalemate_draws() {
    let mut game = grand("k9/10/10/10/10/10/10/10/10/1Q7K w - - 0 1");
    let report = play(&mut game, "b1b8");
    assert!(report.checks.is_empty());
    assert_eq!(report.status, drawn("stalemate"));
    assert!(game.legal_moves().is_empty());
}

/// Clause g.8.5, ruling R-G-MATERIAL.
#[rstest]
#[case::bare_kings("k9/10/10/10/10/10/10/10/10/K9 w - - 0 1", true)]
#[case::one_knight("k9/10/10/10/10/10/10/10/10/K8n w - - 0 1", true)]
#[case::one_bishop("k9/10/10/10/10/10/10/10/10/K7B1 w - - 0 1", true)]
#[case::bishops_on_both_colours("kb8/10/10/10/10/10/10/10/10/KB8 w - - 0 1", false)]
#[case::bishops_on_one_colour("kb8/10/10/10/10/10/10/10/10/K1B7 w - - 0 1", true)]
#[case::three_bishops_on_one_colour("kb8/10/10/10/10/10/10/10/10/K1B1B5 w - - 0 1", true)]
#[case::two_knights("kn8/10/10/10/10/10/10/10/10/K8N w - - 0 1", false)]
#[case::knight_and_bishop("kn8/10/10/10/10/10/10/10/10/K7B1 w - - 0 1", false)]
#[case::a_pawn("k9/10/10/10/10/10/10/P9/10/K9 w - - 0 1", false)]
#[case::a_cardinal("k9/10/10/10/10/10/10/10/10/K7A1 w - - 0 1", false)]
fn grand_insufficient_material(#[case] fen: &str, #[case] drawn_at_once: bool) {
    let game = grand(fen);
    if drawn_at_once {
        assert_eq!(game.status(), drawn("insufficient-material"), "`{fen}`");
        assert!(game.legal_moves().is_empty());
        assert_eq!(game.perft(1), 0);
    } else {
        assert_eq!(game.status(), Status::Ongoing, "`{fen}`");
    }
}

#[test]
fn grand_capturing_the_last_piece_draws_at_once() {
    let mut game = grand("k9/10/10/10/10/10/10/10/1r8/K9 w - - 0 1");
    let report = play(&mut game, "a1b2");
    assert_eq!(report.capture.map(|c| c.kind), Some("rook".to_string()));
    assert_eq!(report.status, drawn("insufficient-material"));
    assert_eq!(report.next, None);
}

/// Plays the knight shuffle `moves` twice (each time back to the start),
/// checking that a claim is refused before the third occurrence and
/// accepted after it.
fn threefold(mut game: Box<dyn Game>, moves: [&str; 4]) {
    for action in moves {
        play(&mut game, action);
    }
    for action in &moves[..3] {
        play(&mut game, action);
    }
    assert_eq!(refused(&mut game, "claim"), "no-draw-to-claim");
    play(&mut game, moves[3]);
    let report = play(&mut game, "claim");
    assert_eq!(report.action, "claim");
    assert_eq!(report.status, drawn("threefold"));
    assert_eq!(report.next, None);
    assert_eq!(game.status(), drawn("threefold"));
    assert_eq!(refused(&mut game, "claim"), "game-over");
    assert!(game.legal_moves().is_empty());
}

#[test]
fn threefold_repetition_is_claimed() {
    threefold(grand(GRAND_START), ["b2c4", "b9c7", "c4b2", "c7b9"]);
    threefold(rk(RK_START), ["e2g3", "d2b3", "g3e2", "b3d2"]);
}

#[rstest]
#[case(
    VariantId::Grand,
    "k9/10/10/10/10/10/10/10/10/1Q7K w - - 99 80",
    "b1b2"
)]
#[case(VariantId::Racingkings, "8/8/8/8/8/8/k6K/5N2 w - - 99 80", "f1d2")]
fn fifty_moves_are_claimed(#[case] variant: VariantId, #[case] fen: &str, #[case] quiet: &str) {
    let mut game = game(variant, fen);
    assert_eq!(refused(&mut game, "claim"), "no-draw-to-claim");
    let report = play(&mut game, quiet);
    assert_eq!(report.status, Status::Ongoing);
    let report = play(&mut game, "claim");
    assert_eq!(report.status, drawn("fifty-move"));
}

#[test]
fn racing_kings_black_reaching_rank_eight_wins_at_once() {
    let mut game = rk("8/6k1/8/8/8/8/K7/8 b - - 0 1");
    let report = play(&mut game, "g7g8");
    assert_eq!(report.status, won("black", "goal"));
    assert_eq!(report.next, None);
    assert_eq!(refused(&mut game, "a2a3"), "game-over");
}

#[test]
fn racing_kings_white_wins_at_once_when_black_cannot_follow() {
    // Black's king is far from rank 8.
    let mut game = rk("8/1K6/8/8/8/6k1/8/8 w - - 0 1");
    assert_eq!(play(&mut game, "b7b8").status, won("white", "goal"));
    // Black's king is one step away, but f8, g8 and h8 are all attacked.
    let mut game = rk("8/1K2N1k1/8/8/8/8/8/5R1R w - - 0 1");
    let report = play(&mut game, "b7b8");
    assert_eq!(report.status, won("white", "goal"));
    assert!(game.legal_moves().is_empty());
}

#[test]
fn racing_kings_black_may_answer_and_draw() {
    let fen = "8/1K4k1/8/8/8/8/8/8 w - - 0 1";
    let mut game = rk(fen);
    let report = play(&mut game, "b7b8");
    assert_eq!(report.status, Status::Ongoing, "black has one answer");
    assert_eq!(report.next.as_deref(), Some("black"));
    let report = play(&mut game, "g7g8");
    assert_eq!(report.status, drawn("goal-tie"));
    assert!(game.legal_moves().is_empty());
    // Any other answer loses.
    let mut game = rk(fen);
    play(&mut game, "b7b8");
    assert_eq!(play(&mut game, "g7g6").status, won("white", "goal"));
}

#[rstest]
#[case::direct("8/8/8/8/8/8/k7/6RK w - - 0 1", "g1g2", "gives-check")]
#[case::discovered("8/8/8/k7/8/N7/8/R6K w - - 0 1", "a3c2", "gives-check")]
#[case::king_into_attack("6r1/8/8/k7/8/N7/8/R6K w - - 0 1", "h1g2", "leaves-king-in-check")]
#[case::promotion_letter(RK_START, "e2c3q", "promotion-not-allowed")]
#[case::blocked(RK_START, "g1g4", "blocked")]
#[case::own_target(RK_START, "h2g2", "own-piece-on-target")]
#[case::shape(RK_START, "h2h4", "not-a-move-of-the-piece")]
#[case::theirs(RK_START, "a2a3", "not-your-piece")]
#[case::empty(RK_START, "a5a6", "no-piece")]
#[case::off_board(RK_START, "h2i3", "bad-notation")]
fn racing_kings_refusal_codes(#[case] fen: &str, #[case] action: &str, #[case] code: &str) {
    assert_eq!(refused(&mut rk(fen), action), code, "{action} in `{fen}`");
}

#[test]
fn racing_kings_never_reports_check_and_bare_kings_race_on() {
    let mut game = rk("8/8/8/8/8/8/k6K/8 w - - 0 1");
    assert_eq!(game.status(), Status::Ongoing);
    let report = play(&mut game, "h2h3");
    assert!(report.checks.is_empty());
    assert_eq!(report.next.as_deref(), Some("black"));
}

#[test]
fn racing_kings_stalemate_draws() {
    let mut game = rk("8/R7/8/K7/8/5N2/8/7k w - - 0 1");
    assert_eq!(play(&mut game, "a7g7").status, drawn("stalemate"));
}

#[test]
fn legal_moves_from_rejects_squares_off_the_board() {
    assert!(grand(GRAND_START).legal_moves_from("k1").is_err());
    assert!(rk(RK_START).legal_moves_from("a9").is_err());
    assert!(rk(RK_START).legal_moves_from("j10").is_err());
    assert_eq!(
        rk(RK_START).legal_moves_from("a3").expect("a square"),
        Vec::<String>::new()
    );
}

#[test]
fn every_listed_move_is_played() {
    let positions = [
        (VariantId::Grand, GRAND_START),
        (
            VariantId::Grand,
            "r8r/1nbqkcabn1/ppp2ppppp/3p6/4pP4/10/10/PPPPP1PPPP/1NBQKCABN1/R8R w - e7 0 3",
        ),
        (
            VariantId::Grand,
            "1r7r/Pnbqkcabn1/1ppppppppp/10/10/10/10/1PPPPPPPPP/2B1KCABN1/R8R w - - 0 1",
        ),
        (
            VariantId::Grand,
            "r8r/1nbqkcabn1/1ppppppppp/P9/10/10/10/1PPPPPPPPP/1NB1KCABN1/R8R w - - 0 1",
        ),
        (VariantId::Racingkings, RK_START),
        (VariantId::Racingkings, "8/1K4k1/8/8/8/8/8/8 w - - 0 1"),
        (VariantId::Racingkings, "4brn1/2K2k2/8/8/8/8/8/8 w - - 0 1"),
    ];
    let mut failures = Vec::new();
    for (variant, fen) in positions {
        let start = game(variant, fen);
        for action in start.legal_moves() {
            let mut game = game(variant, fen);
            if let Err(refusal) = game.play(&action) {
                failures.push(format!("{variant} `{fen}`: {action} refused: {refusal}"));
            }
        }
        // A walk along the first listed move: each is accepted, and the
        // position written reopens to the same moves.
        let mut game = game(variant, fen);
        for _ in 0..60 {
            let Some(action) = game.legal_moves().into_iter().next() else {
                break;
            };
            match game.play(&action) {
                Err(refusal) => failures.push(format!(
                    "{variant} walk from `{fen}`: {action} refused: {refusal}"
                )),
                Ok(report) => {
                    if report.status == Status::Ongoing {
                        let reopened = open(variant, Some(&report.position), &[])
                            .map(|reopened| reopened.legal_moves());
                        if reopened.as_ref() != Ok(&game.legal_moves()) {
                            failures.push(format!(
                                "{variant} `{}` reopens differently",
                                report.position
                            ));
                        }
                    }
                }
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
