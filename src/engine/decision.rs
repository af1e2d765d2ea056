//! The decision itself (SPEC §2, principles 1–6). Cheap on the hot path: no formatting, no
//! allocation beyond two short lists. Its words are rendered by the glue from the verdict's codes
//! and part indices (`Verdict::code`).

use alloc::vec::Vec;

use super::memory::{Action, Memory};
use super::{Mode, Policy};
use crate::model::{Malformed, Message, Part, Role, ToolPart, ToolState};

/// Why the engine answers as it does. Each variant is one rule of SPEC §2.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Principle 5: not a well-formed message list.
    Malformed(Malformed),
    /// Only an assistant message can hold answers to send (D2).
    NotAssistant(Role),
    /// The assistant message has no parts (D3).
    NoParts,
    /// Principle 1: an approval still waits for the user.
    ApprovalPending { index: usize },
    /// A tool call's input is still streaming: the response is not complete.
    StillStreaming { index: usize },
    /// Principle 3: a browser tool's output must exist first (Pattern A, or a tool the backend
    /// called without an approval request).
    AwaitingBrowserOutput { index: usize },
    /// Principle 1: nothing in the message is a user action.
    NoUserAction,
    /// Principle 2: every user action is known to the backend already.
    AllKnown { actions: usize },
    /// Principle 1 holds: these actions are unknown to the backend.
    Send { unknown: Vec<(usize, Action)> },
}

/// The stable rule codes the glue maps to `explain().rule` names (`js/words.js`).
pub mod rule {
    pub const MALFORMED_INPUT: u32 = 0;
    pub const NOT_ASSISTANT: u32 = 1;
    pub const NO_PARTS: u32 = 2;
    pub const APPROVAL_PENDING: u32 = 3;
    pub const STILL_STREAMING: u32 = 4;
    pub const AWAITING_BROWSER_OUTPUT: u32 = 5;
    pub const NO_USER_ACTION: u32 = 6;
    pub const ALREADY_KNOWN: u32 = 7;
    pub const UNSENT_USER_ACTION: u32 = 8;
}

#[derive(Clone, Debug)]
pub struct Decision {
    pub verdict: Verdict,
    /// Every user action in the last assistant message; `None` when the message is not one. The
    /// memory keeps only these.
    pub present: Option<Vec<Action>>,
}

impl Decision {
    pub fn send(&self) -> bool {
        matches!(self.verdict, Verdict::Send { .. })
    }
}

impl Verdict {
    /// The rule's code and the number that goes with it: a part index, a count, a role or a
    /// malformation code (the glue reads the rest of a malformation from the message).
    pub fn code(&self) -> (u32, u32) {
        match self {
            Verdict::Malformed(why) => (rule::MALFORMED_INPUT, why.code),
            Verdict::NotAssistant(role) => (rule::NOT_ASSISTANT, *role as u32),
            Verdict::NoParts => (rule::NO_PARTS, 0),
            Verdict::ApprovalPending { index } => (rule::APPROVAL_PENDING, *index as u32),
            Verdict::StillStreaming { index } => (rule::STILL_STREAMING, *index as u32),
            Verdict::AwaitingBrowserOutput { index } => {
                (rule::AWAITING_BROWSER_OUTPUT, *index as u32)
            }
            Verdict::NoUserAction => (rule::NO_USER_ACTION, 0),
            Verdict::AllKnown { actions } => (rule::ALREADY_KNOWN, *actions as u32),
            Verdict::Send { unknown } => (rule::UNSENT_USER_ACTION, unknown.len() as u32),
        }
    }
}

fn verdict(verdict: Verdict, present: Option<Vec<Action>>) -> Decision {
    Decision { verdict, present }
}

/// Decides for one last message. Pure: the caller records what it sends.
pub fn decide(message: &Message, memory: &Memory, policy: &Policy) -> Decision {
    decide_reusing(message, memory, policy, Vec::new())
}

/// [`decide`], listing the present actions into `present`'s allocation (cleared first): an engine
/// hands the last decision's list back, so a decision allocates nothing for it once warm.
pub fn decide_reusing(
    message: &Message,
    memory: &Memory,
    policy: &Policy,
    mut present: Vec<Action>,
) -> Decision {
    let message = match message {
        Ok(message) => message,
        Err(why) => return verdict(Verdict::Malformed(*why), None),
    };
    if message.role != Role::Assistant {
        return verdict(Verdict::NotAssistant(message.role), None);
    }
    let parts = match &message.parts {
        Some(parts) if !parts.is_empty() => parts,
        _ => return verdict(Verdict::NoParts, Some(Vec::new())),
    };

    let Some(last) = parts.iter().rposition(|part| *part != Part::StepStart) else {
        return verdict(Verdict::NoUserAction, Some(Vec::new()));
    };

    // Principle 1: nothing is sent while an approval waits or a tool input is still streaming.
    // Principle 3: nor while an approved browser tool's output is missing (Pattern A), wherever
    // that tool stands: parts after it may have come in the same response, before the answer.
    let mut awaiting = None;
    for (index, part) in parts.iter().enumerate() {
        let Part::Tool(tool) = part else { continue };
        match tool.state {
            ToolState::ApprovalRequested => {
                return verdict(Verdict::ApprovalPending { index }, None)
            }
            ToolState::InputStreaming => return verdict(Verdict::StillStreaming { index }, None),
            ToolState::ApprovalResponded
                if awaiting.is_none()
                    && tool.answer() == Some(true)
                    && !tool.failed
                    && policy.output_travels_with_approval()
                    && tool.frontend
                    && !tool
                        .approval
                        .is_some_and(|a| memory.was_sent(answer_of(tool, a.id))) =>
            {
                awaiting = Some(index);
            }
            _ => {}
        }
    }
    if let Some(index) = awaiting {
        return verdict(Verdict::AwaitingBrowserOutput { index }, None);
    }

    // A browser tool the backend called without an approval request: the browser runs it at once
    // and the backend waits for its output (SPEC §4).
    if let Some(Part::Tool(tool)) = parts.get(last) {
        if tool.state == ToolState::InputAvailable && tool.approval.is_none() && tool.frontend {
            return verdict(
                Verdict::AwaitingBrowserOutput { index: last },
                Some(Vec::new()),
            );
        }
    }

    let decided = classify_actions(parts, last, memory, policy, &mut present);
    verdict(decided, Some(present))
}

/// Principles 1, 2 and 6 over a complete message whose approvals are all answered: lists every
/// user action into `present` (cleared first) and says which of them the backend does not know.
/// `last` is the index of the last part that is not a `step-start` marker.
fn classify_actions(
    parts: &[Part],
    last: usize,
    memory: &Memory,
    policy: &Policy,
    present: &mut Vec<Action>,
) -> Verdict {
    // Principle 2: a part after an action is the backend's reaction to it; `step-start` is only
    // AI SDK's marker, so it does not count.
    // `last` is the last part that is not a marker, so a reaction stands at or after `from` exactly
    // when `last` does (constant time: a message may hold many thousands of parts).
    let reaction_from = |from: usize| last >= from;
    // At most an answer and an output per part: never a regrowth while the list is filled.
    present.clear();
    present.reserve(2 * parts.len());
    let mut unknown: Vec<(usize, Action)> = Vec::new();
    for (index, part) in parts.iter().enumerate() {
        let Part::Tool(tool) = part else { continue };
        let browser_output =
            tool.state.has_result() && is_browser_output(tool, reaction_from(index + 1), memory);
        let output = (browser_output && !output_travels_as_frame(tool, policy))
            .then_some(Action::BrowserOutput(tool.tool_call_id));
        if let Some((id, _)) = tool.user_answer() {
            let answer = answer_of(tool, id);
            present.push(answer);
            // Principle 6: a state only the backend writes moves the part past its answer; so
            // does a legacy `error` field (D29: the backend reported the tool failed).
            let backend_wrote_past = tool.failed
                || tool.state == ToolState::OutputDenied
                || (tool.state.has_result() && !browser_output);
            // The memory is asked last: a later part usually answers first (cheaper).
            if !reaction_from(index + 1) && !backend_wrote_past && !memory.was_sent(answer) {
                unknown.push((index, answer));
            }
        }
        if let Some(output) = output {
            present.push(output);
            // Principle 2's exception: later parts the engine saw before this output appeared came
            // in the same response as the tool call (ADR 0005's shape) and are no reaction to it.
            let after = (index + 1).max(memory.parts_seen_before_result(tool.tool_call_id));
            if !tool.failed && !reaction_from(after) && !memory.was_sent(output) {
                unknown.push((index, output));
            }
        }
    }

    if !unknown.is_empty() {
        Verdict::Send { unknown }
    } else if present.is_empty() {
        Verdict::NoUserAction
    } else {
        Verdict::AllKnown {
            actions: present.len(),
        }
    }
}

/// SPEC D28: an answer is named by the pair of its tool call and approval id.
#[inline(always)]
fn answer_of(tool: &ToolPart, approval_id: crate::model::Handle) -> Action {
    Action::Answer {
        tool_call_id: tool.tool_call_id,
        approval_id,
    }
}

/// Principle 6: a tool result is the browser's when the library's helpers (or the app) said so;
/// otherwise inferred: an output on a tool that runs in the browser is the browser's (the backend
/// never executes those), and so is an `output-available` with nothing after it (AI SDK's and ADR
/// 0006's inference: the backend stopped and waits for the client); any other `output-error` is
/// the backend's.
#[inline(always)]
fn is_browser_output(tool: &ToolPart, followed: bool, memory: &Memory) -> bool {
    tool.frontend
        || (tool.state == ToolState::OutputAvailable && !followed)
        || memory.is_browser_output(tool.tool_call_id)
}

/// BIDI Pattern B: an approved browser tool's output travels as a `tool_result` frame on the open
/// socket, never as a new message, so it is no action for this decision.
#[inline(always)]
fn output_travels_as_frame(tool: &ToolPart, policy: &Policy) -> bool {
    policy.mode == Mode::Bidi
        && !policy.output_travels_with_approval()
        && tool.frontend
        && tool.answer() == Some(true)
}
