//! The misreadings catalogue (`spec/monarchie/misreadings.yaml`) and the
//! engine's deliberate faults: the two lists agree, a fault is never a
//! ruling, and the suite catches every misreading at least twice and sees
//! every ruling alternative at least three times.

use std::path::PathBuf;

use regelwerk::ruleset::{FaultSet, Misreading, Ruleset};
use regelwerk::scenario::audit::{
    audit, fault_audit, MIN_CHANGES_PER_ALTERNATIVE, MIN_KILLS_PER_MISREADING,
};
use regelwerk::scenario::load::Loaded;
use regelwerk::spec::{load_misreadings, Spec};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn spec() -> Spec {
    Spec::load(&root().join("spec/monarchie")).unwrap_or_else(|error| panic!("spec: {error}"))
}

fn cases() -> Vec<Loaded> {
    let spec = spec();
    regelwerk::scenario::collect_files(&[root().join("scenarios/monarchie")])
        .unwrap_or_else(|error| panic!("scenario files: {error}"))
        .iter()
        .map(|file| {
            regelwerk::scenario::load_file(file, Some(&spec))
                .unwrap_or_else(|error| panic!("{error}"))
        })
        .collect()
}

#[test]
fn the_catalogue_and_the_engine_name_the_same_misreadings() {
    let catalogue = load_misreadings(&root().join("spec/monarchie"))
        .unwrap_or_else(|error| panic!("misreadings.yaml: {error}"));
    let listed: Vec<&str> = catalogue.iter().map(|entry| entry.id.as_str()).collect();
    let engine: Vec<&str> = Misreading::ALL.iter().map(|m| m.id()).collect();
    pretty_assertions::assert_eq!(listed, engine);
    assert!(
        catalogue.len() >= 40,
        "only {} misreadings",
        catalogue.len()
    );
    let spec = spec();
    for (entry, misreading) in catalogue.iter().zip(Misreading::ALL) {
        assert_eq!(
            entry.clauses,
            misreading.clauses(),
            "{}: clauses differ between the catalogue and the engine",
            entry.id
        );
        for clause in &entry.clauses {
            assert!(
                spec.clauses.iter().any(|c| &c.id == clause),
                "{}: unknown clause {clause}",
                entry.id
            );
        }
        assert!(
            !entry.wrong.contains('\n') && !entry.wrong.is_empty(),
            "{}: `wrong` must be one line",
            entry.id
        );
    }
}

#[test]
fn a_fault_is_never_a_ruling() {
    for misreading in Misreading::ALL {
        for setting in [
            format!("{}=default", misreading.id()),
            format!("fault:{}", misreading.id()),
            format!("fault:{}=on", misreading.id()),
        ] {
            assert!(
                Ruleset::from_settings(&[setting.as_str()]).is_err(),
                "{setting} was accepted as a ruling"
            );
        }
    }
    assert!(Ruleset::default().faults.is_empty());
    let opened = regelwerk::variant::open(
        regelwerk::variant::VariantId::Monarchie,
        None,
        &["fault:M-MATE-KING-ONLY".to_string()],
    );
    assert!(opened.is_err(), "variant::open accepted a fault");
    assert!(FaultSet::from_ids(&["M-NO-SUCH-THING"]).is_err());
    let set = FaultSet::from_ids(&["M-MATE-KING-ONLY"]).unwrap_or_default();
    assert!(set.has(Misreading::MateKingOnly));
    assert!(!set.has(Misreading::StalemateKingOnly));
}

#[test]
fn every_misreading_is_caught_by_at_least_two_scenarios() {
    let kills = fault_audit(&cases());
    let weak: Vec<String> = kills
        .iter()
        .filter(|entry| entry.killed_by.len() < MIN_KILLS_PER_MISREADING)
        .map(|entry| {
            format!(
                "{} caught by {} scenario(s): {:?}",
                entry.misreading.id(),
                entry.killed_by.len(),
                entry.killed_by
            )
        })
        .collect();
    assert!(
        weak.is_empty(),
        "misreadings the suite does not catch often enough (rerun: cargo run --release -- rulings misreadings --verbose):\n{}",
        weak.join("\n")
    );
}

#[test]
fn every_ruling_alternative_changes_at_least_three_scenarios() {
    let weak: Vec<String> = audit(&cases())
        .into_iter()
        .filter(|effect| effect.changed.len() < MIN_CHANGES_PER_ALTERNATIVE)
        .map(|effect| {
            format!(
                "{} changes {} scenario(s)",
                effect.setting,
                effect.changed.len()
            )
        })
        .collect();
    assert!(
        weak.is_empty(),
        "ruling alternatives the suite barely sees (rerun: cargo run --release -- rulings audit):\n{}",
        weak.join("\n")
    );
}

/// `(retired, replacement)` pairs of `scenarios/retired-ids.txt`.
fn retired_ids() -> Vec<(String, Option<String>)> {
    let text = std::fs::read_to_string(root().join("scenarios/retired-ids.txt"))
        .unwrap_or_else(|error| panic!("scenarios/retired-ids.txt: {error}"));
    text.lines()
        .map(str::trim)
        .filter(|line| !line.is_empty() && !line.starts_with('#'))
        .map(|line| {
            let (ids, reason) = line
                .split_once(" : ")
                .unwrap_or_else(|| panic!("retired-ids.txt: no ' : reason' in {line:?}"));
            assert!(
                !reason.trim().is_empty(),
                "retired-ids.txt: empty reason in {line:?}"
            );
            let (old, new) = ids
                .split_once(" -> ")
                .unwrap_or_else(|| panic!("retired-ids.txt: no ' -> ' in {line:?}"));
            let new = new.trim();
            (
                old.trim().to_string(),
                (new != "none").then(|| new.to_string()),
            )
        })
        .collect()
}

#[test]
fn retired_scenario_ids_never_come_back() {
    let ids: std::collections::BTreeSet<String> = cases()
        .into_iter()
        .map(|loaded| loaded.scenario.id)
        .collect();
    let retired = retired_ids();
    assert!(!retired.is_empty());
    let mut seen = std::collections::BTreeSet::new();
    for (old, new) in &retired {
        assert!(seen.insert(old.clone()), "{old} is retired twice");
        assert!(
            !ids.contains(old),
            "the retired scenario ID {old} is in use again"
        );
        if let Some(new) = new {
            assert!(
                ids.contains(new),
                "{old} names a replacement {new} that does not exist"
            );
            assert!(
                !retired.iter().any(|(other, _)| other == new),
                "{old} is replaced by {new}, which is itself retired"
            );
        }
    }
}

/// The clauses of Part I that forbid something: each needs at least three
/// scenarios with a step that expects the typed refusal.
const FORBIDDING_CLAUSES: &[&str] = &[
    "m.1",
    "m.2",
    "m.3",
    "m.4",
    "m.4.dead-capture",
    "m.5",
    "m.6.1",
    "m.6.2",
    "m.6.3",
    "m.6.4",
    "m.6.5",
    "m.6.6.start",
    "m.6.6.moves",
    "m.6.6.captures",
    "m.6.6.promotion",
    "m.6.6.no-special",
    "m.7",
    "m.8.2",
    "m.9",
    "m.10",
    "m.11",
    "m.12",
    "m.13",
    "m.14",
    "m.15.move-time",
    "m.15.total-time",
    "m.16",
];

#[test]
fn every_forbidding_clause_has_three_refusal_cases() {
    let cases = cases();
    let weak: Vec<String> = FORBIDDING_CLAUSES
        .iter()
        .filter_map(|&clause| {
            let count = cases
                .iter()
                .filter(|loaded| loaded.scenario.clauses.iter().any(|c| c == clause))
                .filter(|loaded| {
                    loaded.scenario.steps.iter().any(|step| {
                        step.expect
                            .as_ref()
                            .is_some_and(|expect| expect.result != "legal")
                    })
                })
                .count();
            (count < 3).then(|| format!("{clause}: {count} refusal case(s)"))
        })
        .collect();
    assert!(
        weak.is_empty(),
        "clauses with too few refusal cases:\n{}",
        weak.join("\n")
    );
}

/// `serve --fault` carries a misreading as a forced `fault:` setting: the
/// in-process reference then fails the scenario that catches it, and
/// passes it without the fault.
#[test]
fn a_served_fault_is_caught_through_the_protocol() {
    use regelwerk::protocol::conform::{conform_case, InProcess, Verdict};
    let loaded = cases()
        .into_iter()
        .find(|loaded| loaded.scenario.id == "m.11-rook-check-judged-gelb-blocks-with-knight")
        .unwrap_or_else(|| panic!("scenario missing"));
    let mut seq = 0;
    let mut plain = InProcess { forced: Vec::new() };
    assert_eq!(conform_case(&mut plain, &loaded, &mut seq), Verdict::Passed);
    let mut faulty = InProcess {
        forced: vec!["fault:M-MATE-KING-ONLY".to_string()],
    };
    assert_ne!(
        conform_case(&mut faulty, &loaded, &mut seq),
        Verdict::Passed
    );
}
