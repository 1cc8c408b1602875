//! Every variant's piece kinds named in the two languages the committee
//! reads, as data beside each other: the name a report writes and the
//! letter a diagram draws. The report, the explorer and the board
//! renderer read these tables; no piece name is spelled in their code.
//!
//! The English letters are the notations' letters (FEN, SAN, the
//! position texts). The German letters are the initials of the German
//! names, in every variant: a German page draws one alphabet, and its
//! legend (`render/legend.rs`) is made from this table. Records (PGN,
//! the turn record) keep the notation's letters.

/// A piece kind's name and letter in one language.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PieceWord {
    /// The name a report writes ("queen", "Dame").
    pub name: &'static str,
    /// The letter a diagram draws (`Q`, `D`).
    pub letter: char,
}

/// One piece kind in English and German.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PieceNames {
    /// The kind as the protocol names it (lowercase English).
    pub kind: &'static str,
    /// Its English name and letter.
    pub en: PieceWord,
    /// Its German name and letter.
    pub de: PieceWord,
}

const fn names(
    kind: &'static str,
    en: (&'static str, char),
    de: (&'static str, char),
) -> PieceNames {
    PieceNames {
        kind,
        en: PieceWord {
            name: en.0,
            letter: en.1,
        },
        de: PieceWord {
            name: de.0,
            letter: de.1,
        },
    }
}

/// MONARCHIE (clause 6): König, Dame, Turm, Läufer, Pferd, Bauer.
pub const MONARCHIE: [PieceNames; 6] = [
    names("king", ("king", 'K'), ("König", 'K')),
    names("queen", ("queen", 'Q'), ("Dame", 'D')),
    names("rook", ("rook", 'R'), ("Turm", 'T')),
    names("bishop", ("bishop", 'B'), ("Läufer", 'L')),
    names("knight", ("knight", 'N'), ("Pferd", 'P')),
    names("pawn", ("pawn", 'P'), ("Bauer", 'B')),
];

/// The chess variants (Grand Chess, Racing Kings, Sovereign Chess): the
/// German pages name and draw them as German chess books do (K D T L S B),
/// Grand Chess's pieces Marschall `M` and Kardinal `A` (the letter
/// Fairy-Stockfish writes, as `K` is the König's).
pub const CHESS: [PieceNames; 8] = [
    names("king", ("king", 'K'), ("König", 'K')),
    names("queen", ("queen", 'Q'), ("Dame", 'D')),
    names("rook", ("rook", 'R'), ("Turm", 'T')),
    names("bishop", ("bishop", 'B'), ("Läufer", 'L')),
    names("knight", ("knight", 'N'), ("Springer", 'S')),
    names("pawn", ("pawn", 'P'), ("Bauer", 'B')),
    names("marshal", ("marshal", 'C'), ("Marschall", 'M')),
    names("cardinal", ("cardinal", 'A'), ("Kardinal", 'A')),
];

/// Three Kingdoms Xiangqi, with the German page's names and their
/// initials (the Bannerträger `F`, the "Fahne" of the old descriptions).
pub const THREE_KINGDOMS: [PieceNames; 8] = [
    names("general", ("general", 'K'), ("General", 'G')),
    names("advisor", ("advisor", 'A'), ("Berater", 'B')),
    names("elephant", ("elephant", 'E'), ("Elefant", 'E')),
    names("horse", ("horse", 'H'), ("Pferd", 'P')),
    names("chariot", ("chariot", 'R'), ("Wagen", 'W')),
    names("cannon", ("cannon", 'C'), ("Kanone", 'K')),
    names("soldier", ("soldier", 'P'), ("Soldat", 'S')),
    names("bannerman", ("bannerman", 'F'), ("Bannerträger", 'F')),
];

/// The names of `kind` in a variant's table.
pub fn find(pieces: &'static [PieceNames], kind: &str) -> Option<&'static PieceNames> {
    pieces.iter().find(|names| names.kind == kind)
}

#[cfg(test)]
mod tests {
    use crate::variant::{info, VariantId};

    #[test]
    fn every_kind_of_every_variant_is_named_in_both_languages() {
        for id in VariantId::ALL {
            let info = info(id);
            for kind in info.kinds {
                let names = super::find(info.pieces, kind)
                    .unwrap_or_else(|| panic!("{id}: no names for {kind}"));
                assert!(!names.en.name.is_empty() && !names.de.name.is_empty());
                // The English letter is the notation's, as the diagrams
                // have always drawn it.
                assert_eq!(
                    names.en.letter,
                    crate::draw::kind_letter(kind),
                    "{id} {kind}"
                );
            }
        }
    }

    #[test]
    fn monarchie_writes_the_rulebook_names_and_their_initials_in_german() {
        let german: Vec<(&str, char)> = super::MONARCHIE
            .iter()
            .map(|names| (names.de.name, names.de.letter))
            .collect();
        assert_eq!(
            german,
            [
                ("König", 'K'),
                ("Dame", 'D'),
                ("Turm", 'T'),
                ("Läufer", 'L'),
                ("Pferd", 'P'),
                ("Bauer", 'B')
            ]
        );
        // Within one language no two kinds share a letter.
        for table in [
            &super::MONARCHIE[..],
            &super::CHESS[..],
            &super::THREE_KINGDOMS[..],
        ] {
            for lang in [
                |n: &super::PieceNames| n.en.letter,
                |n: &super::PieceNames| n.de.letter,
            ] {
                let mut letters: Vec<char> = table.iter().map(lang).collect();
                letters.sort_unstable();
                letters.dedup();
                assert_eq!(letters.len(), table.len());
            }
        }
    }
}
