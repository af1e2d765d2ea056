//! What a decision answers (SPEC §2): the verdict with its rule, the stable rule codes the glue
//! names, and the lighter `Found` a counting pass returns. The rules themselves are in
//! `decision.rs`.

use alloc::vec::Vec;

use super::memory::Action;
use crate::model::{Malformed, Role};

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
    /// SPEC §5 F-c: the send of the last message (its actions, or the user's message) failed
    /// definitely; it waits for the app's explicit call.
    WaitsToBeSent,
    /// SPEC §5 F-g: the request that carried them failed ambiguously; whether they arrived is
    /// unknown. `repeatable`: the first request is surely over and the backend is ADK's, so the
    /// app may send them again, once, by an explicit call.
    ArrivalUnknown { repeatable: bool },
    /// Issue 42: the message list is empty (a new chat): well formed, with nothing to decide.
    NoMessages,
}

/// The stable rule codes; `explain().rule` names each after its constant (`NO_PARTS` is
/// `no-parts`), in `RULE_NAMES` of the generated `js/core/contract.js`.
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
    /// SPEC §5 F-g: known only because its send failed ambiguously; `explain()` only. Its number
    /// is 1 when an explicit repeat is offered.
    pub const ARRIVAL_UNKNOWN: u32 = 10;
    /// Issue 42: a new chat, no message yet.
    pub const NO_MESSAGES: u32 = 11;
}

/// What the engine knows of its last send's failure (SPEC §5 F-c, F-g): `adk_hold`'s states.
pub mod hold {
    /// No failure: what was sent counts as sent.
    pub const NONE: u32 = 0;
    /// The send failed definitely (nothing reached the backend): its actions wait to be sent.
    pub const WAITS: u32 = 1;
    /// The send failed ambiguously: nothing is sent again.
    pub const UNKNOWN: u32 = 2;
    /// The send failed ambiguously, but the request is surely over and the backend drops an
    /// answer it already holds: an explicit repeat pays at most once.
    pub const REPEATABLE: u32 = 3;
    /// Not a state, the app's explicit resend: takes what `WAITS`, once.
    pub const RESEND: u32 = 4;
    /// Not a state, the app's explicit repeat (`mayHaveArrived`): takes what `WAITS` or is
    /// `REPEATABLE`, once.
    pub const REPEAT: u32 = 5;
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
            Verdict::WaitsToBeSent => (rule::WAITS_TO_BE_SENT, 0),
            Verdict::ArrivalUnknown { repeatable } => (rule::ARRIVAL_UNKNOWN, *repeatable as u32),
            Verdict::NoMessages => (rule::NO_MESSAGES, 0),
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

    pub(super) fn rule(rule: u32, value: u32, present: Present) -> Found {
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
            rule::WAITS_TO_BE_SENT => Verdict::WaitsToBeSent,
            rule::NO_MESSAGES => Verdict::NoMessages,
            rule::ARRIVAL_UNKNOWN => Verdict::ArrivalUnknown {
                repeatable: self.value != 0,
            },
            _ => Verdict::Send { unknown },
        }
    }
}
