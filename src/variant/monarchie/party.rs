//! The six parties (clause 3) and a typed per-party map.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

/// One of the six parties, in the fixed clockwise seating order of clause 3,
/// starting with Blau at 12 o'clock.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Party {
    /// Blue, seat at 12 o'clock (tip cell 1). Moves first.
    Blau,
    /// Green, seat at 2 o'clock (tip cell 40).
    Gruen,
    /// Orange, seat at 4 o'clock (tip cell 232).
    Orange,
    /// Purple, seat at 6 o'clock (tip cell 253).
    Lila,
    /// Yellow, seat at 8 o'clock (tip cell 214).
    Gelb,
    /// Red, seat at 10 o'clock (tip cell 22).
    Rot,
}

impl Party {
    /// All parties in clockwise order, Blau first.
    pub const ALL: [Party; 6] = [
        Party::Blau,
        Party::Gruen,
        Party::Orange,
        Party::Lila,
        Party::Gelb,
        Party::Rot,
    ];

    /// Position in the clockwise order (Blau = 0 ... Rot = 5).
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The party with the given clockwise index modulo 6.
    pub const fn from_index(index: usize) -> Party {
        Party::ALL[index % 6]
    }

    /// The next seat clockwise (clause 3), whether active or not.
    pub const fn next(self) -> Party {
        Party::from_index(self.index() + 1)
    }

    /// The seat `steps` places clockwise from this one.
    pub const fn clockwise(self, steps: usize) -> Party {
        Party::from_index(self.index() + steps)
    }

    /// The seat opposite this one (Blau-Lila, Grün-Gelb, Orange-Rot).
    pub const fn opposite(self) -> Party {
        self.clockwise(3)
    }

    /// The other five seats in clockwise order after this one, ending with
    /// the seat just before it.
    pub fn others_clockwise(self) -> impl Iterator<Item = Party> {
        (1..6).map(move |step| self.clockwise(step))
    }

    /// The German name as the rulebook writes it.
    pub const fn german(self) -> &'static str {
        match self {
            Party::Blau => "Blau",
            Party::Gruen => "Grün",
            Party::Orange => "Orange",
            Party::Lila => "Lila",
            Party::Gelb => "Gelb",
            Party::Rot => "Rot",
        }
    }

    /// The ASCII identifier used in files and on the command line.
    pub const fn key(self) -> &'static str {
        match self {
            Party::Blau => "blau",
            Party::Gruen => "gruen",
            Party::Orange => "orange",
            Party::Lila => "lila",
            Party::Gelb => "gelb",
            Party::Rot => "rot",
        }
    }

    /// The one-letter code of the position notation (`docs/notation.md`).
    pub const fn letter(self) -> char {
        match self {
            Party::Blau => 'b',
            Party::Gruen => 'g',
            Party::Orange => 'o',
            Party::Lila => 'l',
            Party::Gelb => 'y',
            Party::Rot => 'r',
        }
    }

    /// The party for a notation letter.
    pub fn from_letter(letter: char) -> Option<Party> {
        Party::ALL
            .into_iter()
            .find(|party| party.letter() == letter)
    }
}

impl fmt::Display for Party {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.key())
    }
}

/// A party name that is none of the accepted spellings.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown party '{0}': expected one of blau, gruen (grün), orange, lila, gelb, rot or blue, green, orange, purple, yellow, red")]
pub struct UnknownParty(pub String);

impl FromStr for Party {
    type Err = UnknownParty;

    /// Accepts German and English names, case-insensitive, `Grün` and `Gruen`.
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let lower = text.trim().to_lowercase();
        let party = match lower.as_str() {
            "blau" | "blue" => Party::Blau,
            "grün" | "gruen" | "grun" | "green" => Party::Gruen,
            "orange" => Party::Orange,
            "lila" | "purple" | "lilac" | "violet" => Party::Lila,
            "gelb" | "yellow" => Party::Gelb,
            "rot" | "red" => Party::Rot,
            _ => return Err(UnknownParty(text.to_string())),
        };
        Ok(party)
    }
}

impl Serialize for Party {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.key())
    }
}

impl<'de> Deserialize<'de> for Party {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = String::deserialize(deserializer)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

impl schemars::JsonSchema for Party {
    fn schema_name() -> String {
        "Party".to_string()
    }

    fn json_schema(_: &mut schemars::gen::SchemaGenerator) -> schemars::schema::Schema {
        let mut schema = schemars::schema::SchemaObject {
            instance_type: Some(schemars::schema::InstanceType::String.into()),
            ..Default::default()
        };
        schema.metadata().description = Some(
            "A party: blau, gruen, orange, lila, gelb, rot (German or English, any case)"
                .to_string(),
        );
        schema.into()
    }
}

/// A value for each of the six parties, indexed by [`Party`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct ByParty<T>(pub [T; 6]);

impl<T> ByParty<T> {
    /// Builds the map by calling `f` for each party in clockwise order.
    pub fn from_fn(mut f: impl FnMut(Party) -> T) -> Self {
        ByParty(Party::ALL.map(&mut f))
    }

    /// The value of one party.
    pub fn get(&self, party: Party) -> &T {
        &self.0[party.index()]
    }

    /// The value of one party, mutably.
    pub fn get_mut(&mut self, party: Party) -> &mut T {
        &mut self.0[party.index()]
    }

    /// Applies `f` to every value.
    pub fn map<U>(&self, mut f: impl FnMut(Party, &T) -> U) -> ByParty<U> {
        ByParty::from_fn(|party| f(party, self.get(party)))
    }

    /// The first party clockwise from Blau whose value satisfies `pred`.
    pub fn find(&self, mut pred: impl FnMut(&T) -> bool) -> Option<Party> {
        Party::ALL.into_iter().find(|&party| pred(self.get(party)))
    }

    /// Pairs of party and value in clockwise order.
    pub fn iter(&self) -> impl Iterator<Item = (Party, &T)> {
        Party::ALL.into_iter().zip(self.0.iter())
    }
}

impl<T> std::ops::Index<Party> for ByParty<T> {
    type Output = T;
    fn index(&self, party: Party) -> &T {
        self.get(party)
    }
}

impl<T> std::ops::IndexMut<Party> for ByParty<T> {
    fn index_mut(&mut self, party: Party) -> &mut T {
        self.get_mut(party)
    }
}
