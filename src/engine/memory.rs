//! What one chat's engine remembers (SPEC §2 principle 2 and 6): the user actions it already told
//! AI SDK to send, the tool outputs the browser added, and, for each tool part still without a
//! result, how many parts the message had when the engine last saw it (the later parts it saw
//! before an output appeared, which prove nothing about that output). One instance per chat, never
//! a module global shared by all chats, and bounded: sent actions and sightings are kept only while
//! their part is in the last message, browser-output marks only up to `MAX_BROWSER_OUTPUTS`.
//! Everything is a handle of the engine's intern table (`model::Handle`).

use alloc::vec::Vec;

use crate::model::Handle;

/// The most browser-output marks kept; the oldest is forgotten first. Far above the tool calls one
/// message holds, so a mark is never forgotten before its part is decided on.
pub const MAX_BROWSER_OUTPUTS: usize = 1024;

/// A user action, named so that the same action in a later render of the message compares equal.
/// Ordered, so the memory keeps its keys sorted and finds one by binary search: a message may hold
/// many thousands of parts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Action {
    /// An approval answer: the pair of the tool call and its approval id, never the approval id
    /// alone (SPEC D28: two calls may share an approval id).
    Answer {
        tool_call_id: Handle,
        approval_id: Handle,
    },
    /// A tool output the browser added, by toolCallId.
    BrowserOutput(Handle),
}

#[derive(Clone, Debug, Default)]
pub struct Memory {
    sent: Vec<Action>,
    browser_outputs: Vec<Handle>,
    /// `(toolCallId, parts)`, sorted by id: the message had `parts` parts when this tool part was
    /// last seen without a result.
    seen_without_result: Vec<(Handle, usize)>,
}

impl Memory {
    pub fn new() -> Self {
        Memory::default()
    }

    pub fn was_sent(&self, action: Action) -> bool {
        self.sent.binary_search(&action).is_ok()
    }

    pub fn is_browser_output(&self, tool_call_id: Handle) -> bool {
        self.browser_outputs.contains(&tool_call_id)
    }

    /// The library's helpers (or the app) say the output of this tool call is the browser's.
    pub fn mark_browser_output(&mut self, tool_call_id: Handle) {
        if self.is_browser_output(tool_call_id) {
            return;
        }
        if self.browser_outputs.len() >= MAX_BROWSER_OUTPUTS {
            self.browser_outputs.remove(0);
        }
        self.browser_outputs.push(tool_call_id);
    }

    /// Records a send, and forgets sent actions that are no longer in the last message: they can
    /// never be decided on again, and keeping them would grow without bound.
    pub fn record_sent(&mut self, sent: &[Action], present: &[Action]) {
        let mut present = present.to_vec();
        present.sort_unstable();
        self.sent
            .retain(|action| present.binary_search(action).is_ok());
        self.sent.extend_from_slice(sent);
        self.sent.sort_unstable();
        self.sent.dedup();
    }

    /// How many parts the message had when this tool call was last seen without a result; 0 when
    /// never (a fresh engine, or an output that arrived with its part).
    pub fn parts_seen_before_result(&self, tool_call_id: Handle) -> usize {
        self.seen_without_result
            .binary_search_by_key(&tool_call_id, |&(id, _)| id)
            .ok()
            .and_then(|at| self.seen_without_result.get(at))
            .map_or(0, |&(_, parts)| parts)
    }

    /// Records a snapshot of the last message: `tools` are its tool parts as `(toolCallId, has a
    /// result)`, `parts` its part count. A part without a result is noted as seen with `parts`
    /// parts; a part no longer in the message is forgotten.
    pub fn record_seen(&mut self, tools: &[(Handle, bool)], parts: usize) {
        // Sorted by id, and within an id the parts without a result first.
        let mut tools = tools.to_vec();
        tools.sort_unstable();
        let mut seen = Vec::with_capacity(tools.len());
        for (at, &(id, has_result)) in tools.iter().enumerate() {
            if tools.get(at + 1).is_some_and(|&(next, _)| next == id) {
                continue; // the last of its id decides
            }
            let before = self.parts_seen_before_result(id);
            // A toolCallId repeated in the message counts as seen with a result if any of its
            // parts has one (a hand-made history; AI SDK never repeats one).
            match (before, has_result) {
                (0, true) => {}
                (count, true) => seen.push((id, count)),
                (count, false) => seen.push((id, count.max(parts))),
            }
        }
        self.seen_without_result = seen;
    }

    pub fn sent_count(&self) -> usize {
        self.sent.len()
    }

    /// Every handle the memory holds, so the glue may forget the strings of all others.
    pub fn handles(&self, out: &mut Vec<Handle>) {
        for action in &self.sent {
            match *action {
                Action::Answer {
                    tool_call_id,
                    approval_id,
                } => out.extend_from_slice(&[tool_call_id, approval_id]),
                Action::BrowserOutput(id) => out.push(id),
            }
        }
        out.extend_from_slice(&self.browser_outputs);
        out.extend(self.seen_without_result.iter().map(|&(id, _)| id));
    }

    pub fn clear(&mut self) {
        self.sent.clear();
        self.browser_outputs.clear();
        self.seen_without_result.clear();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn answer(tool_call_id: Handle, approval_id: Handle) -> Action {
        Action::Answer {
            tool_call_id,
            approval_id,
        }
    }

    #[test]
    fn sent_actions_are_forgotten_when_their_part_leaves_the_last_message() {
        let mut memory = Memory::new();
        memory.record_sent(&[answer(1, 2)], &[answer(1, 2)]);
        assert!(memory.was_sent(answer(1, 2)));
        assert!(!memory.was_sent(Action::BrowserOutput(1)));
        memory.record_sent(&[answer(3, 4)], &[answer(3, 4)]);
        assert!(!memory.was_sent(answer(1, 2)));
        assert_eq!(memory.sent_count(), 1);
    }

    #[test]
    fn an_answer_is_the_pair_of_tool_call_and_approval_id() {
        let mut memory = Memory::new();
        memory.record_sent(&[answer(1, 9)], &[answer(1, 9)]);
        assert!(!memory.was_sent(answer(2, 9)));
    }

    #[test]
    fn sightings_keep_the_most_parts_seen_without_a_result() {
        let mut memory = Memory::new();
        memory.record_seen(&[(1, false)], 2);
        memory.record_seen(&[(1, false)], 3);
        memory.record_seen(&[(1, true)], 3);
        assert_eq!(memory.parts_seen_before_result(1), 3);
        assert_eq!(memory.parts_seen_before_result(2), 0);
        memory.record_seen(&[(2, false)], 1);
        assert_eq!(memory.parts_seen_before_result(1), 0);
    }

    #[test]
    fn browser_output_marks_are_bounded() {
        let mut memory = Memory::new();
        for id in 0..(MAX_BROWSER_OUTPUTS + 10) as Handle {
            memory.mark_browser_output(id);
        }
        assert!(!memory.is_browser_output(0));
        assert!(memory.is_browser_output((MAX_BROWSER_OUTPUTS + 9) as Handle));
        assert_eq!(memory.browser_outputs.len(), MAX_BROWSER_OUTPUTS);
    }
}
