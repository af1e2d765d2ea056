// Random chats from bytes: the one generator of the decision's property tests
// (tests/properties.rs, where proptest draws the bytes) and of the fuzz crate (fuzz/src, where
// libFuzzer does). Both include this file as a module (`#[path]`), so it stays out of the library.
//
// [`arbitrary_renders`] builds a chat: a first last message from a vocabulary of the part types,
// states and tool flags that matter (automatic approvals, the legacy `failed` flag of D29), with
// ids drawn from a few handles so that they collide (one approval id on two tool calls, D28; a
// toolCallId equal to an approval id), then small changes to it (a state, an answer, a new part, a
// mark) or a new message. The committed seeds of the fuzz target `messages` are bytes for it:
// changing what it draws changes what they mean (rewrite them: fuzz/src/tests.rs `write_seeds`).

use adk_stream_wasm::model::records::MALFORMED_RECORD;
use adk_stream_wasm::model::{
    Approval, Handle, LastMessage, Malformed, Message, Part, Role, ToolPart, ToolState,
};
use arbitrary::Unstructured;

/// One step of a chat.
#[derive(Clone, Debug)]
pub enum Render {
    /// AI SDK asks `sendAutomaticallyWhen` about this last message.
    Message(Message),
    /// The library's helper (or the app) says this tool call's output is the browser's.
    Mark(Handle),
}

/// Handles drawn for toolCallIds and approval ids: few, so that parts, renders and marks meet, and
/// shared by both kinds of id (a toolCallId passed where an approval id is expected). 0 is the
/// glue's "none", which the engine must survive as an id too.
const HANDLES: &[Handle] = &[1, 2, 3, 4, 5, 0];
const ROLES: &[Role] = &[
    Role::Assistant,
    Role::Assistant,
    Role::Assistant,
    Role::Assistant,
    Role::User,
    Role::System,
    Role::Missing,
    Role::Other,
];

fn pick<T: Copy>(u: &mut Unstructured<'_>, list: &[T]) -> arbitrary::Result<T> {
    Ok(list[u.choose_index(list.len())?])
}

/// A handle of the small range, now and then any number.
fn handle(u: &mut Unstructured<'_>) -> arbitrary::Result<Handle> {
    if u.ratio(1, 32)? {
        u.arbitrary()
    } else {
        pick(u, &HANDLES[..5])
    }
}

fn answer(u: &mut Unstructured<'_>) -> arbitrary::Result<Option<bool>> {
    Ok(match u.int_in_range(0..=2)? {
        0 => None,
        1 => Some(true),
        _ => Some(false),
    })
}

fn arbitrary_approval(u: &mut Unstructured<'_>) -> arbitrary::Result<Option<Approval>> {
    if !u.ratio(2, 3)? {
        return Ok(None);
    }
    let approved = answer(u)?;
    Ok(Some(Approval {
        id: handle(u)?,
        approved,
        // AI SDK 7's automatic approvals (SPEC D27): answered by the backend itself.
        automatic: approved.is_some() && u.ratio(1, 4)?,
    }))
}

/// A tool part: the glue resolves a tool's name into two flags, so any pair of them is a tool
/// (`get_location`: both; `change_bgm`: browser only; `process_payment`: neither).
fn arbitrary_tool(u: &mut Unstructured<'_>) -> arbitrary::Result<ToolPart> {
    let frontend = u.arbitrary()?;
    Ok(ToolPart {
        tool_call_id: handle(u)?,
        state: pick(u, &ToolState::ALL)?,
        approval: arbitrary_approval(u)?,
        frontend,
        requires_approval: if u.ratio(3, 4)? { frontend } else { !frontend },
        // SPEC D29: a legacy `error` field.
        failed: u.ratio(1, 10)?,
    })
}

fn arbitrary_part(u: &mut Unstructured<'_>) -> arbitrary::Result<Part> {
    Ok(match u.int_in_range(0..=9)? {
        0 => Part::Text,
        1 => Part::Reasoning,
        2 => Part::StepStart,
        3 => Part::Other,
        _ => Part::Tool(arbitrary_tool(u)?),
    })
}

pub fn arbitrary_parts(u: &mut Unstructured<'_>) -> arbitrary::Result<Vec<Part>> {
    let n = u.int_in_range(0..=6)?;
    (0..n).map(|_| arbitrary_part(u)).collect()
}

pub fn arbitrary_message(u: &mut Unstructured<'_>) -> arbitrary::Result<Message> {
    if u.ratio(1, 32)? {
        // A glue code (1..=14) or Rust's own; the index of any part.
        let code = if u.arbitrary()? {
            MALFORMED_RECORD
        } else {
            u.int_in_range(1..=14)?
        };
        return Ok(Err(Malformed {
            code,
            index: u.int_in_range(0..=6)?,
        }));
    }
    let role = pick(u, ROLES)?;
    let parts = if u.ratio(1, 16)? {
        None
    } else {
        Some(arbitrary_parts(u)?)
    };
    Ok(Ok(LastMessage { role, parts }))
}

/// A change between two renders of one chat.
fn edit(u: &mut Unstructured<'_>, message: &mut LastMessage) -> arbitrary::Result<()> {
    let parts = message.parts.get_or_insert_with(Vec::new);
    match u.int_in_range(0..=11)? {
        // The user answers, or the state moves on (an output, a denial, the backend's answer).
        0..=4 => {
            let tools: Vec<usize> = (0..parts.len())
                .filter(|i| parts[*i].as_tool().is_some())
                .collect();
            if tools.is_empty() {
                return Ok(());
            }
            let at = tools[u.choose_index(tools.len())?];
            let state = pick(u, &ToolState::ALL)?;
            let answer = answer(u)?;
            let automatic = u.ratio(1, 8)?;
            let failed = u.ratio(1, 16)?;
            if let Part::Tool(tool) = &mut parts[at] {
                tool.state = state;
                tool.failed |= failed;
                if let (Some(approval), Some(answer)) = (&mut tool.approval, answer) {
                    approval.approved = Some(answer);
                    approval.automatic = automatic;
                }
            }
        }
        // The backend appends a part (its reaction, or more of the same response).
        5..=7 => parts.push(arbitrary_part(u)?),
        // D28: the backend asks again with an approval id of an earlier tool call.
        8 => {
            let ids: Vec<Handle> = parts
                .iter()
                .filter_map(|p| p.as_tool()?.approval.map(|a| a.id))
                .collect();
            if let Some(&id) = ids.get(u.choose_index(ids.len().max(1))?) {
                let call = handle(u)?;
                parts.push(Part::Tool(ToolPart {
                    frontend: u.arbitrary()?,
                    ..ToolPart::new(call, ToolState::ApprovalRequested).with_approval(id, None)
                }));
            }
        }
        // A part leaves the message (a regenerated response).
        9 => {
            if !parts.is_empty() {
                let at = u.choose_index(parts.len())?;
                parts.remove(at);
            }
        }
        // AI SDK inserts its marker.
        _ => parts.push(Part::StepStart),
    }
    Ok(())
}

/// A chat from fuzz bytes: up to `most` renders, each the previous one changed a little, a new
/// message, or a helper's mark.
pub fn arbitrary_renders(u: &mut Unstructured<'_>, most: usize) -> arbitrary::Result<Vec<Render>> {
    let mut renders = vec![Render::Message(arbitrary_message(u)?)];
    let mut current = match &renders[0] {
        Render::Message(Ok(message)) => message.clone(),
        _ => LastMessage::assistant(Vec::new()),
    };
    while renders.len() < most && !u.is_empty() {
        match u.int_in_range(0..=15)? {
            0 => renders.push(Render::Mark(handle(u)?)),
            1 => {
                let message = arbitrary_message(u)?;
                if let Ok(m) = &message {
                    current = m.clone();
                }
                renders.push(Render::Message(message));
            }
            _ => {
                for _ in 0..u.int_in_range(1..=2)? {
                    edit(u, &mut current)?;
                }
                renders.push(Render::Message(Ok(current.clone())));
            }
        }
    }
    Ok(renders)
}
