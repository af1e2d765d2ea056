//! Which browser tools to run now (SPEC §4, ADR 0005's ordering): a browser tool runs only once its
//! approving answer is committed, never after a deny, at once when the backend calls it without an
//! approval request, and at most once per tool call whatever the number of times it is observed.

use crate::model::{LastMessage, Role, ToolState};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Run {
    /// The user approved it; run it and add its output.
    Approved,
    /// The backend called it without an approval request and it does not require one.
    CalledWithoutApproval,
    /// The backend called it without an approval request, but the tool requires the user's
    /// approval: it must not run; the browser answers with an `output-error` so the chat goes on.
    RefusedWithoutApproval,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ToolCall<'a> {
    pub part_index: usize,
    pub tool_call_id: &'a str,
    pub tool_name: &'a str,
    pub run: Run,
}

/// One chat's runner memory: the tool calls it has already claimed.
#[derive(Clone, Debug, Default)]
pub struct Runner {
    claimed: Vec<String>,
}

/// The most claimed tool calls remembered; the oldest is forgotten first. Tool calls are unique per
/// chat, and a call older than this many is long finished.
pub const MAX_CLAIMED: usize = 4096;

impl Runner {
    pub fn new() -> Self {
        Runner::default()
    }

    /// The browser tool calls of the last message that should start now, each returned once only.
    pub fn claim<'a>(
        &mut self,
        message: &LastMessage<'a>,
        is_frontend_tool: &dyn Fn(&str) -> bool,
        requires_approval: &dyn Fn(&str) -> bool,
    ) -> Vec<ToolCall<'a>> {
        if message.role != Role::Assistant {
            return Vec::new();
        }
        let mut calls = Vec::new();
        for (part_index, tool) in message.tool_parts() {
            if !is_frontend_tool(tool.name) || self.is_claimed(tool.tool_call_id) {
                continue;
            }
            let run = match (tool.state, tool.approval) {
                (ToolState::ApprovalResponded, Some(approval))
                    if approval.approved == Some(true) =>
                {
                    Run::Approved
                }
                (ToolState::InputAvailable, None) if requires_approval(tool.name) => {
                    Run::RefusedWithoutApproval
                }
                (ToolState::InputAvailable, None) => Run::CalledWithoutApproval,
                _ => continue,
            };
            if self.claimed.len() == MAX_CLAIMED {
                self.claimed.remove(0);
            }
            self.claimed.push(tool.tool_call_id.to_string());
            calls.push(ToolCall {
                part_index,
                tool_call_id: tool.tool_call_id,
                tool_name: tool.name,
                run,
            });
        }
        calls
    }

    pub fn is_claimed(&self, tool_call_id: &str) -> bool {
        self.claimed.iter().any(|id| id == tool_call_id)
    }

    pub fn reset(&mut self) {
        self.claimed.clear();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Part, ToolPart};

    fn frontend(name: &str) -> bool {
        matches!(name, "get_location" | "change_bgm")
    }

    fn requires_approval(name: &str) -> bool {
        name == "get_location"
    }

    fn claim(runner: &mut Runner, parts: &[Part<'_>]) -> Vec<(String, Run)> {
        let message = LastMessage::assistant(parts.to_vec());
        runner
            .claim(&message, &frontend, &requires_approval)
            .into_iter()
            .map(|call| (call.tool_call_id.to_string(), call.run))
            .collect()
    }

    fn tool<'a>(
        name: &'a str,
        state: ToolState,
        call_id: &'a str,
        approval: Option<(&'a str, Option<bool>)>,
    ) -> Part<'a> {
        let part = ToolPart::new(name, call_id, state);
        Part::Tool(match approval {
            Some((id, approved)) => part.with_approval(id, approved),
            None => part,
        })
    }

    #[test]
    fn a_browser_tool_never_runs_before_its_approval() {
        let mut runner = Runner::new();
        let requested = tool(
            "get_location",
            ToolState::ApprovalRequested,
            "c1",
            Some(("a1", None)),
        );
        assert!(claim(&mut runner, &[requested]).is_empty());
        let approved = tool(
            "get_location",
            ToolState::ApprovalResponded,
            "c1",
            Some(("a1", Some(true))),
        );
        assert_eq!(
            claim(&mut runner, &[approved]),
            vec![("c1".to_string(), Run::Approved)]
        );
        assert!(
            claim(&mut runner, &[approved]).is_empty(),
            "runs at most once"
        );
    }

    #[test]
    fn a_denied_browser_tool_never_runs() {
        let mut runner = Runner::new();
        let denied = tool(
            "get_location",
            ToolState::ApprovalResponded,
            "c1",
            Some(("a1", Some(false))),
        );
        assert!(claim(&mut runner, &[denied]).is_empty());
    }

    #[test]
    fn a_tool_called_without_approval_runs_at_once_unless_it_requires_one() {
        let mut runner = Runner::new();
        let bgm = tool("change_bgm", ToolState::InputAvailable, "c1", None);
        let location = tool("get_location", ToolState::InputAvailable, "c2", None);
        assert_eq!(
            claim(&mut runner, &[bgm, location]),
            vec![
                ("c1".to_string(), Run::CalledWithoutApproval),
                ("c2".to_string(), Run::RefusedWithoutApproval)
            ]
        );
    }

    #[test]
    fn server_tools_and_finished_tools_are_left_alone() {
        let mut runner = Runner::new();
        let payment = tool(
            "process_payment",
            ToolState::ApprovalResponded,
            "c1",
            Some(("a1", Some(true))),
        );
        let done = tool(
            "get_location",
            ToolState::OutputAvailable,
            "c2",
            Some(("a2", Some(true))),
        );
        assert!(claim(&mut runner, &[payment, done]).is_empty());
    }
}
