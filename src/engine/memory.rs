//! What one chat's engine remembers (SPEC §2 principle 2 and 6): the user actions it already told
//! AI SDK to send, the tool outputs the browser added, and, for each tool part still without a
//! result, how many parts the message had when the engine last saw it (the later parts it saw
//! before an output appeared, which prove nothing about that output). One instance per chat, never
//! a module global shared by all chats, and bounded: sent actions and sightings are kept only while
//! their part is in the last message, browser-output marks only up to `MAX_BROWSER_OUTPUTS`.
//! Everything is a handle of the engine's intern table (`model::Handle`).

use alloc::vec::Vec;

use super::sets::{contains_sorted, keep_only, lower_bound, Walk};
// Re-exported where the approvals and the runner have always found them.
pub use super::sets::{forget_oldest, holds, sort};
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

impl Action {
    /// The action as one sortable number; answers and outputs are kept apart, so each kind's
    /// numbers need no tag.
    #[inline(always)]
    fn key(self) -> u64 {
        match self {
            Action::Answer {
                tool_call_id,
                approval_id,
            } => (tool_call_id as u64) << 32 | approval_id as u64,
            Action::BrowserOutput(id) => id as u64,
        }
    }
}

#[derive(Clone, Debug, Default)]
pub struct Memory {
    /// Sent answers and sent browser outputs, each sorted by `Action::key`.
    sent_answers: Vec<u64>,
    sent_outputs: Vec<u64>,
    browser_outputs: Vec<Handle>,
    /// `toolCallId << 32 | parts`, sorted: the message had `parts` parts when this tool part was
    /// last seen without a result.
    seen_without_result: Vec<u64>,
    /// Reused for the keys of each decision, and the previous sightings' allocation for the next
    /// ones, so a decision allocates nothing here once warm.
    scratch: Vec<u64>,
    spare: Vec<u64>,
    /// Counts the changes to what the memory holds: equal versions, equal memories. A caller may
    /// answer a decision again from the last one while the version and the records are the same.
    version: u32,
}

impl Memory {
    pub fn new() -> Self {
        Memory::default()
    }

    #[inline(always)]
    fn sent(&self, action: Action) -> &Vec<u64> {
        match action {
            Action::Answer { .. } => &self.sent_answers,
            Action::BrowserOutput(_) => &self.sent_outputs,
        }
    }

    #[inline(always)]
    pub fn was_sent(&self, action: Action) -> bool {
        contains_sorted(self.sent(action), action.key())
    }

    #[inline(always)]
    pub fn is_browser_output(&self, tool_call_id: Handle) -> bool {
        holds(&self.browser_outputs, tool_call_id)
    }

    /// The library's helpers (or the app) say the output of this tool call is the browser's.
    pub fn mark_browser_output(&mut self, tool_call_id: Handle) {
        if self.is_browser_output(tool_call_id) {
            return;
        }
        if self.browser_outputs.len() >= MAX_BROWSER_OUTPUTS {
            forget_oldest(&mut self.browser_outputs);
        }
        self.browser_outputs.push(tool_call_id);
        self.changed();
    }

    /// The memory's version: it moves whenever what the memory holds changes, and only then.
    pub fn version(&self) -> u32 {
        self.version
    }

    fn changed(&mut self) {
        self.version = self.version.wrapping_add(1);
    }

    /// Records a send, and forgets sent actions that are no longer in the last message: they can
    /// never be decided on again, and keeping them would grow without bound. The engine calls it
    /// only when something changes (a send, or a remembered send that [`KeepsAll`] did not meet).
    pub fn record_sent(
        &mut self,
        sent: impl Iterator<Item = Action> + Clone,
        present: impl Iterator<Item = Action> + Clone,
    ) {
        let mut present_keys = core::mem::take(&mut self.scratch);
        let mut changed = false;
        for answers in [true, false] {
            let of_kind = |action: &Action| matches!(action, Action::Answer { .. }) == answers;
            present_keys.clear();
            // Keys are pushed one by one here and below, with no adapter: `extend` from a chain is a
            // specialized loop with its own growth path, and `filter` a search loop of its own.
            for action in present.clone() {
                if of_kind(&action) {
                    present_keys.push(action.key());
                }
            }
            sort(&mut present_keys);
            let kept = if answers {
                &mut self.sent_answers
            } else {
                &mut self.sent_outputs
            };
            let before = kept.len();
            // The kept keys are sorted and unique (as this function leaves them): only the keys
            // no longer present leave.
            keep_only(kept, Some(&present_keys));
            // Retaining only removes and adding only adds (no key twice): the lengths tell a change.
            let kept_all = kept.len() == before;
            for action in sent.clone() {
                if of_kind(&action) {
                    kept.push(action.key());
                }
            }
            sort(kept);
            keep_only(kept, None);
            if !kept_all || kept.len() != before {
                changed = true;
            }
        }
        self.scratch = present_keys;
        if changed {
            self.changed();
        }
    }

    /// Whether nothing is noted as seen without a result.
    pub fn no_sightings(&self) -> bool {
        self.seen_without_result.is_empty()
    }

    /// How many parts the message had when this tool call was last seen without a result; 0 when
    /// never (a fresh engine, or an output that arrived with its part).
    pub fn parts_seen_before_result(&self, tool_call_id: Handle) -> usize {
        // The entries of one id: from `id << 32` to `id << 32 | u32::MAX` (there is at most one).
        let from = (tool_call_id as u64) << 32;
        let seen = &self.seen_without_result;
        match seen.get(lower_bound(seen, from)) {
            Some(&entry) if entry >> 32 == tool_call_id as u64 => entry as u32 as usize,
            _ => 0,
        }
    }

    /// Records a snapshot of the last message: `tools` are its tool parts as `(toolCallId, has a
    /// result)`, `parts` its part count. A part without a result is noted as seen with `parts`
    /// parts; a part no longer in the message is forgotten.
    pub fn record_seen(&mut self, tools: impl Iterator<Item = (Handle, bool)>, parts: usize) {
        // Nothing seen without a result, before or now, records nothing: the engine does not call
        // this then (the usual fresh ask), and the loop below would keep nothing either.
        // Sorted by id, and within an id the parts without a result first.
        let mut sorted = core::mem::take(&mut self.scratch);
        sorted.clear();
        for (id, has_result) in tools {
            sorted.push((id as u64) << 1 | has_result as u64);
        }
        sort(&mut sorted);
        let mut seen = core::mem::take(&mut self.spare);
        seen.clear();
        let mut rest = sorted.as_slice();
        while let [tool, ref later @ ..] = *rest {
            rest = later;
            let id = (tool >> 1) as Handle;
            if later.first().is_some_and(|next| next >> 1 == tool >> 1) {
                continue; // the last of its id decides
            }
            let before = self.parts_seen_before_result(id);
            // A toolCallId repeated in the message counts as seen with a result if any of its
            // parts has one (a hand-made history; AI SDK never repeats one).
            let count = match (before, tool & 1 == 1) {
                (0, true) => continue,
                (count, true) => count,
                (count, false) => count.max(parts),
            };
            seen.push((id as u64) << 32 | count.min(u32::MAX as usize) as u64);
        }
        // Word by word, not `!=`: slices compare through `memcmp`, slow in WebAssembly
        // (docs/decisions/0004).
        let same = seen.len() == self.seen_without_result.len()
            && seen
                .iter()
                .zip(&self.seen_without_result)
                .all(|(a, b)| a == b);
        if !same {
            self.changed();
        }
        self.spare = core::mem::replace(&mut self.seen_without_result, seen);
        self.scratch = sorted;
    }

    pub fn sent_count(&self) -> usize {
        self.sent_answers.len() + self.sent_outputs.len()
    }

    /// Every handle the memory holds, so the glue may forget the strings of all others.
    pub fn handles(&self, out: &mut Vec<Handle>) {
        for key in &self.sent_answers {
            out.push((key >> 32) as Handle);
            out.push(*key as Handle);
        }
        // Pushed one by one: `extend` from a `map` is a loop of its own per call in the module.
        for key in &self.sent_outputs {
            out.push(*key as Handle);
        }
        out.extend_from_slice(&self.browser_outputs);
        for entry in &self.seen_without_result {
            out.push((entry >> 32) as Handle);
        }
    }

    pub fn clear(&mut self) {
        self.sent_answers.clear();
        self.sent_outputs.clear();
        self.browser_outputs.clear();
        self.seen_without_result.clear();
        self.scratch = Vec::new();
        self.spare = Vec::new();
        self.changed();
    }
}

/// Whether every remembered send is among a decision's present actions, met one by one: one walk
/// beside the sorted memory when each kind's actions come in ascending order (the glue interns ids
/// in the order it meets them, so they usually do); any other order answers false, and the caller
/// takes the general way.
#[derive(Default)]
pub struct KeepsAll {
    answers: Walk,
    outputs: Walk,
    broken: bool,
}

impl KeepsAll {
    #[inline(always)]
    pub fn meet(&mut self, memory: &Memory, action: Action) {
        let met = match action {
            Action::Answer { .. } => self.answers.meet(&memory.sent_answers, action.key()),
            Action::BrowserOutput(_) => self.outputs.meet(&memory.sent_outputs, action.key()),
        };
        self.broken |= !met;
    }

    pub fn all(&self, memory: &Memory) -> bool {
        !self.broken
            && self.answers.next == memory.sent_answers.len()
            && self.outputs.next == memory.sent_outputs.len()
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
        memory.record_sent([answer(1, 2)].into_iter(), [answer(1, 2)].into_iter());
        assert!(memory.was_sent(answer(1, 2)));
        assert!(!memory.was_sent(Action::BrowserOutput(1)));
        memory.record_sent([answer(3, 4)].into_iter(), [answer(3, 4)].into_iter());
        assert!(!memory.was_sent(answer(1, 2)));
        assert_eq!(memory.sent_count(), 1);
    }

    #[test]
    fn forgetting_depends_on_which_actions_are_present_not_on_their_order() {
        let kept = [answer(1, 2), answer(3, 4), Action::BrowserOutput(3)];
        let cases: [(&[Action], usize); 5] = [
            (&[answer(1, 2), answer(3, 4), Action::BrowserOutput(3)], 3),
            (&[Action::BrowserOutput(3), answer(3, 4), answer(1, 2)], 3),
            (&[answer(3, 4), answer(3, 4), Action::BrowserOutput(3)], 2),
            (&[answer(1, 2), answer(1, 2), answer(5, 6)], 1),
            (&[answer(0, 1), answer(1, 2), answer(3, 4), answer(9, 9)], 2),
        ];
        for (present, remembered) in cases {
            let mut memory = Memory::new();
            memory.record_sent(kept.into_iter(), kept.into_iter());
            let version = memory.version();
            memory.record_sent(core::iter::empty(), present.iter().copied());
            assert_eq!(memory.sent_count(), remembered, "{present:?}");
            assert_eq!(memory.version() == version, remembered == 3, "{present:?}");
            for action in kept {
                assert_eq!(memory.was_sent(action), present.contains(&action));
            }
        }
    }

    #[test]
    fn an_answer_is_the_pair_of_tool_call_and_approval_id() {
        let mut memory = Memory::new();
        memory.record_sent([answer(1, 9)].into_iter(), [answer(1, 9)].into_iter());
        assert!(!memory.was_sent(answer(2, 9)));
    }

    #[test]
    fn sightings_keep_the_most_parts_seen_without_a_result() {
        let mut memory = Memory::new();
        memory.record_seen([(1, false)].into_iter(), 2);
        memory.record_seen([(1, false)].into_iter(), 3);
        memory.record_seen([(1, true)].into_iter(), 3);
        assert_eq!(memory.parts_seen_before_result(1), 3);
        assert_eq!(memory.parts_seen_before_result(2), 0);
        memory.record_seen([(2, false)].into_iter(), 1);
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

    #[test]
    fn the_version_moves_exactly_when_what_the_memory_holds_changes() {
        let mut memory = Memory::new();
        let mut version = memory.version();
        let mut moved = |memory: &Memory| {
            let now = memory.version();
            core::mem::replace(&mut version, now) != now
        };
        memory.record_sent([answer(1, 2)].into_iter(), [answer(1, 2)].into_iter());
        assert!(moved(&memory), "a new send");
        memory.record_sent(core::iter::empty(), [answer(1, 2)].into_iter());
        assert!(!moved(&memory), "the same present actions, nothing sent");
        memory.record_sent([answer(1, 2)].into_iter(), [answer(1, 2)].into_iter());
        assert!(!moved(&memory), "a send already remembered");
        memory.record_sent(core::iter::empty(), [answer(3, 4)].into_iter());
        assert!(moved(&memory), "a sent action left the message");
        memory.record_seen([(5, false)].into_iter(), 2);
        assert!(moved(&memory), "a new sighting");
        memory.record_seen([(5, false)].into_iter(), 2);
        assert!(!moved(&memory), "the same sighting");
        memory.record_seen([(5, false)].into_iter(), 3);
        assert!(moved(&memory), "more parts seen");
        memory.mark_browser_output(7);
        assert!(moved(&memory), "a new mark");
        memory.mark_browser_output(7);
        assert!(!moved(&memory), "the same mark");
        memory.clear();
        assert!(moved(&memory), "cleared");
    }
}
