//! Which browser tools to run now (SPEC §4, ADR 0005's ordering): a browser tool runs only once its
//! approving answer is committed, never after a deny, at once when the backend calls it without an
//! approval request, and at most once per tool call whatever the number of times it is observed.

use alloc::vec::Vec;

use crate::model::records::{encode, read, walk, APPROVAL, APPROVED, FRONTEND, REQUIRES_APPROVAL};
use crate::model::{Handle, LastMessage, Role, ToolState};

const APPROVAL_RESPONDED: u32 = ToolState::ApprovalResponded as u32;
const INPUT_AVAILABLE: u32 = ToolState::InputAvailable as u32;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Run {
    /// The user approved it; run it and add its output.
    Approved = 0,
    /// The backend called it without an approval request and it does not require one.
    CalledWithoutApproval = 1,
    /// The backend called it without an approval request, but the tool requires the user's
    /// approval: it must not run; the browser answers with an `output-error` so the chat goes on.
    RefusedWithoutApproval = 2,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ToolCall {
    pub part_index: usize,
    pub tool_call_id: Handle,
    pub run: Run,
}

/// One chat's runner memory: the tool calls it has already claimed.
#[derive(Clone, Debug, Default)]
pub struct Runner {
    claimed: Vec<Handle>,
}

/// The most claimed tool calls remembered; the oldest is forgotten first. Tool calls are unique per
/// chat, and a call older than this many is long finished.
pub const MAX_CLAIMED: usize = 4096;

impl Runner {
    pub fn new() -> Self {
        Runner::default()
    }

    /// The browser tool calls of the last message that should start now, each returned once only.
    /// The message is written as the glue writes it and read as the core module reads it
    /// ([`Runner::claim_in_records`]): one rule for both.
    pub fn claim(&mut self, message: &LastMessage) -> Vec<ToolCall> {
        let mut calls = Vec::new();
        let (words, count) = encode(&Ok(message.clone()));
        if let Ok((role, records)) = read(&words, count) {
            self.claim_in_records(role, records.unwrap_or(&[]), |call| calls.push(call));
        }
        calls
    }

    /// [`Runner::claim`] over the part records of a well-formed message (`model::records::read`),
    /// handing each call to `start` in part order instead of listing them: the core's export
    /// writes them straight into its answer buffer.
    pub fn claim_in_records(
        &mut self,
        role: Role,
        records: &[u32],
        mut start: impl FnMut(ToolCall),
    ) {
        if role != Role::Assistant {
            return;
        }
        for part in walk(records) {
            if !part.is_tool() || !part.has(FRONTEND) || self.is_claimed(part.tool_call_id) {
                continue;
            }
            let approved = part.has(APPROVAL) && part.has(APPROVED);
            let run = match part.state() {
                APPROVAL_RESPONDED if approved => Run::Approved,
                INPUT_AVAILABLE if !part.has(APPROVAL) && part.has(REQUIRES_APPROVAL) => {
                    Run::RefusedWithoutApproval
                }
                INPUT_AVAILABLE if !part.has(APPROVAL) => Run::CalledWithoutApproval,
                _ => continue,
            };
            if self.claimed.len() >= MAX_CLAIMED {
                crate::engine::memory::forget_oldest(&mut self.claimed);
            }
            self.claimed.push(part.tool_call_id);
            start(ToolCall {
                part_index: part.index,
                tool_call_id: part.tool_call_id,
                run,
            });
        }
    }

    pub fn is_claimed(&self, tool_call_id: Handle) -> bool {
        crate::engine::memory::holds(&self.claimed, tool_call_id)
    }

    /// The handles the runner holds, so the glue may forget the strings of all others.
    pub fn handles(&self, out: &mut Vec<Handle>) {
        out.extend_from_slice(&self.claimed);
    }

    pub fn reset(&mut self) {
        self.claimed.clear();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Part, ToolPart};
    use alloc::vec;

    const C1: Handle = 1;
    const C2: Handle = 2;

    fn claim(runner: &mut Runner, parts: &[Part]) -> Vec<(Handle, Run)> {
        let message = LastMessage::assistant(parts.to_vec());
        runner
            .claim(&message)
            .into_iter()
            .map(|call| (call.tool_call_id, call.run))
            .collect()
    }

    /// `get_location`: runs in the browser and requires approval.
    fn location(state: ToolState, call: Handle, approval: Option<Option<bool>>) -> Part {
        let part = ToolPart::new(call, state).in_browser();
        Part::Tool(match approval {
            Some(approved) => part.with_approval(call + 100, approved),
            None => part,
        })
    }

    #[test]
    fn a_browser_tool_never_runs_before_its_approval() {
        let mut runner = Runner::new();
        let requested = location(ToolState::ApprovalRequested, C1, Some(None));
        assert!(claim(&mut runner, &[requested]).is_empty());
        let approved = location(ToolState::ApprovalResponded, C1, Some(Some(true)));
        assert_eq!(claim(&mut runner, &[approved]), vec![(C1, Run::Approved)]);
        assert!(
            claim(&mut runner, &[approved]).is_empty(),
            "runs at most once"
        );
    }

    #[test]
    fn a_denied_browser_tool_never_runs() {
        let mut runner = Runner::new();
        let denied = location(ToolState::ApprovalResponded, C1, Some(Some(false)));
        assert!(claim(&mut runner, &[denied]).is_empty());
    }

    #[test]
    fn a_tool_called_without_approval_runs_at_once_unless_it_requires_one() {
        let mut runner = Runner::new();
        // change_bgm: a browser tool that needs no approval.
        let bgm = Part::Tool(ToolPart {
            frontend: true,
            ..ToolPart::new(C1, ToolState::InputAvailable)
        });
        let location = location(ToolState::InputAvailable, C2, None);
        assert_eq!(
            claim(&mut runner, &[bgm, location]),
            vec![
                (C1, Run::CalledWithoutApproval),
                (C2, Run::RefusedWithoutApproval)
            ]
        );
    }

    #[test]
    fn server_tools_and_finished_tools_are_left_alone() {
        let mut runner = Runner::new();
        let payment = Part::Tool(
            ToolPart::new(C1, ToolState::ApprovalResponded).with_approval(5, Some(true)),
        );
        let done = location(ToolState::OutputAvailable, C2, Some(Some(true)));
        assert!(claim(&mut runner, &[payment, done]).is_empty());
    }

    #[test]
    fn the_claims_kept_are_bounded_and_the_oldest_is_forgotten_first() {
        let mut runner = Runner::new();
        let total = (MAX_CLAIMED + 2) as Handle;
        for call in 1..=total {
            let approved = location(ToolState::ApprovalResponded, call, Some(Some(true)));
            assert_eq!(claim(&mut runner, &[approved]), vec![(call, Run::Approved)]);
        }
        assert_eq!(runner.claimed.len(), MAX_CLAIMED);
        assert!(!runner.is_claimed(1) && !runner.is_claimed(2));
        assert!(runner.is_claimed(3) && runner.is_claimed(total));
    }
}
