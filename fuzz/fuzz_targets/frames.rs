//! The BIDI frame codec and the stream-ending rules (src/transport/frame, stream_rules.rs) on a
//! sequence of arbitrary frames, as a socket delivers them. The input is split at 0xFF bytes into
//! frames: a frame that is not UTF-8 stands for a binary frame, a frame of the single byte 0xFE for
//! a new request (`start_response`), any other frame is a text frame.
//!
//! The codec runs as the transport runs it: the frame cut into events (`for_each_event`), each
//! event's JSON parsed once and its few fields read into the codec's typed structs (`classify`);
//! serde_json stands in for `JSON.parse` and for the browser's field reads. Besides "never panics",
//! it checks:
//! - the events are the frame's blank-line-separated blocks, in order;
//! - a JSON object with a string `type` is delivered as a chunk, the parsed value unchanged (audio
//!   and pongs aside), with that type; `[DONE]` is the end; a pong outside `data:` is a pong;
//!   everything else is a malformed report with a reason;
//! - nothing that arrived is dropped: a chunk is always delivered, `[DONE]` ends a response only if
//!   a chunk came since the last end;
//! - every outgoing frame built from arbitrary ids is JSON that carries those ids exactly.
#![no_main]

use adk_stream_wasm::transport::frame::{
    self, audio_chunk_frame, base64, classify, for_each_event, is_base64, message_frame,
    tool_result_frame, Incoming, JsonReader, Malformed, Trigger,
};
use adk_stream_wasm::transport::stream_rules::{ResponseRules, Step};
use libfuzzer_sys::fuzz_target;
use serde::de::DeserializeOwned;
use serde_json::Value;

/// `JSON.parse` and the field reads, as serde_json does them.
struct SerdeJson;

impl<'a> JsonReader<&'a str> for SerdeJson {
    type Value = Value;

    fn parse(&self, text: &&'a str) -> Result<Value, String> {
        serde_json::from_str(text).map_err(|e| e.to_string())
    }

    fn is_object(&self, value: &Value) -> bool {
        value.is_object()
    }

    fn read<F: DeserializeOwned>(&self, value: &Value) -> Option<F> {
        F::deserialize(value).ok()
    }
}

/// What one event's payload is, when it is a chunk: `Some((value, type))`.
fn oracle_chunk(event: &str) -> Option<(Value, String)> {
    let payload = event.strip_prefix("data:")?.trim();
    if payload == "[DONE]" {
        return None;
    }
    let value: Value = serde_json::from_str(payload).ok()?;
    let chunk_type = value.get("type")?.as_str()?.to_string();
    (chunk_type != "data-pcm" && chunk_type != "pong").then_some((value, chunk_type))
}

fn check_text_frame(text: &str, rules: &mut ResponseRules, since_end: &mut usize) {
    let mut events = Vec::new();
    let any = for_each_event(&text, |event| events.push(classify(&SerdeJson, event)));
    let expected: Vec<&str> = text
        .split("\n\n")
        .map(str::trim)
        .filter(|e| !e.is_empty())
        .collect();
    assert_eq!(any, !expected.is_empty(), "events of {text:?}");
    assert_eq!(events.len(), expected.len(), "event count of {text:?}");
    for (event, raw) in events.iter().zip(&expected) {
        if let Some((value, chunk_type)) = oracle_chunk(raw) {
            match event {
                Incoming::Chunk {
                    value: found,
                    chunk_type: found_type,
                } => {
                    assert_eq!(found, &value, "the chunk is not passed on unchanged: {raw:?}");
                    assert_eq!(found_type, &chunk_type, "chunk type differs in {raw:?}");
                }
                other => panic!("a valid chunk was not delivered: {raw:?} -> {other:?}"),
            }
        }
        if raw.strip_prefix("data:").map(str::trim) == Some("[DONE]") {
            assert_eq!(event, &Incoming::Done, "{raw:?}");
        }
        match event {
            Incoming::Chunk { chunk_type, .. } => {
                assert!(raw.starts_with("data:"), "a chunk outside data: {raw:?}");
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
            Incoming::Audio(audio) => {
                assert!(audio.sample_rate > 0 && audio.channels > 0 && audio.bit_depth > 0)
            }
            Incoming::Pong { .. } => {}
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
