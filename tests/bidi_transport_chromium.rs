//! The BIDI transport in real Chromium against the scripted local backend `tests/ws-server`.
//!
//! Run with `bash scripts/test-transport.sh`: it starts the server and passes its URL at compile
//! time as `ADK_WS_TEST_URL` (and a closed port as `ADK_WS_TEST_CLOSED_URL`). Without them the
//! tests that need the server fail, so a run that never reached the server cannot pass.
#![cfg(target_arch = "wasm32")]

use adk_stream_wasm::transport::BidiTransport;
use js_sys::{Array, Function, Object, Promise, Reflect, JSON};
use wasm_bindgen::prelude::*;
use wasm_bindgen_futures::JsFuture;
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

#[wasm_bindgen(inline_js = r#"
export function request(chatId, count, signal) {
  const messages = [];
  for (let i = 0; i < count; i++) {
    messages.push({ id: `m${i}`, role: i % 2 ? "assistant" : "user", parts: [{ type: "text", text: `message ${i}` }] });
  }
  return { chatId, messages, trigger: "submit-message", messageId: undefined, abortSignal: signal ?? undefined,
           metadata: undefined, headers: undefined, body: undefined };
}
export async function settle(promise, ms) {
  let timer;
  const started = Date.now();
  const timeout = new Promise((r) => { timer = setTimeout(() => r({ timedOut: true }), ms); });
  try {
    const outcome = await Promise.race([promise.then((value) => ({ value }), (error) => ({ error })), timeout]);
    return { ...outcome, ms: Date.now() - started };
  } finally { clearTimeout(timer); }
}
export async function readStream(stream, ms, afterChunks, onAfter) {
  const reader = stream.getReader();
  const chunks = [];
  const started = Date.now();
  let timer;
  const timeout = new Promise((r) => { timer = setTimeout(() => r("timeout"), ms); });
  try {
    for (;;) {
      const next = await Promise.race([reader.read(), timeout]);
      if (next === "timeout") { reader.cancel().catch(() => {}); return { chunks, timedOut: true, ms: Date.now() - started }; }
      if (next.done) return { chunks, done: true, ms: Date.now() - started };
      chunks.push(next.value);
      if (afterChunks && chunks.length === afterChunks) onAfter();
    }
  } catch (error) {
    return { chunks, error, ms: Date.now() - started };
  } finally { clearTimeout(timer); }
}
export function recorder() { const calls = []; return { calls, fn: (arg) => { calls.push(arg); } }; }
export function sleep(ms) { return new Promise((r) => setTimeout(r, ms)); }
export async function waitFor(predicate, ms) {
  const end = Date.now() + ms;
  while (Date.now() < end) { if (predicate()) return true; await sleep(10); }
  return predicate();
}
export function newAbortController() { return new AbortController(); }
export function replyReport(chunks) {
  const delta = chunks.find((c) => c.type === "text-delta");
  return delta ? JSON.parse(delta.delta) : null;
}
export function types(chunks) { return chunks.map((c) => c.type).join(","); }
export function sameJson(a, b) { return JSON.stringify(a) === JSON.stringify(b); }
"#)]
extern "C" {
    fn request(chat_id: &str, count: u32, signal: &JsValue) -> JsValue;
    fn settle(promise: &Promise, ms: u32) -> Promise;
    #[wasm_bindgen(js_name = readStream)]
    fn read_stream(stream: &JsValue, ms: u32, after_chunks: u32, on_after: &JsValue) -> Promise;
    fn recorder() -> JsValue;
    fn sleep(ms: u32) -> Promise;
    #[wasm_bindgen(js_name = waitFor)]
    fn wait_for(predicate: &Function, ms: u32) -> Promise;
    #[wasm_bindgen(js_name = newAbortController)]
    fn new_abort_controller() -> JsValue;
    #[wasm_bindgen(js_name = replyReport)]
    fn reply_report(chunks: &JsValue) -> JsValue;
    fn types(chunks: &JsValue) -> String;
    #[wasm_bindgen(js_name = sameJson)]
    fn same_json(a: &JsValue, b: &JsValue) -> bool;
}

const PROCESS_PAYMENT_APPROVED: &str =
    include_str!("../../shared/fixtures/process_payment-approved-bidi-baseline.json");

/// The test server's URL. A run without it is a failure, not a skip: run scripts/test-transport.sh.
/// (`option_env!` rather than `env!`, so the plain wasm test builds still compile this file.)
#[allow(clippy::option_env_unwrap)]
fn base_url() -> Option<&'static str> {
    Some(option_env!("ADK_WS_TEST_URL").expect(
        "ADK_WS_TEST_URL is not set: run scripts/test-transport.sh, which starts the test server",
    ))
}

fn field(object: &JsValue, key: &str) -> JsValue {
    Reflect::get(object, &JsValue::from_str(key)).unwrap_or(JsValue::UNDEFINED)
}

fn string_field(object: &JsValue, key: &str) -> String {
    field(object, key).as_string().unwrap_or_default()
}

fn number_field(object: &JsValue, key: &str) -> f64 {
    field(object, key).as_f64().unwrap_or(f64::NAN)
}

fn options(url: &str, extra: &[(&str, JsValue)]) -> JsValue {
    let object = Object::new();
    Reflect::set(&object, &"url".into(), &url.into()).unwrap();
    for (key, value) in extra {
        Reflect::set(&object, &(*key).into(), value).unwrap();
    }
    object.into()
}

/// `<server>/<path>?t=<unique>`: a fresh key, so the path's fault happens in this test.
fn url(base: &str, path: &str) -> String {
    format!("{base}/{path}?t={}", js_sys::Math::random())
}

fn transport(url: &str, extra: &[(&str, JsValue)]) -> BidiTransport {
    BidiTransport::new(options(url, extra)).expect("valid options")
}

async fn wait(promise: Promise) -> JsValue {
    JsFuture::from(promise).await.unwrap_or_else(|e| e)
}

/// `sendMessages`, settled within `ms`: `{value}`, `{error}` or `{timedOut}`, plus `ms`.
async fn send(t: &BidiTransport, count: u32, signal: &JsValue, ms: u32) -> JsValue {
    wait(settle(
        &t.send_messages(request("chat-1", count, signal)),
        ms,
    ))
    .await
}

/// Reads a stream to its end (or error, or `ms`): `{chunks, done | error | timedOut, ms}`.
async fn read(stream: &JsValue, ms: u32) -> JsValue {
    wait(read_stream(stream, ms, 0, &JsValue::UNDEFINED)).await
}

/// Sends and reads the whole response; panics if either fails.
async fn exchange(t: &BidiTransport, count: u32) -> JsValue {
    let sent = send(t, count, &JsValue::UNDEFINED, 5_000).await;
    assert!(
        field(&sent, "error").is_undefined(),
        "send failed: {:?}",
        field(&sent, "error")
    );
    let stream = field(&sent, "value");
    assert!(!stream.is_undefined(), "send timed out");
    let outcome = read(&stream, 5_000).await;
    assert_eq!(
        field(&outcome, "done"),
        JsValue::TRUE,
        "stream did not close: {outcome:?}"
    );
    field(&outcome, "chunks")
}

fn len(array: &JsValue) -> u32 {
    Array::from(array).length()
}

fn calls(recorder: &JsValue) -> Array {
    Array::from(&field(recorder, "calls"))
}

fn received(chunks: &JsValue) -> Vec<String> {
    let report = reply_report(chunks);
    Array::from(&field(&report, "received"))
        .iter()
        .filter_map(|v| v.as_string())
        .collect()
}

fn error_of(outcome: &JsValue) -> (String, String, String) {
    let error = field(outcome, "error");
    (
        string_field(&error, "name"),
        string_field(&error, "kind"),
        string_field(&error, "message"),
    )
}

#[wasm_bindgen_test]
fn options_are_checked_with_named_errors() {
    let cases: [(JsValue, &str); 6] = [
        (JsValue::UNDEFINED, "the options are undefined"),
        (options("http://localhost/live", &[]), "ws:// or wss://"),
        (Object::new().into(), "`url` is undefined"),
        (
            options("ws://x", &[("connectTimeoutMs", JsValue::from_f64(0.0))]),
            "connectTimeoutMs",
        ),
        (
            options("ws://x", &[("pingIntervalMs", "2s".into())]),
            "pingIntervalMs",
        ),
        (
            options("ws://x", &[("onError", JsValue::from_f64(1.0))]),
            "onError",
        ),
    ];
    for (value, needle) in cases {
        let error = match BidiTransport::new(value) {
            Ok(_) => panic!("accepted options that should fail with {needle}"),
            Err(error) => error,
        };
        assert_eq!(string_field(&error, "name"), "AdkInvalidArgumentError");
        let message = string_field(&error, "message");
        assert!(
            message.contains(needle) && message.contains("expected"),
            "{message}"
        );
    }
    assert!(BidiTransport::new(options("wss://example.invalid/live", &[])).is_ok());
}

#[wasm_bindgen_test]
async fn send_messages_rejects_bad_arguments_without_connecting() {
    let t = transport("ws://127.0.0.1:9/unused", &[]);
    let bad = JSON::parse(r#"{"chatId":"c","messages":{},"trigger":"submit-message"}"#).unwrap();
    let outcome = wait(settle(&t.send_messages(bad), 1_000)).await;
    let (name, _, message) = error_of(&outcome);
    assert_eq!(name, "AdkInvalidArgumentError");
    assert!(message.contains("`messages` is object"), "{message}");
    let bad = JSON::parse(r#"{"chatId":"c","messages":[],"trigger":"resume-stream"}"#).unwrap();
    let (name, _, message) = error_of(&wait(settle(&t.send_messages(bad), 1_000)).await);
    assert_eq!(name, "AdkInvalidArgumentError");
    assert!(
        message.contains("'submit-message' or 'regenerate-message'"),
        "{message}"
    );
}

#[wasm_bindgen_test]
fn send_methods_without_a_socket_say_not_connected() {
    let t = transport("ws://127.0.0.1:9/unused", &[]);
    let error = t
        .send_tool_result("call-1".into(), Object::new().into())
        .unwrap_err();
    assert_eq!(string_field(&error, "name"), "AdkTransportError");
    assert_eq!(string_field(&error, "kind"), "not-connected");
    assert!(!t.interrupt(JsValue::UNDEFINED).unwrap());
    let error = t.interrupt("later".into()).unwrap_err();
    assert_eq!(string_field(&error, "name"), "AdkInvalidArgumentError");
    let error = t
        .send_tool_result("call-1".into(), "text".into())
        .unwrap_err();
    assert_eq!(string_field(&error, "name"), "AdkInvalidArgumentError");
    assert!(t.latency_ms().is_none());
    assert!(!t.connected());
}

#[wasm_bindgen_test]
async fn fixture_process_payment_approved_replays_as_two_streams() {
    let Some(base) = base_url() else { return };
    let t = transport(
        &format!(
            "{base}/echo-fixture/process_payment-approved-bidi-baseline?t={}",
            js_sys::Math::random()
        ),
        &[],
    );
    let first = exchange(&t, 1).await;
    assert_eq!(len(&first), 12, "{}", types(&first));
    assert!(
        types(&first).ends_with("tool-approval-request,finish-step"),
        "{}",
        types(&first)
    );
    // The user approves; the answer is the next request on the same socket.
    let second = exchange(&t, 2).await;
    assert_eq!(len(&second), 7, "{}", types(&second));
    assert!(types(&second).starts_with("tool-output-available,text-start"));

    let fixture = JSON::parse(PROCESS_PAYMENT_APPROVED).unwrap();
    let expected = Array::from(&field(&field(&fixture, "output"), "expectedChunks"));
    let got: Array = Array::from(&first).concat(&Array::from(&second));
    assert_eq!(got.length(), expected.length());
    for i in 0..got.length() {
        assert!(
            same_json(&got.get(i), &expected.get(i)),
            "chunk {i} differs"
        );
    }
}

#[wasm_bindgen_test]
async fn done_ends_the_stream_and_repeated_done_is_ignored() {
    let Some(base) = base_url() else { return };
    let t = transport(&url(base, "triple-done"), &[]);
    let first = exchange(&t, 1).await;
    assert_eq!(types(&first), "start,text-start,text-delta,text-end,finish");
    // The two extra [DONE]s must not end the next response early.
    let second = exchange(&t, 3).await;
    assert_eq!(
        types(&second),
        "start,text-start,text-delta,text-end,finish"
    );
    assert_eq!(
        received(&second),
        vec!["message", "message"],
        "one socket for both"
    );
}

#[wasm_bindgen_test]
async fn bad_json_and_unknown_frames_are_reported_and_skipped() {
    let Some(base) = base_url() else { return };
    let errors = recorder();
    let t = transport(&url(base, "bad-json"), &[("onError", field(&errors, "fn"))]);
    let chunks = exchange(&t, 1).await;
    assert_eq!(
        types(&chunks),
        "start,text-start,text-delta,text-end,finish"
    );
    let reported = calls(&errors);
    assert_eq!(reported.length(), 3);
    let messages: Vec<String> = reported
        .iter()
        .map(|e| string_field(&e, "message"))
        .collect();
    for error in reported.iter() {
        assert_eq!(string_field(&error, "name"), "AdkMalformedFrameError");
    }
    assert!(messages[0].contains("not JSON"), "{messages:?}");
    assert!(
        messages[1].contains("starts with 'hello, not a frame'"),
        "{messages:?}"
    );
    assert!(messages[2].contains("no string `type`"), "{messages:?}");
    exchange(&t, 3).await;
}

#[wasm_bindgen_test]
async fn binary_frame_is_reported_and_skipped() {
    let Some(base) = base_url() else { return };
    let errors = recorder();
    let t = transport(&url(base, "binary"), &[("onError", field(&errors, "fn"))]);
    let chunks = exchange(&t, 1).await;
    assert_eq!(
        types(&chunks),
        "start,text-start,text-delta,text-end,finish"
    );
    let reported = calls(&errors);
    assert_eq!(reported.length(), 1);
    assert_eq!(string_field(&reported.get(0), "kind"), "malformed-frame");
    assert!(string_field(&reported.get(0), "message").contains("binary frame of 8 bytes"));
    exchange(&t, 3).await;
}

#[wasm_bindgen_test]
async fn ten_megabyte_frame_arrives_whole() {
    let Some(base) = base_url() else { return };
    let t = transport(&url(base, "big-frame"), &[]);
    let chunks = exchange(&t, 1).await;
    assert_eq!(
        types(&chunks),
        "start,text-start,text-delta,text-end,finish"
    );
    let delta = string_field(&Array::from(&chunks).get(2), "delta");
    assert_eq!(delta.len(), 10 * 1024 * 1024);
    exchange(&t, 3).await;
}

#[wasm_bindgen_test]
async fn server_closing_mid_stream_errors_the_stream_then_the_next_send_reconnects() {
    let Some(base) = base_url() else { return };
    let t = transport(&url(base, "close-mid-stream"), &[]);
    let sent = send(&t, 1, &JsValue::UNDEFINED, 5_000).await;
    let outcome = read(&field(&sent, "value"), 5_000).await;
    assert_eq!(types(&field(&outcome, "chunks")), "start,text-start");
    let (name, kind, message) = error_of(&outcome);
    assert_eq!(
        (name.as_str(), kind.as_str()),
        ("AdkTransportError", "closed-mid-response")
    );
    assert!(
        message.contains("close code 1011, reason 'backend crashed'"),
        "{message}"
    );
    let chunks = exchange(&t, 3).await;
    assert_eq!(received(&chunks), vec!["message"], "a new socket");
}

#[wasm_bindgen_test]
async fn a_network_gone_silent_fails_the_stream_with_liveness_then_the_next_send_reconnects() {
    let Some(base) = base_url() else { return };
    let t = transport(
        &url(base, "go-silent"),
        &[
            ("pingIntervalMs", JsValue::from_f64(100.0)),
            ("livenessTimeoutMs", JsValue::from_f64(400.0)),
        ],
    );
    let sent = send(&t, 1, &JsValue::UNDEFINED, 5_000).await;
    let outcome = read(&field(&sent, "value"), 5_000).await;
    assert_eq!(
        types(&field(&outcome, "chunks")),
        "start,text-start",
        "the chunks that arrived are kept"
    );
    let (name, kind, message) = error_of(&outcome);
    assert_eq!(
        (name.as_str(), kind.as_str()),
        ("AdkTransportError", "liveness")
    );
    assert!(
        message.starts_with("nothing arrived on the WebSocket for ")
            && message.contains("(livenessTimeoutMs is 400)"),
        "{message}"
    );
    assert!(!t.connected(), "the silent socket is closed");
    let chunks = exchange(&t, 3).await;
    assert_eq!(received(&chunks), vec!["message"], "a new socket");
}

#[wasm_bindgen_test]
#[allow(clippy::option_env_unwrap)]
async fn connection_refused_rejects_clearly_within_the_timeout() {
    let closed = option_env!("ADK_WS_TEST_CLOSED_URL")
        .expect("ADK_WS_TEST_CLOSED_URL is not set: run scripts/test-transport.sh");
    let t = transport(closed, &[("connectTimeoutMs", JsValue::from_f64(3_000.0))]);
    for _ in 0..2 {
        let outcome = send(&t, 1, &JsValue::UNDEFINED, 6_000).await;
        assert!(
            field(&outcome, "timedOut").is_undefined(),
            "no answer within 6 s"
        );
        assert!(number_field(&outcome, "ms") <= 3_500.0, "{outcome:?}");
        let (name, kind, message) = error_of(&outcome);
        assert_eq!(name, "AdkTransportError");
        assert!(
            kind == "connect-failed" || kind == "connect-timeout",
            "{kind}"
        );
        assert!(message.contains(closed), "{message}");
    }
}

#[wasm_bindgen_test]
async fn unanswered_handshake_times_out_then_the_next_send_works() {
    let Some(base) = base_url() else { return };
    let t = transport(
        &url(base, "never-answer"),
        &[("connectTimeoutMs", JsValue::from_f64(300.0))],
    );
    let outcome = send(&t, 1, &JsValue::UNDEFINED, 5_000).await;
    let (name, kind, message) = error_of(&outcome);
    assert_eq!(
        (name.as_str(), kind.as_str()),
        ("AdkTransportError", "connect-timeout")
    );
    assert!(
        message.contains("within 300 ms (connectTimeoutMs)"),
        "{message}"
    );
    let ms = number_field(&outcome, "ms");
    assert!((250.0..2_000.0).contains(&ms), "{ms}");
    exchange(&t, 1).await;
}

#[wasm_bindgen_test]
async fn abort_during_connect_rejects_with_abort_error_then_the_next_send_works() {
    let Some(base) = base_url() else { return };
    let t = transport(&url(base, "never-answer"), &[]);
    let controller = new_abort_controller();
    let signal = field(&controller, "signal");
    let pending = settle(&t.send_messages(request("chat-1", 1, &signal)), 5_000);
    wait(sleep(100)).await;
    let abort: Function = field(&controller, "abort").into();
    abort.call0(&controller).unwrap();
    let outcome = wait(pending).await;
    assert_eq!(
        string_field(&field(&outcome, "error"), "name"),
        "AbortError"
    );
    assert!(number_field(&outcome, "ms") < 1_000.0);
    // An already aborted signal rejects at once.
    let outcome = send(&t, 1, &signal, 1_000).await;
    assert_eq!(
        string_field(&field(&outcome, "error"), "name"),
        "AbortError"
    );
    exchange(&t, 1).await;
}

#[wasm_bindgen_test]
async fn abort_mid_stream_closes_the_stream_and_interrupts_the_backend() {
    let Some(base) = base_url() else { return };
    let t = transport(&url(base, "abort"), &[]);
    let controller = new_abort_controller();
    let sent = send(&t, 1, &field(&controller, "signal"), 5_000).await;
    let abort: Function = field(&controller, "abort").into();
    let abort = abort.bind0(&controller);
    let outcome = wait(read_stream(&field(&sent, "value"), 5_000, 4, &abort)).await;
    assert_eq!(field(&outcome, "done"), JsValue::TRUE, "{outcome:?}");
    assert!(len(&field(&outcome, "chunks")) < 8);
    // What the backend sent after the interrupt belongs to the aborted response: dropped.
    let chunks = exchange(&t, 3).await;
    assert_eq!(
        types(&chunks),
        "start,text-start,text-delta,text-end,finish"
    );
    assert_eq!(
        received(&chunks),
        vec!["message", "interrupt:user_abort", "message"]
    );
}

#[wasm_bindgen_test]
async fn approval_timeout_ends_the_stream_with_a_clear_error() {
    let Some(base) = base_url() else { return };
    let t = transport(
        &url(base, "approval-then-silence"),
        &[("approvalTimeoutMs", JsValue::from_f64(200.0))],
    );
    let sent = send(&t, 1, &JsValue::UNDEFINED, 5_000).await;
    let outcome = read(&field(&sent, "value"), 5_000).await;
    assert_eq!(
        types(&field(&outcome, "chunks")),
        "start,tool-input-available,tool-approval-request"
    );
    let (name, kind, message) = error_of(&outcome);
    assert_eq!(
        (name.as_str(), kind.as_str()),
        ("AdkTransportError", "approval-timeout")
    );
    assert!(
        message.contains("within 200 ms (approvalTimeoutMs)"),
        "{message}"
    );
    let ms = number_field(&outcome, "ms");
    assert!((150.0..2_000.0).contains(&ms), "{ms}");
    let chunks = exchange(&t, 3).await;
    assert_eq!(
        received(&chunks),
        vec!["message", "interrupt:timeout", "message"]
    );
}

#[wasm_bindgen_test]
async fn chunks_after_the_stream_closed_are_buffered_and_delivered_by_reconnect() {
    let Some(base) = base_url() else { return };
    let buffered = recorder();
    let t = transport(
        &url(base, "late-chunks"),
        &[("onBufferedChunks", field(&buffered, "fn"))],
    );
    let first = exchange(&t, 1).await;
    assert!(types(&first).ends_with("tool-approval-request,finish-step"));
    let none = wait(t.reconnect_to_stream(JsValue::UNDEFINED)).await;
    assert!(none.is_null(), "nothing buffered yet");
    let told: Function = Closure::<dyn Fn() -> bool>::new({
        let buffered = buffered.clone();
        move || calls(&buffered).length() > 0
    })
    .into_js_value()
    .into();
    assert_eq!(
        wait(wait_for(&told, 3_000)).await,
        JsValue::TRUE,
        "onBufferedChunks not called"
    );
    assert_eq!(
        calls(&buffered).length(),
        1,
        "once per batch, not per chunk"
    );
    let stream = wait(t.reconnect_to_stream(Object::new().into())).await;
    let outcome = read(&stream, 3_000).await;
    assert_eq!(field(&outcome, "done"), JsValue::TRUE);
    assert_eq!(
        types(&field(&outcome, "chunks")),
        "tool-output-error,text-start,text-delta,text-end,finish"
    );
    assert!(wait(t.reconnect_to_stream(JsValue::UNDEFINED))
        .await
        .is_null());
    exchange(&t, 3).await;
}

#[wasm_bindgen_test]
async fn buffered_chunks_go_first_into_the_next_stream() {
    let Some(base) = base_url() else { return };
    let t = transport(&url(base, "late-chunks"), &[]);
    exchange(&t, 1).await;
    wait(sleep(400)).await;
    let chunks = exchange(&t, 3).await;
    assert_eq!(
        types(&chunks),
        "tool-output-error,text-start,text-delta,text-end,finish,\
         start,text-start,text-delta,text-end,finish"
    );
}

#[wasm_bindgen_test]
async fn data_pcm_goes_to_on_audio_not_to_the_stream() {
    let Some(base) = base_url() else { return };
    let audio = recorder();
    let t = transport(&url(base, "audio"), &[("onAudio", field(&audio, "fn"))]);
    let chunks = exchange(&t, 1).await;
    assert_eq!(
        types(&chunks),
        "start,text-start,text-delta,text-end,finish"
    );
    let heard = calls(&audio);
    assert_eq!(heard.length(), 1);
    let expected =
        JSON::parse(r#"{"content":"AAECAw==","sampleRate":24000,"channels":1,"bitDepth":16}"#);
    assert!(same_json(&heard.get(0), &expected.unwrap()));
}

#[wasm_bindgen_test]
async fn ping_pong_reports_the_round_trip_time() {
    let Some(base) = base_url() else { return };
    let latencies = recorder();
    let t = transport(
        &url(base, "echo"),
        &[
            ("pingIntervalMs", JsValue::from_f64(50.0)),
            ("onLatency", field(&latencies, "fn")),
        ],
    );
    exchange(&t, 1).await;
    let pinged: Function = Closure::<dyn Fn() -> bool>::new({
        let latencies = latencies.clone();
        move || calls(&latencies).length() >= 2
    })
    .into_js_value()
    .into();
    assert_eq!(
        wait(wait_for(&pinged, 3_000)).await,
        JsValue::TRUE,
        "no pong reported"
    );
    let ms = calls(&latencies).get(0).as_f64().unwrap();
    assert!((0.0..1_000.0).contains(&ms), "{ms}");
    assert!(t.latency_ms().is_some());
    // Pings are not messages: the backend saw exactly one message so far.
    let chunks = exchange(&t, 3).await;
    assert_eq!(received(&chunks), vec!["message", "message"]);
}

#[wasm_bindgen_test]
async fn client_frames_reach_the_backend_in_shape_on_one_socket() {
    let Some(base) = base_url() else { return };
    let t = transport(&url(base, "echo"), &[]);
    exchange(&t, 1).await;
    assert!(t.connected());
    let result = JSON::parse(r#"{"latitude":35.6,"longitude":139.7,"accuracy":10}"#).unwrap();
    t.send_tool_result("call-1".into(), result).unwrap();
    assert!(t.interrupt(JsValue::UNDEFINED).unwrap());
    t.send_audio_control("start".into()).unwrap();
    let pcm = JSON::parse(r#"{"chunk":"AAECAw==","sampleRate":16000,"channels":1,"bitDepth":16}"#);
    t.send_audio_chunk(pcm.unwrap()).unwrap();
    let bytes = Object::new();
    Reflect::set(
        &bytes,
        &"chunk".into(),
        &js_sys::Int16Array::new_with_length(4),
    )
    .unwrap();
    t.send_audio_chunk(bytes.into()).unwrap();
    t.send_audio_control("stop".into()).unwrap();
    let bad = JSON::parse(r#"{"chunk":"not base64!"}"#).unwrap();
    assert_eq!(
        string_field(&t.send_audio_chunk(bad).unwrap_err(), "name"),
        "AdkInvalidArgumentError"
    );
    let chunks = exchange(&t, 5).await;
    assert_eq!(
        received(&chunks),
        vec![
            "message",
            "tool_result",
            "interrupt:",
            "audio_control",
            "audio_chunk",
            "audio_chunk",
            "audio_control",
            "message"
        ]
    );
    let message = field(&reply_report(&chunks), "message");
    assert_eq!(string_field(&message, "id"), "chat-1");
    assert_eq!(string_field(&message, "trigger"), "submit-message");
    assert_eq!(number_field(&message, "count"), 5.0);
    assert!(
        field(&message, "messageId").is_undefined(),
        "omitted when undefined"
    );
    t.close();
    assert!(!t.connected());
    exchange(&t, 1).await;
}

#[wasm_bindgen_test]
async fn close_during_a_response_errors_it_and_the_next_send_reconnects() {
    let Some(base) = base_url() else { return };
    let t = transport(&url(base, "approval-then-silence"), &[]);
    let sent = send(&t, 1, &JsValue::UNDEFINED, 5_000).await;
    let reading = read_stream(&field(&sent, "value"), 5_000, 0, &JsValue::UNDEFINED);
    wait(sleep(100)).await;
    t.close();
    let (name, kind, _) = error_of(&wait(reading).await);
    assert_eq!(
        (name.as_str(), kind.as_str()),
        ("AdkTransportError", "closed")
    );
    exchange(&t, 1).await;
}
