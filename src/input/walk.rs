//! The first reading of a YAML file, which builds nothing: it walks the
//! document once to find what the typed reading would let through (a key
//! given twice in one mapping, which a map field would take last-wins; a
//! YAML tag, which no regelwerk format has), keeping only the keys of the
//! mappings it is inside. Building a `serde_yaml::Value` for the same
//! check held the whole document a second time (some 100 bytes an item
//! on top of the parser's own events).

use std::collections::HashSet;
use std::fmt;

use serde::de::{self, DeserializeSeed, Deserializer, EnumAccess, MapAccess, SeqAccess, Visitor};

/// What a custom error of the walk starts with when it found a tag (the
/// rest of the message is the tag, as written).
pub(super) const TAG: &str = "\u{0}tag:";

/// Walks `text`: `Ok` when no key is given twice and no tag is used.
///
/// # Errors
/// serde_yaml's error: the parser's own (syntax, the alias limit), a
/// `duplicate entry with key "K"` (the words serde_yaml's mapping uses),
/// or [`TAG`] followed by the tag.
pub(super) fn walk(text: &str) -> Result<(), serde_yaml::Error> {
    Walk.deserialize(serde_yaml::Deserializer::from_str(text))
}

/// One value of the document.
#[derive(Clone, Copy)]
struct Walk;

impl<'de> DeserializeSeed<'de> for Walk {
    type Value = ();

    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<(), D::Error> {
        deserializer.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for Walk {
    type Value = ();

    fn expecting(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        formatter.write_str("a YAML value")
    }

    fn visit_bool<E>(self, _: bool) -> Result<(), E> {
        Ok(())
    }

    fn visit_i64<E>(self, _: i64) -> Result<(), E> {
        Ok(())
    }

    fn visit_u64<E>(self, _: u64) -> Result<(), E> {
        Ok(())
    }

    fn visit_i128<E>(self, _: i128) -> Result<(), E> {
        Ok(())
    }

    fn visit_u128<E>(self, _: u128) -> Result<(), E> {
        Ok(())
    }

    fn visit_f64<E>(self, _: f64) -> Result<(), E> {
        Ok(())
    }

    fn visit_str<E>(self, _: &str) -> Result<(), E> {
        Ok(())
    }

    fn visit_unit<E>(self) -> Result<(), E> {
        Ok(())
    }

    fn visit_none<E>(self) -> Result<(), E> {
        Ok(())
    }

    fn visit_some<D: Deserializer<'de>>(self, deserializer: D) -> Result<(), D::Error> {
        deserializer.deserialize_any(self)
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<(), A::Error> {
        while seq.next_element_seed(Walk)?.is_some() {}
        Ok(())
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<(), A::Error> {
        let mut keys: HashSet<Key> = HashSet::new();
        while let Some(key) = map.next_key_seed(KeySeed)? {
            if let Some(key) = key {
                if keys.contains(&key) {
                    return Err(de::Error::custom(format!(
                        "duplicate entry with key {}",
                        key.shown()
                    )));
                }
                keys.insert(key);
            }
            map.next_value_seed(Walk)?;
        }
        Ok(())
    }

    fn visit_enum<A: EnumAccess<'de>>(self, data: A) -> Result<(), A::Error> {
        // serde_yaml hands a tagged value over as an enum named by its tag.
        let (tag, _) = data.variant::<String>()?;
        let tag = if tag.starts_with('!') {
            tag
        } else {
            format!("!{tag}")
        };
        Err(de::Error::custom(format!("{TAG}{tag}")))
    }
}

/// A mapping's key, as far as telling two apart goes: a scalar by its
/// kind and text (`1` and `"1"` are two keys, as in serde_yaml's
/// mapping); a list or mapping as a key is walked and not compared.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
enum Key {
    Text(String),
    Number(String),
    Bool(bool),
    Null,
}

impl Key {
    fn shown(&self) -> String {
        match self {
            Key::Text(text) => format!("\"{text}\""),
            Key::Number(number) => number.clone(),
            Key::Bool(value) => value.to_string(),
            Key::Null => "null".to_string(),
        }
    }
}

struct KeySeed;

impl<'de> DeserializeSeed<'de> for KeySeed {
    type Value = Option<Key>;

    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<Option<Key>, D::Error> {
        deserializer.deserialize_any(KeyVisitor)
    }
}

struct KeyVisitor;

impl<'de> Visitor<'de> for KeyVisitor {
    type Value = Option<Key>;

    fn expecting(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        formatter.write_str("a YAML key")
    }

    fn visit_bool<E>(self, value: bool) -> Result<Option<Key>, E> {
        Ok(Some(Key::Bool(value)))
    }

    fn visit_i64<E>(self, value: i64) -> Result<Option<Key>, E> {
        Ok(Some(Key::Number(value.to_string())))
    }

    fn visit_u64<E>(self, value: u64) -> Result<Option<Key>, E> {
        Ok(Some(Key::Number(value.to_string())))
    }

    fn visit_i128<E>(self, value: i128) -> Result<Option<Key>, E> {
        Ok(Some(Key::Number(value.to_string())))
    }

    fn visit_u128<E>(self, value: u128) -> Result<Option<Key>, E> {
        Ok(Some(Key::Number(value.to_string())))
    }

    fn visit_f64<E>(self, value: f64) -> Result<Option<Key>, E> {
        Ok(Some(Key::Number(value.to_string())))
    }

    fn visit_str<E>(self, value: &str) -> Result<Option<Key>, E> {
        Ok(Some(Key::Text(value.to_string())))
    }

    fn visit_unit<E>(self) -> Result<Option<Key>, E> {
        Ok(Some(Key::Null))
    }

    fn visit_none<E>(self) -> Result<Option<Key>, E> {
        Ok(Some(Key::Null))
    }

    fn visit_some<D: Deserializer<'de>>(self, deserializer: D) -> Result<Option<Key>, D::Error> {
        deserializer.deserialize_any(self)
    }

    fn visit_seq<A: SeqAccess<'de>>(self, seq: A) -> Result<Option<Key>, A::Error> {
        Walk.visit_seq(seq).map(|()| None)
    }

    fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<Option<Key>, A::Error> {
        Walk.visit_map(map).map(|()| None)
    }

    fn visit_enum<A: EnumAccess<'de>>(self, data: A) -> Result<Option<Key>, A::Error> {
        Walk.visit_enum(data).map(|()| None)
    }
}
