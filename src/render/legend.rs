//! The legend of a variant's diagrams, from the tables the renderer draws
//! with: the piece letters of [`crate::variant::VariantInfo::pieces`] in
//! the page's [`Letters`] ([`Letters::of`]) and the party letters of
//! [`party_letter`], beside the names a reader knows, and the marks
//! (rings, arrows, dots) in words. A test renders diagrams in both
//! languages and fails when a letter drawn is missing here.

use crate::draw::{escape, kind_letter, party_style};
use crate::variant::piece_names::{self, PieceNames};
use crate::variant::{info, VariantId, VariantInfo};

/// The language of the letters on the pieces: the notation's English
/// letters, or the German initials where the variant's data has them
/// (MONARCHIE: D T L P B; `variant/piece_names.rs`).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum Letters {
    /// The notation's letters (K Q R B N P).
    #[default]
    English,
    /// The German letters of the variant's data.
    German,
}

impl Letters {
    /// The letter of a kind among a variant's piece names in these
    /// letters, as a function a variant's own drawing takes
    /// ([`crate::variant::ScenarioPicture::letter`]).
    pub fn letter(self) -> crate::variant::PieceLetter {
        match self {
            Letters::English => |pieces, kind| Letters::English.of(pieces, kind),
            Letters::German => |pieces, kind| Letters::German.of(pieces, kind),
        }
    }

    /// The letter of `kind` (lowercase English) among `pieces`, or the
    /// notation's letter where the table has no such kind.
    pub fn of(self, pieces: &'static [PieceNames], kind: &str) -> char {
        piece_names::find(pieces, kind).map_or_else(
            || kind_letter(kind),
            |names| match self {
                Letters::English => names.en.letter,
                Letters::German => names.de.letter,
            },
        )
    }
}

/// A letter and what it stands for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    /// The letter drawn.
    pub letter: char,
    /// The name of the piece kind or the party.
    pub name: String,
}

/// Everything a reader needs to read a variant's diagrams in one
/// language.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Legend {
    /// The capital letters: one per piece kind.
    pub pieces: Vec<Entry>,
    /// The small letters: one per party (or army) that owns pieces.
    pub parties: Vec<Entry>,
}

/// The party letters German pages draw differently from the notation's:
/// Black is Schwarz. Only where no other owner of the variant already
/// has the letter (Sovereign Chess's slate army is `s`).
const GERMAN_PARTY_LETTERS: &[(&str, char)] = &[("black", 's')];

/// Sovereign Chess's armies in German (the colours of its squares), and
/// the colour words of Three Kingdoms' kingdoms ("Wei (blue)").
const ARMY_NAMES: &[(&str, &str, &str)] = &[
    ("white", "white", "Weiß"),
    ("black", "black", "Schwarz"),
    ("navy", "navy", "Marineblau"),
    ("red", "red", "Rot"),
    ("green", "green", "Grün"),
    ("violet", "violet", "Violett"),
    ("pink", "pink", "Rosa"),
    ("yellow", "yellow", "Gelb"),
    ("ash", "ash", "Aschgrau"),
    ("slate", "slate", "Schiefergrau"),
    ("cyan", "cyan", "Cyan"),
    ("orange", "orange", "Orange"),
    ("blue", "blue", "Blau"),
];

/// Everyone who may own a piece in `info`'s variant: its armies where it
/// has them (Sovereign Chess), else its parties.
fn owners(info: &VariantInfo) -> Vec<&'static str> {
    if info.armies.is_empty() {
        info.parties.iter().map(|party| party.key).collect()
    } else {
        info.armies.to_vec()
    }
}

/// The small letter a piece of `owner` carries on a diagram in
/// `letters`: the notation's letter ([`party_style`]), in German the
/// German initial where it differs and is free.
pub fn party_letter(info: &VariantInfo, letters: Letters, owner: &str) -> char {
    let index = info.party_index(owner).unwrap_or(0);
    let notation = party_style(owner, index).letter;
    if letters == Letters::English {
        return notation;
    }
    let taken = |letter: char| {
        owners(info)
            .iter()
            .any(|other| *other != owner && party_style(other, 0).letter == letter)
    };
    GERMAN_PARTY_LETTERS
        .iter()
        .find(|(key, _)| *key == owner)
        .map(|(_, letter)| *letter)
        .filter(|letter| !taken(*letter))
        .unwrap_or(notation)
}

/// The name of one of Sovereign Chess's armies (a colour) in the page's
/// language; another word as it is.
pub fn army_name(letters: Letters, colour: &str) -> String {
    ARMY_NAMES
        .iter()
        .find(|(key, _, _)| *key == colour)
        .map_or_else(
            || colour.to_string(),
            |(_, en, de)| match letters {
                Letters::German => (*de).to_string(),
                Letters::English => (*en).to_string(),
            },
        )
}

/// The name of an owner in the page's language.
fn owner_name(info: &VariantInfo, letters: Letters, owner: &str) -> String {
    if let Some(party) = info.party(owner) {
        return match letters {
            Letters::German => party.native,
            Letters::English => match info.report_names.english {
                crate::variant::EnglishNames::Native => party.native,
                crate::variant::EnglishNames::English => party.english,
            },
        }
        .to_string();
    }
    army_name(letters, owner)
}

/// The legend of `variant`'s diagrams in `letters`.
pub fn legend(variant: VariantId, letters: Letters) -> Legend {
    let info = info(variant);
    let pieces = info
        .kinds
        .iter()
        .map(|kind| Entry {
            letter: letters.of(info.pieces, kind),
            name: crate::variant::piece_names::find(info.pieces, kind).map_or_else(
                || (*kind).to_string(),
                |names| match letters {
                    Letters::German => names.de.name.to_string(),
                    Letters::English => names.en.name.to_string(),
                },
            ),
        })
        .collect();
    let parties = owners(info)
        .into_iter()
        .map(|owner| Entry {
            letter: party_letter(info, letters, owner),
            name: owner_name(info, letters, owner),
        })
        .collect();
    Legend { pieces, parties }
}

/// A figure's caption in the page's language: the English caption the
/// variant writes, or its German version (`GERMAN_CAPTIONS`: whole
/// captions, then phrases replaced in order, the values kept).
pub fn caption(letters: Letters, english: &str) -> String {
    if letters == Letters::English {
        return english.to_string();
    }
    if let Some((_, german)) = GERMAN_CAPTIONS.iter().find(|(en, _)| *en == english) {
        return (*german).to_string();
    }
    let mut text = english.to_string();
    for (en, de) in GERMAN_PHRASES {
        text = text.replace(en, de);
    }
    // "The knight on e4: ..." (the chess variants' figures).
    if let Some(rest) = english.strip_prefix("The ") {
        if let Some((kind, square)) = rest
            .split_once(" on ")
            .and_then(|(kind, tail)| tail.split_once(':').map(|(square, _)| (kind, square)))
        {
            let name = crate::variant::piece_names::find(&crate::variant::piece_names::CHESS, kind)
                .map_or(kind, |names| names.de.name);
            text = format!("{name} auf {square}: jeder Punkt ist ein zulässiges Ziel");
        }
    }
    text
}

/// A figure's SVG with its caption (title and caption line) and the
/// one-way legend line in the page's language.
pub fn figure_svg(letters: Letters, svg: &str, english: &str) -> String {
    if letters == Letters::English {
        return svg.to_string();
    }
    svg.replace(&escape(english), &escape(&caption(letters, english)))
        .replace(
            &escape(crate::draw::ONE_WAY_LEGEND),
            "nur in eine Richtung: die Figur könnte von dort nicht zurückziehen",
        )
}

/// Whole figure captions in German.
const GERMAN_CAPTIONS: &[(&str, &str)] = &[
    ("Anhang A: the start position, Blau at 12 o'clock and the seats clockwise", "Anhang A: die Startstellung, Blau oben (12 Uhr), die Sitze im Uhrzeigersinn"),
    ("Clause 2 and Anhang A: the six start triangles of 21 cells each", "Regel 2 und Anhang A: die sechs Startdreiecke mit je 21 Feldern"),
    ("R-PROMO-ZONE: a Blau pawn promotes in Lila's start triangle (shaded)", "R-PROMO-ZONE: ein blauer Bauer wandelt im Startdreieck von Lila um (schattiert)"),
    ("6.5: the twelve targets of a knight on 127; the dead blockers around it do not stop the jump", "6.5: die zwölf Ziele eines Pferdes auf 127; die toten Blockadefiguren um es herum halten den Sprung nicht auf"),
    ("A white queen on d4: at most 8 squares in each direction, so its long diagonal ends at l12", "Eine weiße Dame auf d4: höchstens 8 Felder in jede Richtung, daher endet ihre lange Diagonale auf l12"),
    ("A white rook on c8: 8 squares at most, so it stops at k8 and never reaches the far edge", "Ein weißer Turm auf c8: höchstens 8 Felder, er hält auf k8 und erreicht den fernen Rand nie"),
    ("A white bishop on b2: the long diagonal ends after 8 squares at j10", "Ein weißer Läufer auf b2: die lange Diagonale endet nach 8 Feldern auf j10"),
    ("A white knight on g5: the ordinary jumps", "Ein weißer Springer auf g5: die gewöhnlichen Sprünge"),
    ("Player 1's white king on h10: it may not step onto the white square h9", "Der weiße König von Spieler 1 auf h10: er darf nicht auf das weiße Feld h9 ziehen"),
    ("A white pawn on g3 steps to g4 or h3 (nearer a brown line), two squares only from rings 1 and 2", "Ein weißer Bauer auf g3 zieht nach g4 oder h3 (näher an eine braune Linie), zwei Felder nur aus Ring 1 und 2"),
    ("A white pawn on e2 (ring 2): e3, the double step e4, and f2 toward the h|i line", "Ein weißer Bauer auf e2 (Ring 2): e3, der Doppelschritt e4 und f2 zur Linie h|i hin"),
    ("General: one step inside its palace (tk.T5)", "General: ein Schritt innerhalb seines Palasts (tk.T5)"),
    ("Advisor: the palace diagonals (tk.T5)", "Berater: die Diagonalen des Palasts (tk.T5)"),
    ("Elephant: two diagonal steps on its home half, never across (tk.T5)", "Elefant: zwei diagonale Schritte auf der eigenen Hälfte, nie hinüber (tk.T5)"),
    ("Horse: a step, then a diagonal beyond it (R-HORSE)", "Pferd: ein Schritt, dann eine Diagonale darüber hinaus (R-HORSE)"),
    ("Horse on Gd4: a horse on Be5 reaches it, but this one cannot jump back to Be5 (one-way, R-HORSE)", "Pferd auf Gd4: ein Pferd auf Be5 erreicht es, dieses aber kann nicht nach Be5 zurückspringen (nur in eine Richtung, R-HORSE)"),
    ("Chariot on the e-file: the line forks at the triangle (R-LINES)", "Wagen auf der e-Linie: die Linie gabelt sich am Dreieck (R-LINES)"),
    ("Cannon: captures over one screen on both branches of the fork (S5)", "Kanone: schlägt über eine Zwischenfigur auf beiden Ästen der Gabel (S5)"),
    ("Soldier on its own e5: forward into either neighbour's e5 (R-SOLDIER)", "Soldat auf dem eigenen e5: vorwärts auf das e5 jedes der beiden Nachbarn (R-SOLDIER)"),
    ("Crossed soldier: toward that half's back rank or sideways (R-SOLDIER)", "Soldat jenseits des Flusses: zur Grundlinie dieser Hälfte oder seitwärts (R-SOLDIER)"),
    ("Bannerman: two points straight, then a diagonal outward (R-BANNER)", "Bannerträger: zwei Punkte geradeaus, dann einer diagonal nach außen (R-BANNER)"),
    ("Bannerman on Rd5: one on Bc5 reaches it, but this one cannot reach Bc5 (one-way, R-BANNER)", "Bannerträger auf Rd5: einer auf Bc5 erreicht es, dieser aber nicht Bc5 (nur in eine Richtung, R-BANNER)"),
    ("Bannerman crossing a river arm onto the neighbour's bank (R-BANNER)", "Bannerträger über einen Flussarm hinweg auf das Ufer des Nachbarn (R-BANNER)"),
];

/// Phrases of the captions built with values (MONARCHIE's piece figures,
/// Three Kingdoms' triangle), replaced in this order.
const GERMAN_PHRASES: &[(&str, &str)] = &[
    ("start sides ", "Startseiten "),
    (" (green), allowed steps (black), forbidden sides ", " (grün), erlaubte Schritte (schwarz), verbotene Seiten "),
    (" (red)", " (rot)"),
    ("a rook on 127 stops before its own pawn on ", "ein Turm auf 127 hält vor dem eigenen Bauern auf "),
    (", may capture the Grün knight on ", ", schlagen darf er das grüne Pferd auf "),
    (" and the dead blocker on ", " und die tote Blockadefigur auf "),
    ("a bishop on ", "ein Läufer auf "),
    ("; its ", "; seine Diagonale "),
    (" diagonal ends at ", " endet auf "),
    (", the star's notch stops it before ", ", die Kerbe des Sterns hält ihn vor "),
    ("a king on 127 steps to a side-adjacent cell, but never onto the dead blocker on ", "ein König auf 127 zieht auf ein seitlich angrenzendes Feld, nie aber auf die tote Blockadefigur auf "),
    ("Horse on the triangle point Re5: ", "Pferd auf dem Dreieckspunkt Re5: "),
    (" targets; ", " Ziele; "),
    ("none is one-way", "keines nur in eine Richtung"),
    (" (orange) are one-way", " (orange) nur in eine Richtung"),
    (" (orange) is one-way", " (orange) nur in eine Richtung"),
    (" and ", " und "),
];

/// The words of the legend, German and English.
struct Words {
    title: &'static str,
    pieces: &'static str,
    parties: &'static str,
    patterns: &'static str,
    dead: &'static str,
    check: &'static str,
    arrow: &'static str,
    refused: &'static str,
    dots: &'static str,
}

const DE: Words = Words {
    title: "So liest man die Diagramme",
    pieces: "Großbuchstabe = Figur",
    parties: "kleiner Buchstabe = Partei",
    patterns: "Jede Partei hat außerdem ein eigenes Randmuster, so bleibt sie auch schwarz-weiß erkennbar.",
    dead: "Grau und schraffiert: tote Blockadefigur.",
    check: "Roter Ring: König im Schach.",
    arrow: "Schwarzer Pfeil: der Zug, um den es geht.",
    refused: "Roter gestrichelter Pfeil mit Kreuz: ein Zug, den die Regel verbietet (abgelehnt).",
    dots: "Punkte und Kreise: die zulässigen Ziele einer Figur.",
};

const EN: Words = Words {
    title: "How to read the diagrams",
    pieces: "Capital letter = piece",
    parties: "small letter = party",
    patterns: "Each party also has its own outline pattern, so it reads in black and white too.",
    dead: "Grey and hatched: dead blocker.",
    check: "Red ring: king in check.",
    arrow: "Black arrow: the move in question.",
    refused: "Red dashed arrow with a cross: a move the rules forbid (refused).",
    dots: "Dots and circles: a piece's legal targets.",
};

/// The legend of `variant` as an HTML block (`<div class="legend">`, a
/// heading and two lists), in the page's language.
pub fn legend_html(variant: VariantId, letters: Letters) -> String {
    let words = match letters {
        Letters::German => &DE,
        Letters::English => &EN,
    };
    let legend = legend(variant, letters);
    let list = |entries: &[Entry]| {
        entries
            .iter()
            .map(|entry| {
                format!(
                    "<b class=\"letter\">{}</b>&nbsp;{}",
                    escape(&entry.letter.to_string()),
                    escape(&entry.name)
                )
            })
            .collect::<Vec<_>>()
            .join(", ")
    };
    let dead = if info(variant).id == VariantId::Monarchie {
        format!(" {}", words.dead)
    } else {
        String::new()
    };
    format!(
        "<div class=\"legend\"><p class=\"legend-title\"><b>{}</b></p>\
         <p>{}: {}.<br>{}: {}.</p>\
         <p>{}{dead} {} {} {} {}</p></div>\n",
        words.title,
        words.pieces,
        list(&legend.pieces),
        words.parties,
        list(&legend.parties),
        words.patterns,
        words.check,
        words.arrow,
        words.refused,
        words.dots,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn german_chess_pages_use_german_letters_and_schwarz() {
        let legend = legend(VariantId::Grand, Letters::German);
        let pieces: Vec<String> = legend
            .pieces
            .iter()
            .map(|e| format!("{} {}", e.letter, e.name))
            .collect();
        assert!(pieces.contains(&"D Dame".to_string()), "{pieces:?}");
        assert!(pieces.contains(&"S Springer".to_string()), "{pieces:?}");
        assert!(pieces.contains(&"B Bauer".to_string()), "{pieces:?}");
        assert!(legend.parties.contains(&Entry {
            letter: 's',
            name: "Schwarz".to_string()
        }));
        // Sovereign's slate army has `s`: its black keeps `b`.
        let sovereign = super::legend(VariantId::Sovereign, Letters::German);
        assert!(sovereign
            .parties
            .iter()
            .any(|e| e.letter == 'b' && e.name == "Schwarz"));
        // Within a legend no letter stands for two things.
        for variant in VariantId::ALL {
            for letters in [Letters::German, Letters::English] {
                let legend = super::legend(variant, letters);
                for list in [&legend.pieces, &legend.parties] {
                    let mut seen: Vec<char> = list.iter().map(|e| e.letter).collect();
                    seen.sort_unstable();
                    seen.dedup();
                    assert_eq!(seen.len(), list.len(), "{variant} {letters:?} {list:?}");
                }
            }
        }
    }
}
