//! The core module's export cases of tests/common/boundary_cases.rs, in headless Chromium.
#![cfg(target_arch = "wasm32")]

wasm_bindgen_test::wasm_bindgen_test_configure!(run_in_browser);

include!("common/boundary_cases.rs");
