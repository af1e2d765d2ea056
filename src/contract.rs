//! The numbers both sides of the core module's boundary read, written once (STYLE, fourth round).
//!
//! Each number is defined next to the Rust it belongs to: the record layout in `model::records`,
//! the rule codes in `engine::verdict::rule`, the tool states and roles in `model`, the runs in
//! `runner`, the transport's steps and chunk kinds in `transport`. What has no type of its own (the
//! answer word, the helpers' answers, the engine's options) is defined here. [`js_module`] renders
//! all of them as `js/contract.js`, the module the glue imports them from; the test at the end of
//! this file fails when that file and these definitions disagree, so a change on one side only
//! fails `make test`. `ADK_WRITE_CONTRACT=1 cargo test contract` writes the file anew.

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
mod render {
    use std::fmt::Write;
    use std::string::String;

    use super::{action, answer, engine_option, helper};
    use crate::engine::rule;
    use crate::model::records::{self, header, part};
    use crate::model::{Role, ToolState};
    use crate::runner::Run;
    use crate::transport::stream_rules::Step;
    use crate::transport::{ChunkKind, CHUNK_TYPES, DROP, STEP_MASK, TAIL_ACTIVE};

    /// The AI SDK name of a tool state (SPEC §1); a new state must be named here to compile.
    fn state_name(state: ToolState) -> &'static str {
        match state {
            ToolState::InputStreaming => "input-streaming",
            ToolState::InputAvailable => "input-available",
            ToolState::ApprovalRequested => "approval-requested",
            ToolState::ApprovalResponded => "approval-responded",
            ToolState::OutputAvailable => "output-available",
            ToolState::OutputError => "output-error",
            ToolState::OutputDenied => "output-denied",
        }
    }

    /// The AI SDK role a role code stands for (`Missing` and `Other` are the glue's own cases).
    fn role_name(role: Role) -> Option<&'static str> {
        match role {
            Role::User => Some("user"),
            Role::Assistant => Some("assistant"),
            Role::System => Some("system"),
            Role::Missing | Role::Other => None,
        }
    }

    /// One constant per entry, `{name}_{key}`: a bundler gives each a short name and leaves out
    /// those a build does not use, where an object's keys would ship whole.
    fn object(out: &mut String, doc: &str, name: &str, entries: &[(&str, i64)]) {
        let _ = writeln!(out, "\n/** {doc} */");
        for (key, value) in entries {
            let _ = writeln!(out, "export const {name}_{key} = {value};");
        }
    }

    fn switch(out: &mut String, doc: &str, name: &str, cases: &[(&str, u32)], default: i64) {
        let _ = writeln!(out, "\n/** {doc} */\nexport function {name}(value) {{");
        out.push_str("  switch (value) {\n");
        for (case, code) in cases {
            let _ = writeln!(out, "    case '{case}':\n      return {code};");
        }
        let _ = writeln!(out, "    default:\n      return {default};\n  }}\n}}");
    }

    /// The text of `js/contract.js`.
    pub fn js_module() -> String {
        let mut out = String::from(
            "// Generated from the Rust definitions by src/contract.rs: do not edit. The numbers both sides of\n\
             // the core module's boundary read; `cargo test` fails when this file and the Rust disagree, and\n\
             // `ADK_WRITE_CONTRACT=1 cargo test contract` writes it anew.\n",
        );
        object(
            &mut out,
            "A record buffer: a header, then one record per part (src/model/records.rs).",
            "RECORD",
            &[
                ("HEADER_WORDS", records::HEADER_WORDS as i64),
                ("PART_WORDS", records::PART_WORDS as i64),
                ("ROLE", header::ROLE as i64),
                ("PARTS_MISSING", header::PARTS_MISSING as i64),
                ("MALFORMED_CODE", header::MALFORMED_CODE as i64),
                ("MALFORMED_INDEX", header::MALFORMED_INDEX as i64),
                ("WORD", part::WORD as i64),
                ("TOOL_CALL_ID", part::TOOL_CALL_ID as i64),
                ("APPROVAL_ID", part::APPROVAL_ID as i64),
                ("STATE_SHIFT", records::STATE_SHIFT as i64),
                ("FLAGS_SHIFT", records::FLAGS_SHIFT as i64),
                ("MALFORMED_RECORD", records::MALFORMED_RECORD as i64),
            ],
        );
        object(
            &mut out,
            "A part record's kind (its first word's low bits).",
            "KIND",
            &[
                ("OTHER", records::KIND_OTHER as i64),
                ("TEXT", records::KIND_TEXT as i64),
                ("REASONING", records::KIND_REASONING as i64),
                ("STEP_START", records::KIND_STEP_START as i64),
                ("TOOL", records::KIND_TOOL as i64),
            ],
        );
        object(
            &mut out,
            "A tool part record's flags.",
            "FLAG",
            &[
                ("APPROVAL", records::APPROVAL as i64),
                ("APPROVED", records::APPROVED as i64),
                ("DENIED", records::DENIED as i64),
                ("AUTOMATIC", records::AUTOMATIC as i64),
                ("FRONTEND", records::FRONTEND as i64),
                ("REQUIRES_APPROVAL", records::REQUIRES_APPROVAL as i64),
                ("FAILED", records::FAILED as i64),
            ],
        );
        let roles: std::vec::Vec<(&str, u32)> = Role::ALL
            .iter()
            .filter_map(|&role| Some((role_name(role)?, role as u32)))
            .collect();
        switch(
            &mut out,
            "The role code of a message's `role` string; a string AI SDK does not define is ROLE_OTHER.",
            "roleCode",
            &roles,
            Role::Other as i64,
        );
        object(
            &mut out,
            "The role codes that are no AI SDK role.",
            "ROLE",
            &[
                ("MISSING", Role::Missing as i64),
                ("OTHER", Role::Other as i64),
            ],
        );
        let states: std::vec::Vec<(&str, u32)> = ToolState::ALL
            .iter()
            .map(|&state| (state_name(state), state.code()))
            .collect();
        switch(
            &mut out,
            "The code of a tool part's `state` (SPEC §1), or -1 for any other value.",
            "toolStateCode",
            &states,
            -1,
        );
        object(
            &mut out,
            "A decision's answer word (src/contract.rs `answer`).",
            "ANSWER",
            &[
                ("SEND", answer::SEND as i64),
                ("RULE_SHIFT", answer::RULE_SHIFT as i64),
                ("RULE_MASK", answer::RULE_MASK as i64),
                ("VALUE_SHIFT", answer::VALUE_SHIFT as i64),
            ],
        );
        let rules = [
            ("MALFORMED_INPUT", rule::MALFORMED_INPUT),
            ("NOT_ASSISTANT", rule::NOT_ASSISTANT),
            ("NO_PARTS", rule::NO_PARTS),
            ("APPROVAL_PENDING", rule::APPROVAL_PENDING),
            ("STILL_STREAMING", rule::STILL_STREAMING),
            ("AWAITING_BROWSER_OUTPUT", rule::AWAITING_BROWSER_OUTPUT),
            ("NO_USER_ACTION", rule::NO_USER_ACTION),
            ("ALREADY_KNOWN", rule::ALREADY_KNOWN),
            ("UNSENT_USER_ACTION", rule::UNSENT_USER_ACTION),
        ];
        let rules: std::vec::Vec<(&str, i64)> = rules
            .iter()
            .map(|&(name, code)| (name, code as i64))
            .collect();
        object(
            &mut out,
            "The rule codes of SPEC §2 (src/engine/verdict.rs `rule`).",
            "RULE",
            &rules,
        );
        object(
            &mut out,
            "What a user action of a send is (`adk_explain`'s answer buffer).",
            "ACTION",
            &[
                ("ANSWER", action::ANSWER as i64),
                ("BROWSER_OUTPUT", action::BROWSER_OUTPUT as i64),
            ],
        );
        object(
            &mut out,
            "How a claimed browser tool call runs (src/runner.rs `Run`).",
            "RUN",
            &[
                ("APPROVED", Run::Approved as i64),
                ("CALLED_WITHOUT_APPROVAL", Run::CalledWithoutApproval as i64),
                (
                    "REFUSED_WITHOUT_APPROVAL",
                    Run::RefusedWithoutApproval as i64,
                ),
            ],
        );
        object(
            &mut out,
            "`adk_engine_new(mode, pattern)`.",
            "ENGINE_OPTION",
            &[
                ("MODE_SSE", engine_option::MODE_SSE as i64),
                ("MODE_BIDI", engine_option::MODE_BIDI as i64),
                ("PATTERN_A", engine_option::PATTERN_A as i64),
                ("PATTERN_B", engine_option::PATTERN_B as i64),
            ],
        );
        object(
            &mut out,
            "The helpers' answers (src/contract.rs `helper`); NOT_A_MESSAGE as a u32 read back.",
            "HELPER",
            &[
                ("NOT_A_MESSAGE", helper::NOT_A_MESSAGE as i64),
                (
                    "ANSWERABLE_NOT_A_MESSAGE",
                    helper::ANSWERABLE_NOT_A_MESSAGE as i64,
                ),
                ("ANSWERABLE_UNKNOWN", helper::ANSWERABLE_UNKNOWN as i64),
                (
                    "ANSWERABLE_TOOL_CALL_ID_OF",
                    helper::ANSWERABLE_TOOL_CALL_ID_OF as i64,
                ),
                ("BATCH_COMPLETE", helper::BATCH_COMPLETE as i64),
                ("BATCH_COUNTS", helper::BATCH_COUNTS as i64),
            ],
        );
        object(
            &mut out,
            "The BIDI rules' answer word: the step in the STEP_MASK bits, then DROP and TAIL_ACTIVE (src/transport).",
            "STEP",
            &[
                ("MASK", STEP_MASK as i64),
                ("DELIVER", Step::Deliver as i64),
                ("DELIVER_AWAITING_ANSWER", Step::DeliverAwaitingAnswer as i64),
                ("DELIVER_THEN_END", Step::DeliverThenEnd as i64),
                ("END", Step::End as i64),
                ("IGNORE", Step::Ignore as i64),
                ("DROP", DROP as i64),
                ("TAIL_ACTIVE", TAIL_ACTIVE as i64),
            ],
        );
        let kinds: std::vec::Vec<(&str, u32)> = CHUNK_TYPES
            .iter()
            .map(|&(chunk_type, kind)| (chunk_type, kind as u32))
            .collect();
        switch(
            &mut out,
            "The kind code of a chunk `type` the BIDI rules tell apart (src/transport `CHUNK_TYPES`).",
            "chunkKind",
            &kinds,
            ChunkKind::Other as i64,
        );
        out
    }
}

#[cfg(not(target_arch = "wasm32"))]
pub use render::js_module;

// Natively only: the wasm32 test builds (wasm-pack test) have no file system to compare with.
#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use std::{env, fs, string::String};

    /// `js/contract.js` is what the Rust definitions give: a change on one side only fails here.
    #[test]
    fn the_js_contract_is_generated_from_the_rust_definitions() {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/js/contract.js");
        let generated = super::js_module();
        if env::var_os("ADK_WRITE_CONTRACT").is_some() {
            fs::write(path, &generated).expect("js/contract.js is writable");
        }
        let committed = fs::read_to_string(path).unwrap_or_else(|_| String::new());
        assert!(
            committed == generated,
            "js/contract.js differs from the Rust definitions (src/contract.rs renders it); \
             run `ADK_WRITE_CONTRACT=1 cargo test contract` after changing a number in Rust, \
             never edit the file by hand"
        );
    }
}
