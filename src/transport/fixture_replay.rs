//! Replays the recorded BIDI backend conversations (`../shared/fixtures` beside the project, MIT,
//! see the LICENSE there) through the codec and the stream rules: every frame is understood, the
//! chunks come out as recorded, and the conversation splits into response streams where SPEC §5
//! says.

use serde_json::Value;

use super::frame::test_reader::incoming;
use super::frame::Incoming;
use super::stream_rules::{ResponseRules, Step};

struct Replay {
    /// The chunks of each response stream, in order.
    streams: Vec<Vec<Value>>,
    done_count: usize,
}

fn replay(fixture: &str) -> (Replay, Vec<Value>) {
    let fixture: Value = serde_json::from_str(fixture).unwrap();
    let output = &fixture["output"];
    let raw_events = output["rawEvents"].as_array().unwrap();
    let expected = output["expectedChunks"].as_array().unwrap().clone();

    let mut rules = ResponseRules::new();
    rules.start_response();
    let mut streams = vec![Vec::new()];
    let mut done_count = 0;
    for raw in raw_events {
        let frame = raw.as_str().unwrap();
        for event in incoming(frame) {
            match event {
                Incoming::Chunk { value, chunk_type } => {
                    let step = rules.on_chunk(&chunk_type);
                    streams.last_mut().unwrap().push(value);
                    if step == Step::DeliverThenEnd {
                        streams.push(Vec::new());
                        // The user answers; the answer is a new request.
                        rules.start_response();
                    }
                }
                Incoming::Done => {
                    assert_eq!(rules.on_done(), Step::End);
                    done_count += 1;
                    streams.push(Vec::new());
                }
                other => panic!("unexpected event {other:?} in {frame}"),
            }
        }
    }
    assert!(
        streams.pop().unwrap().is_empty(),
        "chunks after the last [DONE]"
    );
    (
        Replay {
            streams,
            done_count,
        },
        expected,
    )
}

/// Chunks compared as JSON values: the recorded expectations differ from the frames in spacing and
/// in `\uXXXX` escapes, which parsing removes.
fn same_json(a: &Value, b: &Value) -> bool {
    a == b
}

fn check(fixture: &str, expected_stream_sizes: &[usize]) {
    let (replay, expected) = replay(fixture);
    assert_eq!(replay.done_count, 1);
    let sizes: Vec<usize> = replay.streams.iter().map(Vec::len).collect();
    assert_eq!(sizes, expected_stream_sizes);
    let all: Vec<&Value> = replay.streams.iter().flatten().collect();
    assert_eq!(all.len(), expected.len());
    for (got, want) in all.iter().zip(&expected) {
        assert!(same_json(got, want), "{got} != {want}");
    }
}

#[test]
fn fixture_process_payment_approved_splits_at_finish_step_after_approval_and_done() {
    check(
        include_str!("../../../shared/fixtures/process_payment-approved-bidi-baseline.json"),
        &[12, 7],
    );
}

#[test]
fn fixture_process_payment_denied_splits_at_finish_step_after_approval_and_done() {
    let (replay, _) = replay(include_str!(
        "../../../shared/fixtures/process_payment-denied-bidi-baseline.json"
    ));
    assert_eq!(replay.streams.len(), 2);
    assert_eq!(
        replay.streams[0].last(),
        Some(&serde_json::json!({"type": "finish-step"}))
    );
}

#[test]
fn fixture_multiple_payments_sequential_gives_three_streams() {
    let (replay, expected) = replay(include_str!(
        "../../../shared/fixtures/multiple-payments-sequential-bidi-baseline.json"
    ));
    assert_eq!(
        replay.streams.len(),
        3,
        "Alice's approval, Bob's approval, the final text (F7)"
    );
    assert_eq!(
        replay.streams.iter().map(Vec::len).sum::<usize>(),
        expected.len()
    );
}

#[test]
fn fixture_backend_tools_give_one_stream() {
    for fixture in [
        include_str!("../../../shared/fixtures/change_bgm-bidi-baseline.json"),
        include_str!("../../../shared/fixtures/get_weather-bidi-baseline.json"),
    ] {
        let (replay, expected) = replay(fixture);
        assert_eq!(replay.streams.len(), 1, "F14: one request");
        assert_eq!(replay.streams[0].len(), expected.len());
    }
}
