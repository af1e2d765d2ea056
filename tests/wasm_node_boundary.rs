//! The JS boundary with hostile JS values, run in Node by wasm-bindgen-test: bad options, throwing
//! getters, proxies, frozen objects and wrong types give a JS `Error` with a `name` and a clear
//! message (helpers), or `false` with a reason (decisions) — never a panic.
#![cfg(target_arch = "wasm32")]

include!("common/boundary_cases.rs");
