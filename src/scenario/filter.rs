//! Which cases a run takes (`--clause`, `--id`), one filter for `check`
//! and `conform`. It looks at a parsed file (its clauses and ID), so a
//! case it leaves out is never validated against its variant nor run.

/// A clause (with its sub-clauses) and/or a case ID; neither takes all.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Filter {
    /// Only cases of this clause or one of its sub-clauses (`m.8` takes
    /// `m.8` and `m.8.1`, not `m.80`).
    pub clause: Option<String>,
    /// Only the case with this ID.
    pub id: Option<String>,
}

impl Filter {
    /// A filter of the optional clause and ID.
    pub fn new(clause: Option<&str>, id: Option<&str>) -> Filter {
        Filter {
            clause: clause.map(str::to_string),
            id: id.map(str::to_string),
        }
    }

    /// Whether a case of `clauses` with `id` is taken.
    pub fn takes(&self, clauses: &[String], id: &str) -> bool {
        let clause_ok = self.clause.as_deref().is_none_or(|wanted| {
            clauses
                .iter()
                .any(|clause| clause == wanted || clause.starts_with(&format!("{wanted}.")))
        });
        clause_ok && self.id.as_deref().is_none_or(|wanted| id == wanted)
    }
}

#[cfg(test)]
mod tests {
    use super::Filter;

    fn clauses(ids: &[&str]) -> Vec<String> {
        ids.iter().map(|id| id.to_string()).collect()
    }

    #[test]
    fn a_clause_takes_its_sub_clauses_and_no_other_number() {
        let filter = Filter::new(Some("m.8"), None);
        assert!(filter.takes(&clauses(&["m.8"]), "a"));
        assert!(filter.takes(&clauses(&["m.2", "m.8.1"]), "a"));
        assert!(!filter.takes(&clauses(&["m.80"]), "a"));
        assert!(!filter.takes(&clauses(&["m.9"]), "a"));
    }

    #[test]
    fn an_id_takes_that_case_only_and_no_filter_takes_all() {
        let filter = Filter::new(None, Some("x-1"));
        assert!(filter.takes(&clauses(&["m.1"]), "x-1"));
        assert!(!filter.takes(&clauses(&["m.1"]), "x-2"));
        assert!(Filter::default().takes(&[], ""));
    }
}
