// The boundary cases shared by tests/wasm_node_boundary.rs (Node) and
// tests/wasm_browser_boundary.rs (Chromium): the same exported API, in both places it runs.

use adk_stream_wasm::boundary::api::{
    check_answerable_js, extract_tool_name, extract_tool_name_from_type, is_tool_type,
    normalize_batch, pending_approvals_of, JsEngine,
};
use adk_stream_wasm::boundary::registry::{
    get_frontend_execute_tools_by_category, is_frontend_execute_tool, register_frontend_execute_tool,
    reset_frontend_execute_tools,
};
use js_sys::{Array, Object, Reflect};
use wasm_bindgen::prelude::*;
use wasm_bindgen_test::*;

#[wasm_bindgen(inline_js = r#"
export function throwingGetter(key) {
  return Object.defineProperty({}, key, { get() { throw new Error('getter says no'); } });
}
export function throwingProxy() {
  return new Proxy({}, { get() { throw new Error('trap says no'); } });
}
export function frozen(object) { return Object.freeze(object); }
export function makeMap(entries) { return new Map(entries); }
"#)]
extern "C" {
    #[wasm_bindgen(js_name = throwingGetter)]
    fn throwing_getter(key: &str) -> JsValue;
    #[wasm_bindgen(js_name = throwingProxy)]
    fn throwing_proxy() -> JsValue;
    fn frozen(object: &JsValue) -> JsValue;
    #[wasm_bindgen(js_name = makeMap)]
    fn make_map(entries: &Array) -> JsValue;
}

// The real encoder of the boundary: the summary the exported API reads is the one the package's
// glue writes, from JS message objects.
#[wasm_bindgen(module = "/js/summary.js")]
extern "C" {
    fn summarize(arg: &JsValue) -> String;
}

fn object(fields: &[(&str, JsValue)]) -> JsValue {
    let o = Object::new();
    for (key, value) in fields {
        Reflect::set(&o, &JsValue::from_str(key), value).unwrap();
    }
    o.into()
}

/// The `name` and `message` of a thrown JS Error.
fn error_of(value: JsValue) -> (String, String) {
    let error: js_sys::Error = value.dyn_into().expect("a JS Error");
    (error.name().into(), error.message().into())
}

/// A tool part as AI SDK writes it: `{type: 'tool-<name>', toolCallId, state, input, approval?}`.
fn tool(name: &str, state: &str, call_id: &str, approval: Option<(&str, Option<bool>)>) -> JsValue {
    let part = object(&[
        ("type", format!("tool-{name}").into()),
        ("toolCallId", call_id.into()),
        ("state", state.into()),
        ("input", Object::new().into()),
    ]);
    if let Some((id, approved)) = approval {
        let approval = object(&[("id", id.into())]);
        if let Some(approved) = approved {
            Reflect::set(&approval, &"approved".into(), &approved.into()).unwrap();
        }
        Reflect::set(&part, &"approval".into(), &approval).unwrap();
    }
    part
}

/// `{messages}` ending with an assistant message of these parts, summarised by js/summary.js.
fn chat(parts: &[JsValue]) -> String {
    let list = Array::new();
    for part in parts {
        list.push(part);
    }
    let user = object(&[
        ("id", "u".into()),
        ("role", "user".into()),
        ("parts", Array::of1(&object(&[("type", "text".into()), ("text", "pay".into())])).into()),
    ]);
    let assistant = object(&[("id", "a".into()), ("role", "assistant".into()), ("parts", list.into())]);
    summarize(&object(&[("messages", Array::of2(&user, &assistant).into())]))
}

fn pending_two() -> String {
    chat(&[
        tool("process_payment", "approval-requested", "call-1", Some(("ap-1", None))),
        tool("process_payment", "approval-requested", "call-2", Some(("ap-2", None))),
    ])
}

#[wasm_bindgen_test]
fn engine_options_that_are_not_an_object_are_a_named_error() {
    for bad in [JsValue::NULL, JsValue::UNDEFINED, JsValue::from(42), JsValue::from_str("sse")] {
        let (name, message) = error_of(JsEngine::new(bad).err().unwrap());
        assert_eq!(name, "AdkInvalidArgumentError");
        assert!(message.contains("createAutoSend()") && message.contains("expected"), "{message}");
    }
}

#[wasm_bindgen_test]
fn engine_options_with_a_wrong_mode_or_pattern_say_what_was_expected() {
    let (_, message) = error_of(JsEngine::new(object(&[("mode", "grpc".into())])).err().unwrap());
    assert!(message.contains("'grpc'") && message.contains("'sse' or 'bidi'"), "{message}");
    let (_, message) = error_of(JsEngine::new(object(&[])).err().unwrap());
    assert!(message.contains("`mode` is missing"), "{message}");
    let sse_b = object(&[("mode", "sse".into()), ("bidiPattern", "B".into())]);
    let (_, message) = error_of(JsEngine::new(sse_b).err().unwrap());
    assert!(message.contains("ADR 0008"), "{message}");
    let bad_tools = object(&[("mode", "bidi".into()), ("frontendTools", Array::of1(&JsValue::from(7)).into())]);
    let (_, message) = error_of(JsEngine::new(bad_tools).err().unwrap());
    assert!(message.contains("frontendTools[0]"), "{message}");
}

#[wasm_bindgen_test]
fn engine_options_with_throwing_getters_or_proxies_are_an_error_not_a_panic() {
    let (name, message) = error_of(JsEngine::new(throwing_getter("mode")).err().unwrap());
    assert_eq!(name, "AdkInvalidArgumentError");
    assert!(message.contains("reading `mode` threw"), "{message}");
    assert!(JsEngine::new(throwing_proxy()).is_err());
}

#[wasm_bindgen_test]
fn frozen_options_work() {
    let options = frozen(&object(&[("mode", "bidi".into()), ("bidiPattern", "B".into())]));
    let engine = JsEngine::new(options).unwrap();
    assert_eq!(engine.bidi_pattern(), "B");
}

#[wasm_bindgen_test]
fn decisions_on_garbage_summaries_are_false_with_a_reason() {
    let mut engine = JsEngine::new(object(&[("mode", "sse".into())])).unwrap();
    for garbage in ["", "\u{0}", "M\u{1f}assistant", "E\u{1f}`messages` is empty", &"x".repeat(100_000)] {
        assert!(!engine.decide(garbage));
        let explained = engine.explain(garbage);
        assert_eq!(Reflect::get(&explained, &"send".into()).unwrap(), JsValue::FALSE);
        assert_eq!(Reflect::get(&explained, &"rule".into()).unwrap(), "malformed-input");
    }
}

#[wasm_bindgen_test]
fn decide_and_explain_agree_through_the_boundary() {
    let mut engine = JsEngine::new(object(&[("mode", "sse".into())])).unwrap();
    let answered = chat(&[tool("process_payment", "approval-responded", "c", Some(("a", Some(true))))]);
    let explained = engine.explain(&answered);
    assert_eq!(Reflect::get(&explained, &"rule".into()).unwrap(), "unsent-user-action");
    assert!(engine.decide(&answered));
    assert!(!engine.decide(&answered));
    assert_eq!(engine.remembered_count(), 1);
    engine.reset();
    assert_eq!(engine.remembered_count(), 0);
}

#[wasm_bindgen_test]
fn what_the_glue_cannot_read_is_false_with_its_reason() {
    let mut engine = JsEngine::new(object(&[("mode", "bidi".into())])).unwrap();
    let empty = object(&[("messages", Array::new().into())]);
    let cases = [
        (JsValue::NULL, "the argument is null"),
        (JsValue::from(42), "the argument is a number"),
        (object(&[("messages", "x".into())]), "`messages` is a string"),
        (empty, "`messages` is empty"),
        (object(&[("messages", Array::of1(&JsValue::UNDEFINED).into())]), "the last message is a undefined"),
        (throwing_getter("messages"), "getter says no"),
        (throwing_proxy(), "trap says no"),
    ];
    for (arg, reason) in cases {
        let summary = summarize(&arg);
        assert!(!engine.decide(&summary), "{summary:?}");
        let explained = engine.explain(&summary);
        assert_eq!(Reflect::get(&explained, &"rule".into()).unwrap(), "malformed-input");
        let detail = Reflect::get(&explained, &"detail".into()).unwrap().as_string().unwrap();
        assert!(detail.contains(reason), "{detail}");
    }
}

#[wasm_bindgen_test]
fn an_automatic_approval_is_no_user_action_through_the_glue() {
    // SPEC D27: AI SDK 7's `approval.isAutomatic === true` is the backend's own answer.
    let automatic = tool("get_weather", "approval-responded", "c-w", Some(("ap-w", Some(true))));
    let approval = Reflect::get(&automatic, &"approval".into()).unwrap();
    Reflect::set(&approval, &"isAutomatic".into(), &JsValue::TRUE).unwrap();
    let mut engine = JsEngine::new(object(&[("mode", "sse".into())])).unwrap();
    assert!(!engine.decide(&chat(std::slice::from_ref(&automatic))));
    let users = tool("process_payment", "approval-responded", "c-p", Some(("ap-p", Some(true))));
    let both = chat(&[automatic, users]);
    assert!(engine.decide(&both));
    assert!(!engine.decide(&both), "sent once");
    assert_eq!(engine.remembered_count(), 1);
}

#[wasm_bindgen_test]
fn a_browser_tool_waits_for_its_output_through_the_glue() {
    // SPEC D17/D19/D22: SSE sends an approved get_location only with its output; the glue reads a
    // `dynamic-tool`'s name from `toolName`.
    let options = || object(&[("mode", "sse".into()), ("frontendTools", Array::of1(&"get_location".into()).into())]);
    let dynamic = |state: &str| {
        let part = tool("x", state, "c-loc", Some(("ap-loc", Some(true))));
        Reflect::set(&part, &"type".into(), &"dynamic-tool".into()).unwrap();
        Reflect::set(&part, &"toolName".into(), &"get_location".into()).unwrap();
        part
    };
    let mut engine = JsEngine::new(options()).unwrap();
    let waiting = chat(&[dynamic("approval-responded")]);
    assert!(!engine.decide(&waiting));
    let explained = engine.explain(&waiting);
    assert_eq!(Reflect::get(&explained, &"rule".into()).unwrap(), "awaiting-browser-output");
    let with_output = dynamic("output-available");
    Reflect::set(&with_output, &"output".into(), &object(&[("latitude", 35.0.into())])).unwrap();
    engine.mark_browser_output("c-loc".into()).unwrap();
    assert!(engine.decide(&chat(&[with_output])));
    let claimed = JsEngine::new(options()).unwrap().claim_tool_calls(&waiting);
    assert_eq!(claimed.length(), 1);
    assert_eq!(Reflect::get(&claimed.get(0), &"run".into()).unwrap(), "approved");
}

#[wasm_bindgen_test]
fn a_separator_in_a_string_never_splits_a_record() {
    // The encoder writes U+001E/U+001F inside a string as U+001A (finding K2): a forged id stays
    // one id of one part, never a second part.
    let forged = |state: &str, answer: Option<bool>| {
        tool(
            "process_payment",
            state,
            "c\u{1e}tool-x\u{1f}\u{1f}approval-responded",
            Some(("ap-1", answer)),
        )
    };
    let mut engine = JsEngine::new(object(&[("mode", "sse".into())])).unwrap();
    assert!(engine.decide(&chat(&[forged("approval-responded", Some(true))])));
    let pending = pending_approvals_of(&chat(&[forged("approval-requested", None)])).unwrap();
    assert_eq!(pending.length(), 1);
}

#[wasm_bindgen_test]
fn mark_browser_output_rejects_non_strings() {
    let mut engine = JsEngine::new(object(&[("mode", "sse".into())])).unwrap();
    let (name, _) = error_of(engine.mark_browser_output(JsValue::NULL).err().unwrap());
    assert_eq!(name, "AdkInvalidArgumentError");
    engine.mark_browser_output("call-1".into()).unwrap();
}

#[wasm_bindgen_test]
fn approve_with_a_tool_call_id_lists_the_valid_approval_ids() {
    let (name, message) = error_of(check_answerable_js(&pending_two(), "call-2".into(), "approve").err().unwrap());
    assert_eq!(name, "AdkUnknownApprovalError");
    assert!(message.contains("ap-1 (process_payment, toolCallId call-1)"), "{message}");
    assert!(message.contains("its approval id is ap-2"), "{message}");
    assert_eq!(check_answerable_js(&pending_two(), "ap-2".into(), "deny").unwrap(), 1);
    let (name, _) = error_of(check_answerable_js(&pending_two(), JsValue::from(3), "deny").err().unwrap());
    assert_eq!(name, "AdkInvalidArgumentError");
}

#[wasm_bindgen_test]
fn pending_approvals_come_with_their_part_index() {
    let list = pending_approvals_of(&pending_two()).unwrap();
    assert_eq!(list.length(), 2);
    assert_eq!(Reflect::get(&list.get(1), &"approvalId".into()).unwrap(), "ap-2");
    assert_eq!(Reflect::get(&list.get(1), &"partIndex".into()).unwrap(), 1);
}

#[wasm_bindgen_test]
fn batch_decisions_in_every_accepted_shape() {
    let as_array = Array::of2(
        &object(&[("approvalId", "ap-2".into()), ("approved", false.into()), ("reason", "too much".into())]),
        &object(&[("id", "ap-1".into()), ("approved", true.into())]),
    );
    let as_record = object(&[("ap-1", true.into()), ("ap-2", object(&[("approved", false.into())]))]);
    let as_map = make_map(&Array::of2(
        &Array::of2(&"ap-1".into(), &true.into()),
        &Array::of2(&"ap-2".into(), &false.into()),
    ));
    for decisions in [as_array.into(), as_record, as_map] {
        let answers = normalize_batch(&pending_two(), decisions).unwrap();
        assert_eq!(answers.length(), 2);
        // In the order of the pending approvals, whatever the order of the decisions.
        assert_eq!(Reflect::get(&answers.get(0), &"id".into()).unwrap(), "ap-1");
        assert_eq!(Reflect::get(&answers.get(1), &"approved".into()).unwrap(), JsValue::FALSE);
    }
}

#[wasm_bindgen_test]
fn incomplete_or_malformed_batches_name_the_problem() {
    let missing = Array::of1(&object(&[("approvalId", "ap-1".into()), ("approved", true.into())]));
    let (name, message) = error_of(normalize_batch(&pending_two(), missing.into()).err().unwrap());
    assert_eq!(name, "AdkIncompleteBatchError");
    assert!(message.contains("missing: ap-2"), "{message}");
    let not_boolean = object(&[("ap-1", "yes".into()), ("ap-2", true.into())]);
    let (name, message) = error_of(normalize_batch(&pending_two(), not_boolean).err().unwrap());
    assert_eq!(name, "AdkInvalidArgumentError");
    assert!(message.contains("ap-1") && message.contains("true or false"), "{message}");
    let (_, message) = error_of(normalize_batch(&pending_two(), JsValue::from(5)).err().unwrap());
    assert!(message.contains("the handler returned a number"), "{message}");
    assert!(normalize_batch(&pending_two(), throwing_proxy()).is_err());
}

#[wasm_bindgen_test]
fn drop_in_tool_name_helpers() {
    let dynamic = object(&[("type", "dynamic-tool".into()), ("toolName", "get_location".into())]);
    assert_eq!(extract_tool_name(dynamic, None), "get_location");
    assert_eq!(extract_tool_name(object(&[("type", "tool-pay".into())]), None), "pay");
    assert_eq!(extract_tool_name(object(&[("type", "text".into())]), Some("none".into())), "none");
    assert_eq!(extract_tool_name(JsValue::NULL, Some("fb".into())), "fb");
    assert_eq!(extract_tool_name(throwing_proxy(), Some("fb".into())), "fb");
    assert_eq!(extract_tool_name_from_type("tool-get_location".into()), "get_location");
    assert_eq!(extract_tool_name_from_type(JsValue::from(1)), "");
    // The old helpers' behaviour (SPEC §7): a type without the prefix comes back unchanged, and
    // isToolType is the guard `type is tool-${string}`, so dynamic-tool is not one.
    assert_eq!(extract_tool_name_from_type("text".into()), "text");
    assert_eq!(extract_tool_name_from_type("dynamic-tool".into()), "dynamic-tool");
    assert!(is_tool_type("tool-x".into()) && !is_tool_type("dynamic-tool".into()));
    assert!(!is_tool_type("text".into()) && !is_tool_type(JsValue::NULL));
}

#[wasm_bindgen_test]
fn registry_rejects_bad_tools_with_a_clear_error() {
    reset_frontend_execute_tools();
    let (name, message) = error_of(register_frontend_execute_tool(object(&[("name", "x".into()), ("category", "gps".into())])).err().unwrap());
    assert_eq!(name, "AdkInvalidToolError");
    assert!(message.contains("'gps'") && message.contains("geolocation, camera"), "{message}");
    assert!(register_frontend_execute_tool(JsValue::NULL).is_err());
    assert!(register_frontend_execute_tool(throwing_getter("name")).is_err());
    register_frontend_execute_tool(object(&[("name", "copy".into()), ("category", "clipboard".into())])).unwrap();
    assert!(is_frontend_execute_tool("copy".into()));
    assert!(!is_frontend_execute_tool(JsValue::from(3)));
    assert_eq!(get_frontend_execute_tools_by_category("clipboard".into()).unwrap().length(), 1);
    assert!(get_frontend_execute_tools_by_category("nope".into()).is_err());
    reset_frontend_execute_tools();
    assert!(!is_frontend_execute_tool("copy".into()));
}
