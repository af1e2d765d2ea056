// The boundary cases shared by tests/wasm_node_boundary.rs (Node) and
// tests/wasm_browser_boundary.rs (Chromium): the core module's exports (src/exports/), called as
// WebAssembly runs them in both places. Like the glue (js/core/records.js, js/index.js), each case
// writes a last message as integer records (src/model/records.rs: a header of 4 words, then 3
// words per part) through the pointer `adk_records(n)` returns, calls one export with the part
// count, and reads the answer word and what the export wrote back at `adk_answers()`.
//
// Covered: decisions on well-formed records (SPEC D5, D6, D16, D28, D29) and the answer word
// (bit 0 send, bits 1–4 the rule, the rest its number); a re-ask answered from the last decision,
// and along random chats always what explain answers; explain's send list; claim, pending,
// answerable and check_batch; and hostile numbers (unknown or freed engine ids, random words,
// counts larger than the buffer, a huge buffer request), which give 0, the malformed rule or no
// effect, never a trap. Hostile JS values
// never reach these exports: the JS glue handles them and the JS suites (tests/hardening,
// tests/js) test it.

use adk_stream_wasm::exports::*;
use adk_stream_wasm::model::records::{
    APPROVAL, APPROVED, DENIED, FAILED, FRONTEND, HEADER_WORDS, KIND_OTHER, KIND_STEP_START,
    KIND_TEXT, KIND_TOOL, MALFORMED_RECORD, PART_WORDS, REQUIRES_APPROVAL,
};
use wasm_bindgen_test::*;

// ---- Records, as js/core/records.js writes them ----

const SSE: u32 = 0;
const BIDI: u32 = 1;
const PATTERN_A: u32 = 0;
const PATTERN_B: u32 = 1;

const ASSISTANT: u32 = 2;
const USER: u32 = 1;

// Tool states, in the order of their record codes (model::ToolState).
const INPUT_AVAILABLE: u32 = 1;
const APPROVAL_REQUESTED: u32 = 2;
const APPROVAL_RESPONDED: u32 = 3;
const OUTPUT_AVAILABLE: u32 = 4;
const OUTPUT_ERROR: u32 = 5;

// Rule codes of the answer word (engine::rule), as js/words/words.js names them.
const MALFORMED_INPUT: u32 = 0;
const NOT_ASSISTANT: u32 = 1;
const APPROVAL_PENDING: u32 = 3;
const AWAITING_BROWSER_OUTPUT: u32 = 5;
const NO_USER_ACTION: u32 = 6;
const ALREADY_KNOWN: u32 = 7;
const UNSENT_USER_ACTION: u32 = 8;

// What explain's send list says of each action.
const ANSWER: u32 = 0;
const OUTPUT: u32 = 1;

// What claim says of each tool call to start.
const RUN_APPROVED: u32 = 0;
const RUN_CALLED_WITHOUT_APPROVAL: u32 = 1;
const RUN_REFUSED: u32 = 2;

type Record = [u32; PART_WORDS];

fn text() -> Record {
    [KIND_TEXT, 0, 0]
}

fn step_start() -> Record {
    [KIND_STEP_START, 0, 0]
}

/// A tool part: its state, flags, toolCallId handle and approval id handle (0: none).
fn tool(state: u32, flags: u32, call: u32, approval: u32) -> Record {
    [KIND_TOOL | state << 4 | flags << 8, call, approval]
}

/// A server tool awaiting the user's answer.
fn requested(call: u32, approval: u32) -> Record {
    tool(APPROVAL_REQUESTED, APPROVAL, call, approval)
}

/// A server tool the user approved.
fn approved(call: u32, approval: u32) -> Record {
    tool(APPROVAL_RESPONDED, APPROVAL | APPROVED, call, approval)
}

/// Writes `words` into the record buffer through the pointer the glue gets.
fn write(words: &[u32]) {
    let at = adk_records(words.len() as u32);
    // SAFETY: `adk_records(n)` returns a buffer of at least n words, and nothing else runs.
    unsafe { core::ptr::copy_nonoverlapping(words.as_ptr(), at, words.len()) };
}

/// Writes `words` as the buffer's whole contents, so a count past them reaches the buffer's end
/// (not words an earlier case left there).
fn write_alone(words: &[u32]) {
    empty_records_for_tests();
    write(words);
}

/// The first `n` words of the record buffer (what the glue wrote), read where the core reads them.
fn read_records(n: usize) -> Vec<u32> {
    let at = adk_records(n as u32);
    // SAFETY: the buffer holds at least `n` words.
    unsafe { core::slice::from_raw_parts(at, n).to_vec() }
}

/// Writes a message of `role` with these parts; returns the part count the exports take.
fn message(role: u32, parts: &[Record]) -> u32 {
    let mut words = vec![role, 0, 0, 0];
    for part in parts {
        words.extend_from_slice(part);
    }
    write(&words);
    parts.len() as u32
}

fn assistant(parts: &[Record]) -> u32 {
    message(ASSISTANT, parts)
}

/// The first `n` words an export wrote back, read where the glue reads them.
fn read(n: usize) -> Vec<u32> {
    let at = adk_answers();
    // SAFETY: the export just wrote at least `n` words (a caller reads no more than it was told).
    unsafe { core::slice::from_raw_parts(at, n).to_vec() }
}

/// An answer word, taken apart: (send, rule, its number).
fn parts_of(word: u32) -> (bool, u32, u32) {
    (word & 1 == 1, (word >> 1) & 0xf, word >> 5)
}

/// Decides for `parts` and takes the word apart.
fn decide(engine: u32, parts: &[Record]) -> (bool, u32, u32) {
    let count = assistant(parts);
    parts_of(adk_decide(engine, count))
}

/// Explains `parts`; with a send, the `(part index, action)` pairs it would carry.
fn explain(engine: u32, parts: &[Record]) -> ((bool, u32, u32), Vec<u32>) {
    let count = assistant(parts);
    let word = parts_of(adk_explain(engine, count));
    let sent = if word.0 {
        read(2 * word.2 as usize)
    } else {
        Vec::new()
    };
    (word, sent)
}

/// An engine for the length of a case, freed when it ends (passing or failing), so every case
/// starts from the same engine slots.
struct Chat(u32);

impl Chat {
    fn new(mode: u32, pattern: u32) -> Chat {
        let id = adk_engine_new(mode, pattern);
        assert_ne!(id, 0, "an engine id is never 0");
        Chat(id)
    }
}

impl Drop for Chat {
    fn drop(&mut self) {
        adk_engine_free(self.0);
    }
}

const MODES: [(u32, u32); 3] = [(SSE, PATTERN_A), (BIDI, PATTERN_A), (BIDI, PATTERN_B)];

/// Ids no live engine has: never given, and far beyond any engine of these cases.
const UNKNOWN_IDS: [u32; 3] = [0, 999, u32::MAX];

// ---- Decisions on well-formed records ----

#[wasm_bindgen_test]
fn d5_a_pending_approval_is_not_sent_and_answers_rule_approval_pending() {
    for (mode, pattern) in MODES {
        let chat = Chat::new(mode, pattern);
        assert_eq!(
            decide(chat.0, &[text(), requested(1, 2)]),
            (false, APPROVAL_PENDING, 1),
            "mode {mode}/{pattern}: pending at part 1"
        );
        assert_eq!(adk_remembered(chat.0), 0);
    }
}

#[wasm_bindgen_test]
fn d6_an_approved_server_tool_is_sent() {
    for (mode, pattern) in MODES {
        let chat = Chat::new(mode, pattern);
        assert_eq!(
            decide(chat.0, &[approved(1, 2)]),
            (true, UNSENT_USER_ACTION, 1),
            "mode {mode}/{pattern}: one unsent answer"
        );
    }
}

#[wasm_bindgen_test]
fn d16_the_same_state_asked_again_is_not_sent_twice_already_known() {
    for (mode, pattern) in MODES {
        let chat = Chat::new(mode, pattern);
        let parts = [approved(1, 2)];
        assert!(decide(chat.0, &parts).0);
        assert_eq!(adk_remembered(chat.0), 1);
        assert_eq!(
            decide(chat.0, &parts),
            (false, ALREADY_KNOWN, 1),
            "mode {mode}/{pattern}: asked again"
        );
        // A denial is an answer too, sent once.
        let denied = [tool(APPROVAL_RESPONDED, APPROVAL | DENIED, 3, 4)];
        assert!(decide(chat.0, &denied).0);
        assert_eq!(decide(chat.0, &denied), (false, ALREADY_KNOWN, 1));
    }
}

#[wasm_bindgen_test]
fn d28_two_tool_calls_sharing_an_approval_id_each_send_their_answer_once() {
    const SHARED: u32 = 9;
    for (mode, pattern) in MODES {
        let chat = Chat::new(mode, pattern);
        assert!(decide(chat.0, &[approved(1, SHARED)]).0, "a's answer");
        // The backend's response appends b, asking with the same approval id handle.
        let asked = [approved(1, SHARED), text(), requested(2, SHARED)];
        assert_eq!(decide(chat.0, &asked), (false, APPROVAL_PENDING, 2));
        let answered = [approved(1, SHARED), text(), approved(2, SHARED)];
        assert_eq!(
            explain(chat.0, &answered),
            ((true, UNSENT_USER_ACTION, 1), vec![2, ANSWER]),
            "mode {mode}/{pattern}: b's answer is new, a's is not sent again"
        );
        assert!(decide(chat.0, &answered).0, "b's answer");
        assert_eq!(
            decide(chat.0, &answered),
            (false, ALREADY_KNOWN, 2),
            "mode {mode}/{pattern}: each answer once"
        );
    }
}

#[wasm_bindgen_test]
fn d29_a_part_with_the_failed_flag_is_not_sent() {
    for (mode, pattern) in MODES {
        let chat = Chat::new(mode, pattern);
        let failed = [tool(APPROVAL_RESPONDED, APPROVAL | APPROVED | FAILED, 1, 2)];
        assert_eq!(
            decide(chat.0, &failed),
            (false, ALREADY_KNOWN, 1),
            "mode {mode}/{pattern}: a failed server tool"
        );
        // A failed browser tool is not waited for, and its output is not sent.
        let browser = FRONTEND | REQUIRES_APPROVAL | APPROVAL | APPROVED | FAILED;
        assert!(!decide(chat.0, &[tool(OUTPUT_ERROR, browser, 3, 4)]).0);
        assert!(!decide(chat.0, &[tool(APPROVAL_RESPONDED, browser, 5, 6)]).0);
        assert_eq!(adk_remembered(chat.0), 0, "nothing was sent");
    }
}

#[wasm_bindgen_test]
fn asked_again_on_the_same_records_the_answer_is_the_same_until_the_records_or_the_memory_change() {
    for (mode, pattern) in MODES {
        let chat = Chat::new(mode, pattern);
        let first = [approved(1, 2), text()];
        // The send changes the memory, so the next ask decides again (D16), and so does the one
        // after it; from then on nothing changes.
        assert!(!decide(chat.0, &first).0, "a reaction follows the answer");
        let parts = [approved(1, 2)];
        assert!(decide(chat.0, &parts).0);
        for ask in 0..3 {
            assert_eq!(
                decide(chat.0, &parts),
                (false, ALREADY_KNOWN, 1),
                "mode {mode}/{pattern}: ask {ask}"
            );
        }
        // Another answer in the same shape (other handles) is decided on, not answered from before.
        let other = [approved(3, 4)];
        assert!(decide(chat.0, &other).0, "mode {mode}/{pattern}: a new answer");
        // A reset changes the memory: the same records send again.
        assert_eq!(decide(chat.0, &other), (false, ALREADY_KNOWN, 1));
        adk_reset(chat.0);
        assert!(decide(chat.0, &other).0, "mode {mode}/{pattern}: after reset");
        // Another engine asked on the same records has its own memory.
        let fresh = Chat::new(mode, pattern);
        assert!(decide(fresh.0, &other).0, "mode {mode}/{pattern}: another engine");
    }
}

#[wasm_bindgen_test]
fn the_answer_word_carries_the_rule_of_each_non_send() {
    let chat = Chat::new(SSE, PATTERN_A);
    assert_eq!(decide(chat.0, &[text()]), (false, NO_USER_ACTION, 0));
    let count = message(USER, &[approved(1, 2)]);
    assert_eq!(
        parts_of(adk_decide(chat.0, count)),
        (false, NOT_ASSISTANT, USER)
    );
    // SSE: an approved browser tool waits for its output (Pattern A).
    let location = tool(
        APPROVAL_RESPONDED,
        FRONTEND | REQUIRES_APPROVAL | APPROVAL | APPROVED,
        1,
        2,
    );
    assert_eq!(
        decide(chat.0, &[step_start(), location]),
        (false, AWAITING_BROWSER_OUTPUT, 1)
    );
}

#[wasm_bindgen_test]
fn engine_new_reads_mode_and_pattern_and_takes_any_other_number_as_sse() {
    let location = [tool(
        APPROVAL_RESPONDED,
        FRONTEND | REQUIRES_APPROVAL | APPROVAL | APPROVED,
        1,
        2,
    )];
    // BIDI Pattern B sends the approval at once; the output follows as a frame.
    let b = Chat::new(BIDI, PATTERN_B);
    assert_eq!(decide(b.0, &location), (true, UNSENT_USER_ACTION, 1));
    // SSE is Pattern A whatever the pattern asked; unknown numbers are SSE and Pattern A.
    for (mode, pattern) in [(SSE, PATTERN_B), (7, 7), (u32::MAX, u32::MAX), (BIDI, 7)] {
        let chat = Chat::new(mode, pattern);
        assert_eq!(
            decide(chat.0, &location),
            (false, AWAITING_BROWSER_OUTPUT, 0),
            "mode {mode}/{pattern}"
        );
    }
}

// ---- explain, mark_browser_output, reset ----

#[wasm_bindgen_test]
fn explain_writes_the_send_list_back_and_remembers_nothing() {
    let chat = Chat::new(SSE, PATTERN_A);
    // An approved browser tool with its output: its answer and its output travel together.
    let location = tool(
        OUTPUT_AVAILABLE,
        FRONTEND | REQUIRES_APPROVAL | APPROVAL | APPROVED,
        1,
        2,
    );
    let parts = [step_start(), location];
    let expected = ((true, UNSENT_USER_ACTION, 2), vec![1, ANSWER, 1, OUTPUT]);
    assert_eq!(explain(chat.0, &parts), expected);
    assert_eq!(adk_remembered(chat.0), 0, "explain remembers nothing");
    assert_eq!(
        explain(chat.0, &parts),
        expected,
        "so it says the same again"
    );
    assert!(decide(chat.0, &parts).0);
    assert_eq!(adk_remembered(chat.0), 2);
    assert_eq!(explain(chat.0, &parts), ((false, ALREADY_KNOWN, 2), vec![]));
}

#[wasm_bindgen_test]
fn a_marked_browser_output_is_sent_once_and_reset_forgets_it() {
    let chat = Chat::new(SSE, PATTERN_A);
    // A server tool's output-error with nothing after it is the backend's, unless marked.
    let parts = [tool(OUTPUT_ERROR, 0, 7, 0)];
    assert_eq!(decide(chat.0, &parts), (false, NO_USER_ACTION, 0));
    adk_mark_browser_output(chat.0, 7);
    assert_eq!(
        explain(chat.0, &parts),
        ((true, UNSENT_USER_ACTION, 1), vec![0, OUTPUT])
    );
    assert!(decide(chat.0, &parts).0);
    assert_eq!(decide(chat.0, &parts), (false, ALREADY_KNOWN, 1));
    adk_reset(chat.0);
    assert_eq!(adk_remembered(chat.0), 0);
    assert_eq!(
        decide(chat.0, &parts),
        (false, NO_USER_ACTION, 0),
        "the mark is forgotten"
    );
}

// ---- claim, live handles ----

#[wasm_bindgen_test]
fn claim_returns_each_browser_tool_call_once_with_how_it_runs() {
    let chat = Chat::new(SSE, PATTERN_A);
    let browser = FRONTEND | REQUIRES_APPROVAL;
    let parts = [
        step_start(),
        tool(APPROVAL_RESPONDED, browser | APPROVAL | APPROVED, 11, 21),
        tool(INPUT_AVAILABLE, FRONTEND, 12, 0),
        tool(INPUT_AVAILABLE, browser, 13, 0),
        tool(INPUT_AVAILABLE, 0, 14, 0),
        tool(APPROVAL_REQUESTED, browser | APPROVAL, 15, 25),
        tool(APPROVAL_RESPONDED, browser | APPROVAL | DENIED, 16, 26),
    ];
    let count = assistant(&parts);
    assert_eq!(adk_claim(chat.0, count), 3);
    assert_eq!(
        read(6),
        vec![
            1,
            RUN_APPROVED,
            2,
            RUN_CALLED_WITHOUT_APPROVAL,
            3,
            RUN_REFUSED
        ]
    );
    let count = assistant(&parts);
    assert_eq!(adk_claim(chat.0, count), 0, "each call once");

    let live = adk_live_handles(chat.0) as usize;
    let handles = read(live);
    for call in [11, 12, 13] {
        assert!(
            handles.contains(&call),
            "claimed {call} is live: {handles:?}"
        );
    }
    adk_reset(chat.0);
    assert_eq!(adk_live_handles(chat.0), 0, "reset forgets the claims");
    let count = assistant(&parts);
    assert_eq!(adk_claim(chat.0, count), 3, "and they can be claimed again");
}

#[wasm_bindgen_test]
fn claim_on_a_user_message_or_malformed_records_starts_nothing() {
    let chat = Chat::new(SSE, PATTERN_A);
    let count = message(USER, &[tool(INPUT_AVAILABLE, FRONTEND, 1, 0)]);
    assert_eq!(adk_claim(chat.0, count), 0);
    write(&[ASSISTANT, 0, 0, 0, 0xff, 1, 0]);
    assert_eq!(adk_claim(chat.0, 1), 0);
    assert_eq!(adk_claim(chat.0, u32::MAX), 0);
}

// ---- pending, answerable, check_batch ----

/// Two pending approvals, at parts 1 and 3, and an answered one at part 2.
fn two_pending() -> u32 {
    assistant(&[
        text(),
        requested(10, 20),
        approved(11, 21),
        requested(12, 22),
    ])
}

#[wasm_bindgen_test]
fn pending_writes_the_waiting_approvals_part_indices() {
    assert_eq!(adk_pending(two_pending()), 2);
    assert_eq!(read(2), vec![1, 3]);
    let count = assistant(&[approved(1, 2), text()]);
    assert_eq!(adk_pending(count), 0);
    let count = message(USER, &[requested(1, 2)]);
    assert_eq!(adk_pending(count), 0, "only an assistant message asks");
}

#[wasm_bindgen_test]
fn answerable_gives_the_part_index_or_minus_one_or_minus_two_minus_i_for_a_tool_call_id() {
    assert_eq!(adk_answerable(two_pending(), 20), 1);
    assert_eq!(adk_answerable(two_pending(), 22), 3);
    assert_eq!(adk_answerable(two_pending(), 21), -1, "already answered");
    assert_eq!(adk_answerable(two_pending(), 99), -1, "no such approval");
    assert_eq!(
        adk_answerable(two_pending(), 10),
        -2 - 1,
        "toolCallId of part 1"
    );
    assert_eq!(
        adk_answerable(two_pending(), 12),
        -2 - 3,
        "toolCallId of part 3"
    );
}

/// Writes the message of `two_pending` followed by `answers` approval-id handles.
/// They are the buffer's last words.
fn batch(answers: &[u32]) -> (u32, u32) {
    let count = two_pending();
    let at = HEADER_WORDS + count as usize * PART_WORDS;
    let mut words = read_records(at);
    words.extend_from_slice(answers);
    write_alone(&words);
    (count, answers.len() as u32)
}

#[wasm_bindgen_test]
fn check_batch_is_0_when_every_pending_approval_is_answered_once() {
    let (count, answers) = batch(&[22, 20]);
    assert_eq!(adk_check_batch(count, answers), 0);
}

#[wasm_bindgen_test]
fn check_batch_is_1_with_missing_unknown_and_duplicated_counts_then_lists() {
    // 22 is missing (part 3), 99 is unknown (position 1), 20 answered twice (position 2).
    let (count, answers) = batch(&[20, 99, 20]);
    assert_eq!(adk_check_batch(count, answers), 1);
    assert_eq!(read(6), vec![1, 1, 1, 3, 1, 2]);
    // No answers: both approvals missing.
    let (count, answers) = batch(&[]);
    assert_eq!(adk_check_batch(count, answers), 1);
    assert_eq!(read(5), vec![2, 0, 0, 1, 3]);
}

#[wasm_bindgen_test]
fn pending_answerable_and_check_batch_say_so_when_the_records_are_malformed() {
    let malformed = || {
        write(&[ASSISTANT, 0, 0, 0, 0xff, 1, 2]); // no such part kind
        1
    };
    assert_eq!(adk_pending(malformed()), u32::MAX);
    assert_eq!(adk_answerable(malformed(), 2), i32::MIN);
    assert_eq!(adk_check_batch(malformed(), 0), u32::MAX);
    for count in [2, 1000, u32::MAX] {
        write_alone(&[ASSISTANT, 0, 0, 0, KIND_TEXT, 0, 0]);
        assert_eq!(
            adk_pending(count),
            u32::MAX,
            "count {count} beyond the buffer"
        );
        assert_eq!(adk_answerable(count, 1), i32::MIN);
        assert_eq!(adk_check_batch(count, 0), u32::MAX);
    }
}

#[wasm_bindgen_test]
fn check_batch_with_more_answers_than_the_buffer_holds_reads_none() {
    let (count, _) = batch(&[20, 22]);
    // Counts past the buffer's end read no answers: every approval is missing.
    for answers in [3, 1000, 1 << 20, 1 << 31] {
        assert_eq!(adk_check_batch(count, answers), 1, "{answers} answers");
        assert_eq!(read(3), vec![2, 0, 0]);
        batch(&[20, 22]);
    }
}

/// `adk_check_batch` works out where the answers start (`HEADER_WORDS + count * PART_WORDS`) and
/// end (`+ answers`) with checked arithmetic: a count the header does not bound (parts missing) or
/// an answer count near `u32::MAX` reads no answers, never traps (this suite is a debug build,
/// where an unchecked overflow would).
#[wasm_bindgen_test]
fn check_batch_never_traps_on_counts_that_overflow_the_answers_offset() {
    // Parts missing: the message is well-formed whatever the count, and nothing is pending.
    for count in [u32::MAX / 3 + 1, u32::MAX] {
        write_alone(&[ASSISTANT, 1, 0, 0]);
        assert_eq!(adk_check_batch(count, 0), 0, "count {count}");
    }
    let (count, _) = batch(&[20, 22]);
    assert_eq!(adk_check_batch(count, u32::MAX), 1, "no answers read");
    assert_eq!(read(3), vec![2, 0, 0]);
}

// ---- Hostile numbers ----

#[wasm_bindgen_test]
fn unknown_engine_ids_answer_0_and_change_nothing() {
    let chat = Chat::new(SSE, PATTERN_A);
    let parts = [approved(1, 2)];
    assert!(decide(chat.0, &parts).0);
    for id in UNKNOWN_IDS {
        assert_eq!(
            decide(id, &parts),
            (false, MALFORMED_INPUT, 0),
            "decide({id})"
        );
        let count = assistant(&parts);
        assert_eq!(adk_explain(id, count), 0, "explain({id})");
        assert_eq!(
            read_records(HEADER_WORDS + PART_WORDS),
            [ASSISTANT, 0, 0, 0, parts[0][0], 1, 2]
        );
        let count = assistant(&[tool(INPUT_AVAILABLE, FRONTEND, 3, 0)]);
        assert_eq!(adk_claim(id, count), 0, "claim({id})");
        assert_eq!(adk_live_handles(id), 0, "live_handles({id})");
        assert_eq!(adk_remembered(id), 0, "remembered({id})");
        adk_mark_browser_output(id, 1);
        adk_reset(id);
        adk_engine_free(id);
    }
    // The live engine kept its memory through all of it.
    assert_eq!(adk_remembered(chat.0), 1);
    assert_eq!(decide(chat.0, &parts), (false, ALREADY_KNOWN, 1));
}

#[wasm_bindgen_test]
fn a_freed_engine_id_answers_0_until_reused_and_freeing_twice_is_harmless() {
    let kept = Chat::new(SSE, PATTERN_A);
    let freed = adk_engine_new(SSE, PATTERN_A);
    let parts = [approved(1, 2)];
    assert!(decide(freed, &parts).0);
    adk_engine_free(freed);
    adk_engine_free(freed);
    assert_eq!(decide(freed, &parts), (false, MALFORMED_INPUT, 0));
    let count = assistant(&parts);
    assert_eq!(adk_explain(freed, count), 0);
    assert_eq!(adk_remembered(freed), 0);
    assert_eq!(adk_live_handles(freed), 0);
    adk_reset(freed);
    adk_mark_browser_output(freed, 1);
    assert!(decide(kept.0, &parts).0, "another engine is untouched");
}

#[wasm_bindgen_test]
fn engines_are_reused_after_free_and_start_with_an_empty_memory() {
    let parts = [approved(1, 2)];
    let first = Chat::new(SSE, PATTERN_A);
    assert!(decide(first.0, &parts).0);
    let id = first.0;
    drop(first);
    let again = Chat::new(BIDI, PATTERN_B);
    assert_eq!(again.0, id, "the freed slot is reused");
    assert_eq!(adk_remembered(again.0), 0);
    assert!(
        decide(again.0, &parts).0,
        "nothing of the freed engine remains"
    );
    // Many engines at once, freed, then as many again: the same ids, no growth.
    let many: Vec<Chat> = (0..64).map(|_| Chat::new(SSE, PATTERN_A)).collect();
    let ids: Vec<u32> = many.iter().map(|chat| chat.0).collect();
    drop(many);
    let again: Vec<Chat> = (0..64).map(|_| Chat::new(SSE, PATTERN_A)).collect();
    let mut reused: Vec<u32> = again.iter().map(|chat| chat.0).collect();
    let mut ids = ids;
    ids.sort_unstable();
    reused.sort_unstable();
    assert_eq!(reused, ids);
}

#[wasm_bindgen_test]
fn issue_40_item_5_a_new_engine_takes_the_slot_freed_last_and_a_second_free_never_gives_one_slot_twice() {
    // 10^5 engines alive: a new one takes a freed slot from the free list (no scan of the others),
    // the one freed last first; a full table grows by one.
    let alive: Vec<u32> = (0..100_000).map(|_| adk_engine_new(SSE, PATTERN_A)).collect();
    let (early, late) = (alive[10], alive[90_000]);
    adk_engine_free(early);
    adk_engine_free(late);
    adk_engine_free(late);
    let first = adk_engine_new(SSE, PATTERN_A);
    let second = adk_engine_new(BIDI, PATTERN_B);
    let third = adk_engine_new(SSE, PATTERN_A);
    assert_eq!((first, second), (late, early), "the slot freed last is taken first");
    assert!(!alive.contains(&third), "no slot was free: a new one");
    let parts = [approved(1, 2)];
    assert!(decide(first, &parts).0);
    assert_eq!(adk_remembered(first), 1);
    assert_eq!(adk_remembered(second), 0, "freed twice, still one engine per slot");
    for id in alive.iter().chain([&first, &second, &third]) {
        if *id != early && *id != late {
            adk_engine_free(*id);
        }
    }
}

#[wasm_bindgen_test]
fn unreadable_records_and_counts_beyond_the_buffer_give_the_malformed_rule() {
    let chat = Chat::new(SSE, PATTERN_A);
    let malformed = (false, MALFORMED_INPUT, MALFORMED_RECORD);
    for (word, why) in [
        (0xf, "no such part kind"),
        (KIND_TOOL | 7 << 4, "no such tool state"),
        (KIND_TOOL | 15 << 4, "no such tool state"),
        (
            KIND_TOOL | APPROVAL_RESPONDED << 4 | (APPROVAL | APPROVED | DENIED) << 8,
            "approved and denied",
        ),
    ] {
        write(&[ASSISTANT, 0, 0, 0, word, 1, 2]);
        assert_eq!(parts_of(adk_decide(chat.0, 1)), malformed, "{why}");
        write(&[ASSISTANT, 0, 0, 0, word, 1, 2]);
        assert_eq!(parts_of(adk_explain(chat.0, 1)), malformed, "{why}");
    }
    for count in [2, 1000, 1 << 30, u32::MAX / 3 + 1, u32::MAX] {
        write_alone(&[ASSISTANT, 0, 0, 0, KIND_OTHER, 0, 0]);
        assert_eq!(
            parts_of(adk_decide(chat.0, count)),
            malformed,
            "count {count}"
        );
        write_alone(&[ASSISTANT, 0, 0, 0, KIND_OTHER, 0, 0]);
        assert_eq!(
            parts_of(adk_explain(chat.0, count)),
            malformed,
            "count {count}"
        );
    }
    // The glue's own malformation code and index travel in the header.
    write(&[ASSISTANT, 0, 3, 1]);
    assert_eq!(parts_of(adk_decide(chat.0, 0)), (false, MALFORMED_INPUT, 3));
    assert_eq!(adk_remembered(chat.0), 0);
}

/// xorshift32: the same "random" words in every run, so a failure replays.
struct Words(u32);

impl Words {
    fn next(&mut self) -> u32 {
        let mut x = self.0;
        x ^= x << 13;
        x ^= x >> 17;
        x ^= x << 5;
        self.0 = x;
        x
    }

    /// Mostly small numbers (real kinds, states, flags and handles), sometimes anything.
    fn word(&mut self) -> u32 {
        let x = self.next();
        match x % 4 {
            0 => x,
            1 => x >> 24,
            _ => (x >> 8) & 0xfff,
        }
    }
}

#[wasm_bindgen_test]
fn random_words_and_counts_never_trap_and_keep_the_answer_word_consistent() {
    let chat = Chat::new(BIDI, PATTERN_A);
    let mut random = Words(0x9e37_79b9);
    for round in 0..2000 {
        let len = (random.next() % 40) as usize;
        let words: Vec<u32> = (0..len).map(|_| random.word()).collect();
        let fitting = (len.saturating_sub(HEADER_WORDS) / PART_WORDS) as u32;
        let count = match random.next() % 3 {
            0 => random.next(),
            _ => fitting,
        };
        write(&words);
        let (send, rule, _) = parts_of(adk_decide(chat.0, count));
        // The engine's answers for a decision: a rule up to UNSENT_USER_ACTION, or NO_MESSAGES
        // where the header carries the glue's empty-list code (issue 42 item 5).
        assert!(
            rule <= UNSENT_USER_ACTION || rule == adk_stream_wasm::engine::rule::NO_MESSAGES,
            "round {round}: rule {rule}"
        );
        assert_eq!(
            send,
            rule == UNSENT_USER_ACTION,
            "round {round}: send iff a send rule"
        );
        write(&words);
        let (send, rule, _) = parts_of(adk_explain(chat.0, count));
        assert_eq!(send, rule == UNSENT_USER_ACTION, "round {round}: explain");
        write(&words);
        adk_claim(chat.0, count);
        write(&words);
        adk_pending(count);
        write(&words);
        adk_answerable(count, random.word());
        write(&words);
        adk_check_batch(fitting, random.next() % 64);
        write(&words);
        adk_check_batch(random.word(), random.word());
        adk_mark_browser_output(chat.0, random.word());
        if round % 100 == 0 {
            adk_live_handles(chat.0);
            adk_reset(chat.0);
        }
    }
    // The engine still decides after all of it.
    adk_reset(chat.0);
    assert_eq!(
        decide(chat.0, &[approved(1, 2)]),
        (true, UNSENT_USER_ACTION, 1)
    );
}

#[wasm_bindgen_test]
fn along_random_chats_a_decision_answers_what_explain_answers_first_asked_again_or_not() {
    // Small handle and state spaces, so messages repeat (a re-ask answered from the last decision)
    // and change (decided again); explain decides without remembering, so a decision's answer is
    // always the one explain gives just before it.
    let states = [INPUT_AVAILABLE, APPROVAL_REQUESTED, APPROVAL_RESPONDED, OUTPUT_AVAILABLE, OUTPUT_ERROR];
    let flag_sets = [0, APPROVAL | APPROVED, APPROVAL | DENIED, FRONTEND | REQUIRES_APPROVAL | APPROVAL | APPROVED, FRONTEND];
    let mut random = Words(0x51ed_270b);
    for (mode, pattern) in MODES {
        let chat = Chat::new(mode, pattern);
        let mut parts: Vec<Record> = Vec::new();
        for round in 0..1500 {
            match random.next() % 8 {
                0 => parts.clear(),
                1 | 2 => parts.push(if random.next() % 3 == 0 {
                    text()
                } else {
                    let pick = |n: usize, random: &mut Words| random.next() as usize % n;
                    tool(
                        states[pick(states.len(), &mut random)],
                        flag_sets[pick(flag_sets.len(), &mut random)],
                        1 + random.next() % 4,
                        10 + random.next() % 3,
                    )
                }),
                3 => adk_mark_browser_output(chat.0, 1 + random.next() % 4),
                4 if round % 50 == 0 => adk_reset(chat.0),
                _ => {} // asked again on the same message
            }
            let expected = explain(chat.0, &parts).0;
            assert_eq!(
                decide(chat.0, &parts),
                expected,
                "mode {mode}/{pattern}, round {round}: {parts:?}"
            );
        }
    }
}

#[wasm_bindgen_test]
fn a_huge_records_request_followed_by_small_ones_still_works() {
    let chat = Chat::new(SSE, PATTERN_A);
    let huge = 1 << 22; // 16 MiB of words
    let at = adk_records(huge);
    assert!(!at.is_null());
    // SAFETY: the buffer holds `huge` words.
    unsafe { at.add(huge as usize - 1).write(7) };
    let small = adk_records(16);
    assert!(!small.is_null());
    assert_eq!(
        decide(chat.0, &[approved(1, 2)]),
        (true, UNSENT_USER_ACTION, 1)
    );
    assert_eq!(adk_pending(two_pending()), 2);
    assert_eq!(read(2), vec![1, 3]);
    // And once more, huge then small.
    adk_records(huge);
    assert_eq!(
        decide(chat.0, &[approved(3, 4)]),
        (true, UNSENT_USER_ACTION, 1)
    );
    // Answers have a buffer of their own: writing one never moves the record buffer, whose
    // address the glue keeps between decisions.
    let at = adk_records(16);
    let count = assistant(&[text(), requested(1, 2)]);
    assert_eq!(adk_pending(count), 1);
    assert_eq!(adk_records(16), at);
    assert_eq!(read(1), vec![1]);
}
