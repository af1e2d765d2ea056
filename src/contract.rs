//! The numbers both sides of the core module's boundary read, written once (STYLE, fourth round).
//!
//! Each number is defined next to the Rust it belongs to: the record layout in `model::records`,
//! the rule codes in `engine::verdict::rule`, the tool states and roles in `model`, the runs in
//! `runner`, the transport's steps and chunk kinds in `transport`. What has no type of its own (the
//! answer word, the helpers' answers, the engine's options) is defined here. [`js_module`]
//! (`contract/render.rs`) renders all of them as `js/core/contract.js`, the module the glue imports them
//! from, and the rules' names as `js/core/rule-names.js` and `js/core/rule-names.d.ts` (`explain().rule`, for
//! the code and its types); the tests at the end of this file fail when those files and these
//! definitions disagree, so a change on one side only fails `make test`.
//! `ADK_WRITE_CONTRACT=1 cargo test contract` writes the files anew.

/// A decision's answer word (`adk_decide`, `adk_explain`): bit 0 is set when the chat must send,
/// bits 1–4 hold the rule code (`engine::verdict::rule`), the bits above it the rule's number (a
/// part index, a count, a role or a malformation code).
pub mod answer {
    pub const SEND: u32 = 1;
    pub const RULE_SHIFT: u32 = 1;
    pub const RULE_MASK: u32 = 0xf;
    pub const VALUE_SHIFT: u32 = 5;

    /// The word of a decision.
    pub const fn word(send: bool, rule: u32, value: u32) -> u32 {
        send as u32 | rule << RULE_SHIFT | value << VALUE_SHIFT
    }
}

/// What a user action in `adk_explain`'s answer buffer is: `(part index, action)` pairs.
pub mod action {
    pub const ANSWER: u32 = 0;
    pub const BROWSER_OUTPUT: u32 = 1;
}

/// `adk_engine_new(mode, pattern)`.
pub mod engine_option {
    pub const MODE_SSE: u32 = 0;
    pub const MODE_BIDI: u32 = 1;
    pub const PATTERN_A: u32 = 0;
    pub const PATTERN_B: u32 = 1;
}

/// The helpers' answers (`adk_pending`, `adk_answerable`, `adk_check_batch`).
pub mod helper {
    /// `adk_pending` and `adk_check_batch`: the records are not a well-formed message.
    pub const NOT_A_MESSAGE: u32 = u32::MAX;
    /// `adk_answerable`: the records are not a well-formed message.
    pub const ANSWERABLE_NOT_A_MESSAGE: i32 = i32::MIN;
    /// `adk_answerable`: no pending approval has this id.
    pub const ANSWERABLE_UNKNOWN: i32 = -1;
    /// `adk_answerable`: the id is the toolCallId of the pending approval at part
    /// `TOOL_CALL_ID_OF - answer`.
    pub const ANSWERABLE_TOOL_CALL_ID_OF: i32 = -2;
    /// `adk_check_batch`: every pending approval is answered exactly once.
    pub const BATCH_COMPLETE: u32 = 0;
    /// `adk_check_batch`'s answer buffer starts with the missing, unknown and duplicated counts.
    pub const BATCH_COUNTS: usize = 3;
}

#[cfg(not(target_arch = "wasm32"))]
mod render;

#[cfg(not(target_arch = "wasm32"))]
pub use render::{js_module, rule_names_declarations, rule_names_module};

// Natively only: the wasm32 test builds (wasm-pack test) have no file system to compare with.
#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use std::{env, format, fs, string::String};

    /// `file` (under `js/`) is what the Rust definitions give: a change on one side only fails here.
    fn generated_file_is_current(file: &str, generated: String) {
        let path = format!("{}/js/{file}", env!("CARGO_MANIFEST_DIR"));
        if env::var_os("ADK_WRITE_CONTRACT").is_some() {
            fs::write(&path, &generated).expect("js/ is writable");
        }
        let committed = fs::read_to_string(&path).unwrap_or_else(|_| String::new());
        assert!(
            committed == generated,
            "js/{file} differs from the Rust definitions (src/contract.rs renders it); \
             run `ADK_WRITE_CONTRACT=1 cargo test contract` after changing a number in Rust, \
             never edit the file by hand"
        );
    }

    #[test]
    fn the_js_contract_is_generated_from_the_rust_definitions() {
        generated_file_is_current("core/contract.js", super::js_module());
    }

    /// Issue 33 §3: `explain().rule`'s names, written once, for the code and for its types.
    #[test]
    fn the_rule_names_are_generated_from_the_rust_definitions() {
        generated_file_is_current("core/rule-names.js", super::rule_names_module());
        generated_file_is_current("core/rule-names.d.ts", super::rule_names_declarations());
    }
}
