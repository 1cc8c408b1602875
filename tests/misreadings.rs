//! The misreading catalogues (`spec/<variant>/misreadings.yaml`) and the
//! engines' deliberate faults, for every variant at once: each catalogue
//! and its engine's list agree, a fault is never a ruling, the suite
//! catches every misreading at least three times and sees every ruling
//! alternative at least three times. The tests run over the variants that
//! have a catalogue; `every_variant_has_a_misreading_catalogue` fails while
//! one of the five has none.

use std::path::PathBuf;

use regelwerk::scenario::audit::{
    audit, fault_audit, MIN_CHANGES_PER_ALTERNATIVE, MIN_KILLS_PER_MISREADING,
};
use regelwerk::scenario::load::Loaded;
use regelwerk::spec::{load_misreadings, Spec};
use regelwerk::variant::VariantId;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn spec_of(variant: VariantId) -> Spec {
    Spec::load(&root().join("spec").join(variant.name()))
        .unwrap_or_else(|error| panic!("spec of {variant}: {error}"))
}

fn cases_of(variant: VariantId) -> Vec<Loaded> {
    let spec = spec_of(variant);
    regelwerk::suite::collect_files(&[root().join("scenarios").join(variant.name())])
        .unwrap_or_else(|error| panic!("scenario files: {error}"))
        .iter()
        .map(|file| {
            regelwerk::scenario::load_file(file, Some(&spec))
                .unwrap_or_else(|error| panic!("{error}"))
        })
        .collect()
}

fn cases() -> Vec<Loaded> {
    cases_of(VariantId::Monarchie)
}

/// The variants with a `spec/<variant>/misreadings.yaml`.
fn catalogued() -> Vec<VariantId> {
    VariantId::ALL
        .into_iter()
        .filter(|variant| {
            root()
                .join("spec")
                .join(variant.name())
                .join("misreadings.yaml")
                .is_file()
        })
        .collect()
}

/// The fewest misreadings each variant's catalogue must hold (issue 24).
fn minimum_catalogue(variant: VariantId) -> usize {
    match variant {
        VariantId::Monarchie => 40,
        VariantId::Grand | VariantId::Racingkings => 10,
        VariantId::Threekingdoms | VariantId::Sovereign => 25,
    }
}

/// For the coordinator: fails until every variant has its catalogue
/// (MONARCHIE, Grand and Racing Kings on branch misreadings-core; Three
/// Kingdoms on misreadings-tk; Sovereign on misreadings-sc).
#[test]
fn every_variant_has_a_misreading_catalogue() {
    let missing: Vec<&str> = VariantId::ALL
        .into_iter()
        .filter(|variant| !catalogued().contains(variant))
        .map(VariantId::name)
        .collect();
    assert!(
        missing.is_empty(),
        "COORDINATOR: no spec/<variant>/misreadings.yaml yet for {missing:?} (issue 24: every variant has a catalogue)"
    );
}

#[test]
fn the_catalogue_and_the_engine_name_the_same_misreadings() {
    for variant in VariantId::ALL {
        let engine = regelwerk::variant::misreadings(variant);
        if !catalogued().contains(&variant) {
            assert!(
                engine.is_empty(),
                "{variant}: the engine plays {} misreadings but spec/{variant}/misreadings.yaml is missing",
                engine.len()
            );
            continue;
        }
        let catalogue = load_misreadings(&root().join("spec").join(variant.name()), variant)
            .unwrap_or_else(|error| panic!("{error}"));
        let listed: Vec<&str> = catalogue.iter().map(|entry| entry.id.as_str()).collect();
        let engine_ids: Vec<&str> = engine.iter().map(|(id, _)| *id).collect();
        pretty_assertions::assert_eq!(listed, engine_ids, "{variant}");
        assert!(
            catalogue.len() >= minimum_catalogue(variant),
            "{variant}: only {} misreadings (at least {})",
            catalogue.len(),
            minimum_catalogue(variant)
        );
        let spec = spec_of(variant);
        for (entry, (id, clauses)) in catalogue.iter().zip(&engine) {
            assert_eq!(
                &entry.clauses, clauses,
                "{id}: clauses differ between the catalogue and the engine"
            );
            for clause in &entry.clauses {
                assert!(
                    spec.clauses.iter().any(|c| &c.id == clause),
                    "{id}: unknown clause {clause}"
                );
            }
            assert!(
                !entry.wrong.contains('\n') && !entry.wrong.is_empty(),
                "{id}: `wrong` must be one line"
            );
        }
    }
}

#[test]
fn a_fault_is_never_a_ruling() {
    for variant in VariantId::ALL {
        let start = |rulings: &[String], faults: &[String]| {
            regelwerk::variant::open_with_faults(variant, None, rulings, faults)
        };
        for (id, _) in regelwerk::variant::misreadings(variant) {
            for setting in [
                format!("{id}=default"),
                format!("{id}=on"),
                format!("fault:{id}"),
                format!("fault:{id}=on"),
            ] {
                assert!(
                    regelwerk::variant::open(variant, None, std::slice::from_ref(&setting))
                        .is_err(),
                    "{variant}: {setting} was accepted as a ruling"
                );
            }
            assert!(
                start(&[], &[id.to_string()]).is_ok(),
                "{variant}: the fault {id} cannot be played"
            );
        }
        assert!(
            start(&[], &["X-NO-SUCH-THING".to_string()]).is_err(),
            "{variant}: an unknown fault was accepted"
        );
        let other = if variant == VariantId::Monarchie {
            "G-NO-SUCH"
        } else {
            "M-MATE-KING-ONLY"
        };
        assert!(
            start(&[], &[other.to_string()]).is_err(),
            "{variant}: another variant's fault was accepted"
        );
    }
    assert!(regelwerk::ruleset::Ruleset::default().faults.is_empty());
}

#[test]
fn every_misreading_is_caught_by_at_least_three_scenarios() {
    let mut weak = Vec::new();
    for variant in catalogued() {
        for entry in fault_audit(variant, &cases_of(variant)) {
            if entry.killed_by.len() < MIN_KILLS_PER_MISREADING {
                weak.push(format!(
                    "{variant}: {} caught by {} scenario(s): {:?}",
                    entry.id,
                    entry.killed_by.len(),
                    entry.killed_by
                ));
            }
        }
    }
    assert!(
        weak.is_empty(),
        "misreadings the suite does not catch often enough (rerun: cargo run --release -- rulings misreadings --variant V --verbose):\n{}",
        weak.join("\n")
    );
}

#[test]
fn every_ruling_alternative_changes_at_least_three_scenarios() {
    let mut weak = Vec::new();
    for variant in VariantId::ALL {
        for effect in audit(variant, &cases_of(variant)) {
            if effect.changed.len() < MIN_CHANGES_PER_ALTERNATIVE {
                weak.push(format!(
                    "{variant}: {} changes {} scenario(s)",
                    effect.setting,
                    effect.changed.len()
                ));
            }
        }
    }
    assert!(
        weak.is_empty(),
        "ruling alternatives the suite barely sees (rerun: cargo run --release -- rulings audit --variant V):\n{}",
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
    // The retired IDs of every variant's suite (a retired Three Kingdoms ID
    // names a Three Kingdoms replacement).
    let ids: std::collections::BTreeSet<String> = VariantId::ALL
        .into_iter()
        .flat_map(cases_of)
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
            let count =
                cases
                    .iter()
                    .filter(|loaded| loaded.scenario.clauses.iter().any(|c| c == clause))
                    .filter(|loaded| {
                        loaded.scenario.steps.iter().any(|step| {
                            step.expect().is_some_and(|expect| expect.result != "legal")
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
