//! What one chat's engine remembers (SPEC §2 principle 2 and 6): the user actions it already told
//! AI SDK to send, the tool outputs the browser added, and, for each tool part still without a
//! result, how many parts the message had when the engine last saw it (the later parts it saw
//! before an output appeared, which prove nothing about that output). One instance per chat, never
//! a module global shared by all chats, and bounded: sent actions and sightings are kept only while
//! their part is in the last message, browser-output marks only up to `MAX_BROWSER_OUTPUTS`.

/// The most browser-output marks kept; the oldest is forgotten first. Far above the tool calls one
/// message holds, so a mark is never forgotten before its part is decided on.
pub const MAX_BROWSER_OUTPUTS: usize = 1024;

/// A user action, named so that the same action in a later render of the message compares equal.
/// Ordered (answers first, then by id), so the memory keeps its keys sorted and finds one by
/// binary search: a message may hold many thousands of parts.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum ActionKey {
    /// An approval answer, by approval id (the answer itself never changes once given).
    Answer(String),
    /// A tool output the browser added, by toolCallId.
    BrowserOutput(String),
}

impl ActionKey {
    /// The key's place in the memory's order, comparable with a borrowed action's.
    fn rank(&self) -> (u8, &str) {
        match self {
            ActionKey::Answer(id) => (0, id),
            ActionKey::BrowserOutput(id) => (1, id),
        }
    }
}

/// A borrowed action key, as the decision finds it in a message.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ActionRef<'a> {
    Answer(&'a str),
    BrowserOutput(&'a str),
}

impl<'a> ActionRef<'a> {
    fn rank(self) -> (u8, &'a str) {
        match self {
            ActionRef::Answer(id) => (0, id),
            ActionRef::BrowserOutput(id) => (1, id),
        }
    }

    pub fn to_key(self) -> ActionKey {
        match self {
            ActionRef::Answer(id) => ActionKey::Answer(id.to_string()),
            ActionRef::BrowserOutput(id) => ActionKey::BrowserOutput(id.to_string()),
        }
    }
}

#[derive(Clone, Debug, Default)]
pub struct Memory {
    sent: Vec<ActionKey>,
    browser_outputs: std::collections::VecDeque<String>,
    /// `(toolCallId, parts)`, sorted by id: the message had `parts` parts when this tool part was
    /// last seen without a result.
    seen_without_result: Vec<(String, usize)>,
}

impl Memory {
    pub fn new() -> Self {
        Memory::default()
    }

    pub fn was_sent(&self, action: ActionRef<'_>) -> bool {
        let wanted = action.rank();
        self.sent
            .binary_search_by(|key| key.rank().cmp(&wanted))
            .is_ok()
    }

    pub fn is_browser_output(&self, tool_call_id: &str) -> bool {
        self.browser_outputs.iter().any(|id| id == tool_call_id)
    }

    /// The library's helpers (or the app) say the output of this tool call is the browser's.
    pub fn mark_browser_output(&mut self, tool_call_id: &str) {
        if self.is_browser_output(tool_call_id) {
            return;
        }
        if self.browser_outputs.len() == MAX_BROWSER_OUTPUTS {
            self.browser_outputs.pop_front();
        }
        self.browser_outputs.push_back(tool_call_id.to_string());
    }

    /// Records a send, and forgets sent actions that are no longer in the last message: they can
    /// never be decided on again, and keeping them would grow without bound.
    pub fn record_sent(&mut self, sent: &[ActionRef<'_>], present: &[ActionRef<'_>]) {
        let by_rank = sorted_order(present.len(), &|a, b| {
            present[a].rank().cmp(&present[b].rank())
        });
        self.sent.retain(|key| {
            by_rank
                .binary_search_by(|&at| present[at].rank().cmp(&key.rank()))
                .is_ok()
        });
        self.sent.extend(sent.iter().map(|action| action.to_key()));
        let keys = std::mem::take(&mut self.sent);
        let order = sorted_order(keys.len(), &|a, b| keys[a].rank().cmp(&keys[b].rank()));
        let mut keys: Vec<Option<ActionKey>> = keys.into_iter().map(Some).collect();
        for at in order {
            if let Some(key) = keys[at].take() {
                if self.sent.last() != Some(&key) {
                    self.sent.push(key);
                }
            }
        }
    }

    /// How many parts the message had when this tool call was last seen without a result; 0 when
    /// never (a fresh engine, or an output that arrived with its part).
    pub fn parts_seen_before_result(&self, tool_call_id: &str) -> usize {
        self.seen_without_result
            .binary_search_by(|(id, _)| id.as_str().cmp(tool_call_id))
            .map_or(0, |at| self.seen_without_result[at].1)
    }

    /// Records a snapshot of the last message: `tools` are its tool parts as `(toolCallId, has a
    /// result)`, `parts` its part count. A part without a result is noted as seen with `parts`
    /// parts; a part no longer in the message is forgotten.
    pub fn record_seen(&mut self, tools: &[(&str, bool)], parts: usize) {
        // Sorted by id, and within an id the parts without a result first.
        let order = sorted_order(tools.len(), &|a, b| tools[a].cmp(&tools[b]));
        let tools: Vec<(&str, bool)> = order.into_iter().map(|at| tools[at]).collect();
        let mut old = std::mem::take(&mut self.seen_without_result);
        let mut seen = Vec::with_capacity(tools.len());
        for (at, (id, has_result)) in tools.iter().enumerate() {
            if tools.get(at + 1).is_some_and(|(next, _)| next == id) {
                continue; // the last of its id decides
            }
            let before = old.binary_search_by(|(seen, _)| seen.as_str().cmp(id)).ok();
            let taken = before.map(|at| (std::mem::take(&mut old[at].0), old[at].1));
            // A toolCallId repeated in the message counts as seen with a result if any of its
            // parts has one (a hand-made history; AI SDK never repeats one).
            match (taken, *has_result) {
                (Some(entry), true) => seen.push(entry),
                (None, true) => {}
                (Some((id, count)), false) => seen.push((id, count.max(parts))),
                (None, false) => seen.push((id.to_string(), parts)),
            }
        }
        self.seen_without_result = seen;
    }

    pub fn sent_count(&self) -> usize {
        self.sent.len()
    }

    pub fn clear(&mut self) {
        self.sent.clear();
        self.browser_outputs.clear();
        self.seen_without_result.clear();
    }
}

/// The indices `0..len` in the order `compare` gives. The memory's only sort: one instance of the
/// sorting code in the WebAssembly module instead of one per key type (each is a few KB).
fn sorted_order(len: usize, compare: &dyn Fn(usize, usize) -> std::cmp::Ordering) -> Vec<usize> {
    let mut order: Vec<usize> = (0..len).collect();
    order.sort_unstable_by(|a, b| compare(*a, *b));
    order
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sent_actions_are_forgotten_when_their_part_leaves_the_last_message() {
        let mut memory = Memory::new();
        memory.record_sent(&[ActionRef::Answer("a1")], &[ActionRef::Answer("a1")]);
        assert!(memory.was_sent(ActionRef::Answer("a1")));
        assert!(!memory.was_sent(ActionRef::BrowserOutput("a1")));
        memory.record_sent(&[ActionRef::Answer("a2")], &[ActionRef::Answer("a2")]);
        assert!(!memory.was_sent(ActionRef::Answer("a1")));
        assert_eq!(memory.sent_count(), 1);
    }

    #[test]
    fn sightings_keep_the_most_parts_seen_without_a_result() {
        let mut memory = Memory::new();
        memory.record_seen(&[("c1", false)], 2);
        memory.record_seen(&[("c1", false)], 3);
        memory.record_seen(&[("c1", true)], 3);
        assert_eq!(memory.parts_seen_before_result("c1"), 3);
        assert_eq!(memory.parts_seen_before_result("c2"), 0);
        memory.record_seen(&[("c2", false)], 1);
        assert_eq!(memory.parts_seen_before_result("c1"), 0);
    }

    #[test]
    fn browser_output_marks_are_bounded() {
        let mut memory = Memory::new();
        for i in 0..MAX_BROWSER_OUTPUTS + 10 {
            memory.mark_browser_output(&format!("call-{i}"));
        }
        assert!(!memory.is_browser_output("call-0"));
        assert!(memory.is_browser_output(&format!("call-{}", MAX_BROWSER_OUTPUTS + 9)));
        assert_eq!(memory.browser_outputs.len(), MAX_BROWSER_OUTPUTS);
    }
}
