//! The BIDI transport (SPEC §5): AI SDK's `ChatTransport` over one WebSocket per chat.
//!
//! - [`error`]: the transport's faults, each with a JS error name, a kind and a clear message;
//! - [`frame`]: the frame codec, plain Rust tested natively: what an incoming text frame is
//!   (chunk, `[DONE]`, pong, audio, malformed) and the exact text of every outgoing frame;
//! - [`stream_rules`]: when a response stream ends (`[DONE]`, or a `finish-step` after a
//!   `tool-approval-request`), as a small state machine;
//! - `json` (private): the few JSON reads the codec needs, without a value tree;
//! - `BidiTransport` (wasm32 only, in `bidi.rs`): the socket, the response streams, timeouts,
//!   abort, buffering, ping, exported to JS as the class `BidiTransport`.

pub mod error;
pub mod frame;
mod json;
pub mod stream_rules;

#[cfg(target_arch = "wasm32")]
mod bidi;
#[cfg(target_arch = "wasm32")]
pub use bidi::BidiTransport;

#[cfg(test)]
mod fixture_replay;
