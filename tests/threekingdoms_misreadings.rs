//! The Three Kingdoms misreadings catalogue
//! (`spec/threekingdoms/misreadings.yaml`) and the engine's deliberate
//! faults (`src/variant/threekingdoms/faults.rs`): the two lists agree, a
//! fault is never a ruling, every misreading is caught by at least 3
//! scenarios, and every ruling alternative changes at least 3.

use std::path::PathBuf;

use regelwerk::scenario::report::{run_suite_with, Status};
use regelwerk::spec::Spec;
use regelwerk::variant::threekingdoms::faults::{FaultSet, Misreading};
use regelwerk::variant::threekingdoms::ruleset::{register, Ruleset};
use regelwerk::variant::{self, VariantId, FAULT_PREFIX};

/// The fewest scenarios that must catch each misreading, and that each
/// ruling alternative must change.
const MIN_CATCHES: usize = 3;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn spec() -> Spec {
    Spec::load(&root().join("spec/threekingdoms")).unwrap_or_else(|error| panic!("spec: {error}"))
}

fn files() -> Vec<PathBuf> {
    regelwerk::scenario::collect_files(&[root().join("scenarios/threekingdoms")])
        .unwrap_or_else(|error| panic!("scenario files: {error}"))
}

/// The IDs of the scenarios that fail under the forced settings. With
/// `TK_MISREADINGS_VERBOSE` set, each failure's first differing step is
/// printed (to see that a scenario fails for the reason of the fault).
fn failing(spec: &Spec, files: &[PathBuf], forced: &[String]) -> Vec<String> {
    let verbose = std::env::var_os("TK_MISREADINGS_VERBOSE").is_some();
    run_suite_with(files, Some(spec), None, None, forced, |_, _| {})
        .cases
        .iter()
        .filter(|case| !matches!(case.status, Status::Passed))
        .inspect(|case| {
            if verbose {
                let detail = match &case.status {
                    Status::Failed(m) => format!(
                        "step {} {}: expected {} got {}",
                        m.step,
                        m.what,
                        m.expected.trim().replace('\n', " "),
                        m.actual.trim().replace('\n', " ")
                    ),
                    other => format!("{other:?}"),
                };
                eprintln!("{forced:?} {}: {detail}", case.id);
            }
        })
        .map(|case| case.id.clone())
        .collect()
}

/// (id, clauses, wrong) of every catalogue entry.
fn catalogue() -> Vec<(String, Vec<String>, String)> {
    let path = root().join("spec/threekingdoms/misreadings.yaml");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|error| panic!("{error}"));
    let file: serde_yaml::Value =
        serde_yaml::from_str(&text).unwrap_or_else(|error| panic!("{error}"));
    assert_eq!(file["variant"].as_str(), Some("threekingdoms"));
    let entries = file["misreadings"]
        .as_sequence()
        .cloned()
        .unwrap_or_default();
    entries
        .iter()
        .map(|entry| {
            let mapping = entry.as_mapping().unwrap_or_else(|| panic!("{entry:?}"));
            assert_eq!(mapping.len(), 3, "id, clauses, wrong: {entry:?}");
            let text = |key: &str| entry[key].as_str().unwrap_or_default().to_string();
            let clauses = entry["clauses"]
                .as_sequence()
                .map(|list| {
                    list.iter()
                        .filter_map(|c| c.as_str().map(str::to_string))
                        .collect()
                })
                .unwrap_or_default();
            (text("id"), clauses, text("wrong"))
        })
        .collect()
}

#[test]
fn the_catalogue_and_the_engine_name_the_same_misreadings() {
    let entries = catalogue();
    let listed: Vec<&str> = entries.iter().map(|(id, _, _)| id.as_str()).collect();
    let engine: Vec<&str> = Misreading::ALL.iter().map(|m| m.id()).collect();
    pretty_assertions::assert_eq!(listed, engine);
    assert!(entries.len() >= 25, "only {} misreadings", entries.len());
    let spec = spec();
    for ((id, clauses, wrong), misreading) in entries.iter().zip(Misreading::ALL) {
        assert_eq!(
            clauses.as_slice(),
            misreading.clauses(),
            "{id}: clauses differ"
        );
        for clause in clauses {
            assert!(
                spec.clause(clause).is_some(),
                "{id}: unknown clause {clause}"
            );
        }
        assert!(
            !wrong.is_empty() && !wrong.contains('\n'),
            "{id}: `wrong` must be one line"
        );
    }
}

#[test]
fn a_fault_is_never_a_ruling() {
    for misreading in Misreading::ALL {
        for setting in [
            format!("{}=default", misreading.id()),
            format!("{FAULT_PREFIX}{}", misreading.id()),
        ] {
            assert!(
                Ruleset::from_settings(std::slice::from_ref(&setting)).is_err(),
                "{setting} was accepted as a ruling"
            );
            assert!(
                variant::open(
                    VariantId::Threekingdoms,
                    None,
                    std::slice::from_ref(&setting)
                )
                .is_err(),
                "variant::open accepted {setting}"
            );
        }
    }
    let id = [Misreading::ElephantEyeIgnored.id().to_string()];
    assert!(variant::open_with_faults(VariantId::Threekingdoms, None, &[], &id).is_ok());
    assert!(FaultSet::from_ids(&["TK-NO-SUCH-THING"]).is_err());
}

#[test]
fn every_misreading_is_caught_by_at_least_three_scenarios() {
    let spec = spec();
    let files = files();
    let mut table = Vec::new();
    let mut weak = Vec::new();
    for misreading in Misreading::ALL {
        let forced = [format!("{FAULT_PREFIX}{}", misreading.id())];
        let caught = failing(&spec, &files, &forced);
        table.push(format!("{:<34} {:>3}", misreading.id(), caught.len()));
        if caught.len() < MIN_CATCHES {
            weak.push(format!(
                "{misreading}: caught by {} ({caught:?})",
                caught.len()
            ));
        }
    }
    eprintln!("misreading catches:\n{}", table.join("\n"));
    assert!(
        weak.is_empty(),
        "misreadings caught too rarely:\n{}",
        weak.join("\n")
    );
}

#[test]
fn every_ruling_alternative_changes_at_least_three_scenarios() {
    let spec = spec();
    let files = files();
    let mut weak = Vec::new();
    for (id, keys) in register() {
        for key in keys.iter().skip(1) {
            let setting = format!("{id}={key}");
            let changed = failing(&spec, &files, std::slice::from_ref(&setting));
            if changed.len() < MIN_CATCHES {
                weak.push(format!(
                    "{setting}: changes {} ({changed:?})",
                    changed.len()
                ));
            }
        }
    }
    assert!(
        weak.is_empty(),
        "alternatives that change too few scenarios:\n{}",
        weak.join("\n")
    );
}
