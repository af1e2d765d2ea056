//! adk-stream-wasm: the browser side of human-in-the-loop AI SDK chats with ADK-style backends.
//!
//! Layers, from the inside out:
//! - [`model`]: AI SDK v6 UI messages, reduced to what decisions read, and the integer records
//!   that carry them across the boundary (pure Rust);
//! - [`engine`]: the auto-send decision of SPEC §2, one engine per chat (pure Rust);
//! - [`approvals`], [`runner`]: approval validation and which browser tool runs when (pure Rust);
//! - [`contract`]: the numbers both sides of the boundary read, and `js/core/contract.js` generated from
//!   them;
//! - `exports` (wasm32, feature `core`): the core module's exports, numbers in and numbers out;
//!
//! The browser tools (`get_location`) are JavaScript (js/tools/get-location.js): one browser call each,
//! with nothing in it for the core to decide.
//!
//! The core module (`--no-default-features --features core`) is `no_std`: it links no formatting,
//! no text and no panic messages (its panics abort), only the rules, its allocator (lol_alloc) and its exports.
#![cfg_attr(all(target_arch = "wasm32", not(feature = "std")), no_std)]

extern crate alloc;
#[cfg(any(feature = "std", not(target_arch = "wasm32")))]
extern crate std;

pub mod approvals;
pub mod contract;
pub mod engine;
pub mod model;
pub mod runner;

#[cfg(all(target_arch = "wasm32", feature = "core"))]
pub mod exports;

/// The `no_std` core module's allocator and panic handler: a panic (only an allocation too large
/// for memory can cause one) traps, with no message to format.
#[cfg(all(target_arch = "wasm32", not(feature = "std")))]
mod runtime {
    #[cfg(not(feature = "dlmalloc"))]
    use lol_alloc::{AssumeSingleThreaded, FreeListAllocator};

    // SAFETY: the core module is single-threaded (no atomics, no shared memory).
    #[cfg(not(feature = "dlmalloc"))]
    #[global_allocator]
    static ALLOCATOR: AssumeSingleThreaded<FreeListAllocator> =
        unsafe { AssumeSingleThreaded::new(FreeListAllocator::new()) };

    #[cfg(feature = "dlmalloc")]
    #[global_allocator]
    static ALLOCATOR: dlmalloc::GlobalDlmalloc = dlmalloc::GlobalDlmalloc;

    #[panic_handler]
    fn panic(_: &core::panic::PanicInfo) -> ! {
        core::arch::wasm32::unreachable()
    }
}
