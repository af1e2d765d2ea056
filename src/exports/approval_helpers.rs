//! The approval helpers over the records of a last message: `pendingApprovals`, `approve`/`deny`
//! and `answerApprovals`.

use super::{answer_buffer, RECORDS};
use crate::approvals::{check_answerable, check_batch, pending_in_records, NotAnswerable};
use crate::contract::helper;
use crate::model::records::{HEADER_WORDS, PART_WORDS};
use crate::model::Handle;

/// The pending approvals' part indices, into the answer buffer; returns their number, or
/// `helper::NOT_A_MESSAGE` when the records are not a well-formed message.
#[no_mangle]
pub extern "C" fn adk_pending(count: u32) -> u32 {
    let Some(pending) = pending_in_records(RECORDS.get(), count as usize) else {
        return helper::NOT_A_MESSAGE;
    };
    let answers = answer_buffer();
    for p in &pending {
        answers.push(p.part_index as u32);
    }
    pending.len() as u32
}

/// `approve`/`deny`: the part index of the pending approval `approval_id`; otherwise one of
/// `contract::helper`'s `ANSWERABLE_*` answers.
#[no_mangle]
pub extern "C" fn adk_answerable(count: u32, approval_id: Handle) -> i32 {
    let Some(pending) = pending_in_records(RECORDS.get(), count as usize) else {
        return helper::ANSWERABLE_NOT_A_MESSAGE;
    };
    match check_answerable(&pending, approval_id) {
        Ok(found) => found.part_index as i32,
        Err(NotAnswerable::Unknown) => helper::ANSWERABLE_UNKNOWN,
        Err(NotAnswerable::ToolCallIdOf(found)) => {
            helper::ANSWERABLE_TOOL_CALL_ID_OF - found.part_index as i32
        }
    }
}

/// `answerApprovals`: the `answers` approval-id handles written after the `count` records must
/// answer every pending approval exactly once. Returns `helper::BATCH_COMPLETE` when they do;
/// otherwise 1, with the answer buffer holding `[missing, unknown, duplicated]` counts
/// (`helper::BATCH_COUNTS`) and then the missing approvals' part indices and the unknown and
/// duplicated answers' positions. `helper::NOT_A_MESSAGE` when the records are not a well-formed
/// message.
#[no_mangle]
pub extern "C" fn adk_check_batch(count: u32, answers: u32) -> u32 {
    let Some(pending) = pending_in_records(RECORDS.get(), count as usize) else {
        return helper::NOT_A_MESSAGE;
    };
    // Checked: a header that says "no parts" leaves `count` unchecked by the reader, and a
    // hostile count or answer count must read no answers rather than wrap around.
    let range = (count as usize)
        .checked_mul(PART_WORDS)
        .and_then(|words| words.checked_add(HEADER_WORDS))
        .and_then(|from| Some(from..from.checked_add(answers as usize)?));
    // The one borrow of RECORDS left in this call (`pending_in_records` above ended its own).
    let answered: &[Handle] = range
        .and_then(|range| RECORDS.get().get(range))
        .unwrap_or(&[]);
    let Err(problems) = check_batch(&pending, answered) else {
        return helper::BATCH_COMPLETE;
    };
    let answers = answer_buffer();
    answers.push(problems.missing.len() as u32);
    answers.push(problems.unknown.len() as u32);
    answers.push(problems.duplicated.len() as u32);
    for &at in &problems.missing {
        if let Some(p) = pending.get(at as usize) {
            answers.push(p.part_index as u32);
        }
    }
    answers.extend_from_slice(&problems.unknown);
    answers.extend_from_slice(&problems.duplicated);
    1
}
