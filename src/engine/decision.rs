//! The decision itself (SPEC §2, principles 1–6), in one pass over a last message's integer records
//! (`model::records`): no message is decoded and, unless the caller asks for them, no action is
//! listed; the pass counts. Its words are rendered by the glue from the rule's code and number.

use super::memory::{Action, KeepsAll, Memory};
use super::verdict::{rule, Found, Lists, Present};
use super::{Mode, Policy};
use crate::model::records::{
    self, readable, walk, APPROVAL, APPROVED, AUTOMATIC, DENIED, FAILED, FLAGS_SHIFT, FRONTEND,
    KIND_STEP_START, KIND_TOOL, MALFORMED_RECORD, NIBBLE, PART_WORDS, STATE_SHIFT,
};
use crate::model::{Handle, Role, ToolState};

const INPUT_STREAMING: u32 = ToolState::InputStreaming as u32;
const INPUT_AVAILABLE: u32 = ToolState::InputAvailable as u32;
const APPROVAL_REQUESTED: u32 = ToolState::ApprovalRequested as u32;
const APPROVAL_RESPONDED: u32 = ToolState::ApprovalResponded as u32;
const OUTPUT_AVAILABLE: u32 = ToolState::OutputAvailable as u32;
const OUTPUT_ERROR: u32 = ToolState::OutputError as u32;
const OUTPUT_DENIED: u32 = ToolState::OutputDenied as u32;

/// Decides for the `count` part records after the header in `words`, in one pass: every record is
/// checked (an unreadable one makes the whole message malformed, as `records::read` reads it),
/// the gates of principles 1 and 3 are noted, and the actions are counted (and listed into
/// `lists`, when given). Pure: the caller records what it sends. Never panics, whatever the words.
pub fn decide_records(
    words: &[u32],
    count: usize,
    memory: &Memory,
    policy: &Policy,
    lists: Option<&mut Lists>,
) -> Found {
    let (role, records) = match read_header(words, count, memory) {
        Ok(read) => read,
        Err(found) => return found,
    };
    let reacted = last_reaction(records, count);
    let mut pass = Pass {
        reacted,
        gate: None,
        awaiting: None,
        last_tool_awaits: false,
        all_results: true,
        present: 0,
        unknown: 0,
        keeps: KeepsAll::default(),
        lists,
    };
    for part in walk(records) {
        let (at, word) = (part.index, part.word);
        if !pass.part(
            at,
            word,
            part.tool_call_id,
            part.approval_id,
            memory,
            policy,
        ) {
            return malformed(MALFORMED_RECORD, at as u32);
        }
    }
    if role != Role::Assistant {
        return not_assistant(role);
    }
    pass.conclude(count, memory)
}

fn malformed(code: u32, index: u32) -> Found {
    Found {
        index,
        assistant: false,
        ..Found::rule(rule::MALFORMED_INPUT, code, Present::Untouched)
    }
}

fn not_assistant(role: Role) -> Found {
    Found {
        assistant: false,
        ..Found::rule(rule::NOT_ASSISTANT, role as u32, Present::Untouched)
    }
}

/// The header's role and the part records, or the decision the header alone makes: the glue's
/// malformation, missing parts, fewer records than the count.
#[inline(always)]
fn read_header<'a>(
    words: &'a [u32],
    count: usize,
    memory: &Memory,
) -> Result<(Role, &'a [u32]), Found> {
    match records::read_header(words, count) {
        Err(why) => {
            let mut found = malformed(why.code, why.index);
            // Issue 42: an empty list is no malformation, but it too has no message to decide on.
            if why.code == records::NO_MESSAGES {
                found.rule = rule::NO_MESSAGES;
            }
            Err(found)
        }
        Ok((role, Some(records))) => Ok((role, records)),
        Ok((role, None)) if role != Role::Assistant => Err(not_assistant(role)),
        Ok((_, None)) => Err(Found {
            keeps_all: memory.sent_count() == 0,
            ..Found::rule(rule::NO_PARTS, 0, Present::Nothing)
        }),
    }
}

/// Principle 2: a part after an action is the backend's reaction to it; `step-start` is only AI
/// SDK's marker, so it does not count. Returns one past the last part that is no marker: a
/// reaction stands at or after `from` exactly when `from < last_reaction`.
#[inline(always)]
fn last_reaction(records: &[u32], count: usize) -> usize {
    let mut reacted = count;
    while reacted > 0 {
        match records.get((reacted - 1) * PART_WORDS) {
            Some(&word) if word & NIBBLE == KIND_STEP_START => reacted -= 1,
            _ => break,
        }
    }
    reacted
}

/// What the pass has met so far.
struct Pass<'a> {
    reacted: usize,
    /// The first gate of principle 1 met (an approval waits, an input streams): it wins over
    /// principle 3's (an approved browser tool's output is missing), wherever they stand.
    gate: Option<(u32, usize)>,
    awaiting: Option<usize>,
    /// The last part is a browser tool the backend called without an approval request (SPEC §4).
    last_tool_awaits: bool,
    all_results: bool,
    present: u32,
    unknown: u32,
    keeps: KeepsAll,
    lists: Option<&'a mut Lists>,
}

impl Pass<'_> {
    /// One part record; false when it is unreadable.
    #[inline(always)]
    fn part(
        &mut self,
        at: usize,
        word: u32,
        tool_call_id: Handle,
        approval_id: Handle,
        memory: &Memory,
        policy: &Policy,
    ) -> bool {
        if !readable(word) {
            return false;
        }
        if word & NIBBLE != KIND_TOOL {
            return true;
        }
        let state = (word >> STATE_SHIFT) & NIBBLE;
        let flags = word >> FLAGS_SHIFT;
        let has_approval = flags & APPROVAL != 0;
        let approved = has_approval && flags & APPROVED != 0;
        let denied = has_approval && flags & DENIED != 0;
        let has_result = state == OUTPUT_AVAILABLE || state == OUTPUT_ERROR;
        self.all_results &= has_result;
        if self.gate.is_some() {
            return true; // the records are still checked
        }
        if state == APPROVAL_REQUESTED {
            self.gate = Some((rule::APPROVAL_PENDING, at));
            return true;
        }
        if state == INPUT_STREAMING {
            self.gate = Some((rule::STILL_STREAMING, at));
            return true;
        }
        let frontend = flags & FRONTEND != 0;
        let failed = flags & FAILED != 0;
        let answer = Action::Answer {
            tool_call_id,
            approval_id,
        };
        // Principle 3 (Pattern A): an approved browser tool waits for its output, unless its
        // answer went already (its output then follows on its own).
        if state == APPROVAL_RESPONDED
            && self.awaiting.is_none()
            && approved
            && !failed
            && frontend
            && policy.output_travels_with_approval()
            && !memory.was_sent(answer)
        {
            self.awaiting = Some(at);
        }
        if self.awaiting.is_some() {
            return true;
        }
        let followed = at + 1 < self.reacted;
        self.last_tool_awaits = !followed && state == INPUT_AVAILABLE && !has_approval && frontend;
        let browser_output =
            has_result && is_browser_output(frontend, state, followed, tool_call_id, memory);
        if (approved || denied) && flags & AUTOMATIC == 0 {
            // Principle 6: a state only the backend writes moves the part past its answer; so
            // does a legacy `error` field (D29: the backend reported the tool failed).
            let backend_wrote_past =
                failed || state == OUTPUT_DENIED || (has_result && !browser_output);
            self.action(at, answer, !followed && !backend_wrote_past, memory);
        }
        // BIDI Pattern B: an approved browser tool's output travels as a `tool_result` frame on
        // the open socket, never as a new message, so it is no action for this decision.
        let as_frame = policy.mode == Mode::Bidi
            && !policy.output_travels_with_approval()
            && frontend
            && approved;
        if browser_output && !as_frame {
            // Principle 2's exception: later parts the engine saw before this output appeared
            // came in the same response as the tool call (ADR 0005's shape), no reaction to it.
            let unanswered = !failed
                && (!followed || memory.parts_seen_before_result(tool_call_id) >= self.reacted);
            self.action(at, Action::BrowserOutput(tool_call_id), unanswered, memory);
        }
        true
    }

    /// A present action; unknown to the backend when no later part answered it and it was not
    /// sent (the memory is asked last: a later part usually answers first, cheaper).
    #[inline(always)]
    fn action(&mut self, at: usize, action: Action, unanswered: bool, memory: &Memory) {
        self.present += 1;
        self.keeps.meet(memory, action);
        if let Some(lists) = self.lists.as_deref_mut() {
            lists.present.push((at, action));
        }
        if unanswered && !memory.was_sent(action) {
            self.unknown += 1;
            if let Some(lists) = self.lists.as_deref_mut() {
                lists.unknown.push((at, action));
            }
        }
    }

    /// The decision on an assistant message whose records are all readable.
    #[inline(always)]
    fn conclude(self, count: usize, memory: &Memory) -> Found {
        let nothing = |rule: u32, value: usize| Found {
            keeps_all: memory.sent_count() == 0,
            ..Found::rule(rule, value as u32, Present::Nothing)
        };
        let gated = |rule: u32, value: usize| Found::rule(rule, value as u32, Present::Untouched);
        let mut found = if count == 0 {
            nothing(rule::NO_PARTS, 0)
        } else if self.reacted == 0 {
            nothing(rule::NO_USER_ACTION, 0)
        } else if let Some((rule, at)) = self.gate {
            gated(rule, at)
        } else if let Some(at) = self.awaiting {
            gated(rule::AWAITING_BROWSER_OUTPUT, at)
        } else if self.last_tool_awaits {
            nothing(rule::AWAITING_BROWSER_OUTPUT, self.reacted - 1)
        } else {
            let (rule, value) = if self.unknown > 0 {
                (rule::UNSENT_USER_ACTION, self.unknown)
            } else if self.present > 0 {
                (rule::ALREADY_KNOWN, self.present)
            } else {
                (rule::NO_USER_ACTION, 0)
            };
            Found {
                keeps_all: self.keeps.all(memory),
                ..Found::rule(rule, value, Present::Counted)
            }
        };
        found.all_results = self.all_results;
        found
    }
}

/// Principle 6: a tool result is the browser's when the library's helpers (or the app) said so;
/// otherwise inferred: an output on a tool that runs in the browser is the browser's (the backend
/// never executes those), and so is an `output-available` with nothing after it (AI SDK's and ADR
/// 0006's inference: the backend stopped and waits for the client); any other `output-error` is
/// the backend's.
#[inline(always)]
fn is_browser_output(
    frontend: bool,
    state: u32,
    followed: bool,
    tool_call_id: Handle,
    memory: &Memory,
) -> bool {
    frontend || (state == OUTPUT_AVAILABLE && !followed) || memory.is_browser_output(tool_call_id)
}
