//! The BIDI frame codec and the stream-ending rules (src/transport/frame.rs, stream_rules.rs) on a
//! sequence of arbitrary frames, as a socket delivers them. The input is split at 0xFF bytes into
//! frames: a frame that is not UTF-8 stands for a binary frame, a frame of the single byte 0xFE for
//! a new request (`start_response`), any other frame is a text frame.
//!
//! Besides "never panics", it checks:
//! - every event of a text frame is classified as `JSON.parse` would read it (serde_json is the
//!   oracle): valid JSON objects with a string `type` are chunks, passed on verbatim, whose type is
//!   the one `JSON.parse` keeps; a chunk the codec lets through is JSON (lone surrogates, depth and
//!   number range aside, where JS is laxer than serde_json);
//! - nothing that arrived is dropped: a chunk is always delivered, `[DONE]` ends a response only if
//!   a chunk came since the last end;
//! - every outgoing frame built from arbitrary ids is JSON that carries those ids exactly.
#![no_main]

use adk_stream_wasm::transport::frame::{
    self, audio_chunk_frame, base64, incoming, is_base64, message_frame, tool_result_frame,
    Incoming, Malformed, Trigger,
};
use adk_stream_wasm::transport::stream_rules::{ResponseRules, Step};
use libfuzzer_sys::fuzz_target;
use serde_json::Value;

/// serde_json refuses some texts `JSON.parse` takes; those are not the codec's fault.
fn js_would_accept(error: &serde_json::Error) -> bool {
    let text = error.to_string();
    text.contains("surrogate") || text.contains("recursion limit") || text.contains("out of range")
}

/// What `JSON.parse` makes of one event's payload, when it is a chunk: `Some(type)`.
fn oracle_chunk_type(event: &str) -> Option<String> {
    let payload = event.strip_prefix("data:")?;
    let payload = payload.strip_prefix(' ').unwrap_or(payload).trim();
    if payload == "[DONE]" {
        return None;
    }
    let value: Value = serde_json::from_str(payload).ok()?;
    let chunk_type = value.get("type")?.as_str()?.to_string();
    (chunk_type != "data-pcm" && chunk_type != "pong").then_some(chunk_type)
}

fn check_text_frame(text: &str, rules: &mut ResponseRules, since_end: &mut usize) {
    let events = incoming(text);
    let expected: Vec<&str> = text
        .split("\n\n")
        .map(str::trim)
        .filter(|e| !e.is_empty())
        .collect();
    if expected.is_empty() {
        assert_eq!(events, vec![Incoming::Malformed(Malformed::Empty)]);
        return;
    }
    assert_eq!(events.len(), expected.len(), "event count of {text:?}");
    let range = text.as_ptr() as usize..text.as_ptr() as usize + text.len();
    for (event, raw) in events.iter().zip(&expected) {
        if let Some(chunk_type) = oracle_chunk_type(raw) {
            match event {
                Incoming::Chunk {
                    chunk_type: found, ..
                } => assert_eq!(
                    found.as_ref(),
                    chunk_type,
                    "chunk type differs from JSON.parse's in {raw:?}"
                ),
                other => panic!("a valid chunk was not delivered: {raw:?} -> {other:?}"),
            }
        }
        match event {
            Incoming::Chunk { json, chunk_type } => {
                let start = json.as_ptr() as usize;
                assert!(
                    range.contains(&start) || json.is_empty(),
                    "chunk text not borrowed from the frame"
                );
                match serde_json::from_str::<Value>(json) {
                    Ok(value) => {
                        assert!(value.is_object(), "a chunk that is not an object: {json:?}");
                        assert_eq!(
                            value.get("type").and_then(Value::as_str),
                            Some(chunk_type.as_ref())
                        );
                    }
                    Err(error) => assert!(
                        js_would_accept(&error),
                        "the codec passed on non-JSON {json:?}: {error}"
                    ),
                }
                let step = rules.on_chunk(chunk_type);
                assert!(
                    matches!(
                        step,
                        Step::Deliver | Step::DeliverAwaitingAnswer | Step::DeliverThenEnd
                    ),
                    "a chunk was not delivered: {step:?}"
                );
                if step == Step::DeliverThenEnd {
                    assert_eq!(chunk_type, "finish-step");
                    *since_end = 0;
                } else {
                    *since_end += 1;
                }
                if step == Step::DeliverAwaitingAnswer {
                    assert_eq!(chunk_type, "tool-approval-request");
                    assert!(rules.approval_requested());
                }
            }
            Incoming::Done => {
                let step = rules.on_done();
                assert_eq!(
                    step == Step::End,
                    *since_end > 0,
                    "[DONE] after {since_end} chunk(s) gave {step:?}"
                );
                assert!(matches!(step, Step::End | Step::Ignore));
                *since_end = 0;
            }
            Incoming::Malformed(why) => assert!(!why.describe().is_empty()),
            Incoming::Pong { .. } | Incoming::Audio(_) => {}
        }
    }
}

fn check_outgoing(id: &str, bytes: &[u8], timestamp: u64) {
    let frame = message_frame(timestamp, id, "[]", Trigger::SubmitMessage, Some(id));
    let value: Value = serde_json::from_str(&frame).unwrap_or_else(|e| panic!("{frame:?}: {e}"));
    assert_eq!(value["type"], "message");
    assert_eq!(value["version"], frame::VERSION);
    assert_eq!(value["timestamp"].as_u64(), Some(timestamp));
    assert_eq!(value["id"].as_str(), Some(id));
    assert_eq!(value["messageId"].as_str(), Some(id));
    assert_eq!(value["messages"], Value::Array(Vec::new()));

    let frame = tool_result_frame(timestamp, id, "{\"ok\":true}");
    let value: Value = serde_json::from_str(&frame).unwrap_or_else(|e| panic!("{frame:?}: {e}"));
    assert_eq!(value["toolCallId"].as_str(), Some(id));

    let encoded = base64(bytes);
    assert!(is_base64(&encoded));
    let frame = audio_chunk_frame(timestamp, &encoded, 16_000, 1, 16);
    let value: Value = serde_json::from_str(&frame).unwrap_or_else(|e| panic!("{frame:?}: {e}"));
    assert_eq!(value["chunk"].as_str(), Some(encoded.as_str()));
}

fuzz_target!(|data: &[u8]| {
    let mut rules = ResponseRules::new();
    // Chunks since the last end of a response; the rules start with nothing in progress.
    let mut since_end = 0usize;
    for raw in data.split(|b| *b == 0xFF) {
        if raw == [0xFE] {
            rules.start_response();
            continue;
        }
        match std::str::from_utf8(raw) {
            Ok(text) => {
                check_text_frame(text, &mut rules, &mut since_end);
                check_outgoing(text, raw, raw.len() as u64 * 1_000_003);
            }
            Err(_) => assert!(!Malformed::Binary(raw.len()).describe().is_empty()),
        }
    }
});
