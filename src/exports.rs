//! The core module's exports: numbers in, numbers out. `js/loader.js` instantiates the module; the
//! glue calls these through its `core` object, and reads every number of their answers by the names
//! of `js/contract.js`, generated from `crate::contract`.
//!
//! The glue writes a last message as integer records (`model::records`) into the record buffer,
//! whose address `adk_records` returns, and calls one export with the part count. Answers that are
//! more than one number (the actions a send carries, the pending approvals, the tool calls to
//! start, a batch's problems) go into a buffer of their own; the glue reads them at the address
//! `adk_answers()` gives after the call. Only `adk_records` moves the record buffer, so the glue
//! keeps its address between decisions. No JS value and no string crosses, and nothing here can
//! panic on any input: a bad engine id or record is an answer, not a trap.

use alloc::vec::Vec;
use core::cell::UnsafeCell;

use crate::approvals::{check_answerable, check_batch, pending_approvals, NotAnswerable};
use crate::contract::{action, answer as answer_word, engine_option, helper};
use crate::engine::{BidiPattern, Decision, Engine, Mode, Verdict};
use crate::model::records::{decode_into, HEADER_WORDS, PART_WORDS};
use crate::model::{Handle, Message};
use crate::runner::Runner;
use crate::transport::stream_rules::Step;
use crate::transport::{BidiRules, ChunkKind};

/// A global of the single-threaded module. WebAssembly without threads runs one call at a time,
/// and no export calls another; within one export, each `get()` borrow of a global ends before
/// the next `get()` of the same global, so no two borrows of one global overlap.
struct Global<T>(UnsafeCell<T>);

// SAFETY: the module is single-threaded (no atomics, no shared memory).
unsafe impl<T> Sync for Global<T> {}

impl<T> Global<T> {
    #[allow(clippy::mut_from_ref)]
    fn get(&self) -> &mut T {
        // SAFETY: one call at a time, and no two borrows of one global overlap (see above).
        unsafe { &mut *self.0.get() }
    }
}

/// Where the glue writes records.
static RECORDS: Global<Vec<u32>> = Global(UnsafeCell::new(Vec::new()));

/// Where the exports write answers of more than one number.
static ANSWERS: Global<Vec<u32>> = Global(UnsafeCell::new(Vec::new()));

/// One engine slot: a chat's decision engine, its tool runner and its last answer; the glue's
/// `createAutoSend` object holds the slot's id.
struct EngineSlot {
    engine: Engine,
    runner: Runner,
    last: LastDecision,
}

/// The last decision that changed nothing in the engine's memory: its records and its answer. AI
/// SDK asks again on an unchanged chat after every stream end and every answer; the same records
/// at the same memory version have the same answer (the decision is a function of the two), so
/// that ask is answered by comparing words instead of deciding again.
#[derive(Default)]
struct LastDecision {
    records: Vec<u32>,
    /// The memory version it was decided at; `None` when there is nothing to answer from.
    version: Option<u32>,
    answer: u32,
}

/// Records longer than this are decided every time (a hostile message's records are not kept).
const REMEMBERED_WORDS: usize = 4096;

/// Word by word: `==` on the slices compiles to a `bcmp` call, which the WebAssembly runtime
/// library implements one byte at a time (0.16 µs for 20 parts' records, against 0.04 µs here).
fn same_words(a: &[u32], b: &[u32]) -> bool {
    a.len() == b.len() && a.iter().zip(b).all(|(x, y)| x == y)
}

static ENGINES: Global<Vec<Option<EngineSlot>>> = Global(UnsafeCell::new(Vec::new()));

/// A record buffer this many words above its need is given back (a hostile message once made it
/// huge; it should not stay for the life of the page).
const KEEP_WORDS: usize = 1 << 16;

/// The address of the record buffer, grown to at least `words` words.
#[no_mangle]
pub extern "C" fn adk_records(words: u32) -> *mut u32 {
    let records = RECORDS.get();
    let words = words as usize;
    if records.len() > KEEP_WORDS && words < records.len() / 4 {
        *records = Vec::new();
    }
    if records.len() < words {
        records.resize(words, 0);
    }
    records.as_mut_ptr()
}

/// The parts of the last decoded message, kept for the next decode's allocation.
static PARTS: Global<Vec<crate::model::Part>> = Global(UnsafeCell::new(Vec::new()));

fn message(count: u32) -> Message {
    decode_into(RECORDS.get(), count as usize, core::mem::take(PARTS.get()))
}

/// Gives a message's parts back for the next decode.
fn recycle(message: Message) {
    if let Ok(crate::model::LastMessage {
        parts: Some(parts), ..
    }) = message
    {
        // A hostile message's thousands of parts are not kept for the life of the page.
        if parts.capacity() <= 1024 {
            *PARTS.get() = parts;
        }
    }
}

/// Empties the record buffer, so the next `adk_records(n)` holds exactly `n` words: for the
/// boundary tests (tests/common/boundary_cases.rs), which read past a message's records to the
/// buffer's end. Not exported from the module.
#[doc(hidden)]
pub fn empty_records_for_tests() {
    RECORDS.get().clear();
}

/// The address of the last answer of more than one number.
#[no_mangle]
pub extern "C" fn adk_answers() -> *const u32 {
    ANSWERS.get().as_ptr()
}

/// Replaces the answer buffer's contents with `words` (what the glue reads back).
fn answer(words: &[u32]) {
    let answers = ANSWERS.get();
    if answers.capacity() > KEEP_WORDS && words.len() < answers.capacity() / 4 {
        *answers = Vec::new();
    }
    answers.clear();
    answers.extend_from_slice(words);
}

/// Puts `value` in the first free slot (or a new one); returns its id, the slot's index + 1 (0 is
/// never an id, so the glue's 0 means "none").
fn insert<T>(slots: &mut Vec<Option<T>>, value: T) -> u32 {
    let at = match slots.iter().position(Option::is_none) {
        Some(free) => free,
        None => {
            slots.push(None);
            slots.len() - 1
        }
    };
    if let Some(entry) = slots.get_mut(at) {
        *entry = Some(value);
    }
    at as u32 + 1
}

/// Empties the slot of `id`; an unknown id (0, a freed one, any other number) changes nothing.
fn free<T>(slots: &mut [Option<T>], id: u32) {
    if let Some(entry) = slots.get_mut((id as usize).wrapping_sub(1)) {
        *entry = None;
    }
}

fn engine_slot(id: u32) -> Option<&'static mut EngineSlot> {
    ENGINES
        .get()
        .get_mut((id as usize).checked_sub(1)?)?
        .as_mut()
}

/// A new engine: `mode` 0 SSE, 1 BIDI; `pattern` 0 A, 1 B. Returns its id (never 0).
#[no_mangle]
pub extern "C" fn adk_engine_new(mode: u32, pattern: u32) -> u32 {
    let mode = if mode == engine_option::MODE_BIDI {
        Mode::Bidi
    } else {
        Mode::Sse
    };
    let pattern = if pattern == engine_option::PATTERN_B {
        BidiPattern::B
    } else {
        BidiPattern::A
    };
    let slot = EngineSlot {
        engine: Engine::new(mode, pattern),
        runner: Runner::new(),
        last: LastDecision::default(),
    };
    insert(ENGINES.get(), slot)
}

/// Frees an engine (the glue's FinalizationRegistry calls it when the chat's engine is collected).
#[no_mangle]
pub extern "C" fn adk_engine_free(id: u32) {
    free(ENGINES.get(), id);
}

/// The answer word of a decision (`contract::answer`).
fn word(decision: &Decision) -> u32 {
    let (rule, value) = decision.verdict.code();
    answer_word::word(decision.send(), rule, value)
}

/// The decision AI SDK acts on, for the `count` records in the buffer; remembers what it sends.
#[no_mangle]
pub extern "C" fn adk_decide(id: u32, count: u32) -> u32 {
    let Some(slot) = engine_slot(id) else {
        return 0;
    };
    let records = RECORDS.get();
    let used = (count as usize)
        .checked_mul(PART_WORDS)
        .and_then(|words| words.checked_add(HEADER_WORDS))
        .and_then(|words| records.get(..words))
        .filter(|words| words.len() <= REMEMBERED_WORDS);
    let version = slot.engine.memory_version();
    let last = &mut slot.last;
    if let Some(words) = used {
        if last.version == Some(version) && same_words(&last.records, words) {
            return last.answer;
        }
    }
    // The records are read through the `records` borrow alone: no second borrow of RECORDS.
    let message = decode_into(records, count as usize, core::mem::take(PARTS.get()));
    let decision = slot.engine.decide(&message);
    let answer = word(&decision);
    slot.engine.recycle(decision);
    recycle(message);
    // Remembered only when deciding changed nothing: then deciding again would, too.
    last.version = None;
    if let Some(words) = used.filter(|_| slot.engine.memory_version() == version) {
        last.records.clear();
        last.records.extend_from_slice(words);
        last.version = Some(version);
        last.answer = answer;
    }
    answer
}

/// The same decision without remembering anything; for a send, the answer buffer then holds the
/// actions it would carry as `(part index, contract::action)` pairs.
#[no_mangle]
pub extern "C" fn adk_explain(id: u32, count: u32) -> u32 {
    let message = message(count);
    let Some(slot) = engine_slot(id) else {
        return 0;
    };
    let decision = slot.engine.explain(&message);
    if let Verdict::Send { unknown } = &decision.verdict {
        let mut words = Vec::with_capacity(unknown.len() * 2);
        for (index, action) in unknown {
            let kind = match action {
                crate::engine::Action::BrowserOutput(_) => action::BROWSER_OUTPUT,
                crate::engine::Action::Answer { .. } => action::ANSWER,
            };
            words.extend_from_slice(&[*index as u32, kind]);
        }
        answer(&words);
    }
    word(&decision)
}

/// The output of this tool call was added by the browser (SPEC §2 principle 6).
#[no_mangle]
pub extern "C" fn adk_mark_browser_output(id: u32, tool_call_id: Handle) {
    if let Some(slot) = engine_slot(id) {
        slot.engine.mark_browser_output(tool_call_id);
    }
}

/// Forgets what was sent, which outputs are the browser's and which tools were started.
#[no_mangle]
pub extern "C" fn adk_reset(id: u32) {
    if let Some(slot) = engine_slot(id) {
        slot.engine.reset();
        slot.runner.reset();
    }
}

/// How many sent actions the engine remembers (bounded by the last message's actions). The glue
/// never calls it: the boundary tests (tests/common/boundary_cases.rs) read the memory through it.
#[no_mangle]
pub extern "C" fn adk_remembered(id: u32) -> u32 {
    engine_slot(id).map_or(0, |slot| slot.engine.memory().sent_count() as u32)
}

/// The browser tool calls to start now, each returned once: `(part index, run)` pairs in the
/// answer buffer (run: `runner::Run`'s code); returns their number.
#[no_mangle]
pub extern "C" fn adk_claim(id: u32, count: u32) -> u32 {
    let Ok(message) = message(count) else {
        return 0;
    };
    let Some(slot) = engine_slot(id) else {
        return 0;
    };
    let calls = slot.runner.claim(&message);
    let mut words = Vec::with_capacity(calls.len() * 2);
    for call in &calls {
        words.extend_from_slice(&[call.part_index as u32, call.run as u32]);
    }
    answer(&words);
    calls.len() as u32
}

/// Every handle the engine and its runner hold, into the answer buffer; returns their number. The glue
/// forgets the strings of all other handles when its intern table grows large.
#[no_mangle]
pub extern "C" fn adk_live_handles(id: u32) -> u32 {
    let mut handles = Vec::new();
    if let Some(slot) = engine_slot(id) {
        slot.engine.memory().handles(&mut handles);
        slot.runner.handles(&mut handles);
    }
    answer(&handles);
    handles.len() as u32
}

/// The pending approvals' part indices, into the answer buffer; returns their number, or
/// `helper::NOT_A_MESSAGE` when the records are not a well-formed message.
#[no_mangle]
pub extern "C" fn adk_pending(count: u32) -> u32 {
    let Ok(message) = message(count) else {
        return helper::NOT_A_MESSAGE;
    };
    let indices: Vec<u32> = pending_approvals(&message)
        .iter()
        .map(|p| p.part_index as u32)
        .collect();
    answer(&indices);
    indices.len() as u32
}

/// `approve`/`deny`: the part index of the pending approval `approval_id`; otherwise one of
/// `contract::helper`'s `ANSWERABLE_*` answers.
#[no_mangle]
pub extern "C" fn adk_answerable(count: u32, approval_id: Handle) -> i32 {
    let Ok(message) = message(count) else {
        return helper::ANSWERABLE_NOT_A_MESSAGE;
    };
    match check_answerable(&pending_approvals(&message), approval_id) {
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
    let Ok(message) = message(count) else {
        return helper::NOT_A_MESSAGE;
    };
    // Checked: a header that says "no parts" leaves `count` unchecked by the decoder, and a
    // hostile count or answer count must read no answers rather than wrap around.
    let range = (count as usize)
        .checked_mul(PART_WORDS)
        .and_then(|words| words.checked_add(HEADER_WORDS))
        .and_then(|from| Some(from..from.checked_add(answers as usize)?));
    let answered: Vec<Handle> = range
        .and_then(|range| RECORDS.get().get(range))
        .unwrap_or(&[])
        .to_vec();
    let pending = pending_approvals(&message);
    let Err(problems) = check_batch(&pending, &answered) else {
        return helper::BATCH_COMPLETE;
    };
    let mut words = Vec::new();
    words.extend_from_slice(&[
        problems.missing.len() as u32,
        problems.unknown.len() as u32,
        problems.duplicated.len() as u32,
    ]);
    words.extend(
        problems
            .missing
            .iter()
            .filter_map(|&at| pending.get(at))
            .map(|p| p.part_index as u32),
    );
    words.extend(problems.unknown.iter().map(|&at| at as u32));
    words.extend(problems.duplicated.iter().map(|&at| at as u32));
    answer(&words);
    1
}

/// The BIDI transport's rules (`transport::BidiRules`), one slot per transport; the glue holds the
/// slot's id. Each frame event is one call, numbers in, one answer word out.
static BIDI: Global<Vec<Option<BidiRules>>> = Global(UnsafeCell::new(Vec::new()));

fn bidi(id: u32) -> Option<&'static mut BidiRules> {
    BIDI.get().get_mut((id as usize).checked_sub(1)?)?.as_mut()
}

/// New rules for a transport; returns their id (never 0).
#[no_mangle]
pub extern "C" fn adk_bidi_new() -> u32 {
    insert(BIDI.get(), BidiRules::new())
}

/// Frees a transport's rules (the glue's FinalizationRegistry calls it).
#[no_mangle]
pub extern "C" fn adk_bidi_free(id: u32) {
    free(BIDI.get(), id);
}

/// A `message` frame went out: a new response starts.
#[no_mangle]
pub extern "C" fn adk_bidi_start(id: u32) {
    if let Some(rules) = bidi(id) {
        rules.start_response();
    }
}

/// A chunk of kind `kind` (`ChunkKind` code); `open`/`started` are 0 or 1. Returns the answer word
/// (`transport::BidiRules`); 0 (deliver) for an unknown id.
#[no_mangle]
pub extern "C" fn adk_bidi_chunk(id: u32, kind: u32, open: u32, started: u32) -> u32 {
    bidi(id).map_or(0, |rules| {
        rules.on_chunk(ChunkKind::from_code(kind), open != 0, started != 0)
    })
}

/// A `[DONE]`; `open` is 0 or 1. Returns the answer word; `Step::Ignore` for an unknown id.
#[no_mangle]
pub extern "C" fn adk_bidi_done(id: u32, open: u32) -> u32 {
    bidi(id).map_or(Step::Ignore as u32, |rules| rules.on_done(open != 0))
}

/// An `interrupt` went out for an aborted response: its tail is dropped from now.
#[no_mangle]
pub extern "C" fn adk_bidi_abort(id: u32) {
    if let Some(rules) = bidi(id) {
        rules.begin_abort();
    }
}

/// The aborted tail's time limit passed.
#[no_mangle]
pub extern "C" fn adk_bidi_expire(id: u32) {
    if let Some(rules) = bidi(id) {
        rules.expire_tail();
    }
}

/// The socket is gone: the rules start over.
#[no_mangle]
pub extern "C" fn adk_bidi_reset(id: u32) {
    if let Some(rules) = bidi(id) {
        rules.reset();
    }
}
