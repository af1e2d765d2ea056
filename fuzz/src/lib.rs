//! What the fuzz targets share, one concern a module:
//!
//! - `chats` (the file `tests/common/chats.rs`, shared with `tests/properties.rs`): [`Render`], one
//!   step of a chat as the engine sees it (a render of the last message, what `records::decode`
//!   hands the engine, or the library's helper marking a tool output as the browser's), and
//!   [`arbitrary_renders`], a chat built from bytes.
//! - [`check_messages`] (here): the `messages` target: a chat of [`arbitrary_renders`], each render
//!   through the records (`encode` then `decode`) and then through [`check_decisions`].
//! - `records`: [`check_records`], the `records` target: arbitrary words and a part count through
//!   `records::decode`, checked against an independent reading of the layout, then through
//!   [`check_decisions`].
//! - `properties`: [`check_decisions`] runs the engine (SSE, BIDI A, BIDI B) on a chat and asserts
//!   the SPEC §2 properties that hold whatever the input; `helpers`: the runner and the approval
//!   helpers (SPEC §4) on each of its messages.
//! - `rows`: [`spec_rows`], the SPEC §2 rows as last messages.
//!
//! The seeds of both targets are written by `write_seeds` (an ignored test in `tests.rs`:
//! `cargo test --lib -- --ignored write_seeds`): the SPEC §2 rows as records for `records`, and
//! chats that reach each verdict for `messages`.

#[path = "../../tests/common/chats.rs"]
pub mod chats;
mod helpers;
mod properties;
mod records;
mod rows;
#[cfg(test)]
mod tests;

pub use chats::{arbitrary_renders, Render};
pub use properties::{check_decisions, engines};
pub use records::{check_records, records_bytes, records_input};
pub use rows::spec_rows;

use adk_stream_wasm::model::records::{decode, encode};
use arbitrary::Unstructured;

/// The most renders of one chat (`messages`).
pub const MOST_RENDERS: usize = 12;

/// `messages`: a chat built from the bytes; each message crosses the records both ways first, as
/// the glue writes it and the core reads it.
pub fn check_messages(data: &[u8]) {
    let mut u = Unstructured::new(data);
    let Ok(renders) = arbitrary_renders(&mut u, MOST_RENDERS) else {
        return;
    };
    let renders: Vec<Render> = renders
        .into_iter()
        .map(|render| match render {
            Render::Message(message) => {
                let (words, count) = encode(&message);
                let decoded = decode(&words, count);
                assert_eq!(decoded, message, "a message does not survive its records");
                Render::Message(decoded)
            }
            mark => mark,
        })
        .collect();
    check_decisions(&renders);
}
