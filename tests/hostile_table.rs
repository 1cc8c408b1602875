//! Defects the systematic hostile table (`tools/hostile_table.py`, every
//! kind of bad input on every variant) found, each kept fixed here.

use std::path::Path;
use std::time::Duration;

use super::hostile::{run, run_with, scratch};
use super::hostile_messages::{said, write};

/// The MONARCHIE scenario the broken files below are made from.
fn sample_scenario() -> String {
    std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("scenarios/monarchie/m.8.1/blau-captures-gelb-gelb-moves.yaml"),
    )
    .unwrap_or_else(|e| panic!("{e}"))
}

const GRAND_START: &str =
    "r8r/1nbqkcabn1/pppppppppp/10/10/10/10/PPPPPPPPPP/1NBQKCABN1/R8R w - - 0 1";

/// A scenario written in flow style (JSON is YAML) names its variant as
/// well as one in block style: it was read as MONARCHIE and refused.
#[test]
fn a_flow_style_scenario_is_read_as_its_variant() {
    let dir = scratch("flow-style");
    let file = write(
        &dir,
        "grand.yaml",
        &format!(
            "{{\"variant\": \"grand\", \"id\": \"g.6-flow\", \"clauses\": [\"g.6\"], \"description\": \"flow style\", \"position\": {{\"notation\": \"{GRAND_START}\"}}, \"steps\": [{{\"perft\": 1, \"expect_nodes\": 65}}]}}\n"
        ),
    );
    let ran = run(&["check", &file]);
    assert_eq!(ran.code, Some(0), "{}", said(&ran));
    // And a wrong count in it fails as a check (1), not as MONARCHIE (2).
    let wrong = write(
        &dir,
        "wrong.yaml",
        &std::fs::read_to_string(&file).unwrap().replace("65", "66"),
    );
    let ran = run(&["check", &wrong]);
    assert_eq!(ran.code, Some(1), "{}", said(&ran));
    assert!(
        !said(&ran).contains("expected 'monarchie'"),
        "{}",
        said(&ran)
    );
}

/// A YAML tag is no part of the format: refused at its line, never
/// dropped (`steps: !x` passed) or turned into an empty value.
#[test]
fn a_yaml_tag_is_refused() {
    let dir = scratch("yaml-tag");
    let one = sample_scenario();
    for (name, text) in [
        ("steps.yaml", one.replacen("steps:", "steps: !x", 1)),
        ("owner.yaml", one.replacen("owner: gelb", "owner: !gelb", 1)),
    ] {
        let file = write(&dir, name, &text);
        let ran = run(&["check", &file]);
        assert_eq!(ran.code, Some(2), "{name}: {}", said(&ran));
        assert!(
            said(&ran).contains("a YAML tag (`!"),
            "{name}: {}",
            said(&ran)
        );
    }
}

/// A mistyped listing field is named and located, in the format's words.
#[test]
fn a_listing_type_error_names_its_field() {
    let dir = scratch("listing-type");
    let one = sample_scenario();
    let text = one.replacen("to_move: blau", "to_move: [blau]", 1);
    let line = 1 + text
        .lines()
        .position(|l| l.contains("to_move: [blau]"))
        .expect("the sample has a to_move line");
    let file = write(&dir, "x.yaml", &text);
    let ran = run(&["check", &file]);
    assert_eq!(ran.code, Some(2), "{}", said(&ran));
    assert!(
        said(&ran).contains(&format!(":{line}:3: position.to_move: found a list")),
        "{}",
        said(&ran)
    );
    assert!(!said(&ran).contains("invalid type"), "{}", said(&ran));
}

/// A control character from an input never reaches the terminal raw.
#[test]
fn control_characters_are_escaped_in_messages() {
    let dir = scratch("control-chars");
    // The Sovereign start with a NUL after its third letter: the board
    // error quotes the row it is in.
    let start = "aqabvrvnbrbnbbbqbkbbbnbrynyrsbsq/aranvpvpbpbpbpbpbpbpbpbpypypsnsr/nbnp12opob/nqnp12opoq/crcp12rprr/cncp12rprn/gbgp12pppb/gqgp12pppq/yqyp12vpvq/ybyp12vpvb/onop12npnn/orop12npnr/rqrp12cpcq/rbrp12cpcb/srsnppppwpwpwpwpwpwpwpwpgpgpanar/sqsbprpnwrwnwbwqwkwbwnwrgngrabaq 1 w b CELNceln 0";
    let notation = format!("{}\\u0000{}", &start[..3], &start[3..]);
    let file = write(
        &dir,
        "nul.yaml",
        &format!("{{\"variant\": \"sovereign\", \"id\": \"sc.3-x\", \"clauses\": [\"sc.3\"], \"description\": \"x\", \"position\": {{\"notation\": \"{notation}\"}}, \"steps\": [{{\"perft\": 1, \"expect_nodes\": 1}}]}}\n"),
    );
    let ran = run(&["check", &file]);
    assert_eq!(ran.code, Some(2), "{}", said(&ran));
    assert!(!said(&ran).contains('\0'), "a raw NUL: {}", said(&ran));
    assert!(said(&ran).contains("\\u{0}"), "{}", said(&ran));
}

/// A `position` line that is no position breaks the perft file (2),
/// named as such, not "the moves reach ..." (1).
#[test]
fn a_perft_file_position_that_is_none_is_a_format_error() {
    let dir = scratch("perft-garbage");
    let file = write(
        &dir,
        "g.perft",
        "id a\nfrom start\nposition garbage\nperft 1 1\n",
    );
    let ran = run(&["perft-file", "--variant", "grand", &file]);
    assert_eq!(ran.code, Some(2), "{}", said(&ran));
    assert!(
        ran.stderr
            .contains("g.perft:3: block `a`: the `position` line is not a grand position"),
        "{}",
        ran.stderr
    );
}

/// A request that is not a JSON object is named as that, not as "the
/// number 1 where a name belongs".
#[test]
fn serve_names_a_request_that_is_not_an_object() {
    let ran = run_with(
        &["serve"],
        b"{\"type\":\"start\",\"protocol\":\"2.1\"}\n[1,2,3]\n{\"type\":\"perft\",\"seq\":-1}\n{\"type\":\"stop\"}\n",
        Duration::from_secs(30),
    );
    assert!(
        ran.stdout.contains("a request is one JSON object"),
        "{}",
        ran.stdout
    );
    assert!(
        ran.stdout.contains("found the number `-1`"),
        "{}",
        ran.stdout
    );
    assert!(!ran.stdout.contains("invalid value"), "{}", ran.stdout);
}

/// conform given another variant's files says so and what to add.
#[test]
fn conform_names_the_variant_of_the_files_given() {
    let file = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("scenarios/grand/g.6/no-castling-king-on-second-rank.yaml");
    let ran = run(&["conform", "--engine", "true", &file.display().to_string()]);
    assert_eq!(ran.code, Some(2), "{}", said(&ran));
    assert!(
        ran.stderr.contains("they are grand scenarios"),
        "{}",
        ran.stderr
    );
    assert!(
        ran.stderr.contains("give --variant grand"),
        "{}",
        ran.stderr
    );
}

/// bench checks depth and budget before any engine starts or any table
/// line is printed, and names no option it does not have.
#[test]
fn bench_refuses_a_depth_before_it_starts() {
    for depth in ["100", "8"] {
        let ran = run(&[
            "bench",
            "--variant",
            "grand",
            "--uci",
            "/bin/true",
            "--depth",
            depth,
        ]);
        assert_eq!(ran.code, Some(2), "depth {depth}: {}", said(&ran));
        assert!(
            ran.stdout.is_empty(),
            "depth {depth} printed: {}",
            ran.stdout
        );
        assert!(!ran.stderr.contains("--max-nodes"), "{}", ran.stderr);
    }
}

/// Operating-system errors in plain words, once.
#[test]
fn os_errors_are_said_in_plain_words() {
    let dir = scratch("os-words");
    let folder = dir.display().to_string();
    for args in [
        vec!["merge", folder.as_str()],
        vec!["render", "-o", folder.as_str()],
    ] {
        let ran = run(&args);
        assert_eq!(ran.code, Some(2), "{args:?}: {}", said(&ran));
        assert!(
            ran.stderr.contains("a folder, not a file"),
            "{args:?}: {}",
            ran.stderr
        );
        assert!(!ran.stderr.contains("os error"), "{args:?}: {}", ran.stderr);
    }
    let missing = dir.join("missing").join("x.jsonl").display().to_string();
    let ran = run(&[
        "check",
        "--variant",
        "grand",
        "--shard",
        "1/2",
        "--output",
        &missing,
    ]);
    assert_eq!(ran.code, Some(2), "{}", said(&ran));
    assert!(ran.stderr.contains("does not exist"), "{}", ran.stderr);
    assert!(!ran.stderr.contains("os error"), "{}", ran.stderr);
}

/// `--position` takes the variant's named starts, as a perft file's
/// `from` line does.
#[test]
fn a_named_start_is_a_position() {
    let ran = run(&[
        "perft",
        "2",
        "--variant",
        "threekingdoms",
        "--position",
        "no-bannermen",
        "--format",
        "json",
    ]);
    assert_eq!(ran.code, Some(0), "{}", said(&ran));
    let named: serde_json::Value = serde_json::from_str(&ran.stdout).unwrap();
    // The start without bannermen has 44 first moves (the corpus's
    // hand count), so 44 first plies, each with more below: perft 2 is
    // more than 44 and differs from the start with bannermen.
    let with = run(&[
        "perft",
        "2",
        "--variant",
        "threekingdoms",
        "--format",
        "json",
    ]);
    let with: serde_json::Value = serde_json::from_str(&with.stdout).unwrap();
    assert_ne!(named["nodes"], with["nodes"]);
    assert!(
        named["position"].as_str().unwrap().contains(" off "),
        "{named}"
    );
}
