//! The decision itself (SPEC §2, principles 1–6), in one pass over a last message's integer records
//! (`model::records`): no message is decoded and, unless the caller asks for them, no action is
//! listed; the pass counts. Its words are rendered by the glue from the rule's code and number.

use alloc::vec::Vec;

use super::memory::{Action, KeepsAll, Memory};
use super::{Mode, Policy};
use crate::model::records::{
    self, readable, walk, APPROVAL, APPROVED, AUTOMATIC, DENIED, FAILED, FLAGS_SHIFT, FRONTEND,
    KIND_STEP_START, KIND_TOOL, MALFORMED_RECORD, NIBBLE, PART_WORDS, STATE_SHIFT,
};
use crate::model::{Handle, Malformed, Role, ToolState};

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
    /// SPEC §5 F-c: these actions' send failed definitely; they wait for the app's explicit call.
    WaitsToBeSent { actions: usize },
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
    /// SPEC §5 F-c: known only because its send failed definitely; `explain()` only.
    pub const WAITS_TO_BE_SENT: u32 = 9;
}

/// A decision with its lists, for `explain()` and the native tests.
#[derive(Clone, Debug)]
pub struct Decision {
    pub verdict: Verdict,
    /// Every user action in the last assistant message; `None` when the message is not one, or
    /// when the decision stops before its actions count. The memory keeps only these.
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
            Verdict::WaitsToBeSent { actions } => (rule::WAITS_TO_BE_SENT, *actions as u32),
        }
    }
}

/// The actions of a decision, listed: what `explain()` shows and what the memory records on a send.
#[derive(Default)]
pub struct Lists {
    /// With their part indices, as `unknown`: one list type, one `push` in the module.
    pub present: Vec<(usize, Action)>,
    pub unknown: Vec<(usize, Action)>,
}

/// Which actions a decision counts as present, for the memory.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Present {
    /// Not a decision on an assistant message's actions: the sent actions stay as they are.
    Untouched,
    /// None: every remembered send leaves.
    Nothing,
    /// Those the pass met.
    Counted,
}

/// What one pass found: the rule and its number, and what the memory needs to know.
#[derive(Clone, Copy, Debug)]
pub struct Found {
    pub rule: u32,
    pub value: u32,
    /// A malformation's part index.
    pub index: u32,
    pub present: Present,
    /// Whether the message is an assistant's, whose tool parts the memory watches.
    pub assistant: bool,
    /// Whether every tool part has a result (no sighting to record).
    pub all_results: bool,
    /// Whether every remembered send is among the present actions (none is forgotten).
    pub keeps_all: bool,
}

impl Found {
    pub fn send(&self) -> bool {
        self.rule == rule::UNSENT_USER_ACTION
    }

    fn rule(rule: u32, value: u32, present: Present) -> Found {
        Found {
            rule,
            value,
            index: 0,
            present,
            assistant: true,
            all_results: true,
            keeps_all: true,
        }
    }

    /// The verdict, with the unknown actions a listing pass found.
    pub fn verdict(&self, unknown: Vec<(usize, Action)>) -> Verdict {
        let index = self.value as usize;
        match self.rule {
            rule::MALFORMED_INPUT => Verdict::Malformed(Malformed {
                code: self.value,
                index: self.index,
            }),
            rule::NOT_ASSISTANT => Verdict::NotAssistant(Role::from_code(self.value)),
            rule::NO_PARTS => Verdict::NoParts,
            rule::APPROVAL_PENDING => Verdict::ApprovalPending { index },
            rule::STILL_STREAMING => Verdict::StillStreaming { index },
            rule::AWAITING_BROWSER_OUTPUT => Verdict::AwaitingBrowserOutput { index },
            rule::NO_USER_ACTION => Verdict::NoUserAction,
            rule::ALREADY_KNOWN => Verdict::AllKnown { actions: index },
            rule::WAITS_TO_BE_SENT => Verdict::WaitsToBeSent { actions: index },
            _ => Verdict::Send { unknown },
        }
    }
}

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
        Err(why) => Err(malformed(why.code, why.index)),
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
