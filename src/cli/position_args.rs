//! The position every position command reads: `--variant`, `--position`
//! and `--ruling`, opened as a game of any variant.

use anyhow::Result;

use regelwerk::variant::VariantId;

/// The position arguments shared by `show`, `moves`, `perft`, `apply` and
/// the other position commands.
#[derive(clap::Args, Debug, Clone)]
pub(super) struct PositionArgs {
    /// The rule system.
    #[arg(long, value_enum, default_value_t = VariantId::default())]
    pub(super) variant: VariantId,
    /// A position: MONARCHIE's one-line notation (docs/notation.md), a FEN for grand, racingkings and sovereign, Three Kingdoms' position text (docs/threekingdoms.md), or a named start of the variant (`start`; Three Kingdoms also `no-bannermen`); default: the variant's start.
    #[arg(long)]
    pub(super) position: Option<String>,
    /// A ruling setting ID=key (repeatable), e.g. --ruling R-KING-DEAD=capture.
    #[arg(long = "ruling", value_name = "ID=KEY")]
    pub(super) rulings: Vec<String>,
}

impl PositionArgs {
    /// A game of any variant through the variant interface.
    pub(super) fn open(&self) -> Result<Box<dyn regelwerk::variant::Game>> {
        // The rulings first, so that a bad setting is named as one (and
        // an error is never put on a --position that was not given).
        let start = regelwerk::variant::open(self.variant, None, &self.rulings)
            .map_err(|message| anyhow::anyhow!("reading --ruling: {message}"))?;
        let Some(text) = self.position.as_deref() else {
            return Ok(start);
        };
        // A named start of the variant (`start`, `no-bannermen`) reads
        // as in a perft file's `from` line.
        if regelwerk::variant::info(self.variant)
            .starts
            .contains(&text)
        {
            return regelwerk::variant::open_start(self.variant, text, &self.rulings)
                .map_err(|message| anyhow::anyhow!("reading --position: {message}"));
        }
        regelwerk::variant::open(self.variant, Some(text), &self.rulings).map_err(|message| {
            anyhow::anyhow!("reading --position for {}: {message}", self.variant)
        })
    }
}
