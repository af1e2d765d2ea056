//! The `records` target: arbitrary words and a part count through `records::decode`, checked
//! against an independent reading of the layout (`src/model/records.rs`), then the decoded message
//! through [`check_decisions`].

use crate::chats::Render;
use crate::properties::check_decisions;
use adk_stream_wasm::model::records::{
    self, decode, decode_into, encode, APPROVAL, APPROVED, DENIED, HEADER_WORDS, KIND_TOOL,
    MALFORMED_RECORD, PART_WORDS,
};
use adk_stream_wasm::model::{Handle, LastMessage, Malformed, Part, Role};

/// The `records` input: byte 0 holds the marks (bit `i` marks the toolCallId of the message's
/// `i`-th tool part as the browser's output before the decision), bytes 1–2 the part count
/// (little-endian; 0xFFFF stands for `usize::MAX`, 0xFFFE for a count whose word length overflows),
/// the rest the words (little-endian; a trailing partial word is dropped).
pub fn records_input(data: &[u8]) -> (u8, usize, Vec<u32>) {
    let marks = data.first().copied().unwrap_or(0);
    let count = match data.get(1..3) {
        Some(&[lo, hi]) => match u16::from_le_bytes([lo, hi]) {
            0xFFFF => usize::MAX,
            0xFFFE => usize::MAX / PART_WORDS + 1,
            n => n as usize,
        },
        _ => 0,
    };
    let words = data
        .get(3..)
        .unwrap_or(&[])
        .chunks_exact(4)
        .map(|w| u32::from_le_bytes([w[0], w[1], w[2], w[3]]))
        .collect();
    (marks, count, words)
}

/// The bytes of a `records` input (the inverse of [`records_input`] for counts below 0xFFFE).
pub fn records_bytes(marks: u8, count: usize, words: &[u32]) -> Vec<u8> {
    let mut bytes = vec![marks];
    bytes.extend_from_slice(&(count as u16).to_le_bytes());
    for word in words {
        bytes.extend_from_slice(&word.to_le_bytes());
    }
    bytes
}

/// Whether a part record is readable, read from the layout of `src/model/records.rs` on its own
/// (not through `decode`).
fn record_readable(word: u32) -> bool {
    match word & 0xf {
        0..=3 => true,
        KIND_TOOL => {
            let flags = word >> 8;
            let both = APPROVED | DENIED;
            ((word >> 4) & 0xf) < 7 && !(flags & APPROVAL != 0 && flags & both == both)
        }
        _ => false,
    }
}

/// `records`: `decode` never panics and agrees with the layout: the header's malformation is
/// passed on as it is, a missing `parts` is `None`, too few words or an unreadable record is
/// `MALFORMED_RECORD` at the first unreadable record, and anything else is a message of `count`
/// parts; `decode_into` (reusing a dirty buffer) reads the same; what decodes survives `encode`
/// and `decode` again. Then the chat "marks, the message, the message again" goes through
/// [`check_decisions`].
pub fn check_records(data: &[u8]) {
    let (marks, count, words) = records_input(data);
    let message = decode(&words, count);
    let stale = vec![Part::Text, Part::Other, Part::StepStart];
    assert_eq!(
        decode_into(&words, count, stale),
        message,
        "decode_into differs"
    );
    let bad = |index: usize| {
        Err(Malformed {
            code: MALFORMED_RECORD,
            index: index as u32,
        })
    };
    // The oracle.
    if words.len() < HEADER_WORDS {
        assert_eq!(message, bad(0), "a short header: {words:?}");
    } else if words[2] != 0 {
        let expected = Err(Malformed {
            code: words[2],
            index: words[3],
        });
        assert_eq!(
            message, expected,
            "the glue's malformation is not passed on"
        );
    } else if words[1] != 0 {
        let expected = Ok(LastMessage {
            role: Role::from_code(words[0]),
            parts: None,
        });
        assert_eq!(message, expected, "missing parts: {words:?}");
    } else if (words.len() - HEADER_WORDS) / PART_WORDS < count {
        assert_eq!(message, bad(0), "fewer records than the count {count}");
    } else {
        let records = &words[HEADER_WORDS..HEADER_WORDS + count * PART_WORDS];
        match records
            .chunks_exact(PART_WORDS)
            .position(|r| !record_readable(r[0]))
        {
            Some(at) => assert_eq!(message, bad(at), "record {at} is unreadable"),
            None => {
                let Ok(m) = &message else {
                    panic!("readable records refused: {message:?} {words:?}")
                };
                assert_eq!(m.role, Role::from_code(words[0]));
                let parts = m.parts.as_ref().expect("parts");
                assert_eq!(parts.len(), count);
                for (part, record) in parts.iter().zip(records.chunks_exact(PART_WORDS)) {
                    if let Part::Tool(tool) = part {
                        assert_eq!(tool.tool_call_id, record[1]);
                        assert_eq!(tool.state.code(), (record[0] >> 4) & 0xf);
                        if let Some(approval) = tool.approval {
                            assert_eq!(approval.id, record[2]);
                        }
                    }
                }
            }
        }
    }
    let (again, again_count) = encode(&message);
    assert_eq!(
        decode(&again, again_count),
        message,
        "encode then decode changes the message"
    );
    assert_eq!(records::encode(&decode(&again, again_count)).0, again);

    let mut renders = Vec::new();
    if let Ok(m) = &message {
        let tools: Vec<Handle> = m.tool_parts().map(|(_, t)| t.tool_call_id).collect();
        for (bit, id) in tools.iter().take(8).enumerate() {
            if marks & (1 << bit) != 0 {
                renders.push(Render::Mark(*id));
            }
        }
    }
    renders.push(Render::Message(message.clone()));
    renders.push(Render::Message(message));
    check_decisions(&renders);
}
