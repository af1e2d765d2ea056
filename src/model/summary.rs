//! The compact summary of a last message that crosses the JS→WASM boundary.
//!
//! Crossing the boundary costs tens of nanoseconds per call, so reading a message field by field
//! from Rust (`Reflect::get` per field) would cost more than the decision itself. Instead the JS
//! glue reads the handful of fields a decision needs from the LAST message only, joins them into
//! one string, and Rust reads that string here, borrowing every id from it. Outputs, inputs and the
//! rest of the history never cross, so the cost does not grow with history length or output size.
//!
//! Principle 2 makes every action before the last part that is not a `step-start` known to the
//! backend, so only that part (and the markers after it) needs its ids; each earlier part crosses
//! as a one- or two-letter code. `explain()` asks for the detailed form, with ids everywhere, so
//! its words can name any part; both forms give the same decision.
//!
//! Grammar (`US` = U+001F between fields, `RS` = U+001E between records, `NS` = U+0015 for "present
//! but not a string"). Strings are written as they are: one holding a separator changes the
//! record or field count, which `parse` reports instead of misreading. `js/summary.js` is the one
//! encoder; this module is the one reader.
//!
//! ```text
//! summary  = "E" US reason                      the glue could not read the input at all
//!          | role US parts US count (RS part)*
//! role     = the role string | NS (absent or not a string)
//! parts    = "A" (an array) | "N" (missing, null or undefined) | "X" (anything else)
//! count    = parts.length (empty unless parts is "A")
//! part     = NS                                 the part is not an object
//!          | type                               a part with no toolCallId, approval or state
//!          | type US toolName US state US toolCallId US approval US approvalId US approved US automatic
//! approval = "" (absent) | "O" (an object) | NS (something else)
//! approved = "1" | "0" | "" (absent) | NS (not a boolean)
//! automatic = "1" (approval.isAutomatic === true) | ""
//! ```
//! Absent string fields are empty.

use super::{tool_name, Approval, LastMessage, Part, Role, ToolPart, ToolState};

pub const FIELD: char = '\u{1f}';
pub const RECORD: char = '\u{1e}';
pub const NOT_STRING: &str = "\u{15}";

/// Why a summary does not describe a well-formed message (SPEC §2 principle 5). Kept as data so the
/// hot path never formats; `describe` words it for `explain()`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Malformed<'a> {
    /// The glue could not read `{messages}`; the reason is its own words.
    Unreadable(&'a str),
    /// The summary itself does not follow the grammar (a glue bug, or a hand-made call).
    BadSummary,
    /// A string in the message holds one of the summary's separator characters (U+001E, U+001F).
    SeparatorInString,
    PartsNotArray,
    PartNotObject {
        index: usize,
    },
    PartTypeNotString {
        index: usize,
    },
    ToolNameMissing {
        index: usize,
    },
    StateNotKnown {
        index: usize,
        state: &'a str,
    },
    ToolCallIdMissing {
        index: usize,
    },
    ApprovalNotObject {
        index: usize,
    },
    ApprovalIdMissing {
        index: usize,
    },
    ApprovedNotBoolean {
        index: usize,
    },
}

impl<'a> Malformed<'a> {
    pub fn describe(&self) -> String {
        match self {
            Malformed::Unreadable(reason) => super::shown(reason).into_owned(),
            Malformed::BadSummary => "the message summary is not in the expected format".to_string(),
            Malformed::SeparatorInString => {
                "a string in the last message holds a control character U+001E or U+001F".to_string()
            }
            Malformed::PartsNotArray => {
                "the last message's `parts` is neither an array nor missing".to_string()
            }
            Malformed::PartNotObject { index } => format!("parts[{index}] is not an object"),
            Malformed::PartTypeNotString { index } => {
                format!("parts[{index}].type is not a string")
            }
            Malformed::ToolNameMissing { index } => format!(
                "parts[{index}] is a `dynamic-tool` part without a `toolName` string"
            ),
            Malformed::StateNotKnown { index, state } => format!(
                "parts[{index}].state is {}, expected one of input-streaming, input-available, \
                 approval-requested, approval-responded, output-available, output-error, output-denied",
                if *state == NOT_STRING { "not a string".to_string() } else { format!("'{}'", super::shown(state)) }
            ),
            Malformed::ToolCallIdMissing { index } => {
                format!("parts[{index}].toolCallId is missing or not a string")
            }
            Malformed::ApprovalNotObject { index } => {
                format!("parts[{index}].approval is not an object")
            }
            Malformed::ApprovalIdMissing { index } => {
                format!("parts[{index}].approval.id is missing or not a string")
            }
            Malformed::ApprovedNotBoolean { index } => {
                format!("parts[{index}].approval.approved is neither a boolean nor undefined")
            }
        }
    }
}

/// Splits a summary into records and fields in one pass over its bytes. The separators are ASCII,
/// so every cut falls on a character boundary; `get` keeps that from ever panicking regardless.
struct Records<'a> {
    text: &'a str,
    at: usize,
}

impl<'a> Records<'a> {
    /// The next record, or `None` at the end.
    fn next_record(&mut self) -> Option<&'a str> {
        let bytes = self.text.as_bytes();
        let start = self.at;
        if start > bytes.len() {
            return None;
        }
        // A plain index loop: the size-optimised build does not inline iterator adapters, and
        // this loop is the hot path of every decision.
        let mut end = start;
        while end < bytes.len() && bytes[end] != RECORD as u8 {
            end += 1;
        }
        self.at = end + 1;
        self.text.get(start..end)
    }
}

/// Up to `N` fields of a record; `None` when the record has a different number of fields.
fn fields<const N: usize>(record: &str) -> Option<[&str; N]> {
    let bytes = record.as_bytes();
    let mut out = [""; N];
    let mut count = 0;
    let mut start = 0;
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == FIELD as u8 {
            *out.get_mut(count)? = record.get(start..i)?;
            count += 1;
            start = i + 1;
        }
        i += 1;
    }
    *out.get_mut(count)? = record.get(start..)?;
    (count + 1 == N).then_some(out)
}

/// Reads a summary into the model. Never panics, whatever the string.
pub fn parse(summary: &str) -> Result<LastMessage<'_>, Malformed<'_>> {
    if let Some(reason) = summary.strip_prefix("E\u{1f}") {
        return Err(Malformed::Unreadable(reason));
    }
    let mut records = Records {
        text: summary,
        at: 0,
    };
    let header = records.next_record().ok_or(Malformed::BadSummary)?;
    let [role, parts_tag, count] = fields::<3>(header).ok_or(Malformed::BadSummary)?;
    let role = match role {
        NOT_STRING => Role::Missing,
        role => Role::parse(role),
    };
    let parts = match parts_tag {
        "N" => None,
        "X" => return Err(Malformed::PartsNotArray),
        "A" => {
            // The glue writes strings as they are; a string holding a separator would add records
            // or fields, which the count and the field counts catch.
            let count: usize = count.parse().map_err(|_| Malformed::BadSummary)?;
            let mut parts = Vec::with_capacity(count.min(1024));
            while let Some(record) = records.next_record() {
                parts.push(parse_part(parts.len(), record)?);
            }
            if parts.len() != count {
                return Err(Malformed::SeparatorInString);
            }
            Some(parts)
        }
        _ => return Err(Malformed::BadSummary),
    };
    Ok(LastMessage { role, parts })
}

fn parse_answer(answer: &str, index: usize) -> Result<Option<bool>, Malformed<'_>> {
    match answer {
        "1" => Ok(Some(true)),
        "0" => Ok(Some(false)),
        "" => Ok(None),
        _ => Err(Malformed::ApprovedNotBoolean { index }),
    }
}

/// One part.
fn parse_part(index: usize, record: &str) -> Result<Part<'_>, Malformed<'_>> {
    if record == NOT_STRING {
        return Err(Malformed::PartNotObject { index });
    }
    // A part with no toolCallId, approval or state comes as its type alone.
    let [part_type, tool_name_field, state, tool_call_id, approval, approval_id, approved, automatic] =
        match fields::<8>(record) {
            Some(all) => all,
            None if !record.contains(FIELD) => [record, "", "", "", "", "", "", ""],
            None => return Err(Malformed::SeparatorInString),
        };
    match part_type {
        NOT_STRING => return Err(Malformed::PartTypeNotString { index }),
        "step-start" => return Ok(Part::StepStart),
        "text" => return Ok(Part::Text),
        "reasoning" => return Ok(Part::Reasoning),
        _ if !super::is_tool_type(part_type) => return Ok(Part::Other),
        _ => {}
    }
    let state = ToolState::parse(state).ok_or(Malformed::StateNotKnown { index, state })?;
    let name_field = (tool_name_field != NOT_STRING).then_some(tool_name_field);
    let name = tool_name(part_type, name_field).ok_or(Malformed::ToolNameMissing { index })?;
    if tool_call_id.is_empty() || tool_call_id == NOT_STRING {
        return Err(Malformed::ToolCallIdMissing { index });
    }
    let approval = match approval {
        "" => None,
        "O" => {
            if approval_id.is_empty() || approval_id == NOT_STRING {
                return Err(Malformed::ApprovalIdMissing { index });
            }
            Some(Approval {
                id: approval_id,
                approved: parse_answer(approved, index)?,
                automatic: automatic == "1",
            })
        }
        _ => return Err(Malformed::ApprovalNotObject { index }),
    };
    Ok(Part::Tool(ToolPart {
        name,
        tool_call_id,
        state,
        approval,
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    const US: &str = "\u{1f}";

    fn message(role: &str, parts: &[String]) -> String {
        let mut out = format!("{role}{US}A{US}{}", parts.len());
        for part in parts {
            out.push(RECORD);
            out.push_str(part);
        }
        out
    }

    fn tool(name: &str, state: &str, call_id: &str, approval: Option<(&str, &str)>) -> String {
        let part_type = format!("tool-{name}");
        let (tag, id, approved) =
            approval.map_or(("", "", ""), |(id, approved)| ("O", id, approved));
        [
            part_type.as_str(),
            "",
            state,
            call_id,
            tag,
            id,
            approved,
            "",
        ]
        .join(US)
    }

    #[test]
    fn reads_an_assistant_message_with_tool_and_text_parts() {
        let s = message(
            "assistant",
            &[
                "step-start".into(),
                tool(
                    "process_payment",
                    "approval-responded",
                    "c1",
                    Some(("a1", "1")),
                ),
                "text".into(),
            ],
        );
        let m = parse(&s).unwrap();
        assert_eq!(m.role, Role::Assistant);
        let parts = m.parts.unwrap();
        assert_eq!(parts.len(), 3);
        assert_eq!(parts[0], Part::StepStart);
        assert_eq!(
            parts[1],
            Part::Tool(ToolPart {
                name: "process_payment",
                tool_call_id: "c1",
                state: ToolState::ApprovalResponded,
                approval: Some(Approval {
                    id: "a1",
                    approved: Some(true),
                    automatic: false,
                }),
            })
        );
        assert_eq!(parts[2], Part::Text);
    }

    #[test]
    fn reads_an_automatic_approval() {
        let part = [
            "tool-get_weather",
            "",
            "approval-responded",
            "c1",
            "O",
            "a1",
            "1",
            "1",
        ]
        .join(US);
        let s = message("assistant", &[part]);
        let m = parse(&s).unwrap();
        let approval = m.parts.unwrap()[0].as_tool().unwrap().approval.unwrap();
        assert!(approval.automatic);
        assert_eq!(approval.approved, Some(true));
    }

    #[test]
    fn dynamic_tool_takes_its_name_from_tool_name() {
        let part = [
            "dynamic-tool",
            "get_location",
            "input-available",
            "c1",
            "",
            "",
            "",
            "",
        ]
        .join(US);
        let s = message("assistant", &[part]);
        let m = parse(&s).unwrap();
        assert_eq!(m.parts.unwrap()[0].as_tool().unwrap().name, "get_location");
    }

    #[test]
    fn unknown_part_types_are_tolerated() {
        let s = message(
            "assistant",
            &["data-weather".into(), "file".into(), "source-url".into()],
        );
        assert_eq!(parse(&s).unwrap().parts.unwrap(), vec![Part::Other; 3]);
    }

    #[test]
    fn empty_and_missing_parts() {
        assert_eq!(
            parse("assistant\u{1f}A\u{1f}0").unwrap().parts,
            Some(vec![])
        );
        assert_eq!(parse("assistant\u{1f}N\u{1f}").unwrap().parts, None);
        assert_eq!(
            parse("assistant\u{1f}X\u{1f}"),
            Err(Malformed::PartsNotArray)
        );
        assert_eq!(parse("\u{15}\u{1f}N\u{1f}").unwrap().role, Role::Missing);
    }

    #[test]
    fn malformed_parts_are_named_with_their_index() {
        let bad_state = message(
            "assistant",
            &["text".into(), tool("a", "finished", "c1", None)],
        );
        assert_eq!(
            parse(&bad_state),
            Err(Malformed::StateNotKnown {
                index: 1,
                state: "finished"
            })
        );
        let no_call_id = message("assistant", &[tool("a", "input-available", "", None)]);
        assert_eq!(
            parse(&no_call_id),
            Err(Malformed::ToolCallIdMissing { index: 0 })
        );
        let not_object = message("assistant", &[NOT_STRING.to_string()]);
        assert_eq!(
            parse(&not_object),
            Err(Malformed::PartNotObject { index: 0 })
        );
        let bad_approved = tool("a", "approval-responded", "c", Some(("a", NOT_STRING)));
        assert_eq!(
            parse(&message("assistant", &[bad_approved])),
            Err(Malformed::ApprovedNotBoolean { index: 0 })
        );
        assert!(Malformed::StateNotKnown {
            index: 1,
            state: "finished"
        }
        .describe()
        .contains("parts[1].state is 'finished'"));
    }

    #[test]
    fn garbage_is_a_bad_summary_not_a_panic() {
        for s in [
            "",
            "assistant",
            "assistant\u{1f}A",
            "assistant\u{1f}A\u{1f}x\u{1e}text",
            "assistant\u{1f}Z\u{1f}",
            "assistant\u{1f}A\u{1f}2\u{1f}1\u{1e}text",
        ] {
            assert!(parse(s).is_err(), "{s:?}");
        }
        // A separator inside an id adds a record or a field: reported, never misread as a part.
        let forged = tool(
            "a",
            "approval-responded",
            "c\u{1e}tool-b\u{1f}\u{1f}approval-responded\u{1f}d\u{1f}\u{1f}\u{1f}\u{1f}",
            None,
        );
        assert_eq!(
            parse(&message("assistant", &[forged])),
            Err(Malformed::SeparatorInString)
        );
        let split_field = tool("a", "approval-responded", "c\u{1f}x", None);
        assert_eq!(
            parse(&message("assistant", &[split_field])),
            Err(Malformed::SeparatorInString)
        );
        assert_eq!(
            parse("E\u{1f}messages is not an array"),
            Err(Malformed::Unreadable("messages is not an array"))
        );
    }
}
