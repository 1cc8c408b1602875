//! The clause a difference is about, for the scenario fuzzing writes: the
//! cause the diagnosis names (the moving piece, the reference's refusal
//! code, the rule that ended the game), looked up in the variant's own
//! data. A clause whose heading names the piece is its movement clause
//! (`m.6.1` "The king", `g.3.1` "King", `tk.T5.general` "General"); for a
//! refusal code or an end rule, the clause the suite's own scenarios name
//! most often where they expect it, the moving piece's kind first. Where
//! nothing answers, the variant's first clause, as before there was this.

use std::collections::BTreeMap;
use std::path::Path;

use serde_json::Value;

use crate::scenario::format::Step;
use crate::scenario::load::{load_file, Loaded};
use crate::spec::Spec;
use crate::suite::collect_files;
use crate::variant::{self, Game, Status, VariantId};

use super::diagnose::{move_causes, piece_kind, Lister};
use super::{Divergence, DivergentGame};

/// What the reference answers to an action: `legal` or its refusal code.
const LEGAL: &str = "legal";

/// A variant's clauses by cause, read from its spec and its suite.
#[derive(Debug, Clone, Default)]
pub struct CauseClauses {
    /// The variant's first clause (`m.1`): the label where nothing else is
    /// known.
    first: String,
    /// Piece kind (`king`) -> the clause whose heading names it.
    headings: BTreeMap<String, String>,
    /// (piece kind, `legal` or refusal code) -> clause -> scenarios.
    actions: BTreeMap<(String, String), BTreeMap<String, usize>>,
    /// Refusal code -> clause -> scenarios, whatever piece moved.
    refusals: BTreeMap<String, BTreeMap<String, usize>>,
    /// End rule (`checkmate`, `fifty-move`) -> clause -> scenarios.
    endings: BTreeMap<String, BTreeMap<String, usize>>,
}

/// The clause a difference is labelled with, and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CauseClause {
    /// The clause ID.
    pub clause: String,
    /// How it was found, for the scenario's comment.
    pub why: String,
}

impl CauseClauses {
    /// Reads `spec/<variant>/` and walks `scenarios/<variant>/` under
    /// `root` (files that do not load are passed over, as `check` names
    /// them).
    ///
    /// # Errors
    /// The spec or the scenario folder cannot be read.
    pub fn load(root: &Path, variant: VariantId) -> Result<CauseClauses, String> {
        let spec = Spec::load(&root.join("spec").join(variant.name()))
            .map_err(|error| error.to_string())?;
        let dir = root.join("scenarios").join(variant.name());
        let files = collect_files(std::slice::from_ref(&dir))
            .map_err(|error| format!("{}: {error}", dir.display()))?;
        let cases: Vec<Loaded> = files
            .iter()
            .filter_map(|file| load_file(file, Some(&spec)).ok())
            .collect();
        Ok(CauseClauses::from_suite(variant, &spec, &cases))
    }

    /// Built from a spec and loaded scenarios of `variant`.
    pub fn from_suite(variant: VariantId, spec: &Spec, cases: &[Loaded]) -> CauseClauses {
        let mut index = CauseClauses {
            first: spec
                .clauses
                .first()
                .map(|clause| clause.id.clone())
                .unwrap_or_else(|| format!("{}1", variant::info(variant).clause_prefix)),
            ..CauseClauses::default()
        };
        for clause in &spec.clauses {
            for heading in [Some(&clause.heading), clause.heading_en.as_ref()]
                .into_iter()
                .flatten()
            {
                let words = heading.to_lowercase();
                let kind = words.strip_prefix("the ").unwrap_or(&words);
                if !kind.contains(' ') {
                    index
                        .headings
                        .entry(kind.to_string())
                        .or_insert_with(|| clause.id.clone());
                }
            }
        }
        for case in cases.iter().filter(|case| case.scenario.variant == variant) {
            let Some(clause) = case.scenario.clauses.first() else {
                continue;
            };
            let Ok(mut game) = case.open() else {
                continue;
            };
            index.walk(game.as_mut(), case, clause);
        }
        index
    }

    /// Counts what one scenario expects, playing its legal actions.
    fn walk(&mut self, game: &mut dyn Game, case: &Loaded, clause: &str) {
        let count = |map: &mut BTreeMap<String, usize>| {
            *map.entry(clause.to_string()).or_default() += 1;
        };
        for step in &case.scenario.steps {
            let status = match step {
                Step::Play { action, expect } => {
                    let piece = piece_kind(game, action);
                    count(
                        self.actions
                            .entry((piece, expect.result.clone()))
                            .or_default(),
                    );
                    if expect.result != LEGAL {
                        count(self.refusals.entry(expect.result.clone()).or_default());
                    } else if game.play(action).is_err() {
                        // The scenario and the reference part here (check
                        // names it): nothing after it is counted.
                        return;
                    }
                    expect.status.as_ref()
                }
                Step::State(state) => state.status.as_ref(),
                Step::Moves { .. } | Step::Perft { .. } => None,
            };
            if let Some(reason) = status.and_then(ending) {
                count(self.endings.entry(reason.to_string()).or_default());
            }
        }
    }

    /// The clause of the first cause of `game`'s difference: the first
    /// move that only one side lists, or the diverging action's refusal or
    /// end of game; the variant's first clause where none is known.
    pub fn of(&self, game: &DivergentGame) -> CauseClause {
        self.cause(game).unwrap_or_else(|| CauseClause {
            clause: self.first.clone(),
            why: "no cause the diagnosis names: the variant's first clause".to_string(),
        })
    }

    fn cause(&self, game: &DivergentGame) -> Option<CauseClause> {
        match &game.divergence {
            Divergence::Moves { .. } | Divergence::Perft { .. } => {
                let causes = move_causes(game);
                // A move the reference lists and the engine does not is the
                // first thing an implementer looks for.
                let cause = causes
                    .iter()
                    .find(|cause| cause.lister == Lister::Missing)
                    .or(causes.first())?;
                self.of_action(&cause.piece, &cause.reason.replace("legal here", LEGAL))
            }
            Divergence::Outcome { expected, actual } => {
                let read = |text: &str| serde_json::from_str::<Value>(text).unwrap_or_default();
                let (ours, theirs) = (read(expected), read(actual));
                // The rule that ended the game (`reason` of a status that
                // is not `ongoing`), as each side's report says it.
                let reason = |value: &Value| {
                    let status = &value["report"]["status"];
                    (status["result"].as_str() != Some("ongoing"))
                        .then(|| status["reason"].as_str().map(str::to_string))
                        .flatten()
                };
                let (our_status, their_status) =
                    (&ours["report"]["status"], &theirs["report"]["status"]);
                if our_status != their_status {
                    let ended = reason(&ours).or_else(|| reason(&theirs));
                    if let Some(found) = ended.and_then(|reason| self.of_ending(&reason)) {
                        return Some(found);
                    }
                }
                let action = game.diverging_action.as_ref()?;
                let mut reference =
                    variant::open(game.variant, Some(&game.start), &game.rulings).ok()?;
                for earlier in &game.actions {
                    let _ = reference.play(earlier);
                }
                let piece = piece_kind(reference.as_ref(), action);
                let result = ours["result"].as_str().unwrap_or(LEGAL);
                self.of_action(&piece, result)
            }
            _ => None,
        }
    }

    /// The clause of an action of `piece` that the reference answers with
    /// `answer` (`legal` or a refusal code).
    fn of_action(&self, piece: &str, answer: &str) -> Option<CauseClause> {
        let heading = || {
            self.headings.get(piece).map(|clause| CauseClause {
                clause: clause.clone(),
                why: format!("the {piece}'s own clause"),
            })
        };
        let named = |counts: Option<&BTreeMap<String, usize>>, what: String| {
            most_named(counts?).map(|clause| CauseClause {
                clause,
                why: format!("the clause the suite names most for {what}"),
            })
        };
        let action = || {
            named(
                self.actions.get(&(piece.to_string(), answer.to_string())),
                format!("a {piece} action answered `{answer}`"),
            )
        };
        if answer == LEGAL {
            heading().or_else(action)
        } else {
            action()
                .or_else(|| named(self.refusals.get(answer), format!("the refusal `{answer}`")))
                .or_else(heading)
        }
    }

    fn of_ending(&self, reason: &str) -> Option<CauseClause> {
        most_named(self.endings.get(reason)?).map(|clause| CauseClause {
            clause,
            why: format!("the clause the suite names most for a game ended by `{reason}`"),
        })
    }
}

/// The rule that ended a game, if it is over.
fn ending(status: &Status) -> Option<&str> {
    match status {
        Status::Ongoing => None,
        Status::Won { reason, .. } | Status::Drawn { reason } => Some(reason),
    }
}

/// The clause named by the most scenarios (the first in order on a tie).
fn most_named(counts: &BTreeMap<String, usize>) -> Option<String> {
    counts
        .iter()
        .fold(
            None::<(&String, usize)>,
            |best, (clause, &count)| match best {
                Some((_, most)) if most >= count => best,
                _ => Some((clause, count)),
            },
        )
        .map(|(clause, _)| clause.clone())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn index(variant: VariantId) -> CauseClauses {
        CauseClauses::load(Path::new(env!("CARGO_MANIFEST_DIR")), variant)
            .unwrap_or_else(|error| panic!("{variant}: {error}"))
    }

    fn clause(found: Option<CauseClause>) -> String {
        found.map(|found| found.clause).unwrap_or_default()
    }

    #[test]
    fn a_legal_move_is_filed_under_the_clause_that_names_its_piece() {
        // Each variant's spec has one clause a piece: its heading is the
        // piece's name, in English or (MONARCHIE) "Der ..." / "The ...".
        let cases = [
            (VariantId::Monarchie, "knight", "m.6.5"),
            (VariantId::Monarchie, "king", "m.6.1"),
            (VariantId::Grand, "marshal", "g.3.6"),
            (VariantId::Grand, "cardinal", "g.3.7"),
            (VariantId::Threekingdoms, "elephant", "tk.T5.elephant"),
            (VariantId::Threekingdoms, "soldier", "tk.T5.soldier"),
        ];
        for (variant, piece, wanted) in cases {
            assert_eq!(
                clause(index(variant).of_action(piece, LEGAL)),
                wanted,
                "{variant} {piece}"
            );
        }
    }

    #[test]
    fn a_refusal_and_an_end_rule_are_filed_where_the_suite_files_them() {
        let grand = index(VariantId::Grand);
        // A pawn's double step from anywhere but its start is refused as
        // not a move of the piece; the suite pins pawn moves under g.5.
        assert!(clause(grand.of_action("pawn", "not-a-move-of-the-piece")).starts_with("g.5"));
        // A game ended by stalemate: the stalemate clause.
        assert_eq!(clause(grand.of_ending("stalemate")), "g.8.2");
        // Racing Kings: a game won by reaching rank 8 is the goal clause.
        assert!(clause(index(VariantId::Racingkings).of_ending("goal")).starts_with("rk.5"));
    }

    #[test]
    fn the_most_named_clause_wins_and_a_tie_goes_to_the_first() {
        let counts: BTreeMap<String, usize> = [("g.4", 2), ("g.3.1", 2), ("g.8.1", 1)]
            .into_iter()
            .map(|(clause, count)| (clause.to_string(), count))
            .collect();
        assert_eq!(most_named(&counts).as_deref(), Some("g.3.1"));
        assert_eq!(most_named(&BTreeMap::new()), None);
    }
}
