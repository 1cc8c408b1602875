//! Sovereign Chess: the engine and its perft corpus, and its fast path.

mod engine;
mod fast;
