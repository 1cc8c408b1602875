//! Racing Kings: its fast path.

mod fast;
