//! What a variant tells people about itself beyond the lists of its
//! [`super::VariantInfo`]: its movement figures and the text of its
//! protocol page (`docs/protocol/<variant>.md`, written by
//! [`crate::protocol::doc`] from this data and the reference's answers).

/// One movement figure: a position with one piece whose legal targets
/// are drawn.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FigureSpec {
    /// The file name, e.g. `marshal.svg`.
    pub file: String,
    /// The caption.
    pub caption: String,
    /// The position in the variant's notation.
    pub notation: String,
    /// The square of the piece whose moves are drawn.
    pub square: String,
    /// Targets of those moves to draw as one-way arrows (the piece could
    /// not move back from there), with a legend; empty for most figures.
    pub one_way: Vec<String>,
}

/// A variant's protocol page, beyond what its `VariantInfo` lists (the
/// parties, squares, piece kinds, refusal codes, causes and event kinds
/// come from there).
#[derive(Debug)]
pub struct ProtocolDoc {
    /// The position text: its fields in order, and the canonical form.
    pub position: &'static str,
    /// The move text, as `moves` answers list it and `apply` takes it.
    pub moves: &'static str,
    /// The actions that are not moves (`claim`, `timeout`, ...).
    pub actions: &'static str,
    /// Which refusal code counts when several apply.
    pub precedence: &'static str,
    /// The counters of the position text: halfmove clock, move number,
    /// castling letters, clocks (how each changes with a move).
    pub counters: &'static str,
    /// Per report field (`capture`, `checks`, ...), what this variant puts
    /// there; fields not listed hold what the shared report says.
    pub report: &'static [(&'static str, &'static str)],
    /// Every event kind, in the order they appear in one report.
    pub events: &'static [EventDoc],
    /// The results and reasons of `status`.
    pub status: &'static str,
    /// The worked request/answer pair.
    pub example: Example,
    /// The actions that break two or more rules at once, which order the
    /// refusal codes on the page (`<variant>/witnesses.rs`).
    pub witnesses: &'static [super::witness::Witness],
}

/// One event kind on a protocol page.
#[derive(Debug)]
pub struct EventDoc {
    /// The kind (one of the variant's `event_kinds`).
    pub kind: &'static str,
    /// Its fields and what they hold.
    pub fields: &'static str,
}

/// A worked example: the first `plays` actions of a scenario, sent to the
/// reference as one `apply`; the page shows the request and the answer.
#[derive(Debug)]
pub struct Example {
    /// The scenario file, relative to the repository root.
    pub scenario: &'static str,
    /// How many of its `play` steps to send.
    pub plays: usize,
    /// What the example shows.
    pub shows: &'static str,
}
