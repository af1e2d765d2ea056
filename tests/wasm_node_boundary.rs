//! The core module's exports (src/exports/) as WebAssembly runs them in Node.js, by
//! wasm-bindgen-test: records written through `adk_records` as the glue writes them, decisions on
//! well-formed records (SPEC D5, D6, D16, D28, D29), explain, claim, pending, answerable and
//! check_batch, and hostile numbers (unknown or freed engine ids, random words, counts past the
//! buffer, a huge buffer request) that give 0, the malformed rule or no effect, never a trap.
//! The cases are in tests/common/boundary_cases.rs.
#![cfg(target_arch = "wasm32")]

include!("common/boundary_cases.rs");
