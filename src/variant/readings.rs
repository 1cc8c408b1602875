//! Readings: the fence around the misreadings.
//!
//! A rule system's rule code never asks "is misreading X played?". It asks
//! "which reading of this rule is played?" and gets a value of the rule
//! point's own enum: the rule as the rulebook means it, or one of the
//! misreadings that are its hidden alternatives. Each rule point is declared
//! once, in the variant's `readings.rs`, with the `readings!` macro; that
//! file is the only place rule code turns a fault ID into behaviour
//! (`tests/harness/structure.rs` keeps the fence), and each misreading of
//! the catalogue is the hidden alternative of exactly one rule point
//! (`tests/harness/misreadings.rs` checks it against `READINGS`).
//!
//! ```text
//! readings! {
//!     /// Clause 7: which way the turn passes.
//!     TurnDirection, "m.7" {
//!         /// The rule: clockwise.
//!         Clockwise,
//!         /// M-TURN-COUNTER-CLOCKWISE.
//!         CounterClockwise => TurnCounterClockwise,
//!     }
//! }
//! ```
//!
//! declares `enum TurnDirection { Clockwise, CounterClockwise }` with
//! `TurnDirection::of(faults)`, and rule code reads
//! `match rules.reading::<TurnDirection>() { .. }`. A reading is never a
//! ruling: nothing but the fault set chooses it, and with no fault set it
//! is always the rule (the first value).

/// What every rule point's enum answers (implemented by `readings!`).
pub trait Reading<Faults>: Copy {
    /// The reading played under `faults`: the first hidden alternative
    /// whose misreading is set, else the rule.
    fn of(faults: Faults) -> Self;
}

/// Declares a variant's rule points and their readings; see the module
/// documentation. Must be invoked where the variant's `Misreading` and
/// `FaultSet` are in scope. Also makes `READINGS`: `(rule point, clause,
/// its misreadings)` for every rule point, in declaration order.
macro_rules! readings {
    ($(
        $(#[$doc:meta])* $point:ident, $clause:literal {
            $(#[$rule_doc:meta])* $rule:ident,
            $($(#[$alt_doc:meta])* $alt:ident => $misreading:ident),+ $(,)?
        }
    )+) => {
        $(
            $(#[$doc])*
            #[derive(Clone, Copy, Debug, PartialEq, Eq)]
            pub enum $point {
                $(#[$rule_doc])* $rule,
                $($(#[$alt_doc])* $alt),+
            }

            impl $crate::variant::readings::Reading<FaultSet> for $point {
                #[inline]
                fn of(faults: FaultSet) -> Self {
                    if faults.is_empty() {
                        return $point::$rule;
                    }
                    $(
                        if faults.has(Misreading::$misreading) {
                            return $point::$alt;
                        }
                    )+
                    $point::$rule
                }
            }
        )+

        /// Every rule point with a misreading: its name, the clause it
        /// implements, and the misreadings that are its hidden
        /// alternatives, in declaration order.
        pub const READINGS: &[(&str, &str, &[Misreading])] = &[
            $((stringify!($point), $clause, &[$(Misreading::$misreading),+])),+
        ];

        #[cfg(test)]
        #[test]
        fn every_misreading_is_the_hidden_alternative_of_exactly_one_rule_point() {
            let problems = $crate::variant::readings::fence_problems(Misreading::ALL, READINGS);
            assert!(problems.is_empty(), "{}", problems.join("\n"));
        }
    };
}

/// What keeps a catalogue from being fenced by its rule points: a
/// misreading that is the alternative of no rule point or of several, or
/// a rule point that lists one twice. Empty when each misreading of
/// `all` is the hidden alternative of exactly one rule point of
/// `readings` (every `readings!` list tests itself with this).
pub fn fence_problems<M: PartialEq + std::fmt::Display>(
    all: &[M],
    readings: &[(&str, &str, &[M])],
) -> Vec<String> {
    let mut problems = Vec::new();
    for misreading in all {
        let points: Vec<&str> = readings
            .iter()
            .filter(|(_, _, alternatives)| alternatives.contains(misreading))
            .map(|(point, _, _)| *point)
            .collect();
        if points.len() != 1 {
            problems.push(format!(
                "{misreading} is the alternative of {points:?}, not of exactly one rule point"
            ));
        }
    }
    for (point, _, alternatives) in readings {
        for (i, misreading) in alternatives.iter().enumerate() {
            if alternatives[..i].contains(misreading) {
                problems.push(format!("rule point {point} lists {misreading} twice"));
            }
        }
    }
    problems
}

#[cfg(test)]
#[allow(dead_code)] // the test list's generated helpers
mod tests {
    use super::Reading;

    misreadings! {
        "a test list";
        /// First.
        First => "T-FIRST", ["t.1"];
        /// Second.
        Second => "T-SECOND", ["t.1"];
        /// Third.
        Third => "T-THIRD", ["t.2"];
    }

    readings! {
        /// Rule point one.
        One, "t.1" {
            /// The rule.
            Rule,
            /// T-FIRST.
            ByFirst => First,
            /// T-SECOND.
            BySecond => Second,
        }
        /// Rule point two.
        Two, "t.2" {
            /// The rule.
            Rule,
            /// T-THIRD.
            ByThird => Third,
        }
    }

    #[test]
    fn with_no_fault_every_rule_point_reads_the_rule() {
        assert_eq!(One::of(FaultSet::NONE), One::Rule);
        assert_eq!(Two::of(FaultSet::NONE), Two::Rule);
    }

    #[test]
    fn a_fault_changes_only_its_own_rule_point() {
        let second = FaultSet::NONE.with(Misreading::Second);
        assert_eq!(One::of(second), One::BySecond);
        assert_eq!(Two::of(second), Two::Rule);
        let third = FaultSet::NONE.with(Misreading::Third);
        assert_eq!(One::of(third), One::Rule);
        assert_eq!(Two::of(third), Two::ByThird);
    }

    #[test]
    fn the_first_declared_alternative_wins_when_two_are_set() {
        let both = FaultSet::NONE
            .with(Misreading::Second)
            .with(Misreading::First);
        assert_eq!(One::of(both), One::ByFirst);
    }

    #[test]
    fn an_unfenced_or_twice_fenced_misreading_is_named() {
        let loose: &[(&str, &str, &[Misreading])] = &[
            ("One", "t.1", &[Misreading::First, Misreading::First]),
            ("Two", "t.2", &[Misreading::First]),
        ];
        assert_eq!(
            super::fence_problems(Misreading::ALL, loose),
            [
                "T-FIRST is the alternative of [\"One\", \"Two\"], not of exactly one rule point",
                "T-SECOND is the alternative of [], not of exactly one rule point",
                "T-THIRD is the alternative of [], not of exactly one rule point",
                "rule point One lists T-FIRST twice",
            ]
        );
        assert!(super::fence_problems(Misreading::ALL, READINGS).is_empty());
    }

    #[test]
    fn readings_lists_every_rule_point_with_its_clause_and_misreadings() {
        assert_eq!(
            READINGS,
            &[
                ("One", "t.1", &[Misreading::First, Misreading::Second][..]),
                ("Two", "t.2", &[Misreading::Third][..]),
            ]
        );
    }
}
