//! The auto-send decision engine (SPEC §2): given a chat's last message, should AI SDK send the
//! conversation back now? Pure Rust, no JS types; one `Engine` per chat.

mod decision;
pub mod memory;
mod sets;
mod verdict;

pub use decision::decide_records;
pub use memory::{Action, Memory};
pub use verdict::{hold, rule, Decision, Found, Lists, Present, Verdict};

use crate::model::records::{encode, walk, HEADER_WORDS, PART_WORDS};
use crate::model::{Handle, Message, Role, ToolState};

/// The transport a chat uses (SPEC §2, ADR 0008).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    Sse,
    Bidi,
}

/// How an approved browser tool reaches a BIDI backend (SPEC §2 principle 3).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BidiPattern {
    /// The approval travels together with the tool's output, in one message (the default, and the
    /// only pattern SSE supports, ADR 0008).
    A,
    /// The approval is sent at once; the output follows as a `tool_result` frame on the open socket.
    B,
}

/// What a decision depends on besides the message and the memory.
#[derive(Clone, Copy, Debug)]
pub struct Policy {
    pub mode: Mode,
    pub pattern: BidiPattern,
}

impl Policy {
    /// Whether an approved browser tool's output must travel with its approval (Pattern A).
    #[inline(always)]
    pub fn output_travels_with_approval(&self) -> bool {
        self.mode == Mode::Sse || self.pattern == BidiPattern::A
    }
}

/// One chat's decision engine: its mode and its memory of what it already sent.
#[derive(Clone, Debug)]
pub struct Engine {
    pub mode: Mode,
    pub pattern: BidiPattern,
    memory: Memory,
    /// SPEC §5 F-c, F-g: how the last send failed (`hold`). Its answers stay in the memory, so no
    /// automatic decision sends them again; `explain()` says they wait to be sent (definite) or
    /// that their arrival is unknown (ambiguous), until the app's explicit resend, or a send of a
    /// new action, which carries them too.
    hold: u32,
}

impl Engine {
    pub fn new(mode: Mode, pattern: BidiPattern) -> Self {
        // ADR 0008: SSE has no open socket to carry a later tool_result, so it is Pattern A only.
        let pattern = if mode == Mode::Sse {
            BidiPattern::A
        } else {
            pattern
        };
        Engine {
            mode,
            pattern,
            memory: Memory::new(),
            hold: hold::NONE,
        }
    }

    fn policy(&self) -> Policy {
        Policy {
            mode: self.mode,
            pattern: self.pattern,
        }
    }

    /// The decision on the `count` part records in `words` (`model::records`), without
    /// remembering anything, with its actions listed: what `explain()` reports.
    pub fn explain_records(&self, words: &[u32], count: usize) -> (Found, Lists) {
        let mut lists = Lists::default();
        let mut found =
            decide_records(words, count, &self.memory, &self.policy(), Some(&mut lists));
        // What the failed request carried: the answers of the last assistant message, or the
        // user's message itself (SPEC §5 F-c: a message sent while the backend was down).
        let carried = found.rule == rule::ALREADY_KNOWN
            || (found.rule == rule::NOT_ASSISTANT && found.value == Role::User as u32);
        // The value says, for arrival-unknown, whether a repeat is offered.
        if carried && self.hold != hold::NONE {
            found.rule = if self.hold == hold::WAITS {
                rule::WAITS_TO_BE_SENT
            } else {
                rule::ARRIVAL_UNKNOWN
            };
            found.value = (self.hold == hold::REPEATABLE) as u32;
        }
        (found, lists)
    }

    /// F-c, F-g: sets how the last send failed (`hold::NONE`, `WAITS`, `UNKNOWN`, `REPEATABLE`)
    /// and returns the state it replaces; or, for the app's explicit `hold::REPEAT` or resend (any
    /// other code, `hold::RESEND`), returns 1 when there is something it may send now (then nothing
    /// waits any more, so a second call finds none), else 0.
    pub fn hold(&mut self, state: u32) -> u32 {
        let held = self.hold;
        if state <= hold::REPEATABLE {
            self.hold = state;
            return held;
        }
        let taken = held == hold::WAITS || (state == hold::REPEAT && held == hold::REPEATABLE);
        if taken {
            self.hold = hold::NONE;
        }
        taken as u32
    }

    /// The decision AI SDK acts on, on the records in `words`: when it says send, the actions it
    /// sends are remembered, so the same state never sends twice (SPEC D16). One pass over the
    /// records; a second, listing the actions, only when the sent actions must change.
    pub fn decide_records(&mut self, words: &[u32], count: usize) -> Found {
        let policy = self.policy();
        let found = decide_records(words, count, &self.memory, &policy, None);
        if found.send() {
            self.hold = hold::NONE;
        }
        if found.present != Present::Untouched && (found.send() || !found.keeps_all) {
            let mut lists = Lists::default();
            if found.present == Present::Counted {
                decide_records(words, count, &self.memory, &policy, Some(&mut lists));
            }
            let sent = lists.unknown.iter().map(|&(_, action)| action);
            let present = lists.present.iter().map(|&(_, action)| action);
            self.memory.record_sent(sent, present);
        }
        if found.assistant && !(found.all_results && self.memory.no_sightings()) {
            // Valid records (the pass read them): each tool part as (toolCallId, has a result).
            // Missing parts are no parts, whatever the count says.
            let count = if found.rule == rule::NO_PARTS {
                0
            } else {
                count
            };
            let records = count
                .checked_mul(PART_WORDS)
                .and_then(|len| words.get(HEADER_WORDS..)?.get(..len))
                .unwrap_or(&[]);
            let tools = walk(records).filter(|part| part.is_tool()).map(|part| {
                let state = part.state();
                let result = state == ToolState::OutputAvailable as u32
                    || state == ToolState::OutputError as u32;
                (part.tool_call_id, result)
            });
            self.memory.record_seen(tools, count);
        }
        found
    }

    /// The decision, without remembering anything (the message as the glue would write it).
    pub fn explain(&self, message: &Message) -> Decision {
        let (words, count) = encode(message);
        let (found, lists) = self.explain_records(&words, count);
        Decision {
            verdict: found.verdict(lists.unknown),
            present: match found.present {
                Present::Untouched => None,
                Present::Nothing => Some(alloc::vec::Vec::new()),
                Present::Counted => Some(lists.present.into_iter().map(|(_, a)| a).collect()),
            },
        }
    }

    /// [`Engine::decide_records`] on a message as the glue would write it, with the decision's
    /// lists as `explain` gives them before it.
    pub fn decide(&mut self, message: &Message) -> Decision {
        let decision = self.explain(message);
        let (words, count) = encode(message);
        self.decide_records(&words, count);
        decision
    }

    /// [`Engine::decide`], reduced to the answer AI SDK reads.
    pub fn should_send(&mut self, message: &Message) -> bool {
        let (words, count) = encode(message);
        self.decide_records(&words, count).send()
    }

    /// The library's helpers, or the app, say this tool call's output was added by the browser.
    pub fn mark_browser_output(&mut self, tool_call_id: Handle) {
        self.memory.mark_browser_output(tool_call_id);
    }

    pub fn memory(&self) -> &Memory {
        &self.memory
    }

    /// Moves whenever the memory changes: a decision on the same message at the same version has
    /// the same answer and changes nothing when the last one changed nothing.
    pub fn memory_version(&self) -> u32 {
        self.memory.version()
    }

    /// Forgets everything: what was sent and which outputs are the browser's.
    pub fn reset(&mut self) {
        self.memory.clear();
        self.hold = hold::NONE;
    }
}
