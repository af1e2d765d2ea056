//! Renders the contract's numbers as `js/core/contract.js`, and `explain().rule`'s names as
//! `js/core/rule-names.js` and `js/core/rule-names.d.ts` (natively only: `cargo test` compares them).

use std::fmt::Write;
use std::string::String;

use super::{action, answer, engine_option, helper};
use crate::engine::{hold, rule};
use crate::model::records::{self, header, part};
use crate::model::{Role, ToolState};
use crate::runner::Run;

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
    let _ = writeln!(out, "\n/**\n * {doc}\n * @param {{unknown}} value @returns {{number}}\n */\nexport function {name}(value) {{");
    out.push_str("  switch (value) {\n");
    for (case, code) in cases {
        let _ = writeln!(out, "    case '{case}':\n      return {code};");
    }
    let _ = writeln!(out, "    default:\n      return {default};\n  }}\n}}");
}

const HEADER: &str = "\
                      // Generated from the Rust definitions by src/contract.rs: do not edit. The numbers both sides of\n\
                      // the core module's boundary read; `cargo test` fails when this file and the Rust disagree, and\n\
                      // `ADK_WRITE_CONTRACT=1 cargo test contract` writes it anew.\n";

/// The text of `js/core/contract.js`.
pub fn js_module() -> String {
    let mut out = String::from(HEADER);
    message_contract(&mut out);
    decision_contract(&mut out);
    helper_contract(&mut out);
    out
}

/// The rules only the glue answers, after the engine's in `RULE_NAMES`: the core trapped during
/// a decision (the engine answers false from then on); the engine was disposed (`dispose()`).
const GLUE_RULES: [&str; 2] = ["internal-error", "engine-disposed"];

/// Every rule's name: the engine's by code, then the glue's own.
fn rule_name_list() -> Vec<String> {
    let engine = rules().into_iter().enumerate().map(|(at, (name, code))| {
        assert_eq!(code, at as i64, "the rule codes number the names from 0");
        kebab(name)
    });
    engine.chain(GLUE_RULES.map(String::from)).collect()
}

const NAMES_HEADER: &str = "// Generated from the Rust rule codes by src/contract.rs: do not edit. `cargo test` fails when\n\
                            // this file and the Rust disagree, and `ADK_WRITE_CONTRACT=1 cargo test contract` writes it\n\
                            // anew. Not in contract.js, which an app's bundle shares with the transport's chunk: here,\n\
                            // they stay in the chunk of the decision that reads them.\n";

/// The names, quoted: `'no-parts', …`.
fn quoted_rule_names() -> Vec<String> {
    rule_name_list()
        .iter()
        .map(|name| format!("'{name}'"))
        .collect()
}

/// The text of `js/core/rule-names.js`: `explain().rule`'s names by rule code (each constant's name
/// in lower case, `_` as `-`), then the glue's own.
pub fn rule_names_module() -> String {
    format!(
        "{NAMES_HEADER}\n/** The stable names of `explain().rule`: by rule code, then the glue's own. */\n\
         export const RULE_NAMES = /** @type {{const}} */ ([{}]);\n\n\
         /** @typedef {{typeof RULE_NAMES[number]}} RuleName A stable name of the rule that decided (`explain().rule`). */\n",
        quoted_rule_names().join(", ")
    )
}

/// The text of `js/core/rule-names.d.ts`, which the package's declarations read `RuleName` from.
pub fn rule_names_declarations() -> String {
    format!(
        "{NAMES_HEADER}\n/** A stable name of the rule that decided (`explain().rule`). */\n\
         export type RuleName = {};\n\n\
         /** The stable names of `explain().rule`: by rule code, then the glue's own. */\n\
         export declare const RULE_NAMES: readonly RuleName[];\n",
        quoted_rule_names().join(" | ")
    )
}

fn kebab(name: &str) -> String {
    name.to_lowercase().replace('_', "-")
}

/// The rules as `RULE` renders them: (constant name, code).
fn rules() -> Vec<(&'static str, i64)> {
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
        ("WAITS_TO_BE_SENT", rule::WAITS_TO_BE_SENT),
        ("ARRIVAL_UNKNOWN", rule::ARRIVAL_UNKNOWN),
        ("NO_MESSAGES", rule::NO_MESSAGES),
    ];
    rules
        .iter()
        .map(|&(name, code)| (name, code as i64))
        .collect()
}

/// The record layout, the part kinds and flags, the roles and the tool states.
fn message_contract(out: &mut String) {
    object(
        out,
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
            ("NO_MESSAGES", records::NO_MESSAGES as i64),
        ],
    );
    object(
        out,
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
        out,
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
        out,
        "The role code of a message's `role` string; a string AI SDK does not define is ROLE_OTHER.",
        "roleCode",
        &roles,
        Role::Other as i64,
    );
    object(
        out,
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
        out,
        "The code of a tool part's `state` (SPEC §1), or -1 for any other value.",
        "toolStateCode",
        &states,
        -1,
    );
}

/// The answer word, the rules and their names, the actions of a send.
fn decision_contract(out: &mut String) {
    object(
        out,
        "A decision's answer word (src/contract.rs `answer`).",
        "ANSWER",
        &[
            ("SEND", answer::SEND as i64),
            ("RULE_SHIFT", answer::RULE_SHIFT as i64),
            ("RULE_MASK", answer::RULE_MASK as i64),
            ("VALUE_SHIFT", answer::VALUE_SHIFT as i64),
        ],
    );
    let rules = rules();
    object(
        out,
        "The rule codes (SPEC §2; src/engine/verdict.rs `rule`).",
        "RULE",
        &rules,
    );
    object(
        out,
        "What a user action of a send is (`adk_explain`'s answer buffer).",
        "ACTION",
        &[
            ("ANSWER", action::ANSWER as i64),
            ("BROWSER_OUTPUT", action::BROWSER_OUTPUT as i64),
        ],
    );
    object(
        out,
        "How the last send failed (`adk_hold`; src/engine/verdict.rs `hold`).",
        "HOLD",
        &[
            ("NONE", hold::NONE as i64),
            ("WAITS", hold::WAITS as i64),
            ("UNKNOWN", hold::UNKNOWN as i64),
            ("REPEATABLE", hold::REPEATABLE as i64),
            ("RESEND", hold::RESEND as i64),
            ("REPEAT", hold::REPEAT as i64),
        ],
    );
}

/// The runner's runs, the engine's options and the helpers' answers.
fn helper_contract(out: &mut String) {
    object(
        out,
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
        out,
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
        out,
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
}
