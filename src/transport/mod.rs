//! The BIDI transport (SPEC §5): AI SDK's `ChatTransport` over one WebSocket per chat.
//!
//! Plain Rust, tested natively:
//! - [`error`]: the transport's faults, each with a JS error name, a kind and a clear message;
//! - [`frame`]: the frame codec: what an incoming text frame holds (each event's JSON parsed once,
//!   the few fields the rules read deserialised into typed structs) and the text of every outgoing
//!   frame;
//! - [`stream_rules`]: when a response stream ends (`[DONE]`, or a `finish-step` after a
//!   `tool-approval-request`);
//! - [`aborted_tail`]: what is dropped after an abort, and what bounds it.
//!
//! In the browser (wasm32 only), `bidi/`: the socket, the response streams, timeouts, liveness,
//! abort, buffering and ping, exported to JS as the class `BidiTransport`. It depends on nothing
//! else in the crate, so the transport builds as its own WebAssembly module
//! (`--no-default-features --features bidi`).

pub mod aborted_tail;
pub mod error;
pub mod frame;
pub mod stream_rules;

#[cfg(target_arch = "wasm32")]
mod bidi;
#[cfg(target_arch = "wasm32")]
pub use bidi::BidiTransport;

#[cfg(test)]
mod fixture_replay;
