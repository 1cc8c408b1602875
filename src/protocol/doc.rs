//! The protocol page of each variant (`docs/protocol/<variant>.md`),
//! written from the variant's data ([`VariantInfo`] and its
//! [`crate::variant::ProtocolDoc`]) and from the reference's real answer to
//! the page's worked example, so that the page cannot go stale: the test
//! `implementers::the_protocol_pages_are_current` fails when a committed
//! page differs from what this writes.

use std::path::Path;

use crate::variant::{self, VariantId, VariantInfo};

use super::messages::{Request, PROTOCOL_VERSION};

/// The report's fields with what they hold in every variant (the shared
/// `Report`, docs/protocol.md §5.1).
pub const REPORT_FIELDS: [(&str, &str); 12] = [
    (
        "action",
        "string: the action in canonical notation, as played",
    ),
    ("actor", "party: who acted"),
    (
        "capture",
        "`{kind, owner, at, dead?}` or `null`: the piece taken",
    ),
    ("promotion", "piece kind or `null`: the kind a pawn became"),
    (
        "checks",
        "list of parties, a set: who is in check afterwards",
    ),
    ("eliminations", "list of `{party, cause, heir?}`, in order"),
    (
        "control",
        "list of `{army, from, to}`, in order: armies changing hands",
    ),
    ("next", "party or `null`: who moves next"),
    (
        "status",
        "`{result: ongoing}`, `{result: won, winners, reason}` or `{result: drawn, reason}`",
    ),
    (
        "events",
        "list of `{kind, party?, parties?, at?, piece?, cause?}`, in order",
    ),
    ("clocks", "object: the remaining seconds per party"),
    (
        "position",
        "string: the position after the action, canonical",
    ),
];

fn list(items: &[&str]) -> String {
    if items.is_empty() {
        return "none".to_string();
    }
    items
        .iter()
        .map(|item| format!("`{item}`"))
        .collect::<Vec<_>>()
        .join(", ")
}

/// The request and the reference's answer of a page's worked example,
/// as the two protocol lines.
///
/// # Errors
/// When the scenario cannot be read or the reference does not answer.
pub fn worked_example(info: &VariantInfo, root: &Path) -> Result<(String, String), DocError> {
    let example = &info.protocol.example;
    let loaded =
        crate::scenario::load_file(&root.join(example.scenario), None).map_err(|error| {
            DocError::Example {
                scenario: example.scenario,
                error,
            }
        })?;
    let actions: Vec<String> = loaded
        .scenario
        .steps
        .iter()
        .filter_map(|step| step.action().map(str::to_string))
        .take(example.plays)
        .collect();
    let request = Request::Apply {
        seq: 1,
        variant: info.id,
        position: loaded.start.clone(),
        rulings: loaded.scenario.ruleset.clone(),
        actions,
    };
    let answer = super::serve::answer(request.clone(), &[]).ok_or(DocError::NoAnswer)?;
    let line = |value: serde_json::Result<String>| {
        value.map_err(|error| DocError::Json(error.to_string()))
    };
    Ok((
        line(serde_json::to_string(&request))?,
        line(serde_json::to_string(&answer))?,
    ))
}

/// The protocol page of `variant`.
///
/// # Errors
/// When the worked example cannot be produced.
pub fn variant_page(variant: VariantId, root: &Path) -> Result<String, DocError> {
    let info = variant::info(variant);
    let doc = info.protocol;
    let mut page = format!(
        "<!-- Written by regelwerk::protocol::doc from the variant's data (src/variant/, \
         VariantInfo.protocol) and the reference's answer; do not edit. Regenerate with \
         REGELWERK_BLESS=1 cargo test the_protocol_pages_are_current -->\n\n\
         # {title} (`{id}`) in the engine protocol\n\n\
         The values a {title} engine reads and writes in the\n\
         [engine protocol](../protocol.md), version {PROTOCOL_VERSION}: every request carries\n\
         `\"variant\": \"{id}\"`.\n\n",
        title = info.title,
        id = variant,
    );
    let parties: Vec<String> = info
        .parties
        .iter()
        .map(|party| format!("`{}` ({})", party.key, party.english))
        .collect();
    page.push_str(&format!(
        "## Parties\n\n{}, in this order (the order of play at the start).\n\n",
        parties.join(", ")
    ));
    let start = variant::open(variant, None, &[]).map_err(DocError::Start)?;
    let first = start.legal_moves().into_iter().next().unwrap_or_default();
    page.push_str(&format!(
        "## {title}s and piece kinds\n\n`from`, `capture.at` and an event's `at` name a {word} \
         in its canonical spelling, as in the moves (the first legal move of the start \
         position is `{first}`). Piece kinds: {kinds}.\n\n",
        title = capitalised(info.square_word),
        word = info.square_word,
        kinds = list(info.kinds),
    ));
    page.push_str(&format!("## Position text\n\n{}\n\n", doc.position));
    for name in info.starts {
        if let Some(notation) = (info.start_notation)(name) {
            page.push_str(&format!(
                "Start position `{name}`:\n\n```text\n{notation}\n```\n\n"
            ));
        }
    }
    page.push_str(&format!(
        "## Moves and actions\n\n{}\n\n{}\n\n## Counters\n\n{}\n\n",
        doc.moves, doc.actions, doc.counters
    ));
    page.push_str(&format!("## Refusal codes\n\n{}\n\n", doc.precedence));
    page.push_str(
        "The list is in the reference's order: an action that breaks two of these rules is \
         answered with the earlier code (asked of the reference with actions that break two \
         rules at once, `regelwerk::protocol::precedence`).\n\n",
    );
    for (index, code) in super::precedence::refusal_order(variant)?
        .iter()
        .enumerate()
    {
        page.push_str(&format!("{}. `{code}`\n", index + 1));
    }
    page.push_str(&format!(
        "\nAn engine that knows only whether an action is legal may answer `{}` instead of the \
         code (protocol 2.1): then only the legality is compared.\n\n",
        super::messages::ILLEGAL
    ));
    page.push_str(&format!(
        "## Report\n\nEvery field is sent; the last column says what {} puts there.\n\n\
         | field | holds | in {} |\n|---|---|---|\n",
        info.title, info.title
    ));
    for (field, holds) in REPORT_FIELDS {
        let own = doc
            .report
            .iter()
            .find(|(name, _)| *name == field)
            .map_or("as the shared report says", |(_, text)| text);
        // `capture.owner` has one definition per variant, in its data
        // (`VariantInfo::capture_owner`).
        let own = if field == "capture" {
            format!("`owner`: {}; {own}", info.capture_owner)
        } else {
            own.to_string()
        };
        page.push_str(&format!("| `{field}` | {holds} | {own} |\n"));
    }
    page.push_str(&format!("\nElimination causes: {}.\n", list(info.causes)));
    let armies = variant::armies(variant);
    if !armies.is_empty() {
        page.push_str(&format!(
            "\nArmies, in the order of `control`: {}.\n",
            list(armies)
        ));
    }
    page.push_str(&format!("\n## Status\n\n{}\n\n", doc.status));
    page.push_str(
        "## Events\n\nIn the order they appear in one report:\n\n| kind | fields |\n|---|---|\n",
    );
    for event in doc.events {
        page.push_str(&format!("| `{}` | {} |\n", event.kind, event.fields));
    }
    let own: Vec<String> = info
        .report_fields
        .iter()
        .chain(info.state_fields)
        .map(|field| format!("- `{}`: {}\n", field.name, field.doc))
        .collect();
    if !own.is_empty() {
        page.push_str(&format!(
            "\nScenario fields of {} that are computed from the report or the position, never \
             sent:\n\n{}",
            info.title,
            own.join("")
        ));
    }
    page.push_str(&format!(
        "\n## Rulings\n\n{}\n\n",
        if info.switchable {
            format!(
                "`rulings` may carry settings `ID=key` of `spec/{variant}/rulings.yaml`; an \
                 engine answers `skipped` for one it does not play. An engine that plays other \
                 readings than the defaults declares them in `ready` (`rulings`, protocol 2.1)."
            )
        } else {
            format!(
                "No ruling is switchable: a setting `ID=default` of a ruling in \
                 `spec/{variant}/rulings.yaml` selects the one reading there is, and the \
                 reference answers `skipped` for any other setting."
            )
        }
    ));
    let (request, answer) = worked_example(info, root)?;
    page.push_str(&format!(
        "## Worked example\n\n{} (the first {} actions of `{}`; the answer is the reference's):\n\n\
         ```text\n> {request}\n< {answer}\n```\n",
        doc.example.shows, doc.example.plays, doc.example.scenario
    ));
    Ok(page)
}

fn capitalised(word: &str) -> String {
    let mut chars = word.chars();
    chars
        .next()
        .map(|first| first.to_uppercase().collect::<String>() + chars.as_str())
        .unwrap_or_default()
}

/// Why a protocol page cannot be written.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum DocError {
    /// The worked example's scenario does not load.
    #[error("{scenario}: {error}")]
    Example {
        /// The scenario file, from the repository root.
        scenario: &'static str,
        /// Why it does not load.
        error: crate::input::LoadError,
    },
    /// The reference did not answer the example's request.
    #[error("the reference gave no answer")]
    NoAnswer,
    /// A protocol line could not be written.
    #[error("{0}")]
    Json(String),
    /// The order of the refusal codes cannot be taken.
    #[error(transparent)]
    Precedence(#[from] super::precedence::PrecedenceError),
    /// The start position does not open (the rule system's words).
    #[error("{0}")]
    Start(crate::variant::VariantError),
}
