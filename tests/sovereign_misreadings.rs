//! The Sovereign misreadings catalogue (`spec/sovereign/misreadings.yaml`)
//! and the engine's deliberate faults (`src/variant/sovereign/faults.rs`):
//! the two lists agree, a fault is never a ruling, every misreading is
//! caught by at least three scenarios and every ruling alternative changes
//! at least three. `SOVEREIGN_KILLS=1 cargo test --test main
//! sovereign_misreadings -- --nocapture` prints the table.

use std::path::PathBuf;

use regelwerk::scenario::load::Loaded;
use regelwerk::scenario::run::run_with;
use regelwerk::spec::Spec;
use regelwerk::variant::sovereign::faults::{FaultSet, Misreading};
use regelwerk::variant::sovereign::Ruleset;
use regelwerk::variant::{self, VariantId, FAULT_PREFIX};

/// The fewest scenarios that must catch a misreading or see an alternative.
const MIN_CATCHES: usize = 3;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn spec() -> Spec {
    Spec::load(&root().join("spec/sovereign")).unwrap_or_else(|error| panic!("spec: {error}"))
}

fn cases() -> Vec<Loaded> {
    let spec = spec();
    regelwerk::scenario::collect_files(&[root().join("scenarios/sovereign")])
        .unwrap_or_else(|error| panic!("scenario files: {error}"))
        .iter()
        .map(|file| {
            regelwerk::scenario::load_file(file, Some(&spec))
                .unwrap_or_else(|error| panic!("{error}"))
        })
        .collect()
}

#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct Entry {
    id: String,
    clauses: Vec<String>,
    wrong: String,
}

#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct Catalogue {
    variant: String,
    misreadings: Vec<Entry>,
}

#[test]
fn the_catalogue_and_the_engine_name_the_same_misreadings() {
    let path = root().join("spec/sovereign/misreadings.yaml");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|error| panic!("{error}"));
    let catalogue: Catalogue =
        serde_yaml::from_str(&text).unwrap_or_else(|error| panic!("misreadings.yaml: {error}"));
    assert_eq!(catalogue.variant, "sovereign");
    let listed: Vec<&str> = catalogue
        .misreadings
        .iter()
        .map(|e| e.id.as_str())
        .collect();
    let engine: Vec<&str> = Misreading::ALL.iter().map(|m| m.id()).collect();
    pretty_assertions::assert_eq!(listed, engine);
    assert!(listed.len() >= 25, "only {} misreadings", listed.len());
    let spec = spec();
    for (entry, misreading) in catalogue.misreadings.iter().zip(Misreading::ALL) {
        assert!(entry.id.starts_with("SC-"), "{}", entry.id);
        assert_eq!(entry.clauses, misreading.clauses(), "{}", entry.id);
        for clause in &entry.clauses {
            assert!(
                spec.clauses.iter().any(|c| &c.id == clause),
                "{}: unknown clause {clause}",
                entry.id
            );
        }
        assert!(!entry.wrong.is_empty() && !entry.wrong.contains('\n'));
    }
}

#[test]
fn a_sovereign_fault_is_never_a_ruling() {
    for misreading in Misreading::ALL {
        for setting in [
            format!("{}=default", misreading.id()),
            format!("{FAULT_PREFIX}{}", misreading.id()),
        ] {
            assert!(
                Ruleset::from_settings(&[setting.as_str()]).is_err(),
                "{setting}"
            );
            assert!(
                variant::open(VariantId::Sovereign, None, &[setting.clone()]).is_err(),
                "{setting} opened a game"
            );
        }
    }
    assert!(Ruleset::default().faults.is_empty());
    assert!(FaultSet::from_ids(&["SC-NO-SUCH-THING"]).is_err());
    let set = FaultSet::from_ids(&["SC-DEFECT-NO-STEP"]).unwrap_or_default();
    assert!(set.has(Misreading::DefectNoStep));
    assert!(!set.has(Misreading::DefectUnchecked));
}

/// The scenarios that fail under `forced`.
fn failing(cases: &[Loaded], forced: &str) -> Vec<String> {
    let forced = vec![forced.to_string()];
    cases
        .iter()
        .filter(|loaded| run_with(loaded, &forced).is_err())
        .map(|loaded| loaded.scenario.id.clone())
        .collect()
}

#[test]
fn every_sovereign_misreading_is_caught_by_at_least_three_scenarios() {
    let cases = cases();
    let print = std::env::var_os("SOVEREIGN_KILLS").is_some();
    let mut weak = Vec::new();
    for misreading in Misreading::ALL {
        let kills = failing(&cases, &format!("{FAULT_PREFIX}{}", misreading.id()));
        if print {
            println!(
                "| {} | {} | {} |",
                misreading.id(),
                kills.len(),
                kills.join(", ")
            );
        }
        if kills.len() < MIN_CATCHES {
            weak.push(format!("{misreading}: {} {kills:?}", kills.len()));
        }
    }
    assert!(weak.is_empty(), "weakly caught:\n{}", weak.join("\n"));
}

#[test]
fn every_sovereign_ruling_alternative_changes_at_least_three_scenarios() {
    let cases = cases();
    let weak: Vec<String> = variant::alternatives(VariantId::Sovereign)
        .into_iter()
        .filter_map(|setting| {
            let id = setting.split('=').next().unwrap_or_default().to_string();
            let changed: Vec<String> = cases
                .iter()
                .filter(|loaded| !loaded.scenario.ruleset.iter().any(|s| s.starts_with(&id)))
                .filter(|loaded| run_with(loaded, std::slice::from_ref(&setting)).is_err())
                .map(|loaded| loaded.scenario.id.clone())
                .collect();
            (changed.len() < MIN_CATCHES).then(|| format!("{setting}: {changed:?}"))
        })
        .collect();
    assert!(
        weak.is_empty(),
        "alternatives the suite barely sees:\n{}",
        weak.join("\n")
    );
}
