//! Approval answers and their validation (SPEC §4): which approvals are pending, whether an id a
//! caller passes is one of them, and whether a batch answers every one of them.

use crate::error::AdkError;
use crate::model::{LastMessage, ToolState};

/// An approval of the last assistant message that still waits for the user.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PendingApproval<'a> {
    /// The part's index in the last message, so the glue can hand out the part's own `input`.
    pub part_index: usize,
    pub approval_id: &'a str,
    pub tool_call_id: &'a str,
    pub tool_name: &'a str,
}

/// Pending approvals of the last message, in part order; none when it is not an assistant message.
pub fn pending_approvals<'a>(message: &LastMessage<'a>) -> Vec<PendingApproval<'a>> {
    if message.role != crate::model::Role::Assistant {
        return Vec::new();
    }
    message
        .tool_parts()
        .filter(|(_, tool)| tool.state == ToolState::ApprovalRequested)
        .filter_map(|(part_index, tool)| {
            tool.approval.map(|approval| PendingApproval {
                part_index,
                approval_id: approval.id,
                tool_call_id: tool.tool_call_id,
                tool_name: tool.name,
            })
        })
        .collect()
}

/// `approve`/`deny`: the id must name a pending approval. AI SDK silently ignores any other id, so a
/// toolCallId passed by mistake would stall the chat; here it is an error that lists the valid ids.
pub fn check_answerable(
    pending: &[PendingApproval<'_>],
    approval_id: &str,
) -> Result<usize, AdkError> {
    if let Some(found) = pending.iter().find(|p| p.approval_id == approval_id) {
        return Ok(found.part_index);
    }
    let passed_tool_call_id = pending
        .iter()
        .find(|p| p.tool_call_id == approval_id)
        .map(|p| p.approval_id.to_string());
    Err(AdkError::UnknownApprovalId {
        id: approval_id.to_string(),
        pending: pending.iter().map(describe).collect(),
        looks_like_tool_call_of: passed_tool_call_id,
    })
}

/// A batch of answers (PydanticAI ADR, "no partial handling"): every pending approval answered
/// exactly once and no other id named, or nothing is applied.
pub fn check_batch(pending: &[PendingApproval<'_>], answered_ids: &[&str]) -> Result<(), AdkError> {
    let missing: Vec<String> = pending
        .iter()
        .filter(|p| !answered_ids.contains(&p.approval_id))
        .map(|p| p.approval_id.to_string())
        .collect();
    let unknown: Vec<String> = answered_ids
        .iter()
        .filter(|id| !pending.iter().any(|p| p.approval_id == **id))
        .map(|id| id.to_string())
        .collect();
    let mut duplicated: Vec<String> = Vec::new();
    for (i, id) in answered_ids.iter().enumerate() {
        if answered_ids[..i].contains(id) && !duplicated.iter().any(|d| d == id) {
            duplicated.push(id.to_string());
        }
    }
    if missing.is_empty() && unknown.is_empty() && duplicated.is_empty() {
        Ok(())
    } else {
        Err(AdkError::IncompleteBatch {
            missing,
            unknown,
            duplicated,
        })
    }
}

fn describe(p: &PendingApproval<'_>) -> String {
    use crate::model::shown;
    format!(
        "{} ({}, toolCallId {})",
        shown(p.approval_id),
        shown(p.tool_name),
        shown(p.tool_call_id)
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Part, Role, ToolPart};

    fn two_pending() -> LastMessage<'static> {
        LastMessage::assistant(vec![
            Part::Text,
            Part::Tool(
                ToolPart::new("process_payment", "call-1", ToolState::ApprovalRequested)
                    .with_approval("ap-1", None),
            ),
            Part::Tool(
                ToolPart::new("process_payment", "call-2", ToolState::ApprovalResponded)
                    .with_approval("ap-2", Some(true)),
            ),
            Part::Tool(
                ToolPart::new("get_location", "call-3", ToolState::ApprovalRequested)
                    .with_approval("ap-3", None),
            ),
        ])
    }

    #[test]
    fn pending_approvals_lists_requested_parts_in_order() {
        let m = two_pending();
        let pending = pending_approvals(&m);
        assert_eq!(pending.len(), 2);
        assert_eq!(
            pending[0],
            PendingApproval {
                part_index: 1,
                approval_id: "ap-1",
                tool_call_id: "call-1",
                tool_name: "process_payment"
            }
        );
        assert_eq!(pending[1].approval_id, "ap-3");
        assert_eq!(pending[1].part_index, 3);
    }

    #[test]
    fn a_user_message_has_no_pending_approvals() {
        let m = LastMessage {
            role: Role::User,
            parts: Some(vec![Part::Tool(
                ToolPart::new("a", "c", ToolState::ApprovalRequested).with_approval("x", None),
            )]),
        };
        assert!(pending_approvals(&m).is_empty());
    }

    #[test]
    fn approve_by_tool_call_id_is_an_error_listing_valid_ids() {
        let m = two_pending();
        let pending = pending_approvals(&m);
        assert_eq!(check_answerable(&pending, "ap-3"), Ok(3));
        let err = check_answerable(&pending, "call-1").unwrap_err();
        let text = err.message();
        assert!(text.contains("'call-1'"), "{text}");
        assert!(
            text.contains("ap-1 (process_payment, toolCallId call-1)"),
            "{text}"
        );
        assert!(text.contains("ap-3"), "{text}");
        assert!(text.contains("approval id is ap-1"), "{text}");
        assert_eq!(err.name(), "AdkUnknownApprovalError");
    }

    #[test]
    fn answering_an_already_answered_approval_is_an_error() {
        let m = two_pending();
        assert!(check_answerable(&pending_approvals(&m), "ap-2").is_err());
    }

    #[test]
    fn batch_must_answer_every_pending_approval_exactly_once() {
        let m = two_pending();
        let pending = pending_approvals(&m);
        assert_eq!(check_batch(&pending, &["ap-3", "ap-1"]), Ok(()));
        let err = check_batch(&pending, &["ap-1", "nope", "ap-1"]).unwrap_err();
        assert_eq!(
            err,
            AdkError::IncompleteBatch {
                missing: vec!["ap-3".into()],
                unknown: vec!["nope".into()],
                duplicated: vec!["ap-1".into()],
            }
        );
        let text = err.message();
        assert!(
            text.contains("missing: ap-3")
                && text.contains("unknown: nope")
                && text.contains("more than once: ap-1"),
            "{text}"
        );
    }
}
