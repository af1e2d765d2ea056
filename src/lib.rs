//! adk-stream-wasm: the browser side of human-in-the-loop AI SDK chats with ADK-style backends.
//!
//! Layers, from the inside out:
//! - [`model`]: AI SDK v6 UI messages, reduced to what decisions read (pure Rust);
//! - [`engine`]: the auto-send decision of SPEC §2, one engine per chat (pure Rust);
//! - [`approvals`], [`registry`], [`error`]: approval validation, the browser-tool registry and
//!   the library's errors (pure Rust);
//! - `boundary` (wasm32 only): the one place that reads JS values and throws JS errors.

pub mod approvals;
pub mod browser;
pub mod engine;
pub mod error;
pub mod model;
pub mod registry;
pub mod runner;
#[cfg(feature = "bidi")]
pub mod transport;

#[cfg(target_arch = "wasm32")]
pub mod boundary;
