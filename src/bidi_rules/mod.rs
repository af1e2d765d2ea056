//! The BIDI transport's rules (SPEC §5), pure state machines in the core module. The socket, its
//! frames, timers and streams are JavaScript (`js/transport/bidi/bidi-transport.js`): it parses each frame once and
//! hands these rules the chunk's kind as a small integer ([`ChunkKind`]), through `exports/bidi_rules.rs`.
//!
//! - [`stream_rules`]: when a response stream ends (`[DONE]`, or a `finish-step` after a
//!   `tool-approval-request`);
//! - [`aborted_tail`]: what is dropped after an abort, and what bounds it.

pub mod aborted_tail;
pub mod stream_rules;

/// The kinds of chunk the rules tell apart; every other chunk type is [`ChunkKind::Other`]. The
/// glue maps a chunk's `type` to these codes with `chunkKind` of `js/core/contract.js`, generated from
/// [`CHUNK_TYPES`] (src/contract.rs), the table [`ChunkKind::of`] reads too.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ChunkKind {
    Other = 0,
    Start = 1,
    ToolApprovalRequest = 2,
    FinishStep = 3,
}

impl ChunkKind {
    /// The kind of a code; an unknown code is an ordinary chunk.
    pub const fn from_code(code: u32) -> ChunkKind {
        match code {
            1 => ChunkKind::Start,
            2 => ChunkKind::ToolApprovalRequest,
            3 => ChunkKind::FinishStep,
            _ => ChunkKind::Other,
        }
    }

    /// The kind of a chunk `type`, by [`CHUNK_TYPES`]: the mapping the glue ships.
    pub fn of(chunk_type: &str) -> ChunkKind {
        CHUNK_TYPES
            .iter()
            .find(|(name, _)| *name == chunk_type)
            .map_or(ChunkKind::Other, |&(_, kind)| kind)
    }
}

/// The chunk types the rules tell apart, and their kinds; `js/core/contract.js`'s `chunkKind` is
/// generated from this table.
pub const CHUNK_TYPES: [(&str, ChunkKind); 3] = [
    ("start", ChunkKind::Start),
    ("tool-approval-request", ChunkKind::ToolApprovalRequest),
    ("finish-step", ChunkKind::FinishStep),
];

use aborted_tail::{AbortedTail, ChunkAt, TailVerdict};
use stream_rules::{ResponseRules, Step};

/// The bits of an answer word that hold the [`Step`].
pub const STEP_MASK: u32 = 0b111;
/// Bit of an answer word: drop the event (it belongs to an aborted turn).
pub const DROP: u32 = 1 << 3;
/// Bit of an answer word: an aborted turn's tail is still being dropped (keep its time limit).
pub const TAIL_ACTIVE: u32 = 1 << 4;

/// One transport's rules: where responses end and what an abort leaves behind. Every frame event
/// is one call with numbers in and one answer word out: the [`Step`] in bits 0–2, [`DROP`] and
/// [`TAIL_ACTIVE`].
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct BidiRules {
    stream: ResponseRules,
    tail: AbortedTail,
}

impl BidiRules {
    pub const fn new() -> Self {
        BidiRules {
            stream: ResponseRules::new(),
            tail: AbortedTail::new(),
        }
    }

    fn word(&self, step: Step, verdict: TailVerdict) -> u32 {
        let drop = if verdict == TailVerdict::Drop {
            DROP
        } else {
            0
        };
        let active = if self.tail.is_active() {
            TAIL_ACTIVE
        } else {
            0
        };
        step as u32 | drop | active
    }

    /// A new request was sent.
    pub fn start_response(&mut self) {
        self.stream.start_response();
    }

    /// A chunk of kind `kind`; `response_open`: a response stream is open, `response_started`: it
    /// has had its `start`.
    pub fn on_chunk(
        &mut self,
        kind: ChunkKind,
        response_open: bool,
        response_started: bool,
    ) -> u32 {
        let step = self.stream.on_chunk(kind);
        let verdict = self.tail.on_chunk(ChunkAt {
            is_start: kind == ChunkKind::Start,
            ends_turn: step == Step::DeliverThenEnd,
            response_open,
            response_started,
        });
        self.word(step, verdict)
    }

    /// A `[DONE]`.
    pub fn on_done(&mut self, response_open: bool) -> u32 {
        let step = self.stream.on_done();
        if step == Step::Ignore {
            return self.word(step, TailVerdict::Keep);
        }
        let verdict = self.tail.on_done(response_open);
        self.word(step, verdict)
    }

    /// An `interrupt` went out for the response in progress: its tail is dropped from now.
    pub fn begin_abort(&mut self) {
        self.tail.begin();
    }

    /// The tail's time limit passed.
    pub fn expire_tail(&mut self) {
        self.tail.expire();
    }

    /// The socket is gone, and the backend's session with it.
    pub fn reset(&mut self) {
        *self = BidiRules::new();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const STEP: u32 = STEP_MASK;

    #[test]
    fn one_word_per_event_carries_the_step_the_drop_and_the_tail() {
        let mut rules = BidiRules::new();
        rules.start_response();
        let start = rules.on_chunk(ChunkKind::Start, true, false);
        assert_eq!(start, Step::Deliver as u32);
        let ask = rules.on_chunk(ChunkKind::ToolApprovalRequest, true, true);
        assert_eq!(ask, Step::DeliverAwaitingAnswer as u32);
        let end = rules.on_chunk(ChunkKind::FinishStep, true, true);
        assert_eq!(end, Step::DeliverThenEnd as u32);
        assert_eq!(rules.on_done(false), Step::Ignore as u32);
    }

    #[test]
    fn an_abort_drops_the_tail_up_to_its_done_then_keeps() {
        let mut rules = BidiRules::new();
        rules.start_response();
        rules.on_chunk(ChunkKind::Start, true, false);
        rules.begin_abort();
        rules.start_response();
        let tail = rules.on_chunk(ChunkKind::Other, true, false);
        assert_eq!(tail & DROP, DROP);
        assert_eq!(tail & TAIL_ACTIVE, TAIL_ACTIVE);
        let done = rules.on_done(true);
        assert_eq!(done & STEP, Step::End as u32);
        assert_eq!(done & (DROP | TAIL_ACTIVE), DROP);
        assert_eq!(rules.on_chunk(ChunkKind::Start, true, false), 0);
    }

    #[test]
    fn reset_forgets_the_tail_and_the_response() {
        let mut rules = BidiRules::new();
        rules.on_chunk(ChunkKind::ToolApprovalRequest, true, true);
        rules.begin_abort();
        rules.reset();
        assert_eq!(rules, BidiRules::new());
        rules.begin_abort();
        rules.expire_tail();
        assert_eq!(rules.on_chunk(ChunkKind::Other, false, false), 0);
    }

    #[test]
    fn unknown_codes_are_ordinary_chunks() {
        for code in [0, 4, 99, u32::MAX] {
            assert_eq!(ChunkKind::from_code(code), ChunkKind::Other);
        }
        assert_eq!(ChunkKind::from_code(2), ChunkKind::ToolApprovalRequest);
    }
}
