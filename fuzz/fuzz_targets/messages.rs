//! The decision engine on chats, the way AI SDK asks it: a sequence of renders of one chat's last
//! message (model values, as `summary::parse` hands them to the engine) and the helpers' marks,
//! through every engine kind, the runner and the approval helpers. Byte 0 picks the input's shape:
//! even, a chat built from the rest of the bytes (`adk_fuzz::arbitrary_renders`: the SPEC's part
//! types, states, tool names and ids, automatic approvals, then small changes render after
//! render); odd, the rest is text, one summary per line as `js/summary.js` writes it, or
//! `mark <toolCallId>` (the committed seeds are the SPEC §2 rows written so by the real glue).
//! The properties are in `adk_fuzz::check_decisions`.
#![no_main]

use adk_fuzz::{arbitrary_renders, check_decisions, summary_renders};
use arbitrary::Unstructured;
use libfuzzer_sys::fuzz_target;

/// The most renders of one chat.
const MOST: usize = 12;

fuzz_target!(|data: &[u8]| {
    let Some((shape, rest)) = data.split_first() else {
        return;
    };
    if shape & 1 == 1 {
        let text = String::from_utf8_lossy(rest);
        check_decisions(&summary_renders(&text, MOST));
        return;
    }
    let mut u = Unstructured::new(rest);
    if let Ok(renders) = arbitrary_renders(&mut u, MOST) {
        check_decisions(&renders);
    }
});
