//! The SPEC §2 rows the `records` seeds hold (and `the_spec_rows_decide_as_the_spec_says` checks).

use adk_stream_wasm::model::records::MALFORMED_RECORD;
use adk_stream_wasm::model::{
    Approval, Handle, LastMessage, Malformed, Message, Part, Role, ToolPart, ToolState,
};

/// The SPEC §2 rows the `records` seeds hold, each as one last message.
pub fn spec_rows() -> Vec<(&'static str, u8, Message)> {
    const CALL: Handle = 1;
    const OTHER: Handle = 2;
    const APPROVAL_ID: Handle = 3;
    const OTHER_APPROVAL: Handle = 4;
    let server = |call, state| ToolPart::new(call, state);
    let browser = |call, state| ToolPart::new(call, state).in_browser();
    let bgm = |call, state| ToolPart {
        frontend: true,
        ..ToolPart::new(call, state)
    };
    let tool = Part::Tool;
    let assistant = |parts: Vec<Part>| Ok(LastMessage::assistant(parts));
    let automatic = |t: ToolPart| ToolPart {
        approval: t.approval.map(|a| Approval {
            automatic: true,
            ..a
        }),
        ..t
    };
    use ToolState::*;
    vec![
        ("d1-malformed", 0, Err(Malformed { code: 3, index: 0 })),
        (
            "d1-record",
            0,
            Err(Malformed {
                code: MALFORMED_RECORD,
                index: 1,
            }),
        ),
        (
            "d2-user",
            0,
            Ok(LastMessage {
                role: Role::User,
                parts: Some(vec![Part::Text]),
            }),
        ),
        (
            "d3-no-parts",
            0,
            Ok(LastMessage {
                role: Role::Assistant,
                parts: None,
            }),
        ),
        ("d4-text", 0, assistant(vec![Part::StepStart, Part::Text])),
        (
            "d5-requested",
            0,
            assistant(vec![tool(
                server(CALL, ApprovalRequested).with_approval(APPROVAL_ID, None),
            )]),
        ),
        (
            "d6-approved",
            0,
            assistant(vec![tool(
                server(CALL, ApprovalResponded).with_approval(APPROVAL_ID, Some(true)),
            )]),
        ),
        (
            "d9-two-answers",
            0,
            assistant(vec![
                tool(server(CALL, ApprovalResponded).with_approval(APPROVAL_ID, Some(true))),
                tool(server(OTHER, ApprovalResponded).with_approval(OTHER_APPROVAL, Some(false))),
            ]),
        ),
        (
            "d12-output-then-text",
            0,
            assistant(vec![tool(server(CALL, OutputAvailable)), Part::Text]),
        ),
        (
            "d15-reasoning",
            0,
            assistant(vec![
                tool(server(CALL, OutputError)),
                Part::Reasoning,
                tool(server(OTHER, ApprovalResponded).with_approval(OTHER_APPROVAL, Some(false))),
            ]),
        ),
        (
            "d17-browser-approved",
            0,
            assistant(vec![
                Part::StepStart,
                tool(browser(CALL, ApprovalResponded).with_approval(APPROVAL_ID, Some(true))),
            ]),
        ),
        (
            "d19-browser-output",
            0,
            assistant(vec![
                Part::StepStart,
                tool(browser(CALL, OutputAvailable).with_approval(APPROVAL_ID, Some(true))),
            ]),
        ),
        (
            "d21-browser-error-marked",
            1,
            assistant(vec![tool(
                browser(CALL, OutputError).with_approval(APPROVAL_ID, Some(true)),
            )]),
        ),
        (
            "d23-confirmation",
            1,
            assistant(vec![
                tool(browser(CALL, OutputAvailable)),
                tool(server(OTHER, ApprovalResponded).with_approval(APPROVAL_ID, Some(true))),
            ]),
        ),
        (
            "d25-denied",
            0,
            assistant(vec![tool(
                server(CALL, OutputDenied).with_approval(APPROVAL_ID, Some(false)),
            )]),
        ),
        (
            "d27-automatic",
            0,
            assistant(vec![
                tool(automatic(
                    server(CALL, ApprovalResponded).with_approval(APPROVAL_ID, Some(true)),
                )),
                tool(server(OTHER, ApprovalResponded).with_approval(OTHER_APPROVAL, Some(true))),
            ]),
        ),
        (
            "d28-shared-approval-id",
            0,
            assistant(vec![
                tool(server(CALL, ApprovalResponded).with_approval(APPROVAL_ID, Some(true))),
                tool(server(OTHER, ApprovalRequested).with_approval(APPROVAL_ID, None)),
            ]),
        ),
        (
            "d28-answered",
            0,
            assistant(vec![
                tool(server(CALL, ApprovalResponded).with_approval(APPROVAL_ID, Some(true))),
                tool(server(OTHER, ApprovalResponded).with_approval(APPROVAL_ID, Some(true))),
            ]),
        ),
        (
            "d29-failed",
            0,
            assistant(vec![tool(ToolPart {
                failed: true,
                ..server(CALL, ApprovalResponded).with_approval(APPROVAL_ID, Some(true))
            })]),
        ),
        (
            "bgm-called",
            0,
            assistant(vec![
                tool(bgm(CALL, InputAvailable)),
                tool(browser(OTHER, InputAvailable)),
            ]),
        ),
        (
            "streaming",
            0,
            assistant(vec![Part::Other, tool(server(CALL, InputStreaming))]),
        ),
    ]
}
