//! Misreadings for every variant: the plausible wrong readings of a rule
//! text that an implementer could make, catalogued in
//! `spec/<variant>/misreadings.yaml` and built into the reference engine as
//! switchable faults, so that the suite can be shown to catch each one
//! (`regelwerk rulings misreadings --variant V`).
//!
//! A fault is never a ruling: a variant's `open` refuses it, and it is set
//! only through [`open_with_faults`] (the `--fault ID` of `check` and
//! `serve`, the audit, tests). The rule code never asks for a fault: each
//! misreading is the hidden alternative of one rule point
//! ([`crate::variant::readings`]), and the code matches on the reading at
//! the rule's one decision point. A game with a fault is sent to the plain
//! rule code, never to a fast path.
//!
//! # The contract each variant keeps
//!
//! A variant `v` with misreadings has:
//! - `src/variant/v/faults.rs` declaring its list with the
//!   `misreadings!` macro, which makes `v::faults::Misreading` (with
//!   `ALL`, `id()`, `clauses()` and `catalogue()`) and
//!   `v::faults::FaultSet` (`NONE`, `has`, `with`, `iter`, `from_ids`);
//! - `src/variant/v/readings.rs` declaring its rule points with the
//!   `readings!` macro, each misreading the alternative of exactly one;
//! - `v::open_with_faults(position, rulings, faults) -> Result<Box<dyn
//!   Game>, VariantError>`, which opens as `v::open` does and plays the
//!   fault IDs `faults` (an unknown ID is an error naming the known ones);
//! - `spec/v/misreadings.yaml` with `variant: v` and the same IDs and
//!   clauses in the same order (tests/harness/misreadings.rs checks it);
//! - IDs with the variant's prefix ([`prefix`]): MONARCHIE `M-`, Grand
//!   Chess `G-`, Racing Kings `RK-`, Three Kingdoms `TK-`, Sovereign `SC-`.
//!
//! It is wired in by the `misreadings` field of its `VariantInfo`
//! ([`super::MisreadingInfo`]: prefix, catalogue, faulted open); the
//! functions here read that field and hold no list of their own.

use super::{Game, VariantError, VariantId};

/// Declares a variant's misreadings: `Enum => "ID", ["clause", ...];`
/// lines (each with its doc comment) become the enum `Misreading` and the
/// bit set `FaultSet` (at most 128 misreadings: every first
/// coding and its second coding, `ID.2`).
macro_rules! misreadings {
    ($what:literal; $($(#[$doc:meta])* $variant:ident => $id:literal, [$($clause:literal),+];)+) => {
        #[doc = concat!("One misreading of ", $what, ".")]
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum Misreading {
            $($(#[$doc])* $variant),+
        }

        impl Misreading {
            /// Every misreading, in catalogue order.
            pub const ALL: &'static [Misreading] = &[$(Misreading::$variant),+];

            /// The catalogue ID.
            pub fn id(self) -> &'static str {
                match self { $(Misreading::$variant => $id),+ }
            }

            /// The clauses it misreads.
            pub fn clauses(self) -> &'static [&'static str] {
                match self { $(Misreading::$variant => &[$($clause),+]),+ }
            }

            /// `(ID, clauses)` of every misreading, in catalogue order
            /// (what [`crate::variant::misreadings`] lists).
            pub fn catalogue() -> Vec<(&'static str, &'static [&'static str])> {
                Self::ALL.iter().map(|m| (m.id(), m.clauses())).collect()
            }
        }

        impl std::fmt::Display for Misreading {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str(self.id())
            }
        }

        /// The faults a reference engine plays with: empty in every
        /// normal run.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
        pub struct FaultSet(u128);

        impl FaultSet {
            /// No fault.
            pub const NONE: FaultSet = FaultSet(0);

            /// Whether no fault is set (the fast path).
            pub fn is_empty(self) -> bool {
                self.0 == 0
            }

            /// Whether the misreading is set.
            #[inline]
            pub fn has(self, misreading: Misreading) -> bool {
                self.0 & (1 << misreading as u128) != 0
            }

            /// This set with `misreading` added.
            pub fn with(self, misreading: Misreading) -> FaultSet {
                FaultSet(self.0 | (1 << misreading as u128))
            }

            /// The bits of the set (for masks of related misreadings).
            pub fn bits(self) -> u128 {
                self.0
            }

            /// The misreadings set, in catalogue order.
            pub fn iter(self) -> impl Iterator<Item = Misreading> {
                Misreading::ALL
                    .iter()
                    .copied()
                    .filter(move |&m| self.has(m))
            }

            /// The faults named by catalogue IDs.
            ///
            /// # Errors
            /// [`crate::variant::faults::UnknownMisreading`] for an ID not
            /// in the catalogue.
            pub fn from_ids<S: AsRef<str>>(
                ids: &[S],
            ) -> Result<FaultSet, $crate::variant::faults::UnknownMisreading> {
                let mut set = FaultSet::NONE;
                for id in ids {
                    let id = id.as_ref().trim();
                    let misreading = Misreading::ALL
                        .iter()
                        .copied()
                        .find(|m| m.id() == id)
                        .ok_or_else(|| {
                            $crate::variant::faults::UnknownMisreading(
                                id.to_string(),
                                Misreading::ALL
                                    .iter()
                                    .map(|m| m.id())
                                    .collect::<Vec<_>>()
                                    .join(", "),
                            )
                        })?;
                    set = set.with(misreading);
                }
                Ok(set)
            }
        }

        const _: () = assert!(Misreading::ALL.len() <= 128, "at most 128 misreadings");
    };
}

/// A misreading ID that names none.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown misreading '{0}': expected one of {1}")]
pub struct UnknownMisreading(pub String, pub String);

/// The prefix of `variant`'s misreading IDs.
pub fn prefix(variant: VariantId) -> &'static str {
    super::info(variant).misreadings.prefix
}

/// The sentence for a variant without a misreading catalogue.
pub fn no_misreadings(variant: VariantId) -> String {
    VariantError::NoMisreadings { variant }.to_string()
}

/// `(ID, clauses)` of every misreading the engine of `variant` can play,
/// in catalogue order; empty for a variant without a catalogue.
pub fn misreadings(variant: VariantId) -> Vec<(&'static str, &'static [&'static str])> {
    (super::info(variant).misreadings.catalogue)()
}

/// Whether `variant` has misreadings to play.
pub fn has_misreadings(variant: VariantId) -> bool {
    !misreadings(variant).is_empty()
}

/// [`super::open`] with misreadings played: the fault IDs (`M-...`,
/// `G-...`, ...) of `spec/<variant>/misreadings.yaml` are applied on top of
/// the rulings. With no fault this is [`super::open`].
///
/// # Errors
/// As [`super::open`], an unknown fault ID, or a variant without
/// misreadings.
pub fn open_with_faults(
    variant: VariantId,
    position: Option<&str>,
    rulings: &[String],
    faults: &[String],
) -> Result<Box<dyn Game>, VariantError> {
    if faults.is_empty() {
        return (super::info(variant).open)(position, rulings);
    }
    (super::info(variant).misreadings.open)(position, rulings, faults)
}

/// The prefix that marks a fault among forced settings (`fault:M-...`):
/// harness-side lists (`serve --fault`, the audit) carry faults this way;
/// a scenario's or a request's own rulings never do.
pub const FAULT_PREFIX: &str = "fault:";

/// Splits forced settings into ruling settings and fault IDs.
pub fn split_faults(forced: &[String]) -> (Vec<String>, Vec<String>) {
    let mut rulings = Vec::new();
    let mut faults = Vec::new();
    for setting in forced {
        match setting.strip_prefix(FAULT_PREFIX) {
            Some(id) => faults.push(id.to_string()),
            None => rulings.push(setting.clone()),
        }
    }
    (rulings, faults)
}

/// The faults of `forced` (harness-side settings) that are not misreadings
/// of `variant`, as one usage message; `None` when all are.
pub fn foreign_faults(variant: VariantId, faults: &[String]) -> Option<VariantError> {
    if faults.is_empty() {
        return None;
    }
    let known = misreadings(variant);
    if known.is_empty() {
        return Some(VariantError::NoMisreadings { variant });
    }
    let unknown: Vec<&str> = faults
        .iter()
        .map(|id| id.trim())
        .filter(|id| !known.iter().any(|(k, _)| k == id))
        .collect();
    (!unknown.is_empty()).then(|| VariantError::UnknownMisreadings {
        variant,
        ids: unknown.join(", "),
    })
}

/// The one variant the misreading IDs `faults` belong to (by prefix), or
/// `given` when the caller names it; checked against that variant's
/// catalogue.
///
/// # Errors
/// One usage message: IDs of several variants, an ID of no variant, a
/// variant without misreadings, or an ID not in its catalogue.
pub fn variant_of_faults(
    given: Option<VariantId>,
    faults: &[String],
) -> Result<Option<VariantId>, VariantError> {
    if faults.is_empty() {
        return Ok(given);
    }
    let owner = |id: &str| {
        // The longest prefix first, so that `RK-` is not read as another's.
        let mut all = VariantId::ALL;
        all.sort_by_key(|variant| std::cmp::Reverse(prefix(*variant).len()));
        all.into_iter()
            .find(|variant| id.trim().starts_with(prefix(*variant)))
    };
    let variant = match given {
        Some(variant) => variant,
        None => {
            let owners: std::collections::BTreeSet<Option<VariantId>> =
                faults.iter().map(|id| owner(id)).collect();
            match owners.into_iter().collect::<Vec<_>>().as_slice() {
                [Some(variant)] => *variant,
                [None] => {
                    return Err(VariantError::MisreadingsOfNone {
                        ids: faults.join(", "),
                    })
                }
                _ => {
                    return Err(VariantError::MisreadingsOfSeveral {
                        ids: faults.join(", "),
                    })
                }
            }
        }
    };
    match foreign_faults(variant, faults) {
        Some(error) => Err(error),
        None => Ok(Some(variant)),
    }
}

/// Whether `text` is written like a misreading ID of some variant (an
/// upper-case prefix `M-`, `G-`, `RK-`, `TK-` or `SC-`).
pub fn looks_like_misreading(text: &str) -> bool {
    VariantId::ALL
        .iter()
        .any(|variant| text.starts_with(prefix(*variant)))
}
