//! The BIDI transport's rules (src/bidi_rules: where a response ends, what an abort leaves behind)
//! on arbitrary sequences of frame events, as the core's `adk_bidi_*` exports receive them from the
//! glue: each input byte is one event (its low 3 bits pick it, the rest its arguments). The frames
//! themselves are parsed in JavaScript (`js/transport/bidi/bidi-transport.js`); what crosses is these numbers. Besides
//! "never panics", it checks:
//! - a chunk's step is deliver, deliver-awaiting-answer or deliver-then-end; a `[DONE]`'s is end
//!   or ignore; a `[DONE]` right after an end (no chunk since) is ignored;
//! - nothing is dropped, and no tail is active, unless an abort began and neither its end, its time
//!   limit nor a reset came since;
//! - an active tail always ends at a `[DONE]` with no stream open, at a `start`, or at the limit.
#![no_main]

use adk_stream_wasm::bidi_rules::stream_rules::Step;
use adk_stream_wasm::bidi_rules::{BidiRules, ChunkKind, DROP, TAIL_ACTIVE};
use libfuzzer_sys::fuzz_target;

const STEP: u32 = 0b111;

fuzz_target!(|data: &[u8]| {
    let mut rules = BidiRules::new();
    // Whether an aborted tail may be active (an abort began and nothing ended it).
    let mut tail = false;
    // Whether the last event ended a response with no chunk since.
    let mut ended = true;
    for &byte in data {
        let args = u32::from(byte >> 3);
        let word = match byte & 7 {
            0 | 1 => {
                let kind = ChunkKind::from_code(args & 3);
                let (open, started) = (args & 4 != 0, args & 8 != 0);
                let word = rules.on_chunk(kind, open, started);
                let step = word & STEP;
                assert!(step <= Step::DeliverThenEnd as u32, "{byte}: step {step}");
                ended = step == Step::DeliverThenEnd as u32;
                word
            }
            2 => {
                let word = rules.on_done(args & 1 != 0);
                let step = word & STEP;
                assert!(step == Step::End as u32 || step == Step::Ignore as u32);
                if ended {
                    assert_eq!(step, Step::Ignore as u32, "a second [DONE] ends nothing");
                }
                if step == Step::Ignore as u32 {
                    assert_eq!(word & DROP, 0, "an ignored [DONE] drops nothing");
                }
                ended = true;
                word
            }
            3 => {
                rules.start_response();
                continue;
            }
            4 => {
                rules.begin_abort();
                tail = true;
                continue;
            }
            5 => {
                rules.expire_tail();
                tail = false;
                continue;
            }
            6 => {
                rules.reset();
                tail = false;
                ended = true;
                continue;
            }
            _ => continue,
        };
        if !tail {
            assert_eq!(word & (DROP | TAIL_ACTIVE), 0, "nothing aborted, nothing dropped");
        }
        tail = word & TAIL_ACTIVE != 0;
    }
});
