//! The core module's exports: numbers in, numbers out. `js/core/loader.js` instantiates the module; the
//! glue calls these through its `core` object, and reads every number of their answers by the names
//! of `js/core/contract.js`, generated from `crate::contract`.
//!
//! The glue writes a last message as integer records (`model::records`) into the record buffer,
//! whose address `adk_records` returns, and calls one export with the part count. Answers that are
//! more than one number (the actions a send carries, the pending approvals, the tool calls to
//! start, a batch's problems) go into a buffer of their own; the glue reads them at the address
//! `adk_answers()` gives after the call. Only `adk_records` moves the record buffer, so the glue
//! keeps its address between decisions. No JS value and no string crosses, and nothing here can
//! panic on any input: a bad engine id or record is an answer, not a trap.
//!
//! Here: the record and answer buffers every export shares, and the slots of engines.
//! The exports by what they serve: `engine_slots` (a chat's decision engine and tool runner) and
//! `approval_helpers` (`pendingApprovals`, `approve`/`deny`, `answerApprovals`). Which BIDI response
//! owns a chunk is the glue's (js/wire/chunk-owner.js, docs/decisions/0008).

mod approval_helpers;
mod engine_slots;

pub use approval_helpers::*;
pub use engine_slots::*;

use alloc::vec::Vec;
use core::cell::UnsafeCell;

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
        // Not `resize`: its fill loop is a function of its own in the module (docs/decisions/0004).
        records.extend(core::iter::repeat_n(0, words - records.len()));
    }
    records.as_mut_ptr()
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

/// The answer buffer, emptied, for an export to push its answer into (what the glue reads back).
/// Each export takes it once, after its last use of any other export's answer: the one borrow of
/// ANSWERS in that call. Pushing in place, instead of collecting into a Vec and copying it here,
/// saves the module a specialized collect per answer (docs/decisions/0004).
fn answer_buffer() -> &'static mut Vec<u32> {
    let answers = ANSWERS.get();
    // A hostile message once made it huge: it should not stay for the life of the page.
    if answers.capacity() > KEEP_WORDS {
        *answers = Vec::new();
    }
    answers.clear();
    answers
}

/// Slots of a kind of object the glue holds by id (engines). A freed slot goes
/// on a free list that the next `insert` takes first, so creating one costs the same with 10^5
/// alive as with none (issue 40 item 5; a scan for the first empty slot grew with their number).
struct Slots<T> {
    entries: Vec<Entry<T>>,
    /// The id of the last freed slot, which is taken first; 0 when none is free.
    free: u32,
}

/// A slot: its object, or, when free, the id of the slot freed before it (0: none).
enum Entry<T> {
    Used(T),
    Free(u32),
}

impl<T> Slots<T> {
    const fn new() -> Self {
        Self {
            entries: Vec::new(),
            free: 0,
        }
    }

    /// Puts `value` in the slot freed last (or a new one); returns its id, the slot's index + 1
    /// (0 is never an id, so the glue's 0 means "none").
    fn insert(&mut self, value: T) -> u32 {
        let at = (self.free as usize).wrapping_sub(1);
        if let Some(entry) = self.entries.get_mut(at) {
            if let Entry::Free(next) = *entry {
                self.free = next;
                *entry = Entry::Used(value);
                return at as u32 + 1;
            }
        }
        self.entries.push(Entry::Used(value));
        self.entries.len() as u32
    }

    /// The object of `id`; none for an unknown or freed id (0 wraps to an index no slot has).
    fn get_mut(&mut self, id: u32) -> Option<&mut T> {
        match self.entries.get_mut((id as usize).wrapping_sub(1))? {
            Entry::Used(value) => Some(value),
            Entry::Free(_) => None,
        }
    }

    /// Empties the slot of `id`; an unknown id (0, a freed one, any other number) changes nothing,
    /// so a second free never puts a slot on the free list twice.
    fn free(&mut self, id: u32) {
        if let Some(entry) = self.entries.get_mut((id as usize).wrapping_sub(1)) {
            if matches!(entry, Entry::Used(_)) {
                *entry = Entry::Free(self.free);
                self.free = id;
            }
        }
    }
}
