//! Links into the explorer (`regelwerk explore`, docs/explorer.md): the
//! command line and the address that open a variant, a scenario at one of
//! its steps, and ruling settings. The static report and the conformance
//! report print them; the explorer serves at [`DEFAULT_PORT`]. They live
//! here, below the explorer, which uses the report's words and labels.

use crate::variant::VariantId;

use super::labels::Lang;

/// The port `regelwerk explore` uses when `--port` is not given; the
/// static report's "open in the explorer" links point at it.
pub const DEFAULT_PORT: u16 = 8421;

/// Shell-quotes `text` when it holds more than plain word characters.
fn quoted(text: &str) -> String {
    if !text.is_empty()
        && text
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "/._-=:".contains(c))
    {
        text.to_string()
    } else {
        format!("'{}'", text.replace('\'', "'\\''"))
    }
}

/// What the explorer opens: a variant, optionally a suite scenario at one
/// of its steps, optionally ruling settings switched.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Target<'a> {
    /// The variant.
    pub variant: VariantId,
    /// A scenario ID of the variant's suite.
    pub scenario: Option<&'a str>,
    /// The 1-based step of the scenario to stand before.
    pub step: Option<usize>,
    /// Ruling settings `ID=key` switched on.
    pub rulings: &'a [String],
    /// The explorer's language (the report's, so that a German report
    /// opens a German explorer); `None` leaves the explorer's default.
    pub lang: Option<Lang>,
}

impl Target<'_> {
    /// The command line that opens it: what the static report and the
    /// conformance report print.
    pub fn command(&self) -> String {
        let mut out = format!("regelwerk explore --variant {}", self.variant);
        if let Some(id) = self.scenario {
            out.push_str(&format!(" --scenario {}", quoted(id)));
        }
        if let Some(step) = self.step {
            out.push_str(&format!(" --step {step}"));
        }
        for setting in self.rulings {
            out.push_str(&format!(" --ruling {}", quoted(setting)));
        }
        out
    }

    /// The address on a running explorer at [`DEFAULT_PORT`] that opens
    /// it (the page reads these query parameters on load).
    pub fn url(&self) -> String {
        let mut out = format!("http://127.0.0.1:{DEFAULT_PORT}/?variant={}", self.variant);
        if let Some(id) = self.scenario {
            out.push_str(&format!("&scenario={}", url_escape(id)));
        }
        if let Some(step) = self.step {
            out.push_str(&format!("&step={step}"));
        }
        for setting in self.rulings {
            out.push_str(&format!("&ruling={}", url_escape(setting)));
        }
        if let Some(lang) = self.lang {
            out.push_str(&format!("&lang={}", lang.code()));
        }
        out
    }
}

/// Percent-escapes everything but unreserved characters.
fn url_escape(text: &str) -> String {
    let mut out = String::new();
    for byte in text.bytes() {
        if byte.is_ascii_alphanumeric() || b"-._~".contains(&byte) {
            out.push(byte as char);
        } else {
            out.push_str(&format!("%{byte:02X}"));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn commands_quote_what_the_shell_would_split() {
        let rulings = ["R-NEXT=skip".to_string()];
        let target = Target {
            variant: VariantId::Monarchie,
            scenario: Some("m.8.1-mate it"),
            step: Some(2),
            rulings: &rulings,
            lang: None,
        };
        assert_eq!(
            target.command(),
            "regelwerk explore --variant monarchie --scenario 'm.8.1-mate it' --step 2 --ruling R-NEXT=skip"
        );
        assert_eq!(
            target.url(),
            "http://127.0.0.1:8421/?variant=monarchie&scenario=m.8.1-mate%20it&step=2&ruling=R-NEXT%3Dskip"
        );
        let german = Target {
            lang: Some(Lang::De),
            ..target.clone()
        };
        assert!(german.url().ends_with("&ruling=R-NEXT%3Dskip&lang=de"));
        assert_eq!(german.command(), target.command());
    }
}
