//! What is left of an aborted response, as a small state machine (plain Rust, tested natively).
//!
//! After an abort the transport sends `interrupt`, but the backend may still be sending the aborted
//! turn: its tail must not land in the next reply. Chunks carry no request id, so the tail is told
//! apart by order only. The discard is always bounded, so a new reply is never swallowed waiting for
//! a tail that never comes: it ends at the aborted turn's end (`[DONE]`, or a `finish-step` after an
//! approval request), at a `start` that belongs to a newer turn, or when the transport's
//! `abortTailTimeoutMs` passes ([`AbortedTail::expire`]).

/// Whether an event of the socket is kept or dropped as part of the aborted turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TailVerdict {
    Keep,
    Drop,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Phase {
    Nothing,
    /// The aborted turn's tail comes first: dropped up to its end. A `start` while a newer response
    /// waits for its first chunk is that response's own: the backend dropped the aborted turn, or
    /// answered the new message first; in the latter case the tail is still owed (`TailOwed`).
    Turn,
    /// The tail may still come after the newer reply: what arrives while no response stream is open
    /// is dropped up to its end. A `start` is a new turn: no tail is expected any more.
    TailOwed,
}

/// Where a chunk stands, as the discard needs to know it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ChunkAt {
    /// The chunk is a `start`.
    pub is_start: bool,
    /// The stream rules end the response at this chunk (a `finish-step` after an approval request).
    pub ends_turn: bool,
    /// A response stream is open.
    pub response_open: bool,
    /// The open response stream has had its `start`.
    pub response_started: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AbortedTail {
    phase: Phase,
}

impl Default for AbortedTail {
    fn default() -> Self {
        Self::new()
    }
}

impl AbortedTail {
    pub const fn new() -> Self {
        AbortedTail {
            phase: Phase::Nothing,
        }
    }

    /// An `interrupt` went out for the response in progress.
    pub fn begin(&mut self) {
        self.phase = Phase::Turn;
    }

    /// Whether anything is being dropped (the transport keeps its time limit armed while so).
    pub fn is_active(&self) -> bool {
        self.phase != Phase::Nothing
    }

    /// The time limit passed, or the socket is gone: nothing more is dropped.
    pub fn expire(&mut self) {
        self.phase = Phase::Nothing;
    }

    pub fn on_chunk(&mut self, at: ChunkAt) -> TailVerdict {
        match self.phase {
            Phase::Nothing => TailVerdict::Keep,
            Phase::Turn if at.is_start && at.response_open && !at.response_started => {
                self.phase = Phase::TailOwed;
                TailVerdict::Keep
            }
            Phase::TailOwed if at.is_start => {
                self.phase = Phase::Nothing;
                TailVerdict::Keep
            }
            Phase::TailOwed if at.response_open => TailVerdict::Keep,
            Phase::Turn | Phase::TailOwed => {
                if at.ends_turn {
                    self.phase = Phase::Nothing;
                }
                TailVerdict::Drop
            }
        }
    }

    /// A `[DONE]` that the stream rules did not ignore.
    pub fn on_done(&mut self, response_open: bool) -> TailVerdict {
        match self.phase {
            Phase::Nothing => TailVerdict::Keep,
            // The aborted turn's end; the newer response, if any, goes on.
            Phase::Turn => {
                self.phase = Phase::Nothing;
                TailVerdict::Drop
            }
            Phase::TailOwed if !response_open => {
                self.phase = Phase::Nothing;
                TailVerdict::Drop
            }
            // The newer reply's own end; the tail is still owed.
            Phase::TailOwed => TailVerdict::Keep,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const fn at(is_start: bool, response_open: bool, response_started: bool) -> ChunkAt {
        ChunkAt {
            is_start,
            ends_turn: false,
            response_open,
            response_started,
        }
    }
    /// A chunk of the newer reply's body, its stream open and started.
    const BODY: ChunkAt = at(false, true, true);
    /// The newer reply's first chunk, its stream open.
    const NEW_START: ChunkAt = at(true, true, false);
    /// A chunk while no stream is open.
    const LOOSE: ChunkAt = at(false, false, false);

    #[test]
    fn nothing_aborted_keeps_everything() {
        let mut tail = AbortedTail::new();
        assert_eq!(tail.on_chunk(LOOSE), TailVerdict::Keep);
        assert_eq!(tail.on_done(false), TailVerdict::Keep);
        assert!(!tail.is_active());
    }

    #[test]
    fn the_tail_before_the_new_reply_is_dropped_up_to_its_done() {
        let mut tail = AbortedTail::new();
        tail.begin();
        // The tail arrives after the next request went out, before its reply.
        assert_eq!(tail.on_chunk(at(false, true, false)), TailVerdict::Drop);
        assert_eq!(tail.on_done(true), TailVerdict::Drop);
        assert!(!tail.is_active());
        assert_eq!(tail.on_chunk(NEW_START), TailVerdict::Keep);
        assert_eq!(tail.on_chunk(BODY), TailVerdict::Keep);
        assert_eq!(tail.on_done(true), TailVerdict::Keep);
    }

    #[test]
    fn new_reply_first_and_the_tail_never_comes_the_new_reply_is_whole() {
        let mut tail = AbortedTail::new();
        tail.begin();
        assert_eq!(tail.on_chunk(NEW_START), TailVerdict::Keep);
        assert_eq!(tail.on_chunk(BODY), TailVerdict::Keep);
        assert_eq!(tail.on_done(true), TailVerdict::Keep);
        // Still owed; the next turn's `start` says it will not come.
        assert!(tail.is_active());
        assert_eq!(tail.on_chunk(at(true, false, false)), TailVerdict::Keep);
        assert!(!tail.is_active());
        assert_eq!(tail.on_chunk(LOOSE), TailVerdict::Keep);
    }

    #[test]
    fn new_reply_first_then_the_late_tail_never_lands_anywhere() {
        let mut tail = AbortedTail::new();
        tail.begin();
        tail.on_chunk(NEW_START);
        tail.on_done(true);
        // The tail, with no stream open: not buffered for the next reply.
        assert_eq!(tail.on_chunk(LOOSE), TailVerdict::Drop);
        assert_eq!(tail.on_done(false), TailVerdict::Drop);
        assert!(!tail.is_active());
        assert_eq!(tail.on_chunk(LOOSE), TailVerdict::Keep);
    }

    #[test]
    fn the_time_limit_ends_the_discard_so_a_reply_without_start_is_not_swallowed() {
        let mut tail = AbortedTail::new();
        tail.begin();
        // A reply that opens without `start` (the continuation after an approval) looks like tail.
        assert_eq!(tail.on_chunk(at(false, true, false)), TailVerdict::Drop);
        tail.expire();
        assert_eq!(tail.on_chunk(at(false, true, false)), TailVerdict::Keep);
        assert_eq!(tail.on_done(true), TailVerdict::Keep);
    }

    #[test]
    fn a_finish_step_after_an_approval_request_ends_the_aborted_turn() {
        let mut tail = AbortedTail::new();
        tail.begin();
        let end = ChunkAt {
            ends_turn: true,
            ..LOOSE
        };
        assert_eq!(tail.on_chunk(end), TailVerdict::Drop);
        assert!(!tail.is_active());
    }
}
