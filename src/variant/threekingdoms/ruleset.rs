//! The rulings of `spec/threekingdoms/rulings.yaml` as a typed, switchable
//! ruleset: one field per ruling ID, the default being the product
//! decision of the design page, every alternative selectable as
//! `ID=key` (`--ruling R-HEIR=last-mover`).

use std::fmt;

ruling_enum!(
    /// R-SEATS (tk.T6, tk.T5, tk.P1): where the next kingdom sits.
    Seats, "R-SEATS", {
        /// The next kingdom in turn order sits on the mover's right.
        Right => "default",
        /// The next kingdom sits on the mover's left.
        Mirror => "mirror",
    }
);

ruling_enum!(
    /// R-CROSSING (tk.P2, tk.T2, tk.T5): which bank points meet.
    Crossing, "R-CROSSING", {
        /// File f meets file 10-f of the kingdom its half faces; file e
        /// meets both (the triangle).
        Faced => "default",
        /// Every file meets file 10-f of both neighbours.
        ForkAllFiles => "fork-all-files",
    }
);

ruling_enum!(
    /// R-LINES (tk.P2, tk.T5): the lines sliders, screens and facing use.
    Lines, "R-LINES", {
        /// The 30 lines: ranks, through-files, central lines.
        Thirty => "default",
        /// The triangle is a line of its own too.
        TriangleRing => "triangle-ring",
    }
);

ruling_enum!(
    /// R-DIAGONAL (tk.P2, tk.T5): which cells a diagonal step crosses.
    Diagonal, "R-DIAGONAL", {
        /// Every four-sided cell, the 12 river squares included.
        AllCells => "default",
        /// Only the squares inside a half.
        NoRiverDiagonal => "no-river-diagonal",
    }
);

ruling_enum!(
    /// R-HORSE (tk.P2): the horse's jumps.
    Horse, "R-HORSE", {
        /// Leg, then the diagonal beyond it, by the cells of the board.
        Cells => "default",
        /// Only jumps whose reverse is also a jump.
        Symmetric => "symmetric",
    }
);

ruling_enum!(
    /// R-BANNER (tk.T4, tk.P2): the bannerman's move.
    Banner, "R-BANNER", {
        /// Two empty points straight, then a diagonal outward.
        TwoEmpty => "default",
        /// Only the first point must be empty.
        LegOnly => "leg-only",
        /// As the default, only moves whose reverse is also a move.
        Symmetric => "symmetric",
    }
);

ruling_enum!(
    /// R-BANNERMEN (tk.T4, tk.P2, tk.H3): whether bannermen play.
    Bannermen, "R-BANNERMEN", {
        /// Two per kingdom on d3 and f3.
        On => "default",
        /// The 16-piece armies.
        Off => "off",
    }
);

ruling_enum!(
    /// R-SOLDIER (tk.T5, tk.P2): the soldier's steps.
    Soldier, "R-SOLDIER", {
        /// Forward at home (forking at e5), forward or sideways abroad,
        /// never along a triangle edge once crossed.
        Standard => "default",
        /// A crossed soldier on a triangle point may also step to the
        /// third kingdom's triangle point.
        TriangleSideways => "triangle-sideways",
    }
);

ruling_enum!(
    /// R-ORIGIN (tk.T8): whose geometry a taken-over piece follows.
    Origin, "R-ORIGIN", {
        /// Its home's.
        Home => "default",
        /// Its new owner's.
        OwnerFrame => "owner-frame",
    }
);

ruling_enum!(
    /// R-CHECK (tk.T7): when a move's safety is judged.
    Check, "R-CHECK", {
        /// Right after the move and its capture effects.
        AfterCapture => "default",
        /// After the whole transition, turn-start defeats included.
        AfterTransition => "after-transition",
    }
);

ruling_enum!(
    /// R-FACING (tk.T7, tk.T5): generals on an open line.
    Facing, "R-FACING", {
        /// A restriction only; never a capture.
        Restriction => "default",
        /// A general may capture a facing rival general.
        FlyCapture => "fly-capture",
    }
);

ruling_enum!(
    /// R-GENERAL-CAPTURE (tk.T7, tk.T8): whether capturing a general is
    /// judged by R-CHECK.
    GeneralCapture, "R-GENERAL-CAPTURE", {
        /// Legal only when R-CHECK allows it.
        UnderCheckRule => "default",
        /// Always legal.
        AlwaysLegal => "always-legal",
    }
);

ruling_enum!(
    /// R-TAKEOVER (tk.T8, tk.P3, tk.H3): what happens to a defeated army.
    Takeover, "R-TAKEOVER", {
        /// Every piece but the general changes owner to the heir.
        Everything => "default",
        /// Advisors and elephants leave the board instead.
        RemovePalacePieces => "remove-palace-pieces",
    }
);

ruling_enum!(
    /// R-TRAP (tk.T8, tk.P3): when a kingdom without a move is defeated.
    Trap, "R-TRAP", {
        /// When it is due to move.
        WhenDue => "default",
        /// After every move, each trapped kingdom at once.
        EveryMove => "every-move",
    }
);

ruling_enum!(
    /// R-HEIR (tk.T8, tk.P3): who inherits a trapped kingdom's army.
    Heir, "R-HEIR", {
        /// The kingdom whose move left it without a move.
        Trapper => "default",
        /// The kingdom that made the last move.
        LastMover => "last-mover",
    }
);

ruling_enum!(
    /// R-TURN (tk.T6, tk.T9): the order of play (no alternative in the
    /// design; see finding F-TURN-NO-ALTERNATIVE).
    Turn, "R-TURN", {
        /// Shu, Wu, Wei, skipping defeated kingdoms.
        CounterClockwise => "default",
    }
);

ruling_enum!(
    /// R-REPETITION (tk.T10): what a repeated position is.
    Repetition, "R-REPETITION", {
        /// Type, owner and (soldiers) home per point, and the mover.
        SoldierHome => "default",
        /// Every piece's home too.
        WithHome => "with-home",
        /// No home at all.
        NoHome => "no-home",
    }
);

ruling_enum!(
    /// R-MOVE-LIMIT (tk.T10): the safety limit.
    MoveLimit, "R-MOVE-LIMIT", {
        /// 180 single moves without capture or defeat.
        Moves180 => "default",
        /// 180 per kingdom: 540 single moves.
        PerKingdom => "per-kingdom",
    }
);

ruling_enum!(
    /// R-RESIGN (tk.T11): what resigning does.
    Resign, "R-RESIGN", {
        /// The game ends; the other active kingdoms win.
        EndsGame => "default",
        /// The resigner is defeated as if trapped; play goes on.
        DropOut => "drop-out",
    }
);

ruling_enum!(
    /// R-RESULT (tk.T9, tk.T10, tk.T11): who shares a draw.
    Result, "R-RESULT", {
        /// The kingdoms still active; defeated ones have lost.
        ActiveOnly => "default",
        /// All three kingdoms.
        DrawAll => "draw-all",
    }
);

ruling_enum!(
    /// R-MOVE-ID: what counts as one move.
    MoveId, "R-MOVE-ID", {
        /// The pair (from, to).
        FromTo => "default",
        /// A slider's move once per ray that reaches it.
        ByPath => "by-path",
    }
);

/// Every ruling of the register, one field each.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Ruleset {
    /// R-SEATS.
    pub seats: Seats,
    /// R-CROSSING.
    pub crossing: Crossing,
    /// R-LINES.
    pub lines: Lines,
    /// R-DIAGONAL.
    pub diagonal: Diagonal,
    /// R-HORSE.
    pub horse: Horse,
    /// R-BANNER.
    pub banner: Banner,
    /// R-BANNERMEN.
    pub bannermen: Bannermen,
    /// R-SOLDIER.
    pub soldier: Soldier,
    /// R-ORIGIN.
    pub origin: Origin,
    /// R-CHECK.
    pub check: Check,
    /// R-FACING.
    pub facing: Facing,
    /// R-GENERAL-CAPTURE.
    pub general_capture: GeneralCapture,
    /// R-TAKEOVER.
    pub takeover: Takeover,
    /// R-TRAP.
    pub trap: Trap,
    /// R-HEIR.
    pub heir: Heir,
    /// R-TURN.
    pub turn: Turn,
    /// R-REPETITION.
    pub repetition: Repetition,
    /// R-MOVE-LIMIT.
    pub move_limit: MoveLimit,
    /// R-RESIGN.
    pub resign: Resign,
    /// R-RESULT.
    pub result: Result,
    /// R-MOVE-ID.
    pub move_id: MoveId,
}

/// A ruling setting that cannot be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BadSetting(pub String);

impl fmt::Display for BadSetting {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for BadSetting {}

/// Sets `slot` from `key`, or says which keys `T` has.
fn set<T: Copy>(
    slot: &mut T,
    id: &str,
    key: &str,
    from_key: fn(&str) -> Option<T>,
    keys: &[&str],
) -> std::result::Result<(), BadSetting> {
    *slot = from_key(key).ok_or_else(|| {
        BadSetting(format!(
            "unknown option `{key}` for {id} (expected {})",
            keys.join(", ")
        ))
    })?;
    Ok(())
}

macro_rules! settings_table {
    ($($field:ident: $ty:ident),+ $(,)?) => {
        /// Every ruling ID with its option keys, in register order.
        pub fn register() -> Vec<(&'static str, Vec<&'static str>)> {
            vec![$(($ty::ID, $ty::ALL.iter().map(|option| option.key()).collect())),+]
        }

        impl Ruleset {
            /// Applies one setting `ID=key`.
            ///
            /// # Errors
            /// An unknown ID, an unknown key, or a text without `=`.
            pub fn apply(&mut self, setting: &str) -> std::result::Result<(), BadSetting> {
                let (id, key) = setting.split_once('=').ok_or_else(|| {
                    BadSetting(format!("ruling setting `{setting}` is not ID=key (e.g. R-HEIR=last-mover)"))
                })?;
                let (id, key) = (id.trim(), key.trim());
                $(
                    if id == $ty::ID {
                        let keys: Vec<&str> = $ty::ALL.iter().map(|option| option.key()).collect();
                        return set(&mut self.$field, id, key, $ty::from_key, &keys);
                    }
                )+
                let ids: Vec<&str> = vec![$($ty::ID),+];
                Err(BadSetting(format!(
                    "unknown ruling `{id}` for threekingdoms (expected one of {})",
                    ids.join(", ")
                )))
            }

            /// The settings that differ from the defaults, as `ID=key`.
            pub fn settings(&self) -> Vec<String> {
                let mut out = Vec::new();
                $(
                    if self.$field != $ty::default() {
                        out.push(format!("{}={}", $ty::ID, self.$field.key()));
                    }
                )+
                out
            }
        }
    };
}

settings_table!(
    seats: Seats,
    crossing: Crossing,
    lines: Lines,
    diagonal: Diagonal,
    horse: Horse,
    banner: Banner,
    bannermen: Bannermen,
    soldier: Soldier,
    origin: Origin,
    check: Check,
    facing: Facing,
    general_capture: GeneralCapture,
    takeover: Takeover,
    trap: Trap,
    heir: Heir,
    turn: Turn,
    repetition: Repetition,
    move_limit: MoveLimit,
    resign: Resign,
    result: Result,
    move_id: MoveId,
);

impl Ruleset {
    /// The ruleset of the settings `ID=key`, applied in order.
    ///
    /// # Errors
    /// The first setting that cannot be read.
    pub fn from_settings(settings: &[String]) -> std::result::Result<Ruleset, BadSetting> {
        let mut rules = Ruleset::default();
        for setting in settings {
            rules.apply(setting)?;
        }
        Ok(rules)
    }

    /// The single moves without capture or defeat that draw (R-MOVE-LIMIT).
    pub fn move_limit(&self) -> u32 {
        match self.move_limit {
            MoveLimit::Moves180 => 180,
            MoveLimit::PerKingdom => 540,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_register_has_21_rulings_and_every_option_is_selectable() {
        let register = register();
        assert_eq!(register.len(), 21);
        for (id, keys) in register {
            assert_eq!(keys[0], "default", "{id}");
            for key in keys {
                let setting = format!("{id}={key}");
                let rules = Ruleset::from_settings(std::slice::from_ref(&setting))
                    .unwrap_or_else(|error| panic!("{setting}: {error}"));
                if key == "default" {
                    assert!(rules.settings().is_empty());
                } else {
                    assert_eq!(rules.settings(), vec![setting]);
                }
            }
        }
    }

    #[test]
    fn bad_settings_are_named() {
        let error = Ruleset::from_settings(&["R-HEIR=nobody".to_string()]).unwrap_err();
        assert!(error.0.contains("default, last-mover"), "{error}");
        let error = Ruleset::from_settings(&["R-NOPE=x".to_string()]).unwrap_err();
        assert!(error.0.contains("R-NOPE"), "{error}");
        assert!(Ruleset::from_settings(&["R-HEIR".to_string()]).is_err());
    }
}
