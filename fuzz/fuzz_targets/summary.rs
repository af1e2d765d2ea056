//! `summary::parse`, the one reader of the boundary's summaries, on arbitrary strings (a glue bug,
//! a hand-made call, a hostile id): it never panics; a well-formed result keeps its invariants
//! (`adk_fuzz::check_parsed`: one part per record, ids real and free of separators); and whatever
//! it returns, every engine kind, the runner and the approval helpers' Rust side hold the
//! properties of `adk_fuzz::check_decisions`. Byte 0 of the input, when odd, marks `c1`'s output
//! as the browser's first.
#![no_main]

use adk_fuzz::{check_decisions, check_parsed, Render};
use adk_stream_wasm::model::summary::parse;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let (marks, text) = data.split_first().map_or((0, data), |(m, rest)| (*m, rest));
    let summary = String::from_utf8_lossy(text);
    let parsed = parse(&summary);
    match &parsed {
        Ok(message) => check_parsed(&summary, message),
        Err(why) => {
            let _ = why.describe();
        }
    }
    let mut renders = Vec::new();
    if marks & 1 == 1 {
        renders.push(Render::Mark("c1"));
    }
    renders.push(Render::Message(parsed));
    check_decisions(&renders);
});
