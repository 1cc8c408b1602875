//! One rule for the fields of every variant's position text (MONARCHIE's
//! notation, the FENs of Grand Chess, Racing Kings and Sovereign Chess,
//! Three Kingdoms' position text; docs/notation.md, "Fields"): exactly one
//! space between fields, nothing around them. Each reader refuses a tab, a
//! second space, a leading or trailing space and a line break, naming the
//! field and the character.

use regelwerk::variant::{self, VariantId};

/// The start position's text of `variant`, as the engine writes it.
fn start_text(variant: VariantId) -> String {
    variant::open(variant, None, &[])
        .unwrap_or_else(|error| panic!("{variant}: {error}"))
        .position_text()
}

/// The text with its `n`th separating space (0-based) replaced by `with`.
fn replace_separator(text: &str, n: usize, with: &str) -> String {
    let (at, _) = text
        .match_indices(' ')
        .nth(n)
        .unwrap_or_else(|| panic!("{text}: no separator {n}"));
    format!("{}{with}{}", &text[..at], &text[at + 1..])
}

#[test]
fn every_reader_takes_its_own_text_with_one_space_between_fields() {
    for variant in VariantId::ALL {
        let text = start_text(variant);
        let game = variant::open(variant, Some(&text), &[])
            .unwrap_or_else(|error| panic!("{variant}: {error}"));
        assert_eq!(game.position_text(), text, "{variant}");
    }
}

#[test]
fn every_reader_refuses_any_other_separator_naming_the_field_and_character() {
    let mut failures = Vec::new();
    for variant in VariantId::ALL {
        let text = start_text(variant);
        let cases = [
            (
                replace_separator(&text, 0, "\t"),
                "a tab (U+0009)",
                "after field 1",
            ),
            (
                replace_separator(&text, 1, "  "),
                "a second space",
                "after field 2",
            ),
            (
                replace_separator(&text, 0, " \t"),
                "a tab (U+0009)",
                "after field 1",
            ),
            (
                replace_separator(&text, 2, "\n"),
                "a line break (U+000A)",
                "after field 3",
            ),
            (format!(" {text}"), "a space", "before field 1"),
            (format!("{text} "), "a space", "after field"),
            (format!("{text}\n"), "a line break (U+000A)", "after field"),
        ];
        for (bad, character, place) in cases {
            match variant::open(variant, Some(&bad), &[]) {
                Ok(_) => failures.push(format!("{variant}: {bad:?} was accepted")),
                Err(error) => {
                    let message = error.to_string();
                    if !(message.contains(character)
                        && message.contains(place)
                        && message.contains("exactly one space"))
                    {
                        failures.push(format!(
                            "{variant}: {bad:?}: the message does not name {character} {place}: {message}"
                        ));
                    }
                }
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
