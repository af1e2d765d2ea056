//! The incoming rules with serde_json standing in for `JSON.parse` (the browser path runs the same
//! code on JS strings; tests/bidi_transport_chromium.rs covers it there).

use super::*;
use crate::transport::frame::test_reader::incoming;
use serde_json::{json, Value};

fn chunk(value: Value) -> Incoming<Value> {
    let chunk_type = value["type"].as_str().unwrap().to_string();
    Incoming::Chunk { value, chunk_type }
}

#[test]
fn rule_data_chunk_is_passed_on_unchanged() {
    let frame = "data: {\"type\": \"text-delta\", \"id\": \"t\", \"delta\": \"\\u6b21\"}\n\n";
    assert_eq!(
        incoming(frame),
        vec![chunk(
            json!({"type": "text-delta", "id": "t", "delta": "次"})
        )]
    );
}

#[test]
fn rule_done_ends_the_response() {
    assert_eq!(incoming("data: [DONE]\n\n"), vec![Incoming::Done]);
    // Without the blank line, or without the space after `data:`, it is still [DONE].
    assert_eq!(incoming("data:[DONE]"), vec![Incoming::Done]);
}

#[test]
fn rule_pong_without_data_prefix_gives_its_timestamp() {
    assert_eq!(
        incoming("{\"type\":\"pong\",\"timestamp\":1700000000123}"),
        vec![Incoming::Pong {
            timestamp: 1_700_000_000_123
        }]
    );
    assert_eq!(
        incoming("{\"type\":\"pong\"}"),
        vec![Incoming::Malformed(Malformed::PongWithoutTimestamp)]
    );
    assert_eq!(
        incoming("{\"type\":\"pong\",\"timestamp\":-1}"),
        vec![Incoming::Malformed(Malformed::PongWithoutTimestamp)]
    );
}

#[test]
fn rule_data_pcm_goes_to_audio_not_to_the_stream() {
    let nested = "data: {\"type\":\"data-pcm\",\"data\":{\"content\":\"AAEC\",\"sampleRate\":16000,\"channels\":2,\"bitDepth\":16}}\n\n";
    let audio = |sample_rate, channels| {
        Incoming::Audio(Audio {
            content: "AAEC".into(),
            sample_rate,
            channels,
            bit_depth: 16,
        })
    };
    assert_eq!(incoming(nested), vec![audio(16_000, 2)]);
    let flat = "data: {\"type\":\"data-pcm\",\"content\":\"AAEC\"}\n\n";
    assert_eq!(incoming(flat), vec![audio(24_000, 1)]);
    // An odd format field falls back to the default; it never costs the audio.
    let odd = "data: {\"type\":\"data-pcm\",\"content\":\"AAEC\",\"sampleRate\":\"fast\",\"channels\":[2]}\n\n";
    assert_eq!(incoming(odd), vec![audio(24_000, 1)]);
    assert_eq!(
        incoming("data: {\"type\":\"data-pcm\",\"data\":{}}\n\n"),
        vec![Incoming::Malformed(Malformed::AudioWithoutContent)]
    );
}

#[test]
fn rule_bad_json_is_malformed_and_says_why() {
    let events = incoming("data: {\"type\": \"text-delta\", \"delta\": }\n\n");
    let [Incoming::Malformed(malformed @ Malformed::BadJson(_))] = events.as_slice() else {
        panic!("{events:?}");
    };
    assert!(malformed
        .describe()
        .starts_with("the chunk after 'data: ' is not JSON ("));
}

#[test]
fn rule_unknown_shape_is_malformed() {
    assert_eq!(
        incoming("data: [1,2]\n\n"),
        vec![Incoming::Malformed(Malformed::NotAnObject)]
    );
    assert_eq!(
        incoming("data: {\"id\":1}\n\n"),
        vec![Incoming::Malformed(Malformed::NoType)]
    );
    assert_eq!(
        incoming("data: {\"type\":7}\n\n"),
        vec![Incoming::Malformed(Malformed::NoType)]
    );
    assert_eq!(
        incoming("event: hello"),
        vec![Incoming::Malformed(Malformed::UnknownFrame(
            "event: hello".into()
        ))]
    );
    assert_eq!(
        incoming("{\"type\":\"start\"}"),
        vec![Incoming::Malformed(Malformed::UnknownFrame(
            "{\"type\":\"start\"}".into()
        ))]
    );
    assert_eq!(
        incoming("\n\n"),
        vec![Incoming::Malformed(Malformed::Empty)]
    );
}

#[test]
fn rule_several_events_in_one_frame_come_out_in_order() {
    let frame = "data: {\"type\":\"start\"}\n\ndata: {\"type\":\"finish\"}\n\ndata: [DONE]\n\n";
    assert_eq!(
        incoming(frame),
        vec![
            chunk(json!({"type": "start"})),
            chunk(json!({"type": "finish"})),
            Incoming::Done
        ]
    );
}
