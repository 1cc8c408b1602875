//! The design's hand-checked facts (the 44 start moves per kingdom with
//! their breakdown, the bannermen's two moves) and worked examples S1-S5,
//! reasoned from the rules.

use super::game::{open_game, ThreeKingdomsGame};
use super::movegen::Judgement;
use super::notation;
use super::point::{Kingdom, Point};
use super::position::{Kind, Move, Piece, Position};
use super::ruleset::Bannermen;
use crate::variant::Game;

fn p(name: &str) -> Point {
    name.parse().unwrap_or_else(|error| panic!("{error}"))
}

/// A set-up from `point=KIND.owner[/home]` entries, bannermen off.
pub(super) fn setup(entries: &[&str], to_move: Kingdom, rulings: &[&str]) -> ThreeKingdomsGame {
    let mut position = Position::empty(Bannermen::Off);
    position.to_move = Some(to_move);
    for entry in entries {
        let (point, piece) = entry.split_once('=').expect("point=piece");
        let (kind, owners) = piece.split_once('.').expect("kind.owner");
        let (owner, home) = owners.split_once('/').unwrap_or((owners, owners));
        let kind = Kind::from_letter(kind.chars().next().expect("letter")).expect("kind");
        let owner = Kingdom::from_key(owner).expect("owner");
        let home = Kingdom::from_key(home).expect("home");
        position.put(p(point), Piece { kind, owner, home });
    }
    let rulings: Vec<String> = rulings.iter().map(|s| s.to_string()).collect();
    open_game(Some(&notation::to_text(&position)), &rulings)
        .unwrap_or_else(|error| panic!("{error}"))
}

fn moves_from(game: &ThreeKingdomsGame, point: &str) -> Vec<String> {
    game.legal_moves_from(point).expect("point")
}

#[test]
fn start_moves_per_kingdom_without_bannermen() {
    let game = open_game(None, &["R-BANNERMEN=off".to_string()]).expect("opens");
    let engine = &game.engine;
    for k in Kingdom::ALL {
        let count = |names: &[&str]| -> Vec<usize> {
            names
                .iter()
                .map(|name| {
                    let mut out = Vec::new();
                    let point = Point::new(k, name.as_bytes()[0] - b'a', name.as_bytes()[1] - b'1');
                    engine.legal_moves_of(
                        &game.position,
                        k,
                        Some(point),
                        Judgement::AsRuled,
                        &mut out,
                    );
                    out.len()
                })
                .collect()
        };
        assert_eq!(count(&["a1", "i1"]), vec![2, 2], "{k} chariots");
        assert_eq!(count(&["b1", "h1"]), vec![2, 2], "{k} horses");
        assert_eq!(count(&["c1", "g1"]), vec![2, 2], "{k} elephants");
        assert_eq!(count(&["d1", "f1"]), vec![1, 1], "{k} advisors");
        assert_eq!(count(&["e1"]), vec![1], "{k} general");
        assert_eq!(count(&["b3", "h3"]), vec![12, 12], "{k} cannons");
        assert_eq!(
            count(&["a4", "c4", "e4", "g4", "i4"]),
            vec![1; 5],
            "{k} soldiers"
        );
        let mut all = Vec::new();
        engine.legal_moves_of(&game.position, k, None, Judgement::AsRuled, &mut all);
        assert_eq!(all.len(), 44, "{k}");
    }
    // Each cannon's file crosses to a neighbour and takes its horse.
    let shu = moves_from(&game, "Rb3");
    assert!(shu.contains(&"Rb3-Bh1".to_string()));
    assert!(moves_from(&game, "Rh3").contains(&"Rh3-Gb1".to_string()));
}

#[test]
fn start_with_bannermen() {
    let game = open_game(None, &[]).expect("opens");
    assert_eq!(moves_from(&game, "Rd3"), vec!["Rd3-Be5", "Rd3-Bg5"]);
    assert_eq!(moves_from(&game, "Rf3"), vec!["Rf3-Gc5", "Rf3-Ge5"]);
    // The bannermen cut each cannon's rank moves from 6 to 2.
    assert_eq!(moves_from(&game, "Rb3").len(), 8);
    assert_eq!(game.legal_moves().len(), 40);
}

#[test]
fn s1_discovered_line_through_the_triangle() {
    let mut game = setup(
        &[
            "Re1=K.shu",
            "Rc4=P.shu",
            "Bc3=H.shu",
            "Re5=H.wu",
            "Gd1=K.wu",
            "Bd1=K.wei",
            "Be3=R.wei",
        ],
        Kingdom::WU,
        &[],
    );
    let report = game.play("Re5-Rg4").expect("legal");
    assert_eq!(report.next.as_deref(), Some("wei"));
    assert!(report.checks.contains(&"wei".to_string()));
    assert!(report.checks.contains(&"shu".to_string()));
    let report = game
        .play("Be3xRe1")
        .expect("capturing the checking kingdom's general is legal");
    assert_eq!(report.eliminations.len(), 1);
    assert_eq!(report.eliminations[0].party, "shu");
    assert_eq!(report.eliminations[0].cause, "general-capture");
    assert_eq!(report.eliminations[0].heir.as_deref(), Some("wei"));
    assert_eq!(report.next.as_deref(), Some("wu"));
    assert_eq!(game.occupant("Bc3").expect("point"), "wei horse");
    assert!(!game.in_check().contains(&"wei".to_string()));
    let mut soldier = game.clone();
    soldier.position.to_move = Some(Kingdom::WEI);
    assert_eq!(moves_from(&soldier, "Rc4"), vec!["Rc4-Rc5"]);
}

#[test]
fn s2_facing_through_the_triangle() {
    let game = setup(
        &[
            "Re2=K.shu",
            "Re4=R.shu",
            "Ge1=K.wu",
            "Be1=K.wei",
            "Ga1=R.wu",
            "Ba1=R.wei",
        ],
        Kingdom::SHU,
        &[],
    );
    assert_eq!(moves_from(&game, "Re4"), vec!["Re4-Re3", "Re4-Re5"]);
}

#[test]
fn s3_facing_opened_by_a_third_kingdom() {
    let entries = [
        "Re1=K.shu",
        "Re5=H.wu",
        "Gd1=K.wu",
        "Be1=K.wei",
        "Bi1=R.wei",
        "Ra1=R.shu",
    ];
    let mut game = setup(&entries, Kingdom::WU, &[]);
    game.play("Re5-Rg4").expect("legal");
    assert_eq!(game.to_move().as_deref(), Some("wei"));
    assert_eq!(game.legal_moves(), vec!["Be1-Bd1", "Be1-Bf1"]);
    let mut fly = setup(&entries, Kingdom::WU, &["R-FACING=fly-capture"]);
    fly.play("Re5-Rg4").expect("legal");
    assert_eq!(fly.legal_moves(), vec!["Be1-Bd1", "Be1-Bf1", "Be1-Re1"]);
}

#[test]
fn s4_who_inherits_a_stalemated_army() {
    let entries = [
        "Rd1=K.shu",
        "Ba3=R.shu",
        "Be3=R.shu",
        "Ge1=K.wu",
        "Ge2=A.wu",
        "Gi1=R.wu",
        "Ba1=H.wu",
        "Bd1=K.wei",
    ];
    for (rulings, heir) in [(&[][..], "shu"), (&["R-HEIR=last-mover"][..], "wu")] {
        let mut game = setup(&entries, Kingdom::SHU, rulings);
        let report = game.play("Ba3-Ba2").expect("legal");
        assert!(report.eliminations.is_empty());
        assert_eq!(report.next.as_deref(), Some("wu"));
        let report = game.play("Gi1-Gh1").expect("legal");
        assert_eq!(report.eliminations.len(), 1);
        assert_eq!(report.eliminations[0].party, "wei");
        assert_eq!(report.eliminations[0].cause, "stalemate");
        assert_eq!(report.eliminations[0].heir.as_deref(), Some(heir));
        assert_eq!(report.next.as_deref(), Some("shu"));
    }
    let mut freed = setup(&entries, Kingdom::SHU, &[]);
    freed.play("Ba3-Ba2").expect("legal");
    let report = freed.play("Ba1-Bc2").expect("legal");
    assert!(report.eliminations.is_empty());
    assert_eq!(report.next.as_deref(), Some("wei"));
    let mut every = setup(&entries, Kingdom::SHU, &["R-TRAP=every-move"]);
    let report = every.play("Ba3-Ba2").expect("legal");
    assert_eq!(report.eliminations.len(), 1);
    assert_eq!(report.eliminations[0].heir.as_deref(), Some("shu"));
    assert_eq!(report.next.as_deref(), Some("wu"));
}

#[test]
fn s5_the_fork_for_soldiers_and_cannons() {
    let game = setup(
        &[
            "Re1=K.shu",
            "Re5=P.shu",
            "Re3=C.shu",
            "Ge5=P.wu",
            "Ge2=R.wu",
            "Ge1=K.wu",
            "Bd1=K.wei",
            "Be4=H.wei",
        ],
        Kingdom::SHU,
        &[],
    );
    assert_eq!(moves_from(&game, "Re5"), vec!["Re5-Be5", "Re5-Ge5"]);
    let cannon = moves_from(&game, "Re3");
    assert!(cannon.contains(&"Re3-Ge5".to_string()), "{cannon:?}");
    assert!(cannon.contains(&"Re3-Be4".to_string()), "{cannon:?}");
}

#[test]
fn the_attack_test_agrees_with_generation_from_the_start() {
    let game = open_game(None, &[]).expect("opens");
    for point in Point::all() {
        for k in Kingdom::ALL {
            if game.position.at(point).is_none_or(|piece| piece.owner != k) {
                continue;
            }
            assert_eq!(
                game.engine.attacked(&game.position, point, k),
                game.engine.attacked_by_generation(&game.position, point, k),
                "{point} {k}"
            );
        }
    }
    let _ = Move::new(p("Re1"), p("Re2"));
}
