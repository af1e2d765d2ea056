//! The decision itself (SPEC §2, principles 1–6). Cheap on the hot path: no formatting, no
//! allocation beyond two short lists; `Verdict::detail` words a decision only when asked.

use super::memory::{ActionRef, Memory};
use super::{Mode, Policy};
use crate::model::summary::Malformed;
use crate::model::{shown, LastMessage, Part, Role, ToolPart, ToolState};

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
                shown(tool.name),
                shown(tool.approval.map(|a| a.id).unwrap_or("?"))
            ),
            Verdict::StillStreaming { index, tool } => format!(
                "parts[{index}] ({}) is still streaming its input: the response is not complete.",
                shown(tool.name)
            ),
            Verdict::AwaitingBrowserOutput { index, tool } => {
                if tool.approval.is_some() {
                    format!(
                        "Principle 3: {} (parts[{index}], toolCallId {}) runs in the browser and was \
                         approved; its approval is sent together with its output (Pattern A), which \
                         does not exist yet.",
                        shown(tool.name),
                        shown(tool.tool_call_id)
                    )
                } else {
                    format!(
                        "Principle 3: {} (parts[{index}], toolCallId {}) runs in the browser; the \
                         backend waits for its output, which does not exist yet.",
                        shown(tool.name),
                        shown(tool.tool_call_id)
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
                            format!("the answer to approval {} (parts[{index}])", shown(id))
                        }
                        ActionRef::BrowserOutput(id) => {
                            format!("the browser's output for {} (parts[{index}])", shown(id))
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

    let Some(last) = parts.iter().rposition(|part| *part != Part::StepStart) else {
        return Decision {
            verdict: Verdict::NoUserAction,
            present: Some(Vec::new()),
        };
    };

    // Principle 1: nothing is sent while an approval waits or a tool input is still streaming.
    // Principle 3: nor while an approved browser tool's output is missing (Pattern A), wherever
    // that tool stands: parts after it may have come in the same response, before the answer.
    let mut awaiting = None;
    for (index, part) in parts.iter().enumerate() {
        let Part::Tool(tool) = part else { continue };
        match tool.state {
            ToolState::ApprovalRequested => {
                return Decision {
                    verdict: Verdict::ApprovalPending { index, tool: *tool },
                    present: None,
                }
            }
            ToolState::InputStreaming => {
                return Decision {
                    verdict: Verdict::StillStreaming { index, tool: *tool },
                    present: None,
                }
            }
            ToolState::ApprovalResponded
                if awaiting.is_none()
                    && tool.answer() == Some(true)
                    && policy.output_travels_with_approval()
                    && (policy.is_frontend_tool)(tool.name)
                    && !tool
                        .approval
                        .is_some_and(|a| memory.was_sent(ActionRef::Answer(a.id))) =>
            {
                awaiting = Some(Verdict::AwaitingBrowserOutput { index, tool: *tool });
            }
            _ => {}
        }
    }
    if let Some(verdict) = awaiting {
        return Decision {
            verdict,
            present: None,
        };
    }

    // A browser tool the backend called without an approval request: the browser runs it at once
    // and the backend waits for its output (SPEC §4).
    if let Part::Tool(tool) = &parts[last] {
        if tool.state == ToolState::InputAvailable
            && tool.approval.is_none()
            && (policy.is_frontend_tool)(tool.name)
        {
            return Decision {
                verdict: Verdict::AwaitingBrowserOutput {
                    index: last,
                    tool: *tool,
                },
                present: Some(Vec::new()),
            };
        }
    }

    // Principle 2: a part after an action is the backend's reaction to it; `step-start` is only
    // AI SDK's marker, so it does not count.
    // `last` is the last part that is not a marker, so a reaction stands at or after `from` exactly
    // when `last` does (constant time: a message may hold many thousands of parts).
    let reaction_from = |from: usize| last >= from;
    let mut present: Vec<ActionRef<'a>> = Vec::with_capacity(2);
    let mut unknown: Vec<(usize, ActionRef<'a>)> = Vec::new();
    for (index, part) in parts.iter().enumerate() {
        let Part::Tool(tool) = part else { continue };
        let is_frontend = (policy.is_frontend_tool)(tool.name);
        let browsers = tool.state.has_result()
            && is_browser_output(tool, is_frontend, reaction_from(index + 1), memory);
        let output = (browsers && !output_travels_as_frame(tool, is_frontend, policy))
            .then_some(ActionRef::BrowserOutput(tool.tool_call_id));
        if let Some((id, _)) = tool.user_answer() {
            let answer = ActionRef::Answer(id);
            present.push(answer);
            // Principle 6: a state only the backend writes moves the part past its answer.
            let backend_wrote_past =
                tool.state == ToolState::OutputDenied || (tool.state.has_result() && !browsers);
            if !memory.was_sent(answer) && !backend_wrote_past && !reaction_from(index + 1) {
                unknown.push((index, answer));
            }
        }
        if let Some(output) = output {
            present.push(output);
            // Principle 2's exception: later parts the engine saw before this output appeared came
            // in the same response as the tool call (ADR 0005's shape) and are no reaction to it.
            let after = (index + 1).max(memory.parts_seen_before_result(tool.tool_call_id));
            if !memory.was_sent(output) && !reaction_from(after) {
                unknown.push((index, output));
            }
        }
    }

    let verdict = if !unknown.is_empty() {
        Verdict::Send { unknown }
    } else if present.is_empty() {
        Verdict::NoUserAction
    } else {
        Verdict::AllKnown {
            actions: present.len(),
        }
    };
    Decision {
        verdict,
        present: Some(present),
    }
}

/// Principle 6: a tool result is the browser's when the library's helpers (or the app) said so;
/// otherwise inferred: an output on a tool that runs in the browser is the browser's (the backend
/// never executes those), and so is an `output-available` with nothing after it (AI SDK's and ADR
/// 0006's inference: the backend stopped and waits for the client); any other `output-error` is
/// the backend's.
fn is_browser_output(
    tool: &ToolPart<'_>,
    is_frontend: bool,
    followed: bool,
    memory: &Memory,
) -> bool {
    memory.is_browser_output(tool.tool_call_id)
        || is_frontend
        || (tool.state == ToolState::OutputAvailable && !followed)
}

/// BIDI Pattern B: an approved browser tool's output travels as a `tool_result` frame on the open
/// socket, never as a new message, so it is no action for this decision.
fn output_travels_as_frame(tool: &ToolPart<'_>, is_frontend: bool, policy: &Policy<'_>) -> bool {
    policy.mode == Mode::Bidi
        && !policy.output_travels_with_approval()
        && is_frontend
        && tool.answer() == Some(true)
}
