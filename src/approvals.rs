//! Approval answers and their validation (SPEC §4): which approvals are pending, whether an id a
//! caller passes is one of them, and whether a batch answers every one of them. Ids are handles;
//! the glue words the errors from the part indices and positions returned here.

use alloc::vec::Vec;

use crate::engine::memory::holds;
use crate::model::records::{encode, read, walk, APPROVAL};
use crate::model::{Handle, LastMessage, Role, ToolState};

/// An approval of the last assistant message that still waits for the user.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PendingApproval {
    /// The part's index in the last message.
    pub part_index: usize,
    pub approval_id: Handle,
    pub tool_call_id: Handle,
}

/// Pending approvals of the last message, in part order; none when it is not an assistant message.
/// The message is written as the glue writes it and read as the core module reads it
/// ([`pending_in_records`]): one rule for both.
pub fn pending_approvals(message: &LastMessage) -> Vec<PendingApproval> {
    let (words, count) = encode(&Ok(message.clone()));
    pending_in_records(&words, count).unwrap_or_default()
}

/// [`pending_approvals`] of the message in `words` (`model::records`), read without a decode; `None`
/// when the records are not a well-formed message.
pub fn pending_in_records(words: &[u32], count: usize) -> Option<Vec<PendingApproval>> {
    let (role, records) = read(words, count).ok()?;
    let mut pending = Vec::new();
    if role != Role::Assistant {
        return Some(pending);
    }
    for part in walk(records.unwrap_or(&[])) {
        if part.is_tool()
            && part.state() == ToolState::ApprovalRequested as u32
            && part.has(APPROVAL)
        {
            pending.push(PendingApproval {
                part_index: part.index,
                approval_id: part.approval_id,
                tool_call_id: part.tool_call_id,
            });
        }
    }
    Some(pending)
}

/// Why an id passed to `approve`/`deny` is not answerable.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NotAnswerable {
    /// No pending approval has this id.
    Unknown,
    /// The id is the toolCallId of this pending approval (a common mistake), not its approval id.
    ToolCallIdOf(PendingApproval),
}

/// `approve`/`deny`: the id must name a pending approval. AI SDK silently ignores any other id, so a
/// toolCallId passed by mistake would stall the chat; here it is an error that lists the valid ids.
pub fn check_answerable(
    pending: &[PendingApproval],
    approval_id: Handle,
) -> Result<PendingApproval, NotAnswerable> {
    if let Some(found) = pending.iter().find(|p| p.approval_id == approval_id) {
        return Ok(*found);
    }
    match pending.iter().find(|p| p.tool_call_id == approval_id) {
        Some(found) => Err(NotAnswerable::ToolCallIdOf(*found)),
        None => Err(NotAnswerable::Unknown),
    }
}

/// What is wrong with a batch: positions in the pending list (`missing`) and in the answered list
/// (`unknown`: every answer naming no pending approval; `duplicated`: the second answer of each id
/// answered more than once).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct BatchProblems {
    pub missing: Vec<u32>,
    pub unknown: Vec<u32>,
    pub duplicated: Vec<u32>,
}

/// A batch of answers (PydanticAI ADR, "no partial handling"): every pending approval answered
/// exactly once and no other id named, or nothing is applied.
pub fn check_batch(pending: &[PendingApproval], answered: &[Handle]) -> Result<(), BatchProblems> {
    let mut problems = BatchProblems::default();
    for (at, p) in pending.iter().enumerate() {
        if !holds(answered, p.approval_id) {
            problems.missing.push(at as u32);
        }
    }
    for (at, id) in answered.iter().enumerate() {
        if !pending.iter().any(|p| p.approval_id == *id) {
            problems.unknown.push(at as u32);
        }
        // The second answer of an id is the duplicate; a third one is not counted again.
        let earlier = answered.get(..at).unwrap_or(&[]);
        if earlier.iter().filter(|&e| e == id).count() == 1 {
            problems.duplicated.push(at as u32);
        }
    }
    if problems.missing.is_empty() && problems.unknown.is_empty() && problems.duplicated.is_empty()
    {
        Ok(())
    } else {
        Err(problems)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Part, ToolPart};
    use alloc::vec;

    const AP1: Handle = 11;
    const AP2: Handle = 12;
    const AP3: Handle = 13;
    const CALL1: Handle = 21;

    fn two_pending() -> LastMessage {
        LastMessage::assistant(vec![
            Part::Text,
            Part::Tool(ToolPart::new(CALL1, ToolState::ApprovalRequested).with_approval(AP1, None)),
            Part::Tool(
                ToolPart::new(22, ToolState::ApprovalResponded).with_approval(AP2, Some(true)),
            ),
            Part::Tool(ToolPart::new(23, ToolState::ApprovalRequested).with_approval(AP3, None)),
        ])
    }

    #[test]
    fn pending_approvals_lists_requested_parts_in_order() {
        let pending = pending_approvals(&two_pending());
        assert_eq!(pending.len(), 2);
        assert_eq!(
            pending[0],
            PendingApproval {
                part_index: 1,
                approval_id: AP1,
                tool_call_id: CALL1,
            }
        );
        assert_eq!((pending[1].approval_id, pending[1].part_index), (AP3, 3));
    }

    #[test]
    fn a_user_message_has_no_pending_approvals() {
        let m = LastMessage {
            role: Role::User,
            parts: Some(vec![Part::Tool(
                ToolPart::new(1, ToolState::ApprovalRequested).with_approval(2, None),
            )]),
        };
        assert!(pending_approvals(&m).is_empty());
    }

    #[test]
    fn approve_by_tool_call_id_names_the_call_it_belongs_to() {
        let pending = pending_approvals(&two_pending());
        assert_eq!(check_answerable(&pending, AP3).map(|p| p.part_index), Ok(3));
        assert_eq!(
            check_answerable(&pending, CALL1),
            Err(NotAnswerable::ToolCallIdOf(pending[0]))
        );
        assert_eq!(check_answerable(&pending, 99), Err(NotAnswerable::Unknown));
    }

    #[test]
    fn answering_an_already_answered_approval_is_an_error() {
        let pending = pending_approvals(&two_pending());
        assert_eq!(check_answerable(&pending, AP2), Err(NotAnswerable::Unknown));
    }

    #[test]
    fn batch_must_answer_every_pending_approval_exactly_once() {
        let pending = pending_approvals(&two_pending());
        assert_eq!(check_batch(&pending, &[AP3, AP1]), Ok(()));
        assert_eq!(
            check_batch(&pending, &[AP1, 99, AP1, AP1, 99]),
            Err(BatchProblems {
                missing: vec![1],
                unknown: vec![1, 4],
                duplicated: vec![2, 4],
            })
        );
    }
}
