//! The keys of earlier positions, for repetition claims: a shared,
//! persistent list, so that copying a position copies a pointer, and a
//! position after a move shares its predecessors' list.

use std::sync::Arc;

/// The repetition keys of the positions before the current one, newest
/// first. Rules start a fresh list after an irreversible move.
#[derive(Clone, Debug, Default)]
pub struct History {
    head: Option<Arc<Link>>,
}

#[derive(Debug)]
struct Link {
    key: u64,
    earlier: History,
}

impl History {
    /// An empty history.
    pub const fn new() -> History {
        History { head: None }
    }

    /// This history with `key` added as the newest entry.
    pub fn pushed(&self, key: u64) -> History {
        History {
            head: Some(Arc::new(Link {
                key,
                earlier: self.clone(),
            })),
        }
    }

    /// The keys, newest first.
    pub fn keys(&self) -> impl Iterator<Item = u64> + '_ {
        let mut next = self.head.as_deref();
        std::iter::from_fn(move || {
            let link = next?;
            next = link.earlier.head.as_deref();
            Some(link.key)
        })
    }

    /// How many entries equal `key`.
    pub fn count(&self, key: u64) -> usize {
        self.keys().filter(|earlier| *earlier == key).count()
    }
}

impl Drop for History {
    /// Unlinks a long unshared tail iteratively, so dropping a long game
    /// cannot overflow the stack.
    fn drop(&mut self) {
        let mut next = self.head.take();
        while let Some(link) = next {
            match Arc::try_unwrap(link) {
                Ok(mut link) => next = link.earlier.head.take(),
                Err(_) => break,
            }
        }
    }
}
