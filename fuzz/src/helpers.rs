//! The runner and the approval helpers on each message of a chat (SPEC §4).

use adk_stream_wasm::approvals::{
    check_answerable, check_batch, pending_approvals, BatchProblems, NotAnswerable,
};
use adk_stream_wasm::model::{Handle, LastMessage, Part, Role, ToolState};
use adk_stream_wasm::runner::{Run, Runner};

const PROBES: &[Handle] = &[0, 1, 2, 3, 4, 5, 6, u32::MAX];

/// The runner (SPEC §4): only browser tools run; one runs only once approved, or called without an
/// approval request; one that requires approval is refused without one; never twice.
pub(crate) fn check_runner(runner: &mut Runner, claimed: &mut Vec<Handle>, message: &LastMessage) {
    let calls = runner.claim(message);
    if message.role != Role::Assistant {
        assert!(calls.is_empty(), "claimed in a {:?} message", message.role);
    }
    for call in calls {
        assert!(
            !claimed.contains(&call.tool_call_id),
            "tool call {} claimed twice",
            call.tool_call_id
        );
        claimed.push(call.tool_call_id);
        let Some(Part::Tool(tool)) = message.parts.as_ref().and_then(|p| p.get(call.part_index))
        else {
            panic!(
                "claimed part {} is not a tool part: {message:?}",
                call.part_index
            );
        };
        assert_eq!(tool.tool_call_id, call.tool_call_id);
        assert!(tool.frontend, "claimed a server tool: {message:?}");
        match call.run {
            Run::Approved => assert!(
                tool.state == ToolState::ApprovalResponded && tool.answer() == Some(true),
                "ran without an approving answer: {message:?}"
            ),
            Run::CalledWithoutApproval => assert!(
                tool.state == ToolState::InputAvailable
                    && tool.approval.is_none()
                    && !tool.requires_approval,
                "ran a tool that needs approval without one: {message:?}"
            ),
            Run::RefusedWithoutApproval => assert!(
                tool.state == ToolState::InputAvailable
                    && tool.approval.is_none()
                    && tool.requires_approval,
                "refused a tool that needs no approval: {message:?}"
            ),
        }
    }
}

/// `check_batch` as its documentation states it, written out.
fn expected_batch(pending: &[Handle], answered: &[Handle]) -> Result<(), BatchProblems> {
    let problems = BatchProblems {
        missing: (0..pending.len())
            .filter(|&at| !answered.contains(&pending[at]))
            .map(|at| at as u32)
            .collect(),
        unknown: (0..answered.len())
            .filter(|&at| !pending.contains(&answered[at]))
            .map(|at| at as u32)
            .collect(),
        duplicated: (0..answered.len())
            .filter(|&at| {
                answered[..at]
                    .iter()
                    .filter(|id| **id == answered[at])
                    .count()
                    == 1
            })
            .map(|at| at as u32)
            .collect(),
    };
    if problems == BatchProblems::default() {
        Ok(())
    } else {
        Err(problems)
    }
}

/// The approval helpers: `pending_approvals` lists exactly the requested tool parts with an
/// approval of an assistant message; `check_answerable` finds a pending approval by its id, tells
/// a toolCallId passed by mistake, refuses anything else; `check_batch` wants every pending id
/// once and nothing else (D28: two pending calls may share one approval id).
pub(crate) fn check_helpers(message: &LastMessage) {
    let pending = pending_approvals(message);
    let expected: Vec<(usize, Handle, Handle)> = if message.role == Role::Assistant {
        message
            .tool_parts()
            .filter(|(_, t)| t.state == ToolState::ApprovalRequested)
            .filter_map(|(at, t)| Some((at, t.approval?.id, t.tool_call_id)))
            .collect()
    } else {
        Vec::new()
    };
    let found: Vec<(usize, Handle, Handle)> = pending
        .iter()
        .map(|p| (p.part_index, p.approval_id, p.tool_call_id))
        .collect();
    assert_eq!(found, expected, "pending approvals of {message:?}");

    let ids: Vec<Handle> = pending.iter().map(|p| p.approval_id).collect();
    let mut probes: Vec<Handle> = PROBES.to_vec();
    probes.extend(pending.iter().map(|p| p.tool_call_id));
    for probe in probes {
        match check_answerable(&pending, probe) {
            Ok(p) => assert_eq!(
                Some(&p),
                pending.iter().find(|p| p.approval_id == probe),
                "approve({probe})"
            ),
            Err(NotAnswerable::ToolCallIdOf(p)) => {
                assert!(!ids.contains(&probe));
                assert_eq!(
                    Some(&p),
                    pending.iter().find(|p| p.tool_call_id == probe),
                    "approve({probe}) with a toolCallId"
                );
            }
            Err(NotAnswerable::Unknown) => assert!(
                !pending
                    .iter()
                    .any(|p| p.approval_id == probe || p.tool_call_id == probe),
                "approve({probe}) refused: {pending:?}"
            ),
        }
    }

    let mut unique = ids.clone();
    unique.dedup();
    unique.retain({
        let mut seen = Vec::new();
        move |id| {
            let new = !seen.contains(id);
            seen.push(*id);
            new
        }
    });
    let mut reversed = unique.clone();
    reversed.reverse();
    let batches: Vec<Vec<Handle>> = vec![
        unique.clone(),
        reversed,
        ids.clone(),
        unique.get(1..).unwrap_or_default().to_vec(),
        [unique.as_slice(), &[u32::MAX, 7]].concat(),
        [unique.as_slice(), unique.as_slice(), unique.as_slice()].concat(),
        Vec::new(),
    ];
    for batch in batches {
        assert_eq!(
            check_batch(&pending, &batch),
            expected_batch(&ids, &batch),
            "check_batch({batch:?}) of {ids:?}"
        );
    }
    assert_eq!(
        check_batch(&pending, &unique),
        Ok(()),
        "every pending id once"
    );
}
