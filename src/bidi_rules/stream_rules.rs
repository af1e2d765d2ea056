//! When a response stream ends (SPEC §5), as a small state machine over the server's events.
//!
//! A response ends at `data: [DONE]`, and also at a `finish-step` that follows a
//! `tool-approval-request`: the backend is then blocked until the user answers, and AI SDK only
//! decides (`sendAutomaticallyWhen`) once the stream has ended. A second `[DONE]` with no chunk
//! since the last end is ignored, so it cannot end the NEXT response: the app usually sends its next
//! request as soon as a stream ends, before the socket delivers the repeated `[DONE]`, so "no chunk
//! since the last end" holds across a new request too. The price: a backend that answered a request
//! with a bare `[DONE]` and no chunk at all would not end that stream (AI SDK backends always send
//! `start` … `finish` first).

use super::ChunkKind;

/// What to do with one event of the response in progress. The discriminants are the codes the
/// core's exports return.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    /// Put the chunk in the stream.
    Deliver = 0,
    /// Put the chunk in the stream; the backend now waits for an approval answer, so the approval
    /// timeout starts.
    DeliverAwaitingAnswer = 1,
    /// Put the chunk in the stream, then end the stream.
    DeliverThenEnd = 2,
    /// End the stream (`[DONE]`).
    End = 3,
    /// Nothing to do (a repeated `[DONE]`).
    Ignore = 4,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ResponseRules {
    /// A `tool-approval-request` came and no `finish-step` yet.
    approval_requested: bool,
    /// The last response ended and no chunk came since.
    ended: bool,
}

impl Default for ResponseRules {
    fn default() -> Self {
        Self::new()
    }
}

impl ResponseRules {
    /// Before the first chunk nothing is in progress: a stray `[DONE]` ends nothing.
    pub const fn new() -> Self {
        ResponseRules {
            approval_requested: false,
            ended: true,
        }
    }

    /// A new request was sent: an approval request of an earlier response no longer holds. Whether
    /// a `[DONE]` would be a repeat is left as it was (see the module doc).
    pub fn start_response(&mut self) {
        self.approval_requested = false;
    }

    pub fn on_chunk(&mut self, kind: ChunkKind) -> Step {
        self.ended = false;
        match kind {
            ChunkKind::ToolApprovalRequest => {
                self.approval_requested = true;
                Step::DeliverAwaitingAnswer
            }
            ChunkKind::FinishStep if self.approval_requested => {
                *self = ResponseRules {
                    approval_requested: false,
                    ended: true,
                };
                Step::DeliverThenEnd
            }
            _ => Step::Deliver,
        }
    }

    pub fn on_done(&mut self) -> Step {
        if self.ended {
            return Step::Ignore;
        }
        *self = ResponseRules {
            approval_requested: false,
            ended: true,
        };
        Step::End
    }

    /// Whether the backend is blocked on an approval answer in the response in progress.
    pub fn approval_requested(&self) -> bool {
        self.approval_requested
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rule_done_ends_the_response() {
        let mut rules = ResponseRules::new();
        rules.start_response();
        assert_eq!(rules.on_chunk(ChunkKind::of("start")), Step::Deliver);
        assert_eq!(rules.on_chunk(ChunkKind::of("text-delta")), Step::Deliver);
        assert_eq!(rules.on_done(), Step::End);
    }

    #[test]
    fn rule_second_done_is_ignored() {
        let mut rules = ResponseRules::new();
        rules.start_response();
        rules.on_chunk(ChunkKind::of("finish"));
        assert_eq!(rules.on_done(), Step::End);
        assert_eq!(rules.on_done(), Step::Ignore);
        assert_eq!(rules.on_done(), Step::Ignore);
    }

    #[test]
    fn rule_repeated_done_is_ignored_even_after_the_next_request_went_out() {
        let mut rules = ResponseRules::new();
        assert_eq!(rules.on_done(), Step::Ignore, "nothing was in progress");
        rules.on_chunk(ChunkKind::of("finish"));
        assert_eq!(rules.on_done(), Step::End);
        // The app sends its next request at once; the repeated [DONE] arrives after that.
        rules.start_response();
        assert_eq!(rules.on_done(), Step::Ignore);
        assert_eq!(rules.on_chunk(ChunkKind::of("start")), Step::Deliver);
        assert_eq!(rules.on_done(), Step::End);
    }

    #[test]
    fn rule_finish_step_after_approval_request_ends_the_response() {
        let mut rules = ResponseRules::new();
        rules.start_response();
        assert_eq!(rules.on_chunk(ChunkKind::of("start-step")), Step::Deliver);
        assert_eq!(
            rules.on_chunk(ChunkKind::of("tool-approval-request")),
            Step::DeliverAwaitingAnswer
        );
        assert!(rules.approval_requested());
        assert_eq!(
            rules.on_chunk(ChunkKind::of("finish-step")),
            Step::DeliverThenEnd
        );
        assert!(!rules.approval_requested());
        // A [DONE] the backend may add right after is the same end, not the next response's.
        assert_eq!(rules.on_done(), Step::Ignore);
    }

    #[test]
    fn rule_finish_step_without_approval_request_does_not_end_the_response() {
        let mut rules = ResponseRules::new();
        rules.start_response();
        assert_eq!(rules.on_chunk(ChunkKind::of("start-step")), Step::Deliver);
        assert_eq!(rules.on_chunk(ChunkKind::of("finish-step")), Step::Deliver);
        assert_eq!(rules.on_chunk(ChunkKind::of("finish")), Step::Deliver);
        assert_eq!(rules.on_done(), Step::End);
    }

    #[test]
    fn rule_finish_step_ends_the_response_even_with_chunks_between_it_and_the_request() {
        let mut rules = ResponseRules::new();
        rules.start_response();
        rules.on_chunk(ChunkKind::of("tool-approval-request"));
        assert_eq!(rules.on_chunk(ChunkKind::of("text-delta")), Step::Deliver);
        assert_eq!(
            rules.on_chunk(ChunkKind::of("finish-step")),
            Step::DeliverThenEnd
        );
    }

    #[test]
    fn rule_the_continuation_after_an_answer_ends_at_done() {
        // BIDI blocking mode: after the answer the same backend turn goes on in a new stream.
        let mut rules = ResponseRules::new();
        rules.start_response();
        rules.on_chunk(ChunkKind::of("tool-approval-request"));
        rules.on_chunk(ChunkKind::of("finish-step"));
        rules.start_response();
        assert_eq!(
            rules.on_chunk(ChunkKind::of("tool-output-available")),
            Step::Deliver
        );
        assert_eq!(rules.on_chunk(ChunkKind::of("finish-step")), Step::Deliver);
        assert_eq!(rules.on_done(), Step::End);
    }

    #[test]
    fn rule_a_new_request_forgets_an_unanswered_approval() {
        let mut rules = ResponseRules::new();
        rules.start_response();
        rules.on_chunk(ChunkKind::of("tool-approval-request"));
        rules.start_response();
        assert_eq!(rules.on_chunk(ChunkKind::of("finish-step")), Step::Deliver);
    }
}
