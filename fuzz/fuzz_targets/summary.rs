//! The decision engine on arbitrary summary strings: `parse` and every engine kind, the runner and
//! the approval helpers' Rust side must never panic, whatever string crosses the boundary (a glue
//! bug, a hand-made call). Byte 0 of the input picks the engine's starting memory.
#![no_main]

use adk_fuzz::{engines, is_frontend, requires_approval};
use adk_stream_wasm::approvals::{check_answerable, check_batch, pending_approvals};
use adk_stream_wasm::model::summary::parse;
use adk_stream_wasm::runner::Runner;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let (marks, text) = data.split_first().map_or((0, data), |(m, rest)| (*m, rest));
    let summary = String::from_utf8_lossy(text);
    let parsed = parse(&summary);
    if let Err(why) = &parsed {
        let _ = why.describe();
    }
    for mut engine in engines() {
        if marks & 1 == 1 {
            engine.mark_browser_output("c1");
        }
        let explained = engine.explain(&parsed, &is_frontend);
        assert!(!explained.verdict.detail().is_empty());
        let sent = engine.should_send(&parsed, &is_frontend);
        assert_eq!(sent, explained.send());
        if sent {
            assert!(
                !engine.should_send(&parsed, &is_frontend),
                "sent twice: {summary:?}"
            );
        }
    }
    if let Ok(message) = &parsed {
        let mut runner = Runner::new();
        let first = runner.claim(message, &is_frontend, &requires_approval);
        assert!(runner
            .claim(message, &is_frontend, &requires_approval)
            .is_empty());
        for call in &first {
            assert!(runner.is_claimed(call.tool_call_id));
        }
        let pending = pending_approvals(message);
        let _ = check_answerable(&pending, "c1").map_err(|e| e.message());
        let ids: Vec<&str> = pending.iter().map(|p| p.approval_id).collect();
        let _ = check_batch(&pending, &ids).map_err(|e| e.message());
    }
});
