//! The compact summary of a last message that crosses the JS→WASM boundary.
//!
//! Crossing the boundary costs tens of nanoseconds per call, so reading a message field by field
//! from Rust (`Reflect::get` per field) would cost more than the decision itself. Instead the JS
//! glue reads the handful of fields a decision needs from the LAST message only, joins them into
//! one string, and Rust reads that string here, borrowing every id from it. Outputs, inputs and the
//! rest of the history never cross, so the cost does not grow with history length or output size.
//!
//! Grammar (`US` = U+001F between fields, `RS` = U+001E between records, `NS` = U+0015 for "present
//! but not a string"; the glue replaces these three characters inside strings with U+001A):
//!
//! ```text
//! summary  = "E" US reason                      the glue could not read the input at all
//!          | "M" US role US parts (RS part)*
//! role     = the role string | NS (absent or not a string)
//! parts    = "A" (an array) | "N" (missing, null or undefined) | "X" (anything else)
//! part     = NS                                 the part is not an object
//!          | type US toolName US state US toolCallId US approval US approvalId US approved
//! approval = "" (absent) | "O" (an object) | NS (something else)
//! approved = "1" | "0" | "" (absent) | NS (not a boolean)
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
            Malformed::Unreadable(reason) => (*reason).to_string(),
            Malformed::BadSummary => "the message summary is not in the expected format".to_string(),
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
                if *state == NOT_STRING { "not a string".to_string() } else { format!("'{state}'") }
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

/// Reads a summary into the model. Never panics, whatever the string.
pub fn parse(summary: &str) -> Result<LastMessage<'_>, Malformed<'_>> {
    let mut records = summary.split(RECORD);
    let header = records.next().unwrap_or("");
    let mut fields = header.split(FIELD);
    match fields.next() {
        Some("E") => {
            return Err(Malformed::Unreadable(
                fields.next().unwrap_or("unreadable input"),
            ))
        }
        Some("M") => {}
        _ => return Err(Malformed::BadSummary),
    }
    let role = match fields.next() {
        Some(NOT_STRING) => Role::Missing,
        Some(role) => Role::parse(role),
        None => return Err(Malformed::BadSummary),
    };
    let parts_tag = fields.next().ok_or(Malformed::BadSummary)?;
    if fields.next().is_some() {
        return Err(Malformed::BadSummary);
    }
    let parts = match parts_tag {
        "N" => None,
        "X" => return Err(Malformed::PartsNotArray),
        "A" => {
            let mut parts = Vec::new();
            for (index, record) in records.enumerate() {
                parts.push(parse_part(index, record)?);
            }
            Some(parts)
        }
        _ => return Err(Malformed::BadSummary),
    };
    Ok(LastMessage { role, parts })
}

fn parse_part(index: usize, record: &str) -> Result<Part<'_>, Malformed<'_>> {
    if record == NOT_STRING {
        return Err(Malformed::PartNotObject { index });
    }
    let mut fields = record.split(FIELD);
    let mut next = || fields.next().ok_or(Malformed::BadSummary);
    let part_type = next()?;
    let tool_name_field = next()?;
    let state = next()?;
    let tool_call_id = next()?;
    let approval = next()?;
    let approval_id = next()?;
    let approved = next()?;
    if fields.next().is_some() {
        return Err(Malformed::BadSummary);
    }
    match part_type {
        NOT_STRING => return Err(Malformed::PartTypeNotString { index }),
        "step-start" => return Ok(Part::StepStart),
        "text" => return Ok(Part::Text),
        "reasoning" => return Ok(Part::Reasoning),
        _ if !super::is_tool_type(part_type) => return Ok(Part::Other),
        _ => {}
    }
    let name_field = (tool_name_field != NOT_STRING).then_some(tool_name_field);
    let name = tool_name(part_type, name_field).ok_or(Malformed::ToolNameMissing { index })?;
    let state = ToolState::parse(state).ok_or(Malformed::StateNotKnown { index, state })?;
    if tool_call_id.is_empty() || tool_call_id == NOT_STRING {
        return Err(Malformed::ToolCallIdMissing { index });
    }
    let approval = match approval {
        "" => None,
        "O" => {
            if approval_id.is_empty() || approval_id == NOT_STRING {
                return Err(Malformed::ApprovalIdMissing { index });
            }
            let approved = match approved {
                "1" => Some(true),
                "0" => Some(false),
                "" => None,
                _ => return Err(Malformed::ApprovedNotBoolean { index }),
            };
            Some(Approval {
                id: approval_id,
                approved,
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

/// Builds a summary from Rust values: the same encoding the JS glue writes, for native tests,
/// fuzzing and benchmarks.
pub mod build {
    use super::{FIELD, RECORD};

    pub fn message(role: &str, parts: &[String]) -> String {
        let mut out = format!("M{FIELD}{role}{FIELD}A");
        for part in parts {
            out.push(RECORD);
            out.push_str(part);
        }
        out
    }

    pub fn plain(part_type: &str) -> String {
        [part_type, "", "", "", "", "", ""].join(&FIELD.to_string())
    }

    pub fn tool(
        name: &str,
        state: &str,
        call_id: &str,
        approval: Option<(&str, Option<bool>)>,
    ) -> String {
        let part_type = format!("tool-{name}");
        let (tag, id, approved) = match approval {
            None => ("", "", ""),
            Some((id, answer)) => (
                "O",
                id,
                match answer {
                    Some(true) => "1",
                    Some(false) => "0",
                    None => "",
                },
            ),
        };
        [part_type.as_str(), "", state, call_id, tag, id, approved].join(&FIELD.to_string())
    }
}

#[cfg(test)]
mod tests {
    use super::build::*;
    use super::*;

    #[test]
    fn reads_an_assistant_message_with_tool_and_text_parts() {
        let s = message(
            "assistant",
            &[
                plain("step-start"),
                tool(
                    "process_payment",
                    "approval-responded",
                    "c1",
                    Some(("a1", Some(true))),
                ),
                plain("text"),
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
                    approved: Some(true)
                }),
            })
        );
        assert_eq!(parts[2], Part::Text);
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
        ]
        .join("\u{1f}");
        let s = message("assistant", &[part]);
        let m = parse(&s).unwrap();
        assert_eq!(m.parts.unwrap()[0].as_tool().unwrap().name, "get_location");
    }

    #[test]
    fn unknown_part_types_are_tolerated() {
        let s = message(
            "assistant",
            &[plain("data-weather"), plain("file"), plain("source-url")],
        );
        assert_eq!(parse(&s).unwrap().parts.unwrap(), vec![Part::Other; 3]);
    }

    #[test]
    fn empty_and_missing_parts() {
        assert_eq!(
            parse("M\u{1f}assistant\u{1f}A").unwrap().parts,
            Some(vec![])
        );
        assert_eq!(parse("M\u{1f}assistant\u{1f}N").unwrap().parts, None);
        assert_eq!(
            parse("M\u{1f}assistant\u{1f}X"),
            Err(Malformed::PartsNotArray)
        );
        assert_eq!(parse("M\u{1f}\u{15}\u{1f}N").unwrap().role, Role::Missing);
    }

    #[test]
    fn malformed_parts_are_named_with_their_index() {
        let bad_state = message(
            "assistant",
            &[plain("text"), tool("a", "finished", "c1", None)],
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
        let not_object = message("assistant", &["\u{15}".to_string()]);
        assert_eq!(
            parse(&not_object),
            Err(Malformed::PartNotObject { index: 0 })
        );
        let bad_approved =
            ["tool-a", "", "approval-responded", "c", "O", "a", "\u{15}"].join("\u{1f}");
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
            "M",
            "Q\u{1f}x",
            "M\u{1f}assistant",
            "M\u{1f}assistant\u{1f}A\u{1e}text",
            "M\u{1f}a\u{1f}Z",
        ] {
            assert!(parse(s).is_err(), "{s:?}");
        }
        assert_eq!(
            parse("E\u{1f}messages is not an array"),
            Err(Malformed::Unreadable("messages is not an array"))
        );
    }
}
