//! The decision itself (SPEC §2, principles 1–6). Cheap on the hot path: no formatting, no
//! allocation beyond two short lists; `Verdict::detail` words a decision only when asked.

use super::memory::{ActionRef, Memory};
use super::{Mode, Policy};
use crate::model::summary::Malformed;
use crate::model::{LastMessage, Part, Role, ToolPart, ToolState};

/// Why the engine answers as it does. Each variant is one rule of SPEC §2.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict<'a> {
    /// Principle 5: not a well-formed message list.
    Malformed(Malformed<'a>),
    /// Only an assistant message can hold answers to send (D2).
    NotAssistant(Role),
    /// The assistant message has no parts (D3).
    NoParts,
    /// Principle 1: an approval still waits for the user.
    ApprovalPending { index: usize, tool: ToolPart<'a> },
    /// A tool call's input is still streaming: the response is not complete.
    StillStreaming { index: usize, tool: ToolPart<'a> },
    /// Principle 3: a browser tool's output must exist first (Pattern A, or a tool the backend
    /// called without an approval request).
    AwaitingBrowserOutput { index: usize, tool: ToolPart<'a> },
    /// Principle 1: nothing in the message is a user action.
    NoUserAction,
    /// Principle 2: every user action is known to the backend already.
    AllKnown { actions: usize },
    /// Principle 1 holds: these actions are unknown to the backend.
    Send {
        unknown: Vec<(usize, ActionRef<'a>)>,
    },
}

#[derive(Clone, Debug)]
pub struct Decision<'a> {
    pub verdict: Verdict<'a>,
    /// Every user action in the last assistant message; `None` when the message is not one. The
    /// memory keeps only these.
    pub present: Option<Vec<ActionRef<'a>>>,
}

impl<'a> Decision<'a> {
    pub fn send(&self) -> bool {
        matches!(self.verdict, Verdict::Send { .. })
    }
}

impl<'a> Verdict<'a> {
    /// A short stable name for the rule that decided.
    pub fn rule(&self) -> &'static str {
        match self {
            Verdict::Malformed(_) => "malformed-input",
            Verdict::NotAssistant(_) => "not-assistant",
            Verdict::NoParts => "no-parts",
            Verdict::ApprovalPending { .. } => "approval-pending",
            Verdict::StillStreaming { .. } => "still-streaming",
            Verdict::AwaitingBrowserOutput { .. } => "awaiting-browser-output",
            Verdict::NoUserAction => "no-user-action",
            Verdict::AllKnown { .. } => "already-known",
            Verdict::Send { .. } => "unsent-user-action",
        }
    }

    /// The decision in words, naming the principle and the part.
    pub fn detail(&self) -> String {
        match self {
            Verdict::Malformed(why) => {
                format!(
                    "Principle 5: not a well-formed message list ({}); never send.",
                    why.describe()
                )
            }
            Verdict::NotAssistant(role) => format!(
                "The last message's role is {}, not assistant: there is no answer to send.",
                match role {
                    Role::User => "user",
                    Role::System => "system",
                    Role::Missing => "missing",
                    Role::Other => "not one AI SDK defines",
                    Role::Assistant => "assistant",
                }
            ),
            Verdict::NoParts => "The last assistant message has no parts.".to_string(),
            Verdict::ApprovalPending { index, tool } => format!(
                "Principle 1: parts[{index}] ({}, approval id {}) still awaits the user's answer.",
                tool.name,
                tool.approval.map(|a| a.id).unwrap_or("?")
            ),
            Verdict::StillStreaming { index, tool } => format!(
                "parts[{index}] ({}) is still streaming its input: the response is not complete.",
                tool.name
            ),
            Verdict::AwaitingBrowserOutput { index, tool } => {
                if tool.approval.is_some() {
                    format!(
                        "Principle 3: {} (parts[{index}], toolCallId {}) runs in the browser and was \
                         approved; its approval is sent together with its output (Pattern A), which \
                         does not exist yet.",
                        tool.name, tool.tool_call_id
                    )
                } else {
                    format!(
                        "Principle 3: {} (parts[{index}], toolCallId {}) runs in the browser; the \
                         backend waits for its output, which does not exist yet.",
                        tool.name, tool.tool_call_id
                    )
                }
            }
            Verdict::NoUserAction => {
                "Principle 1: the last message holds no approval answer and no tool output added \
                 by the browser."
                    .to_string()
            }
            Verdict::AllKnown { actions } => format!(
                "Principle 2: all {actions} user action(s) in the last message are known to the \
                 backend (already sent by this chat, or a later part shows the backend moved on)."
            ),
            Verdict::Send { unknown } => {
                let names: Vec<String> = unknown
                    .iter()
                    .map(|(index, action)| match action {
                        ActionRef::Answer(id) => {
                            format!("the answer to approval {id} (parts[{index}])")
                        }
                        ActionRef::BrowserOutput(id) => {
                            format!("the browser's output for {id} (parts[{index}])")
                        }
                    })
                    .collect();
                format!(
                    "Principle 1: every approval is answered and the backend does not know {} yet.",
                    names.join(", ")
                )
            }
        }
    }
}

/// Decides for one last message. Pure: the caller records what it sends.
pub fn decide<'a>(
    message: &Result<LastMessage<'a>, Malformed<'a>>,
    memory: &Memory,
    policy: &Policy<'_>,
) -> Decision<'a> {
    let message = match message {
        Ok(message) => message,
        Err(why) => {
            return Decision {
                verdict: Verdict::Malformed(*why),
                present: None,
            }
        }
    };
    if message.role != Role::Assistant {
        return Decision {
            verdict: Verdict::NotAssistant(message.role),
            present: None,
        };
    }
    let parts = match &message.parts {
        Some(parts) if !parts.is_empty() => parts,
        _ => {
            return Decision {
                verdict: Verdict::NoParts,
                present: Some(Vec::new()),
            }
        }
    };

    // Principle 2: a part after an action is the backend's reaction to it; `step-start` is only
    // AI SDK's marker, so it does not count.
    let last_reaction = parts.iter().rposition(|part| *part != Part::StepStart);
    let moved_on = |index: usize| last_reaction.is_some_and(|last| index < last);

    let mut actions: Vec<(usize, ActionRef<'a>)> = Vec::new();
    let mut awaiting: Option<Verdict<'a>> = None;

    for (index, part) in parts.iter().enumerate() {
        let Part::Tool(tool) = part else { continue };
        let is_frontend = (policy.is_frontend_tool)(tool.name);
        match tool.state {
            ToolState::ApprovalRequested => {
                let tool = *tool;
                return Decision {
                    verdict: Verdict::ApprovalPending { index, tool },
                    present: Some(all_actions(
                        actions, parts, index, memory, policy, &moved_on,
                    )),
                };
            }
            ToolState::InputStreaming => {
                let tool = *tool;
                return Decision {
                    verdict: Verdict::StillStreaming { index, tool },
                    present: None,
                };
            }
            ToolState::InputAvailable => {
                // A browser tool the backend called without an approval request: the browser runs
                // it at once and the backend waits for the output (SPEC §4).
                if is_frontend && tool.approval.is_none() && !moved_on(index) && awaiting.is_none()
                {
                    awaiting = Some(Verdict::AwaitingBrowserOutput { index, tool: *tool });
                }
            }
            ToolState::ApprovalResponded
            | ToolState::OutputAvailable
            | ToolState::OutputError
            | ToolState::OutputDenied => {
                if let Some(action) = answer_action(tool) {
                    let waits_for_output = is_frontend
                        && tool.answer() == Some(true)
                        && tool.state == ToolState::ApprovalResponded
                        && policy.output_travels_with_approval();
                    let known = moved_on(index) || memory.was_sent(action);
                    if waits_for_output && !known {
                        // Principle 3 / ADR 0008: the approval goes with the output, not before it.
                        if awaiting.is_none() {
                            awaiting = Some(Verdict::AwaitingBrowserOutput { index, tool: *tool });
                        }
                    } else {
                        actions.push((index, action));
                    }
                }
                if let Some(action) =
                    browser_output_action(tool, index, is_frontend, memory, policy, &moved_on)
                {
                    actions.push((index, action));
                }
            }
        }
    }

    let present: Vec<ActionRef<'a>> = actions.iter().map(|(_, action)| *action).collect();
    if let Some(verdict) = awaiting {
        return Decision {
            verdict,
            present: Some(present),
        };
    }
    if actions.is_empty() {
        return Decision {
            verdict: Verdict::NoUserAction,
            present: Some(present),
        };
    }
    let total = actions.len();
    let unknown: Vec<(usize, ActionRef<'a>)> = actions
        .into_iter()
        .filter(|(index, action)| !moved_on(*index) && !memory.was_sent(*action))
        .collect();
    let verdict = if unknown.is_empty() {
        Verdict::AllKnown { actions: total }
    } else {
        Verdict::Send { unknown }
    };
    Decision {
        verdict,
        present: Some(present),
    }
}

/// The user's approval answer in a part, if it has one.
fn answer_action<'a>(tool: &ToolPart<'a>) -> Option<ActionRef<'a>> {
    let approval = tool.approval?;
    approval.approved?;
    Some(ActionRef::Answer(approval.id))
}

/// Principle 6: a tool result is a user action when the browser added it. Known from the memory
/// when the library's helpers (or the app) said so; otherwise inferred as AI SDK and ADR 0006 do:
/// an `output-available` with nothing after it is the browser's, an `output-error` the backend's.
fn browser_output_action<'a>(
    tool: &ToolPart<'a>,
    index: usize,
    is_frontend: bool,
    memory: &Memory,
    policy: &Policy<'_>,
    moved_on: &dyn Fn(usize) -> bool,
) -> Option<ActionRef<'a>> {
    if !tool.state.has_result() {
        return None;
    }
    // BIDI Pattern B: an approved browser tool's output travels as a `tool_result` frame on the
    // open socket, never as a new message.
    if policy.mode == Mode::Bidi
        && !policy.output_travels_with_approval()
        && is_frontend
        && tool.answer() == Some(true)
    {
        return None;
    }
    let is_browsers = memory.is_browser_output(tool.tool_call_id)
        || (tool.state == ToolState::OutputAvailable && !moved_on(index));
    is_browsers.then_some(ActionRef::BrowserOutput(tool.tool_call_id))
}

/// Every action in the message, for the memory's bound, when a decision returns early.
fn all_actions<'a>(
    mut actions: Vec<(usize, ActionRef<'a>)>,
    parts: &[Part<'a>],
    from: usize,
    memory: &Memory,
    policy: &Policy<'_>,
    moved_on: &dyn Fn(usize) -> bool,
) -> Vec<ActionRef<'a>> {
    for (index, part) in parts.iter().enumerate().skip(from) {
        let Part::Tool(tool) = part else { continue };
        actions.extend(answer_action(tool).map(|action| (index, action)));
        let is_frontend = (policy.is_frontend_tool)(tool.name);
        actions.extend(
            browser_output_action(tool, index, is_frontend, memory, policy, moved_on)
                .map(|action| (index, action)),
        );
    }
    actions.into_iter().map(|(_, action)| action).collect()
}
