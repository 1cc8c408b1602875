//! The misreading catalogues (`spec/<variant>/misreadings.yaml`) and the
//! engines' deliberate faults, for every variant at once: each catalogue
//! and its engine's list agree, a fault is never a ruling, the suite
//! catches every misreading at least three times in play and sees every
//! ruling alternative at least three times in play
//! (`regelwerk::scenario::audit`), and every catalogue is derived sentence
//! by sentence with its coverage table up to date. The tests run over the variants that
//! have a catalogue; `every_variant_has_a_misreading_catalogue` fails while
//! one of the five has none.

use std::path::PathBuf;

use regelwerk::scenario::audit::{audit, MIN_CHANGES_PER_ALTERNATIVE, MIN_KILLS_PER_MISREADING};
use regelwerk::scenario::coverage::{
    coverage_table, load_frame_spec, Tagged, MIN_FRAMES, MIN_IN_PLAY,
};
use regelwerk::scenario::load::Loaded;
use regelwerk::spec::{load_misreading_catalogue, load_misreadings, Spec};
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
    assert!(regelwerk::variant::monarchie::ruleset::Ruleset::default()
        .faults
        .is_empty());
}

/// The known-short items of `tests/data/misreadings-short.txt`: lines
/// `<variant> <item> : <reason>`, where the item is a misreading ID, a
/// ruling alternative `ID=key`, or `catalogue` (a catalogue whose entries
/// lack `from`/`kind` or whose sentences are not all covered). The file is
/// a temporary allow-list while the derivation of issue 37 lands variant by
/// variant; it must end EMPTY, and an item listed that is no longer short
/// fails the tests, so that the list only shrinks.
fn known_short() -> Vec<(String, String)> {
    let path = root().join("tests/data/misreadings-short.txt");
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|error| panic!("{}: {error}", path.display()));
    text.lines()
        .map(str::trim)
        .filter(|line| !line.is_empty() && !line.starts_with('#'))
        .map(|line| {
            let (item, reason) = line
                .split_once(" : ")
                .unwrap_or_else(|| panic!("misreadings-short.txt: no ' : reason' in {line:?}"));
            assert!(!reason.trim().is_empty(), "empty reason in {line:?}");
            let (variant, item) = item.trim().split_once(' ').unwrap_or_else(|| {
                panic!("misreadings-short.txt: expected '<variant> <item>' in {line:?}")
            });
            (variant.to_string(), item.trim().to_string())
        })
        .collect()
}

/// Fails for every short item not allowed, and for every allowed item
/// that is no longer short.
fn judge(what: &str, short: Vec<(String, String, String)>, rerun: &str) {
    let allowed = known_short();
    let unexpected: Vec<&String> = short
        .iter()
        .filter(|(variant, item, _)| !allowed.contains(&(variant.clone(), item.clone())))
        .map(|(_, _, line)| line)
        .collect();
    assert!(
        unexpected.is_empty(),
        "{what} (rerun: {rerun}):\n{}",
        unexpected
            .iter()
            .map(|line| line.as_str())
            .collect::<Vec<_>>()
            .join("\n")
    );
}

/// The allowed items of one kind that are no longer short.
fn stale(short: &[(String, String, String)], is_kind: impl Fn(&str) -> bool) -> Vec<String> {
    known_short()
        .into_iter()
        .filter(|(_, item)| is_kind(item))
        .filter(|(variant, item)| !short.iter().any(|(v, i, _)| v == variant && i == item))
        .map(|(variant, item)| format!("{variant} {item}"))
        .collect()
}

/// The misreadings that no scenario can catch in play, with the finding
/// of `spec/<variant>/findings.yaml` that argues why: each entry's
/// `not_in_play` in `spec/<variant>/misreadings.yaml`. They are held to
/// the bar in total instead (at least three scenarios fail under each),
/// and an exemption that a scenario comes to contradict (a catch in
/// play) fails the test.
fn not_in_play(variant: VariantId) -> Vec<(String, String)> {
    let dir = root().join("spec").join(variant.name());
    load_misreading_catalogue(&dir, variant)
        .unwrap_or_else(|error| panic!("{error}"))
        .misreadings
        .into_iter()
        .filter_map(|m| m.not_in_play.map(|finding| (m.id, finding)))
        .collect()
}

/// The ruling alternatives that by their own definition cannot change
/// play, with the finding that argues it: `ID=key` and each alternative's
/// `not_in_play` in `spec/<variant>/rulings.yaml`. Held to the bar in
/// total instead, like [`not_in_play`].
fn alternatives_not_in_play(variant: VariantId) -> Vec<(String, String)> {
    spec_of(variant)
        .rulings
        .iter()
        .flat_map(|ruling| {
            ruling.alternatives.iter().filter_map(move |alternative| {
                alternative
                    .not_in_play
                    .clone()
                    .map(|finding| (format!("{}={}", ruling.id, alternative.key), finding))
            })
        })
        .collect()
}

/// The misreadings whose catches sit in one frame by their nature, each
/// with its `one_frame` exemption of `spec/<variant>/misreadings.yaml`:
/// held to [`MIN_IN_PLAY`] catches in play in that frame; a catch in
/// another frame fails the test (the exemption is stale or wrong).
fn one_frame(variant: VariantId) -> Vec<(String, regelwerk::spec::OneFrame)> {
    let dir = root().join("spec").join(variant.name());
    load_misreading_catalogue(&dir, variant)
        .unwrap_or_else(|error| panic!("{error}"))
        .misreadings
        .into_iter()
        .filter_map(|m| m.one_frame.map(|one| (m.id, one)))
        .collect()
}

/// An item exempt from the in-play bar (a misreading or a ruling
/// alternative that by its nature cannot change play): the finding that
/// argues it must be in the variant's spec, nothing may catch it in play,
/// and at least `bar` scenarios must catch it in total.
fn held_to_total(
    variant: VariantId,
    item: &str,
    finding: &str,
    in_play: &[String],
    total: usize,
    bar: usize,
) {
    assert!(
        spec_of(variant).findings.iter().any(|f| f.id == finding),
        "{item}: exempt from the in-play bar by {finding}, which spec/{variant}/findings.yaml lacks"
    );
    assert!(
        in_play.is_empty(),
        "{item}: {finding} argues it cannot change play, but {in_play:?} catch it in play; drop the exemption"
    );
    assert!(
        total >= bar,
        "{item}: exempt from the in-play bar by {finding}, but caught by only {total} scenario(s) in total"
    );
}

/// Issue 47's bar: every misreading (each coding) that can show in play
/// is caught in play by at least [`MIN_IN_PLAY`] scenarios whose catches
/// sit in at least [`MIN_FRAMES`] frames (the frames of the differing
/// steps, computed by the variant's frame function); one that a finding
/// says cannot show in play keeps the bar in total.
#[test]
fn every_misreading_is_caught_in_play_five_times_in_two_frames() {
    let mut short = Vec::new();
    for variant in catalogued() {
        let exempt = not_in_play(variant);
        let cases = cases_of(variant);
        let frames = load_frame_spec(&root(), variant).unwrap_or_else(|error| panic!("{error}"));
        let one_frame = one_frame(variant);
        let tagged = Tagged::new(variant, &cases, frames.clone());
        for (id, _) in regelwerk::variant::misreadings(variant) {
            let catches = tagged.catches(id);
            let in_play: Vec<String> = catches.in_play.keys().cloned().collect();
            if let Some((_, finding)) = exempt.iter().find(|(e, _)| e == id) {
                held_to_total(
                    variant,
                    id,
                    finding,
                    &in_play,
                    catches.all.len(),
                    MIN_KILLS_PER_MISREADING,
                );
                continue;
            }
            if let Some((_, one)) = one_frame.iter().find(|(e, _)| e == id) {
                assert!(
                    frames
                        .as_ref()
                        .is_some_and(|spec| spec.is_frame(&one.frame)),
                    "{variant}: {id}: `one_frame: {}` names no frame of spec/{variant}/frames.yaml",
                    one.frame
                );
                if let Err(problem) = catches.holds_one_frame_bar(&one.frame) {
                    // Too few catches is a shortfall like any other; a
                    // catch in another frame breaks the exemption itself.
                    assert!(
                        catches.frames().len() < MIN_FRAMES
                            && catches.frames().iter().all(|f| *f == one.frame),
                        "{variant}: {id}: {problem} ({} in total): {in_play:?}",
                        catches.all.len()
                    );
                    short.push((
                        variant.name().to_string(),
                        id.to_string(),
                        format!(
                            "{variant}: {id}: {problem} (one frame by its nature: {})",
                            one.reason
                        ),
                    ));
                }
                continue;
            }
            if !catches.holds_bar() {
                short.push((
                    variant.name().to_string(),
                    id.to_string(),
                    format!(
                        "{variant}: {id} caught in play by {} scenario(s) in {} frame(s) {:?} (the bar: {MIN_IN_PLAY} in {MIN_FRAMES}; {} in total): {:?}",
                        in_play.len(),
                        catches.frames().len(),
                        catches.frames(),
                        catches.all.len(),
                        in_play
                    ),
                ));
            }
        }
    }
    let stale = stale(&short, |item| {
        !item.contains('=') && item != "catalogue" && item != "frames" && !item.contains(':')
    });
    judge(
        "misreadings the suite does not catch in play often enough or in enough frames",
        short,
        "cargo run --release -- rulings misreadings --variant V --verbose",
    );
    assert!(
        stale.is_empty(),
        "tests/data/misreadings-short.txt lists misreadings that are no longer short; delete them: {stale:?}"
    );
}

/// Every misreading has a second coding (`<ID>.2`, `coding_of: <ID>`),
/// built into the engine like the first (the catalogue and the engine
/// agree: `the_catalogue_and_the_engine_name_the_same_misreadings`).
/// Missing ones are items `coding:<ID>` of the known-short list.
#[test]
fn every_misreading_has_a_second_coding() {
    let mut short = Vec::new();
    for variant in catalogued() {
        let dir = root().join("spec").join(variant.name());
        let catalogue =
            load_misreading_catalogue(&dir, variant).unwrap_or_else(|error| panic!("{error}"));
        for first in catalogue.first_codings() {
            if catalogue.codings(&first.id).len() < 2 {
                short.push((
                    variant.name().to_string(),
                    format!("coding:{}", first.id),
                    format!(
                        "{variant}: {} has no second coding ({}.2)",
                        first.id, first.id
                    ),
                ));
            }
        }
    }
    let stale = stale(&short, |item| item.starts_with("coding:"));
    judge(
        "misreadings coded only once",
        short,
        "spec/<variant>/misreadings.yaml",
    );
    assert!(stale.is_empty(), "no longer short, delete: {stale:?}");
}

/// Issue 47: a second coding, written independently of its first, is
/// caught somewhere its first is not: a coding whose differing steps
/// (scenario, step and differing fields, over the whole suite) are exactly
/// its first coding's plays alike on every scenario and fails, unless
/// its entry says why (`same_catches`); while open, an item `same:<ID>`
/// of the known-short list. A `same_catches` whose codings do differ is
/// stale and fails.
#[test]
fn a_second_coding_is_not_caught_exactly_where_its_first_is() {
    let mut short = Vec::new();
    for variant in catalogued() {
        let dir = root().join("spec").join(variant.name());
        let catalogue =
            load_misreading_catalogue(&dir, variant).unwrap_or_else(|error| panic!("{error}"));
        let cases = cases_of(variant);
        let tagged = Tagged::new(variant, &cases, None);
        for entry in &catalogue.misreadings {
            let Some(first) = entry.coding_of.as_deref() else {
                continue;
            };
            let (of_first, of_second) = (tagged.catches(first), tagged.catches(&entry.id));
            let alike = of_first.steps == of_second.steps;
            match (&entry.same_catches, alike) {
                (Some(same), false) => panic!(
                    "{variant}: {}: `same_catches` says why it is caught exactly where {first} is ({}), but the two differ now; drop it",
                    entry.id, same.reason
                ),
                (None, true) => short.push((
                    variant.name().to_string(),
                    format!("same:{}", entry.id),
                    format!(
                        "{variant}: {} fails exactly the steps {first} fails ({} step(s) of {} scenario(s)): recode it, add a scenario that tells them apart, or say why in `same_catches`",
                        entry.id,
                        of_second.steps.len(),
                        of_second.all.len()
                    ),
                )),
                _ => {}
            }
        }
    }
    let stale = stale(&short, |item| item.starts_with("same:"));
    judge(
        "second codings caught exactly where their first codings are",
        short,
        "cargo run --release -- rulings misreadings --variant V --verbose",
    );
    assert!(stale.is_empty(), "no longer short, delete: {stale:?}");
}

/// Every rejection whose reason claims something about geometry or
/// reachability ([`regelwerk::spec::GEOMETRY_CLAIMS`]) carries the answer
/// of a search over positions (`search:`). Missing ones are items
/// `search:<from>` of the known-short list.
#[test]
fn every_geometry_rejection_carries_its_search() {
    let mut short = Vec::new();
    for variant in catalogued() {
        let dir = root().join("spec").join(variant.name());
        let catalogue =
            load_misreading_catalogue(&dir, variant).unwrap_or_else(|error| panic!("{error}"));
        for rejected in &catalogue.rejected {
            if rejected.claims_geometry() && rejected.search.is_none() {
                short.push((
                    variant.name().to_string(),
                    format!("search:{}", rejected.from),
                    format!(
                        "{variant}: the rejection at {} claims geometry or reachability without a search: {}",
                        rejected.from, rejected.reason
                    ),
                ));
            }
        }
    }
    short.dedup_by(|a, b| a.0 == b.0 && a.1 == b.1);
    let stale = stale(&short, |item| item.starts_with("search:"));
    judge(
        "geometry claims not rechecked",
        short,
        "spec/<variant>/misreadings.yaml",
    );
    assert!(stale.is_empty(), "no longer short, delete: {stale:?}");
}

/// Issue 47's table: every variant has a `spec/<variant>/frames.yaml`
/// (else the item `frames`), and every cell of it, a movement, capture or
/// check rule in one frame or at one edge, is played by a scenario or
/// argued away by a `reason` (else the item `frames:<rule>@<cell>`).
#[test]
fn every_frame_and_edge_of_every_rule_is_played_or_argued_away() {
    let mut short = Vec::new();
    for variant in VariantId::ALL {
        let Some(frames) =
            load_frame_spec(&root(), variant).unwrap_or_else(|error| panic!("{error}"))
        else {
            short.push((
                variant.name().to_string(),
                "frames".to_string(),
                format!("{variant}: no spec/{variant}/frames.yaml"),
            ));
            continue;
        };
        let cases = cases_of(variant);
        let tagged = Tagged::new(variant, &cases, Some(frames.clone()));
        for cell in coverage_table(&frames, &tagged) {
            if cell.scenarios == 0 && cell.reason.is_none() {
                short.push((
                    variant.name().to_string(),
                    format!("frames:{}@{}", cell.rule, cell.cell),
                    format!(
                        "{variant}: no scenario plays {} at {} and no reason says why",
                        cell.rule, cell.cell
                    ),
                ));
            }
        }
    }
    let stale = stale(&short, |item| item.starts_with("frames"));
    judge(
        "empty frame/edge cells without a reason",
        short,
        "cargo run --release -- check --coverage --variant V",
    );
    assert!(stale.is_empty(), "no longer short, delete: {stale:?}");
}

#[test]
fn every_ruling_alternative_changes_at_least_three_scenarios_in_play() {
    let mut short = Vec::new();
    for variant in VariantId::ALL {
        let exempt = alternatives_not_in_play(variant);
        for effect in audit(variant, &cases_of(variant)) {
            if let Some((_, finding)) = exempt
                .iter()
                .find(|(setting, _)| *setting == effect.setting)
            {
                held_to_total(
                    variant,
                    &effect.setting,
                    finding,
                    &effect.in_play,
                    effect.changed.len(),
                    MIN_CHANGES_PER_ALTERNATIVE,
                );
                continue;
            }
            if effect.in_play.len() < MIN_CHANGES_PER_ALTERNATIVE {
                short.push((
                    variant.name().to_string(),
                    effect.setting.clone(),
                    format!(
                        "{variant}: {} changes {} scenario(s) in play ({} in total)",
                        effect.setting,
                        effect.in_play.len(),
                        effect.changed.len()
                    ),
                ));
            }
        }
    }
    let stale = stale(&short, |item| item.contains('='));
    judge(
        "ruling alternatives the suite barely sees in play",
        short,
        "cargo run --release -- rulings audit --variant V",
    );
    assert!(
        stale.is_empty(),
        "tests/data/misreadings-short.txt lists alternatives that are no longer short; delete them: {stale:?}"
    );
}

/// Every catalogue traces each kept misreading to a sentence (`from`) and
/// a kind, and covers every sentence it lists with a kept or a rejected
/// misreading; every sentence names a clause or a ruling of the spec.
#[test]
fn every_catalogue_is_derived_sentence_by_sentence() {
    let mut short = Vec::new();
    for variant in catalogued() {
        let dir = root().join("spec").join(variant.name());
        let catalogue =
            load_misreading_catalogue(&dir, variant).unwrap_or_else(|error| panic!("{error}"));
        let spec = spec_of(variant);
        for sentence in &catalogue.sentences {
            let source = sentence.source();
            assert!(
                spec.clause(source).is_some() || spec.ruling(source).is_some(),
                "{variant}: sentence {} names no clause or ruling of spec/{variant}",
                sentence.at
            );
        }
        let mut gaps = Vec::new();
        if catalogue.sentences.is_empty() {
            gaps.push("no `sentences`".to_string());
        }
        for entry in &catalogue.misreadings {
            if entry.from.is_none() || entry.kind.is_none() {
                gaps.push(format!("{} lacks `from` or `kind`", entry.id));
            }
        }
        for sentence in catalogue.uncovered() {
            gaps.push(format!("sentence {} has no misreading", sentence.at));
        }
        // Every ruling alternative is a misreading from the default's side:
        // each must be one the engine plays, and each the engine plays must
        // stand on a sentence.
        let alternatives = regelwerk::variant::alternatives(variant);
        let listed: Vec<&String> = catalogue
            .sentences
            .iter()
            .flat_map(|sentence| &sentence.alternatives)
            .collect();
        for alternative in &listed {
            assert!(
                alternatives.contains(alternative),
                "{variant}: the catalogue lists {alternative}, which is no ruling alternative of the engine (expected one of {alternatives:?})"
            );
        }
        if !catalogue.sentences.is_empty() {
            for alternative in alternatives.iter().filter(|a| !listed.contains(a)) {
                gaps.push(format!(
                    "the alternative {alternative} stands on no sentence"
                ));
            }
        }
        if !gaps.is_empty() {
            short.push((
                variant.name().to_string(),
                "catalogue".to_string(),
                format!("{variant}: {}", gaps.join("; ")),
            ));
        }
    }
    let stale = stale(&short, |item| item == "catalogue");
    judge(
        "catalogues not yet derived sentence by sentence",
        short,
        "cargo run --release -- rulings misreadings --variant V --coverage",
    );
    assert!(
        stale.is_empty(),
        "tests/data/misreadings-short.txt lists catalogues that are complete now; delete them: {stale:?}"
    );
}

/// `docs/misreadings/<variant>.md` is the coverage table its catalogue
/// generates.
#[test]
fn the_coverage_tables_are_up_to_date() {
    for variant in catalogued() {
        let dir = root().join("spec").join(variant.name());
        let catalogue =
            load_misreading_catalogue(&dir, variant).unwrap_or_else(|error| panic!("{error}"));
        let want = catalogue.coverage_markdown(regelwerk::variant::info(variant).title);
        let path = root()
            .join("docs/misreadings")
            .join(format!("{}.md", variant.name()));
        let have = std::fs::read_to_string(&path).unwrap_or_default();
        assert!(
            have == want,
            "{} is out of date: cargo run --release -- rulings misreadings --variant {variant} --coverage --write",
            path.display()
        );
    }
}

/// The lines `wrong: "w"` and a `one_frame` exemption of a misreading in
/// the loader test's catalogue.
fn one_frame_entry(frame: &str, reason: &str, german: &str) -> String {
    format!(
        "    wrong: \"w\"\n    one_frame:\n      frame: \"{frame}\"\n      reason: \"{reason}\"\n      de:\n        reason: \"{german}\"\n"
    )
}

/// The loader rejects an unknown field, an unknown kind and a `from` that
/// names no sentence, each with the file and what was expected.
#[test]
fn the_catalogue_loader_rejects_bad_entries() {
    let dir = std::env::temp_dir().join(format!("regelwerk-misreadings-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap_or_else(|error| panic!("{error}"));
    let load = |text: &str| {
        std::fs::write(dir.join("misreadings.yaml"), text)
            .unwrap_or_else(|error| panic!("{error}"));
        load_misreading_catalogue(&dir, VariantId::Racingkings).map_err(|e| e.to_string())
    };
    let good = "variant: racingkings\nsentences:\n  - at: rk.1/1\n    says: \"x\"\nmisreadings:\n  - id: RK-A\n    clauses: [rk.1]\n    from: rk.1/1\n    kind: negation\n    wrong: \"w\"\nrejected:\n  - from: rk.1/1\n    kind: number\n    misreading: \"m\"\n    reason: \"r\"\n";
    let catalogue = load(good).unwrap_or_else(|error| panic!("{error}"));
    assert_eq!(catalogue.rejected.len(), 1);
    assert!(catalogue.uncovered().is_empty());
    for (bad, says) in [
        (
            good.replace("kind: negation", "kind: typo"),
            "unknown variant `typo`",
        ),
        (
            good.replace("    wrong:", "    colour: red\n    wrong:"),
            "unknown field `colour`",
        ),
        (
            good.replace(
                "    from: rk.1/1\n    kind: negation",
                "    from: rk.9/1\n    kind: negation",
            ),
            "names no sentence",
        ),
        (
            good.replace("  - from: rk.1/1", "  - from: rk.1/2"),
            "rejected entry 1",
        ),
        (
            good.replace("at: rk.1/1", "at: rk.1"),
            "expected `at: <clause or ruling ID>/<n>`",
        ),
        (
            good.replace("reason: \"r\"", "reason: \"\""),
            "one non-empty line",
        ),
        (
            good.replace("    reason: \"r\"\n", ""),
            "missing field `reason`",
        ),
        (
            good.replace("  - id: RK-A\n", "  - id: RK-A.2\n"),
            "expected `coding_of: RK-A`",
        ),
        (
            good.replace("rejected:\n", "  - id: RK-A.2\n    coding_of: RK-B\n    clauses: [rk.1]\n    wrong: \"w2\"\nrejected:\n"),
            "expected `coding_of: RK-A`",
        ),
        (
            good.replace("rejected:\n", "  - id: RK-B.2\n    coding_of: RK-B\n    clauses: [rk.1]\n    wrong: \"w2\"\nrejected:\n"),
            "`coding_of: RK-B` names no misreading",
        ),
        (
            good.replace("rejected:\n", "  - id: RK-B\n    coding_of: RK-A\n    clauses: [rk.1]\n    wrong: \"w2\"\nrejected:\n"),
            "expected the ID `RK-A.2`",
        ),
        (
            good.replace("rejected:\n", "  - id: RK-A.2\n    coding_of: RK-A\n    clauses: [rk.1]\n    wrong: \"w2\"\n  - id: RK-A.2.2\n    coding_of: RK-A.2\n    clauses: [rk.1]\n    wrong: \"w3\"\nrejected:\n"),
            "names a further coding",
        ),
        (
            good.replace("    reason: \"r\"\n", "    reason: \"r\"\n    search: \"\"\n"),
            "expected `search` on one non-empty line",
        ),
        (
            good.replace("    wrong: \"w\"\n", "    wrong: \"w\"\n    one_frame:\n      frame: white\n      de:\n        reason: \"nur Weiß\"\n"),
            "missing field `reason`",
        ),
        (
            good.replace("    wrong: \"w\"\n", &one_frame_entry("white", " ", "nur Weiß kommt zuerst an")),
            "expected `reason` on one non-empty line",
        ),
        (
            good.replace("    wrong: \"w\"\n", &one_frame_entry("white", "every catch sits in the arrival of White", "every catch sits in the arrival of White")),
            "one_frame.de.reason",
        ),
        (
            good.replace("    wrong: \"w\"\n", &one_frame_entry("", "every catch sits in the arrival of White", "nur Weiß kommt zuerst an")),
            "expected the id of one frame",
        ),
        (
            good.replace("    wrong: \"w\"\n", &format!("{}    not_in_play: F-X\n", one_frame_entry("white", "every catch sits in the arrival of White", "nur Weiß kommt zuerst an"))),
            "beside `not_in_play`",
        ),
        (
            good.replace("    wrong: \"w\"\n", "    wrong: \"w\"\n    same_catches:\n      reason: \"no scenario can tell the two apart\"\n      de:\n        reason: \"kein Szenario kann die beiden trennen\"\n"),
            "on a first coding",
        ),
        (
            good.replace("rejected:\n", "  - id: RK-A.2\n    coding_of: RK-A\n    clauses: [rk.1]\n    wrong: \"w2\"\n    same_catches:\n      reason: \"no scenario can tell the two apart\"\n      de:\n        reason: \"\"\nrejected:\n"),
            "each on one non-empty line",
        ),
    ] {
        let error = load(&bad).expect_err(&bad);
        assert!(error.contains(says), "{error} (expected: {says})");
        assert!(error.contains("misreadings.yaml"), "{error}");
    }
    let exempt = good.replace(
        "    wrong: \"w\"\n",
        &one_frame_entry(
            "white",
            "every catch sits in the arrival of White",
            "nur Weiß kommt zuerst an",
        ),
    );
    let catalogue = load(&exempt).unwrap_or_else(|error| panic!("{error}"));
    let one = catalogue.misreadings[0]
        .one_frame
        .as_ref()
        .unwrap_or_else(|| panic!("one_frame was not read"));
    assert_eq!(one.frame, "white");
    assert_eq!(one.de.reason, "nur Weiß kommt zuerst an");
    let two = good.replace(
        "rejected:\n",
        "  - id: RK-A.2\n    coding_of: RK-A\n    clauses: [rk.1]\n    wrong: \"w2\"\nrejected:\n",
    );
    let catalogue = load(&two).unwrap_or_else(|error| panic!("{error}"));
    let codings: Vec<&str> = catalogue
        .codings("RK-A")
        .iter()
        .map(|e| e.id.as_str())
        .collect();
    assert_eq!(codings, ["RK-A", "RK-A.2"]);
    assert_eq!(catalogue.first_codings().count(), 1);
    std::fs::remove_dir_all(&dir).unwrap_or_else(|error| panic!("{error}"));
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
    use regelwerk::conform::{conform_case, Verdict};
    use regelwerk::protocol::responder::InProcess;
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

/// A scenario that starts from the variant's start position opens, under a
/// forced ruling that changes the start (Three Kingdoms' R-BANNERMEN=off),
/// the start built under that ruling, so the alternative is played rather
/// than refused at set-up; without forced rulings it opens its own text.
#[test]
fn a_forced_ruling_rebuilds_the_start_position() {
    let variant = VariantId::Threekingdoms;
    let loaded = cases_of(variant)
        .into_iter()
        .find(|loaded| loaded.from_default_start())
        .unwrap_or_else(|| panic!("no {variant} scenario starts from the start position"));
    let forced = ["R-BANNERMEN=off".to_string()];
    let game = loaded
        .open_with(&forced)
        .unwrap_or_else(|error| panic!("{}: {error}", loaded.scenario.id));
    let without = (regelwerk::variant::info(variant).start_notation)("no-bannermen")
        .unwrap_or_else(|| panic!("{variant} has no start without bannermen"));
    assert_eq!(game.position_text(), without);
    let plain = loaded
        .open_with(&[])
        .unwrap_or_else(|error| panic!("{}: {error}", loaded.scenario.id));
    assert_eq!(plain.position_text(), loaded.start);
    assert_ne!(loaded.start, without);
}
