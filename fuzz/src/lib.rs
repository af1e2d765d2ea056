//! What the fuzz targets share:
//!
//! - [`summarize`]: the Rust twin of `js/summary.js`, the glue that projects `{messages}` onto the
//!   compact summary `src/model/summary.rs` parses. It follows the JS line by line (JS `typeof`,
//!   `undefined` versus `null`, arrays being objects), so arbitrary JSON reaches the engine exactly
//!   as it would from a browser. `tests/projection.rs` checks it against the real `js/summary.js`
//!   on vectors that script writes (scripts/test-fuzz.sh).
//! - [`arbitrary_messages`]: structured message lists built from fuzz bytes, from a vocabulary of
//!   the part types, states, tool names and ids that matter, plus arbitrary JSON now and then.
//! - [`check_decisions`]: runs the engine, the runner and the approval helpers' Rust side on one
//!   message list and asserts the SPEC §2 / §4 properties that hold whatever the input.

use adk_stream_wasm::approvals::{check_answerable, check_batch, pending_approvals};
use adk_stream_wasm::engine::{BidiPattern, Engine, Mode};
use adk_stream_wasm::model::summary::{parse, Malformed};
use adk_stream_wasm::model::{LastMessage, Part, Role, ToolState};
use adk_stream_wasm::runner::{Run, Runner};
use arbitrary::Unstructured;
use serde_json::{Map, Value};

const US: char = '\u{1f}';
const RS: char = '\u{1e}';
const NS: &str = "\u{15}";

// ------------------------------------------------------------------------------------------------
// The projection of js/summary.js. `Option<&Value>` is a JS property read: `None` is `undefined`.

fn get<'v>(value: &'v Value, key: &str) -> Option<&'v Value> {
    match value {
        Value::Object(map) => map.get(key),
        // Arrays are objects too; none of the keys read here is an array property.
        _ => None,
    }
}

/// JS `value !== null && typeof value === 'object'`.
fn is_object(value: Option<&Value>) -> bool {
    matches!(value, Some(Value::Object(_)) | Some(Value::Array(_)))
}

fn text(value: Option<&Value>) -> &str {
    match value {
        Some(Value::String(s)) => s,
        None | Some(Value::Null) => "",
        _ => NS,
    }
}

fn answer_of(approved: Option<&Value>) -> &'static str {
    match approved {
        Some(Value::Bool(true)) => "1",
        Some(Value::Bool(false)) => "0",
        None => "",
        _ => NS,
    }
}

fn state_letter(state: Option<&Value>) -> &'static str {
    match state.and_then(Value::as_str) {
        Some("input-streaming") => "A",
        Some("input-available") => "B",
        Some("approval-requested") => "C",
        Some("approval-responded") => "D",
        Some("output-available") => "E",
        Some("output-error") => "F",
        Some("output-denied") => "G",
        _ => "?",
    }
}

fn code(part: &Value) -> String {
    let Some(Value::String(part_type)) = get(part, "type") else {
        return NS.to_string();
    };
    if part_type == "step-start" {
        return "s".to_string();
    }
    let is_dynamic = part_type == "dynamic-tool";
    if !(is_dynamic || (part_type.len() > 5 && part_type.starts_with("tool-"))) {
        return "o".to_string();
    }
    let approval = get(part, "approval");
    let answer = if is_object(approval) {
        answer_of(approval.and_then(|a| get(a, "approved")))
    } else {
        ""
    };
    let code = format!("{}{}", state_letter(get(part, "state")), answer);
    if code != "D1" {
        return code;
    }
    let name = match get(part, "toolName") {
        Some(Value::String(name)) if !name.is_empty() => clean(name),
        _ if is_dynamic => String::new(),
        _ => clean(&part_type[5..]),
    };
    format!("D1{US}{name}")
}

/// js/summary.js `clean`: separators inside an earlier part's strings, in the detailed form.
fn clean(value: &str) -> String {
    value.replace([RS, US], "\u{1a}")
}

fn type_text(part: &Value) -> &str {
    match get(part, "type") {
        Some(Value::String(s)) => s,
        _ => NS,
    }
}

fn record(part: &Value, sanitize: bool) -> String {
    let cleaned = |value: &str| if sanitize { clean(value) } else { value.to_string() };
    let tool_call_id = get(part, "toolCallId");
    let approval = get(part, "approval");
    if tool_call_id.is_none() && approval.is_none() && get(part, "state").is_none() {
        return match get(part, "type") {
            Some(Value::String(s)) => cleaned(s),
            _ => NS.to_string(),
        };
    }
    let (tag, id, approved) = match approval {
        None | Some(Value::Null) => ("", "", ""),
        Some(a @ (Value::Object(_) | Value::Array(_))) => {
            ("O", text(get(a, "id")), answer_of(get(a, "approved")))
        }
        Some(_) => (NS, "", ""),
    };
    [
        cleaned(type_text(part)),
        cleaned(text(get(part, "toolName"))),
        cleaned(text(get(part, "state"))),
        cleaned(text(tool_call_id)),
        tag.to_string(),
        cleaned(id),
        approved.to_string(),
    ]
    .join(&US.to_string())
}

fn describe(value: Option<&Value>) -> &'static str {
    match value {
        Some(Value::Null) => "null",
        Some(Value::Array(_)) => "an array",
        Some(Value::Object(_)) => "an object",
        Some(Value::Bool(_)) => "a boolean",
        Some(Value::Number(_)) => "a number",
        Some(Value::String(_)) => "a string",
        None => "a undefined",
    }
}

/// `summarize(arg, detailed)` of js/summary.js; `None` is `summarize(undefined)`.
pub fn summarize(arg: Option<&Value>, detailed: bool) -> String {
    let arg = match arg {
        Some(a @ (Value::Object(_) | Value::Array(_))) => a,
        other => {
            return format!(
                "E{US}the argument is {}; expected {{messages}}",
                describe(other)
            )
        }
    };
    let messages = match get(arg, "messages") {
        Some(Value::Array(messages)) => messages,
        other => {
            return format!(
                "E{US}`messages` is {}; expected an array of UI messages",
                describe(other)
            )
        }
    };
    let Some(message) = messages.last() else {
        return format!("E{US}`messages` is empty");
    };
    if !is_object(Some(message)) {
        return format!(
            "E{US}the last message is {}; expected {{id, role, parts}}",
            describe(Some(message))
        );
    }
    let role = match get(message, "role") {
        Some(Value::String(s)) => s.as_str(),
        _ => NS,
    };
    let head = format!("{}{US}{role}{US}", if detailed { 'D' } else { 'M' });
    let parts = match get(message, "parts") {
        Some(Value::Array(parts)) => parts,
        None | Some(Value::Null) => return format!("{head}N{US}{US}"),
        Some(_) => return format!("{head}X{US}{US}"),
    };
    let count = parts.len() as isize;
    let mut last = count - 1;
    while last >= 0 {
        let part = &parts[last as usize];
        if is_object(Some(part)) && get(part, "type").and_then(Value::as_str) == Some("step-start")
        {
            last -= 1;
        } else {
            break;
        }
    }
    let mut out = format!("{head}A{US}{count}{US}{last}");
    for (i, part) in parts.iter().enumerate() {
        out.push(RS);
        if !is_object(Some(part)) {
            out.push_str(NS);
        } else if (i as isize) >= last {
            out.push_str(&record(part, false));
        } else if detailed {
            out.push_str(&record(part, true));
        } else {
            out.push_str(&code(part));
        }
    }
    out
}

// ------------------------------------------------------------------------------------------------
// Structured message lists from fuzz bytes.

const TYPES: &[&str] = &[
    "text",
    "reasoning",
    "step-start",
    "tool-process_payment",
    "tool-get_location",
    "tool-take_photo",
    "tool-change_bgm",
    "dynamic-tool",
    "tool-",
    "file",
    "source-url",
    "data-weather",
];
const STATES: &[&str] = &[
    "input-streaming",
    "input-available",
    "approval-requested",
    "approval-responded",
    "output-available",
    "output-error",
    "output-denied",
];
const IDS: &[&str] = &["c1", "c2", "a1", "a2", "", "c\u{1f}x", "a\u{1e}b", "\u{15}"];
const NAMES: &[&str] = &["get_location", "process_payment", "take_photo", ""];
const ROLES: &[&str] = &["assistant", "assistant", "assistant", "user", "system", ""];

fn pick<'a>(u: &mut Unstructured<'_>, list: &[&'a str]) -> arbitrary::Result<&'a str> {
    Ok(list[u.choose_index(list.len())?])
}

fn string_value(u: &mut Unstructured<'_>, list: &[&str]) -> arbitrary::Result<Value> {
    Ok(if u.ratio(1, 8)? {
        Value::String(u.arbitrary::<String>()?)
    } else {
        Value::String(pick(u, list)?.to_string())
    })
}

/// Any JSON value, small.
pub fn arbitrary_json(u: &mut Unstructured<'_>, depth: u32) -> arbitrary::Result<Value> {
    let kind = if depth == 0 {
        u.int_in_range(0..=3)?
    } else {
        u.int_in_range(0..=5)?
    };
    Ok(match kind {
        0 => Value::Null,
        1 => Value::Bool(u.arbitrary()?),
        2 => serde_json::Number::from_f64(u.arbitrary::<f64>()?).map_or(Value::Null, Value::Number),
        3 => Value::String(u.arbitrary()?),
        4 => {
            let n = u.int_in_range(0..=3)?;
            Value::Array(
                (0..n)
                    .map(|_| arbitrary_json(u, depth - 1))
                    .collect::<Result<_, _>>()?,
            )
        }
        _ => {
            let mut map = Map::new();
            for _ in 0..u.int_in_range(0..=3)? {
                let key = if u.ratio(1, 2)? {
                    pick(
                        u,
                        &[
                            "type",
                            "state",
                            "toolCallId",
                            "approval",
                            "id",
                            "approved",
                            "role",
                            "parts",
                            "messages",
                            "toolName",
                            "__proto__",
                        ],
                    )?
                    .to_string()
                } else {
                    u.arbitrary()?
                };
                map.insert(key, arbitrary_json(u, depth - 1)?);
            }
            Value::Object(map)
        }
    })
}

/// A field that is usually well-typed, sometimes missing, null or of another type.
fn maybe(
    u: &mut Unstructured<'_>,
    map: &mut Map<String, Value>,
    key: &str,
    good: impl FnOnce(&mut Unstructured<'_>) -> arbitrary::Result<Value>,
) -> arbitrary::Result<()> {
    match u.int_in_range(0..=15)? {
        0 => {}
        1 => {
            map.insert(key.to_string(), Value::Null);
        }
        2 => {
            let value = arbitrary_json(u, 1)?;
            map.insert(key.to_string(), value);
        }
        _ => {
            let value = good(u)?;
            map.insert(key.to_string(), value);
        }
    }
    Ok(())
}

fn arbitrary_part(u: &mut Unstructured<'_>) -> arbitrary::Result<Value> {
    if u.ratio(1, 32)? {
        return arbitrary_json(u, 2);
    }
    let part_type = pick(u, TYPES)?;
    let mut map = Map::new();
    map.insert("type".into(), Value::String(part_type.into()));
    let is_tool = part_type.starts_with("tool-") || part_type == "dynamic-tool";
    if is_tool || u.ratio(1, 16)? {
        maybe(u, &mut map, "toolCallId", |u| string_value(u, IDS))?;
        maybe(u, &mut map, "state", |u| string_value(u, STATES))?;
        if part_type == "dynamic-tool" || u.ratio(1, 8)? {
            maybe(u, &mut map, "toolName", |u| string_value(u, NAMES))?;
        }
        if u.ratio(2, 3)? {
            maybe(u, &mut map, "approval", |u| {
                let mut approval = Map::new();
                maybe(u, &mut approval, "id", |u| string_value(u, IDS))?;
                if u.ratio(2, 3)? {
                    maybe(u, &mut approval, "approved", |u| {
                        Ok(Value::Bool(u.arbitrary()?))
                    })?;
                }
                Ok(Value::Object(approval))
            })?;
        }
        if u.ratio(1, 4)? {
            map.insert("output".into(), arbitrary_json(u, 2)?);
        }
    } else if u.ratio(1, 2)? {
        map.insert("text".into(), Value::String(u.arbitrary()?));
    }
    Ok(Value::Object(map))
}

fn arbitrary_message(u: &mut Unstructured<'_>) -> arbitrary::Result<Value> {
    if u.ratio(1, 64)? {
        return arbitrary_json(u, 2);
    }
    let mut map = Map::new();
    map.insert("id".into(), Value::String("m".into()));
    maybe(u, &mut map, "role", |u| string_value(u, ROLES))?;
    maybe(u, &mut map, "parts", |u| {
        let n = u.int_in_range(0..=6)?;
        Ok(Value::Array(
            (0..n)
                .map(|_| arbitrary_part(u))
                .collect::<Result<_, _>>()?,
        ))
    })?;
    Ok(Value::Object(map))
}

/// `{messages}` built from fuzz bytes: nearly always an object with a short message list.
pub fn arbitrary_messages(u: &mut Unstructured<'_>) -> arbitrary::Result<Value> {
    if u.ratio(1, 64)? {
        return arbitrary_json(u, 3);
    }
    let n = u.int_in_range(0..=3)?;
    let messages: Vec<Value> = (0..n)
        .map(|_| arbitrary_message(u))
        .collect::<Result<_, _>>()?;
    let mut map = Map::new();
    map.insert("messages".into(), Value::Array(messages));
    Ok(Value::Object(map))
}

// ------------------------------------------------------------------------------------------------
// The properties.

/// The default browser-tool registry of SPEC §1, and which of them need approval.
pub fn is_frontend(name: &str) -> bool {
    matches!(
        name,
        "get_location" | "take_photo" | "get_camera" | "change_bgm"
    )
}

pub fn requires_approval(name: &str) -> bool {
    name != "change_bgm"
}

pub fn engines() -> Vec<Engine> {
    vec![
        Engine::new(Mode::Sse, BidiPattern::A),
        Engine::new(Mode::Bidi, BidiPattern::A),
        Engine::new(Mode::Bidi, BidiPattern::B),
    ]
}

/// What the JSON itself says, independently of the parser: principle 1 and D1–D3.
fn json_forbids_send(arg: Option<&Value>) -> Option<&'static str> {
    let messages = arg.and_then(|a| get(a, "messages"));
    let Some(Value::Array(messages)) = messages else {
        return Some("messages is not an array");
    };
    let Some(last) = messages.last() else {
        return Some("messages is empty");
    };
    if get(last, "role").and_then(Value::as_str) != Some("assistant") {
        return Some("the last message is not the assistant's");
    }
    let Some(Value::Array(parts)) = get(last, "parts") else {
        return Some("the last message has no parts array");
    };
    for part in parts {
        let state = get(part, "state").and_then(Value::as_str);
        let is_tool = get(part, "type")
            .and_then(Value::as_str)
            .is_some_and(|t| (t.starts_with("tool-") && t.len() > 5) || t == "dynamic-tool");
        if is_tool && state == Some("approval-requested") {
            return Some("an approval is still requested (principle 1)");
        }
        if is_tool && state == Some("input-streaming") {
            return Some("a tool input is still streaming");
        }
    }
    None
}

/// Rust's view of what must never happen for a summary the glue wrote.
/// A string holding a separator changes the record or field count; the parser reports that as
/// `SeparatorInString` or `BadSummary` (a role or a count that no longer lines up), never misreads.
fn glue_summary_must_parse<'a>(
    summary: &'a str,
    form: &str,
    has_separator: bool,
) -> Result<LastMessage<'a>, Malformed<'a>> {
    let parsed = parse(summary);
    assert!(
        has_separator || parsed != Err(Malformed::BadSummary),
        "the {form} summary the glue writes does not follow the grammar: {summary:?}"
    );
    parsed
}

/// A sequence of renders of one chat (each a `{messages}` value) through every engine kind, with
/// the runner: asserts the properties, panics on a violation.
pub fn check_decisions(renders: &[Option<Value>]) {
    let mut engines = engines();
    let mut runners: Vec<Runner> = (0..engines.len()).map(|_| Runner::new()).collect();
    let mut claimed: Vec<Vec<String>> = vec![Vec::new(); engines.len()];
    for arg in renders {
        let arg = arg.as_ref();
        let compact = summarize(arg, false);
        let detailed = summarize(arg, true);
        let has_separator = arg.is_some_and(holds_separator);
        let compact_parsed = glue_summary_must_parse(&compact, "compact", has_separator);
        let detailed_parsed = glue_summary_must_parse(&detailed, "detailed", has_separator);
        let forbid = json_forbids_send(arg);
        for (index, engine) in engines.iter_mut().enumerate() {
            let explained = engine.explain(&detailed_parsed, &is_frontend);
            let _ = explained.verdict.detail();
            let _ = explained.verdict.rule();
            let quick = engine.explain(&compact_parsed, &is_frontend);
            // src/model/summary.rs: "both forms give the same decision"; `explain()` reads the
            // detailed form, `sendAutomaticallyWhen` the compact one.
            assert!(
                quick.send() == explained.send(),
                "explain() and sendAutomaticallyWhen disagree ({:?} {:?}): compact {:?} -> {:?}, detailed {:?} -> {:?}",
                engine.mode,
                engine.pattern,
                compact,
                quick.verdict.rule(),
                detailed,
                explained.verdict.rule()
            );
            let sent = engine.should_send(&compact_parsed, &is_frontend);
            assert_eq!(
                sent,
                quick.send(),
                "explain() differs from the decision it explains"
            );
            if let Some(why) = forbid {
                assert!(!sent, "sent although {why}: {compact:?}");
            }
            if sent {
                // D16: the same state asked again sends nothing new.
                assert!(
                    !engine.should_send(&compact_parsed, &is_frontend),
                    "the same message sent twice: {compact:?}"
                );
            }
            // The memory keeps only the actions of the last part: an answer and an output.
            assert!(
                engine.memory().sent_count() <= 2,
                "the engine's memory grows"
            );

            // The runner (SPEC §4): a browser tool runs only once approved, never twice.
            if let Ok(message) = &detailed_parsed {
                for call in runners[index].claim(message, &is_frontend, &requires_approval) {
                    assert!(
                        is_frontend(call.tool_name),
                        "claimed a server tool: {detailed:?}"
                    );
                    assert!(
                        !claimed[index].iter().any(|id| id == call.tool_call_id),
                        "tool call {} claimed twice",
                        call.tool_call_id
                    );
                    claimed[index].push(call.tool_call_id.to_string());
                    let Some(Part::Tool(tool)) =
                        message.parts.as_ref().and_then(|p| p.get(call.part_index))
                    else {
                        panic!(
                            "claimed part {} is not a tool part: {detailed:?}",
                            call.part_index
                        );
                    };
                    assert_eq!(tool.tool_call_id, call.tool_call_id);
                    match call.run {
                        Run::Approved => assert!(
                            tool.state == ToolState::ApprovalResponded
                                && tool.answer() == Some(true),
                            "ran without an approving answer: {detailed:?}"
                        ),
                        Run::CalledWithoutApproval => assert!(
                            tool.approval.is_none() && !requires_approval(tool.name),
                            "ran a tool that needs approval without one: {detailed:?}"
                        ),
                        Run::RefusedWithoutApproval => {}
                    }
                }
            }
        }

        // The helpers' Rust side.
        if let Ok(message) = &detailed_parsed {
            let pending = pending_approvals(message);
            for p in &pending {
                let Some(Part::Tool(tool)) = message
                    .parts
                    .as_ref()
                    .and_then(|parts| parts.get(p.part_index))
                else {
                    panic!("pending approval points at a non-tool part");
                };
                assert_eq!(tool.state, ToolState::ApprovalRequested);
                assert_eq!(message.role, Role::Assistant);
                assert!(check_answerable(&pending, p.approval_id).is_ok());
            }
            for probe in ["c1", "a1", "", "\u{15}"] {
                if let Err(error) = check_answerable(&pending, probe) {
                    assert!(!error.message().is_empty() && !error.name().is_empty());
                }
            }
            let ids: Vec<&str> = pending.iter().map(|p| p.approval_id).collect();
            assert!(check_batch(&pending, &ids).is_ok() || has_duplicates(&ids));
            if let Some((first, rest)) = ids.split_first() {
                if !rest.contains(first) {
                    let error = check_batch(&pending, rest)
                        .expect_err("a batch missing an answer is refused");
                    assert!(error.message().contains("missing"));
                }
            }
        }
    }
}

/// Whether any string (or key) in `value` holds a summary separator.
fn holds_separator(value: &Value) -> bool {
    let bad = |s: &str| s.contains(['\u{1e}', '\u{1f}']);
    match value {
        Value::String(s) => bad(s),
        Value::Array(items) => items.iter().any(holds_separator),
        Value::Object(map) => map.iter().any(|(k, v)| bad(k) || holds_separator(v)),
        _ => false,
    }
}

fn has_duplicates(ids: &[&str]) -> bool {
    ids.iter().enumerate().any(|(i, id)| ids[..i].contains(id))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The projection is only worth fuzzing through if it is the glue's: compare it with the real
    /// js/summary.js on random `{messages}` values that fuzz/projection/vectors.mjs writes.
    #[test]
    fn projection_matches_js_summary() {
        let script = concat!(env!("CARGO_MANIFEST_DIR"), "/projection/vectors.mjs");
        let seed = std::env::var("ADK_PROJECTION_SEED").unwrap_or_else(|_| "1".into());
        let output = std::process::Command::new("node")
            .args([script, &seed, "3000"])
            .output()
            .expect("node runs fuzz/projection/vectors.mjs (Node must be on PATH)");
        assert!(
            output.status.success(),
            "{}",
            String::from_utf8_lossy(&output.stderr)
        );
        let mut checked = 0;
        for line in String::from_utf8(output.stdout).unwrap().lines() {
            let vector: Value = serde_json::from_str(line).unwrap();
            let arg: Option<Value> = vector["json"]
                .as_str()
                .map(|json| serde_json::from_str(json).unwrap());
            assert_eq!(
                summarize(arg.as_ref(), false),
                vector["compact"].as_str().unwrap(),
                "compact summary of {}",
                vector["json"]
            );
            assert_eq!(
                summarize(arg.as_ref(), true),
                vector["detailed"].as_str().unwrap(),
                "detailed summary of {}",
                vector["json"]
            );
            checked += 1;
        }
        assert!(checked > 3000, "only {checked} vectors");
    }
}
