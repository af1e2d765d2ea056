//! The integer records that carry a last message across the JS→WASM boundary.
//!
//! The glue (`js/core/records.js`, the one writer) walks the last message's parts once and writes them
//! into a `u32` buffer in WebAssembly memory. The approval helpers and the tool runner read them
//! with [`read`] (is it a well-formed message?) and [`walk`] (its part records, one by one); the
//! decision reads them itself, in one pass (`engine::decide_records`). [`decode`] builds a
//! [`Message`] from them for the native tests and the fuzz targets, and a property test
//! (`tests/properties.rs`) holds it and the decision's pass to the same decisions on any words.
//! None of them decodes in the core module. Nothing but numbers
//! crosses: ids are handles of the engine's intern table, a tool's name is resolved into flags,
//! and what the glue could not read is a malformation code. Inputs, outputs and earlier messages
//! never cross, so the cost does not grow with history length or output size.
//!
//! ```text
//! buffer  = header part*
//! header  = role  parts-missing  malformed-code  malformed-index          (HEADER_WORDS)
//! part    = word0  toolCallId-handle  approvalId-handle                   (PART_WORDS)
//! word0   = kind | state << 4 | flags << 8
//! kind    = 0 other | 1 text | 2 reasoning | 3 step-start | 4 tool
//! state   = ToolState's code (tool parts only)
//! flags   = APPROVAL | APPROVED | DENIED | AUTOMATIC | FRONTEND | REQUIRES_APPROVAL | FAILED
//! ```
//! A record Rust cannot read (an unknown kind or state, an answer both approved and denied, a
//! buffer shorter than its count) is malformed input, [`MALFORMED_RECORD`]; never a panic.

use alloc::vec::Vec;

use super::{Approval, Handle, LastMessage, Malformed, Message, Part, Role, ToolPart, ToolState};

pub const HEADER_WORDS: usize = 4;
pub const PART_WORDS: usize = 3;

/// The header's words, by position.
pub mod header {
    pub const ROLE: usize = 0;
    pub const PARTS_MISSING: usize = 1;
    pub const MALFORMED_CODE: usize = 2;
    pub const MALFORMED_INDEX: usize = 3;
}

/// A part record's words, by position.
pub mod part {
    pub const WORD: usize = 0;
    pub const TOOL_CALL_ID: usize = 1;
    pub const APPROVAL_ID: usize = 2;
}

/// Where the state and the flags sit in a part's first word (below the state: the kind).
pub const STATE_SHIFT: u32 = 4;
pub const FLAGS_SHIFT: u32 = 8;
/// The kind's bits, and the state's bits after [`STATE_SHIFT`], of a part record's first word.
pub const NIBBLE: u32 = 0xf;

pub const KIND_OTHER: u32 = 0;
pub const KIND_TEXT: u32 = 1;
pub const KIND_REASONING: u32 = 2;
pub const KIND_STEP_START: u32 = 3;
pub const KIND_TOOL: u32 = 4;

/// `part.approval` is an object.
pub const APPROVAL: u32 = 1;
/// `approval.approved === true`.
pub const APPROVED: u32 = 2;
/// `approval.approved === false`.
pub const DENIED: u32 = 4;
/// `approval.isAutomatic === true`.
pub const AUTOMATIC: u32 = 8;
pub const FRONTEND: u32 = 16;
pub const REQUIRES_APPROVAL: u32 = 32;
/// A non-empty legacy `error` field (SPEC D29).
pub const FAILED: u32 = 64;

/// Rust's own malformation code: the records themselves are not readable. The glue's codes are
/// below it.
pub const MALFORMED_RECORD: u32 = 255;
/// Not a malformation: the message list is empty (a new chat), so there is no last message. The
/// header carries it where a malformation's code goes, the one word that says "no message here".
pub const NO_MESSAGES: u32 = 254;

/// Reads `count` part records after the header. Never panics, whatever the words.
pub fn decode(words: &[u32], count: usize) -> Message {
    decode_into(words, count, Vec::new())
}

/// [`decode`] into `parts`' allocation (cleared first), so a caller that hands each message's
/// parts back allocates once, not once per decision.
pub fn decode_into(words: &[u32], count: usize, mut parts: Vec<Part>) -> Message {
    let (role, records) = read(words, count)?;
    let Some(records) = records else {
        return Ok(LastMessage { role, parts: None });
    };
    parts.clear();
    parts.reserve(count);
    for record in walk(records) {
        let part = decode_part(record.word, record.tool_call_id, record.approval_id);
        parts.push(part.ok_or(Malformed {
            code: MALFORMED_RECORD,
            index: record.index as u32,
        })?);
    }
    Ok(LastMessage {
        role,
        parts: Some(parts),
    })
}

/// The role and the part records of a well-formed message (`None` when its parts are missing), or
/// why the records are not one: the glue's malformation, fewer words than the count, or an
/// unreadable record. Every record is checked, as [`decode`] reads them; the approval helpers and
/// the tool runner read the records through this, without a decode.
pub fn read(words: &[u32], count: usize) -> Result<(Role, Option<&[u32]>), Malformed> {
    let (role, records) = read_header(words, count)?;
    for part in walk(records.unwrap_or(&[])) {
        if !readable(part.word) {
            return Err(Malformed {
                code: MALFORMED_RECORD,
                index: part.index as u32,
            });
        }
    }
    Ok((role, records))
}

/// [`read`] without checking the part records: the header's role and the `count` part records
/// after it (`None` when the parts are missing), or the header's malformation. The decision checks
/// the records in its own pass.
#[inline(always)]
pub fn read_header(words: &[u32], count: usize) -> Result<(Role, Option<&[u32]>), Malformed> {
    let bad = Malformed {
        code: MALFORMED_RECORD,
        index: 0,
    };
    let Some(&[role, parts_missing, code, index]) = words.get(..HEADER_WORDS) else {
        return Err(bad);
    };
    const _: () = assert!(
        header::ROLE == 0
            && header::PARTS_MISSING == 1
            && header::MALFORMED_CODE == 2
            && header::MALFORMED_INDEX == 3
    );
    if code != 0 {
        return Err(Malformed { code, index });
    }
    let role = Role::from_code(role);
    if parts_missing != 0 {
        return Ok((role, None));
    }
    let records = count
        .checked_mul(PART_WORDS)
        .and_then(|len| words.get(HEADER_WORDS..)?.get(..len))
        .ok_or(bad)?;
    Ok((role, Some(records)))
}

/// One part record, read.
#[derive(Clone, Copy, Debug)]
pub struct PartRecord {
    /// The part's index in the message.
    pub index: usize,
    pub word: u32,
    pub tool_call_id: Handle,
    pub approval_id: Handle,
}

impl PartRecord {
    pub fn is_tool(&self) -> bool {
        self.word & NIBBLE == KIND_TOOL
    }

    /// The tool state's code (a tool part's).
    pub fn state(&self) -> u32 {
        (self.word >> STATE_SHIFT) & NIBBLE
    }

    /// Whether the part has a flag (a tool part's: [`APPROVAL`], [`FRONTEND`], …).
    pub fn has(&self, flag: u32) -> bool {
        (self.word >> FLAGS_SHIFT) & flag != 0
    }
}

/// The part records in order, by slice pattern: no index to check and no division by the record
/// size (`chunks_exact` keeps one, with a panic for a division by zero, in the size-tuned build).
pub fn walk(records: &[u32]) -> impl Iterator<Item = PartRecord> + '_ {
    const _: () = assert!(part::WORD == 0 && part::TOOL_CALL_ID == 1 && part::APPROVAL_ID == 2);
    let (mut rest, mut index) = (records, 0);
    core::iter::from_fn(move || {
        let &[word, tool_call_id, approval_id, ref later @ ..] = rest else {
            return None;
        };
        let part = PartRecord {
            index,
            word,
            tool_call_id,
            approval_id,
        };
        (rest, index) = (later, index + 1);
        Some(part)
    })
}

/// Whether a part record's first word can be read: a known kind, and for a tool a known state and
/// an approval that is not both approved and denied. The one rule of both readers: [`decode`] and
/// the decision's one pass (`engine::decide_records`).
#[inline(always)]
pub fn readable(word: u32) -> bool {
    let kind = word & NIBBLE;
    if kind != KIND_TOOL {
        return kind < KIND_TOOL;
    }
    let flags = word >> FLAGS_SHIFT;
    ToolState::from_code((word >> STATE_SHIFT) & NIBBLE).is_some()
        && !(flags & APPROVAL != 0 && flags & APPROVED != 0 && flags & DENIED != 0)
}

fn decode_part(word: u32, tool_call_id: Handle, approval_id: Handle) -> Option<Part> {
    if !readable(word) {
        return None;
    }
    let flags = word >> FLAGS_SHIFT;
    // The parts that are not tools, by kind code: a lookup, not a branch per kind, which a
    // message whose leading parts change order between snapshots keeps mispredicting.
    const NOT_TOOLS: [Part; 4] = [Part::Other, Part::Text, Part::Reasoning, Part::StepStart];
    const _: () =
        assert!(KIND_OTHER == 0 && KIND_TEXT == 1 && KIND_REASONING == 2 && KIND_STEP_START == 3);
    let kind = word & NIBBLE;
    if kind != KIND_TOOL {
        return NOT_TOOLS.get(kind as usize).copied();
    }
    let state = ToolState::from_code((word >> STATE_SHIFT) & NIBBLE)?;
    let approval = if flags & APPROVAL != 0 {
        // `readable` refused a word both approved and denied.
        let approved = if flags & APPROVED != 0 {
            Some(true)
        } else if flags & DENIED != 0 {
            Some(false)
        } else {
            None
        };
        Some(Approval {
            id: approval_id,
            approved,
            automatic: flags & AUTOMATIC != 0,
        })
    } else {
        None
    };
    Some(Part::Tool(ToolPart {
        tool_call_id,
        state,
        approval,
        frontend: flags & FRONTEND != 0,
        requires_approval: flags & REQUIRES_APPROVAL != 0,
        failed: flags & FAILED != 0,
    }))
}

/// The records of a message, as the glue writes them: the inverse of [`decode`], for tests and
/// the fuzz targets. Returns the words and the part count.
pub fn encode(message: &Message) -> (Vec<u32>, usize) {
    let mut words = Vec::new();
    match message {
        Err(why) => {
            words.extend_from_slice(&[0, 0, why.code, why.index]);
            (words, 0)
        }
        Ok(message) => {
            let role = message.role as u32;
            words.extend_from_slice(&[role, message.parts.is_none() as u32, 0, 0]);
            let parts = message.parts.as_deref().unwrap_or(&[]);
            for part in parts {
                words.extend_from_slice(&encode_part(part));
            }
            (words, parts.len())
        }
    }
}

fn encode_part(part: &Part) -> [u32; PART_WORDS] {
    match part {
        Part::Other => [KIND_OTHER, 0, 0],
        Part::Text => [KIND_TEXT, 0, 0],
        Part::Reasoning => [KIND_REASONING, 0, 0],
        Part::StepStart => [KIND_STEP_START, 0, 0],
        Part::Tool(tool) => {
            let mut flags = 0;
            let mut approval_id = 0;
            if let Some(approval) = tool.approval {
                flags |= APPROVAL;
                approval_id = approval.id;
                flags |= match approval.approved {
                    Some(true) => APPROVED,
                    Some(false) => DENIED,
                    None => 0,
                };
                if approval.automatic {
                    flags |= AUTOMATIC;
                }
            }
            for (set, flag) in [
                (tool.frontend, FRONTEND),
                (tool.requires_approval, REQUIRES_APPROVAL),
                (tool.failed, FAILED),
            ] {
                if set {
                    flags |= flag;
                }
            }
            [
                KIND_TOOL | tool.state.code() << STATE_SHIFT | flags << FLAGS_SHIFT,
                tool.tool_call_id,
                approval_id,
            ]
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::vec;

    #[test]
    fn a_message_round_trips_through_its_records() {
        let message: Message = Ok(LastMessage::assistant(vec![
            Part::StepStart,
            Part::Tool(
                ToolPart::new(7, ToolState::ApprovalResponded)
                    .with_approval(9, Some(false))
                    .in_browser(),
            ),
            Part::Text,
            Part::Reasoning,
            Part::Other,
            Part::Tool(ToolPart {
                failed: true,
                ..ToolPart::new(3, ToolState::OutputError)
            }),
        ]));
        let (words, count) = encode(&message);
        assert_eq!(decode(&words, count), message);
    }

    #[test]
    fn missing_parts_and_malformations_round_trip() {
        let missing: Message = Ok(LastMessage {
            role: Role::User,
            parts: None,
        });
        let (words, count) = encode(&missing);
        assert_eq!(decode(&words, count), missing);
        let malformed: Message = Err(Malformed { code: 7, index: 2 });
        let (words, count) = encode(&malformed);
        assert_eq!(decode(&words, count), malformed);
    }

    #[test]
    fn unreadable_records_are_malformed_not_a_panic() {
        let record = |word: u32| decode(&[2, 0, 0, 0, word, 1, 2], 1);
        let unreadable = Err(Malformed {
            code: MALFORMED_RECORD,
            index: 0,
        });
        assert_eq!(record(9), unreadable); // no such kind
        assert_eq!(record(KIND_TOOL | 7 << 4), unreadable); // no such state
        assert_eq!(
            record(KIND_TOOL | (APPROVAL | APPROVED | DENIED) << 8),
            unreadable
        );
        assert_eq!(decode(&[2, 0, 0, 0], 1), unreadable); // fewer records than the count
        assert_eq!(decode(&[2, 0], 0), unreadable); // no header
        assert_eq!(decode(&[2, 0, 0, 0], usize::MAX), unreadable);
    }
}
