//! The BIDI transport's stream rules, one slot per transport.

use core::cell::UnsafeCell;

use super::{Global, Slots};
use crate::bidi_rules::stream_rules::Step;
use crate::bidi_rules::{BidiRules, ChunkKind};

/// The BIDI transport's rules (`bidi_rules::BidiRules`), one slot per transport; the glue holds the
/// slot's id. Each frame event is one call, numbers in, one answer word out.
static BIDI: Global<Slots<BidiRules>> = Global(UnsafeCell::new(Slots::new()));

/// The rules of `id`; none for an unknown or freed id.
fn bidi(id: u32) -> Option<&'static mut BidiRules> {
    BIDI.get().get_mut(id)
}

/// New rules for a transport; returns their id (never 0).
#[no_mangle]
pub extern "C" fn adk_bidi_new() -> u32 {
    BIDI.get().insert(BidiRules::new())
}

/// Frees a transport's rules (the glue's FinalizationRegistry calls it).
#[no_mangle]
pub extern "C" fn adk_bidi_free(id: u32) {
    BIDI.get().free(id);
}

/// A `message` frame went out: a new response starts.
#[no_mangle]
pub extern "C" fn adk_bidi_start(id: u32) {
    if let Some(rules) = bidi(id) {
        rules.start_response();
    }
}

/// A chunk of kind `kind` (`ChunkKind` code); `open`/`started` are 0 or 1. Returns the answer word
/// (`bidi_rules::BidiRules`); 0 (deliver) for an unknown id.
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
