//! The `ruling_enum!` macro every variant's ruleset declares its
//! switchable rulings with.

/// A ruling that can be switched, shared by every variant's ruleset: its
/// ID, the keys of its options (the first is `default`), and how to read
/// and write it.
macro_rules! ruling_enum {
    ($(#[$doc:meta])* $name:ident, $id:literal, { $($(#[$vdoc:meta])* $variant:ident => $key:literal),+ $(,)? }) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
        pub enum $name {
            #[default]
            $($(#[$vdoc])* $variant),+
        }

        impl $name {
            /// The ruling ID this option belongs to.
            pub const ID: &'static str = $id;
            /// Every option, the default first.
            pub const ALL: &'static [$name] = &[$($name::$variant),+];

            /// The key of this option (`default` for the default).
            pub fn key(self) -> &'static str {
                match self { $($name::$variant => $key),+ }
            }

            /// The option for a key, if it exists.
            pub fn from_key(key: &str) -> Option<Self> {
                Self::ALL.iter().copied().find(|option| option.key() == key)
            }
        }
    };
}
