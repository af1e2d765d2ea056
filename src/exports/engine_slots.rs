//! A chat's decision engine and its tool runner, one slot each: the decision AI SDK acts on, its
//! explanation, the browser's marks and the tool calls to start.

use alloc::vec::Vec;
use core::cell::UnsafeCell;

use super::{answer_buffer, Global, Slots, RECORDS};
use crate::contract::{action, answer as answer_word, engine_option};
use crate::engine::{Action, BidiPattern, Engine, Mode};
use crate::model::records::{read, HEADER_WORDS, PART_WORDS};
use crate::model::Handle;
use crate::runner::Runner;

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

/// Word by word: `==` on the slices compiles to a `bcmp` call, slow in WebAssembly
/// (docs/decisions/0004).
fn same_words(a: &[u32], b: &[u32]) -> bool {
    a.len() == b.len() && a.iter().zip(b).all(|(x, y)| x == y)
}

static ENGINES: Global<Slots<EngineSlot>> = Global(UnsafeCell::new(Slots::new()));

/// The slot of `id`; none for an unknown or freed id.
fn engine_slot(id: u32) -> Option<&'static mut EngineSlot> {
    ENGINES.get().get_mut(id)
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
    ENGINES.get().insert(slot)
}

/// Frees an engine: the glue's `dispose()`, or its FinalizationRegistry when the chat's engine is
/// collected. A freed id answers as an unknown one until a new engine takes its slot.
#[no_mangle]
pub extern "C" fn adk_engine_free(id: u32) {
    ENGINES.get().free(id);
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
    let found = slot.engine.decide_records(records, count as usize);
    let answer = answer_word::word(found.send(), found.rule, found.value);
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
    let Some(slot) = engine_slot(id) else {
        return 0;
    };
    let (found, lists) = slot.engine.explain_records(RECORDS.get(), count as usize);
    if found.send() {
        let answers = answer_buffer();
        for (index, action) in &lists.unknown {
            let kind = match action {
                Action::BrowserOutput(_) => action::BROWSER_OUTPUT,
                Action::Answer { .. } => action::ANSWER,
            };
            answers.push(*index as u32);
            answers.push(kind);
        }
    }
    answer_word::word(found.send(), found.rule, found.value)
}

/// SPEC §5 F-c, F-g, one export for every call (each costs the module bytes): `hold` is how the
/// last send failed (`engine::hold`), or the app's explicit `RESEND` / `REPEAT` (`Engine::hold`).
#[no_mangle]
pub extern "C" fn adk_hold(id: u32, hold: u32) -> u32 {
    engine_slot(id).map_or(0, |slot| slot.engine.hold(hold))
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
    // The one borrow of RECORDS in this call.
    let Ok((role, records)) = read(RECORDS.get(), count as usize) else {
        return 0;
    };
    let Some(slot) = engine_slot(id) else {
        return 0;
    };
    let answers = answer_buffer();
    slot.runner
        .claim_in_records(role, records.unwrap_or(&[]), |call| {
            answers.push(call.part_index as u32);
            answers.push(call.run as u32);
        });
    (answers.len() / 2) as u32
}

/// Every handle the engine and its runner hold, into the answer buffer; returns their number. The glue
/// forgets the strings of all other handles when its intern table grows large.
#[no_mangle]
pub extern "C" fn adk_live_handles(id: u32) -> u32 {
    let handles = answer_buffer();
    if let Some(slot) = engine_slot(id) {
        slot.engine.memory().handles(handles);
        slot.runner.handles(handles);
    }
    handles.len() as u32
}
