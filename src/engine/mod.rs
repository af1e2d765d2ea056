//! The auto-send decision engine (SPEC §2): given a chat's last message, should AI SDK send the
//! conversation back now? Pure Rust, no JS types; one `Engine` per chat.

mod decision;
pub mod memory;

pub use decision::{decide, decide_reusing, rule, Decision, Verdict};
pub use memory::{Action, Memory};

use alloc::vec::Vec;

use crate::model::{Handle, Message, Part, Role};

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
    /// The last decision's list of present actions, handed back for the next one's allocation.
    spare: Vec<Action>,
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
            spare: Vec::new(),
        }
    }

    fn policy(&self) -> Policy {
        Policy {
            mode: self.mode,
            pattern: self.pattern,
        }
    }

    /// The decision, without remembering anything: what `explain()` reports.
    pub fn explain(&self, message: &Message) -> Decision {
        decide(message, &self.memory, &self.policy())
    }

    /// The decision AI SDK acts on: when it says send, the actions it sends are remembered, so the
    /// same state never sends twice (SPEC D16).
    pub fn decide(&mut self, message: &Message) -> Decision {
        let spare = core::mem::take(&mut self.spare);
        let decision = decide_reusing(message, &self.memory, &self.policy(), spare);
        if let Ok(message) = message {
            if message.role == Role::Assistant {
                let parts = message.parts.as_deref().unwrap_or(&[]);
                let tools = parts
                    .iter()
                    .filter_map(Part::as_tool)
                    .map(|tool| (tool.tool_call_id, tool.state.has_result()));
                self.memory.record_seen(tools, parts.len());
            }
        }
        if let Some(present) = &decision.present {
            let sent: &[(usize, Action)] = match &decision.verdict {
                Verdict::Send { unknown } => unknown,
                _ => &[],
            };
            self.memory
                .record_sent(sent.iter().map(|&(_, action)| action), present);
        }
        decision
    }

    /// [`Engine::decide`], reduced to the answer AI SDK reads.
    pub fn should_send(&mut self, message: &Message) -> bool {
        let decision = self.decide(message);
        let send = decision.send();
        self.recycle(decision);
        send
    }

    /// Takes a decision's allocation back for the next one.
    pub fn recycle(&mut self, decision: Decision) {
        if let Some(present) = decision.present {
            // A hostile message's thousands of parts are not kept for the life of the page.
            if present.capacity() <= 1024 {
                self.spare = present;
            }
        }
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
    }
}
