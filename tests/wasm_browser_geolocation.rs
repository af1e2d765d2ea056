//! `getLocation` (SPEC §6) in headless Chromium. The drop-in `executeGetLocation` is plain JS
//! (js/executors.js), tested under jsdom (tests/js/jsdom/executors.test.ts).
//!
//! Under chromedriver the browser answers "position unavailable" at once, which gives the real
//! error path. The other paths (a position, permission denied, timeout, a throwing or missing
//! `navigator.geolocation`) replace `navigator.geolocation` with a stub for one test, which also
//! shows the options the browser is asked with. A real position and a real refusal are tested with
//! Playwright (tests/browser/).
#![cfg(all(target_arch = "wasm32", feature = "geolocation"))]

use adk_stream_wasm::browser::geolocation::get_location;
use js_sys::{Object, Reflect};
use wasm_bindgen::prelude::*;
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

#[wasm_bindgen(inline_js = r#"
export function stubGeolocation(answer) {
  const calls = [];
  const stub = answer === undefined ? undefined : {
    getCurrentPosition(success, failure, options) {
      calls.push({
        enableHighAccuracy: options.enableHighAccuracy,
        timeout: options.timeout,
        maximumAge: options.maximumAge,
        hasErrorCallback: typeof failure === 'function',
      });
      if (answer.throws) throw new TypeError(answer.throws);
      setTimeout(() => (answer.error ? failure(answer.error) : success(answer.position)), 0);
    },
  };
  Object.defineProperty(navigator, 'geolocation', { value: stub, configurable: true });
  return calls;
}
export function restoreGeolocation() {
  delete navigator.geolocation;
}
export function json(value) {
  return JSON.stringify(value);
}
"#)]
extern "C" {
    /// Replaces `navigator.geolocation` with a stub answering `answer`
    /// (`{position}` | `{error: {code, message}}` | `{throws}`; `undefined`: no geolocation at
    /// all); returns the list of calls it receives.
    #[wasm_bindgen(js_name = stubGeolocation)]
    fn stub_geolocation(answer: JsValue) -> js_sys::Array;
    #[wasm_bindgen(js_name = restoreGeolocation)]
    fn restore_geolocation();
    fn json(value: &JsValue) -> String;
}

/// Restores the browser's own `navigator.geolocation` when a stubbed test ends, even on failure.
struct Stubbed(js_sys::Array);

impl Stubbed {
    fn new(answer: &str) -> Stubbed {
        let answer = if answer.is_empty() {
            JsValue::UNDEFINED
        } else {
            js_sys::JSON::parse(answer).expect("the stub's answer is JSON")
        };
        Stubbed(stub_geolocation(answer))
    }

    fn calls(&self) -> String {
        json(&self.0)
    }
}

impl Drop for Stubbed {
    fn drop(&mut self) {
        restore_geolocation();
    }
}

fn field(value: &JsValue, key: &str) -> JsValue {
    Reflect::get(value, &JsValue::from_str(key)).unwrap()
}

fn text(value: &JsValue, key: &str) -> String {
    field(value, key)
        .as_string()
        .unwrap_or_else(|| panic!("`{key}` of {} is not a string", json(value)))
}

fn options(json_text: &str) -> JsValue {
    js_sys::JSON::parse(json_text).unwrap()
}

/// The rejection of `getLocation(options)`, checked to be an `Error`.
async fn rejection(options: JsValue) -> JsValue {
    let error = get_location(options)
        .await
        .expect_err("getLocation should reject");
    assert!(error.is_instance_of::<js_sys::Error>(), "{}", json(&error));
    error
}

fn assert_geolocation_error(error: &JsValue, code: &str, message_start: &str) {
    assert_eq!(text(error, "name"), "AdkGeolocationError");
    assert_eq!(text(error, "code"), code);
    let message = text(error, "message");
    assert!(
        message.starts_with(message_start),
        "'{message}' should start with '{message_start}'"
    );
}

// --- the real browser under chromedriver ----------------------------------------------------

/// The only test that asks the real `navigator.geolocation` (all tests of this file share one
/// page, and Chromium's answer depends on what was asked before), so its steps are in one test.
#[wasm_bindgen_test]
async fn the_real_browser_without_a_position() {
    // The page's first request: Chromium's network location provider fails at once.
    let error = rejection(JsValue::UNDEFINED).await;
    assert_geolocation_error(
        &error,
        "position-unavailable",
        "The position is unavailable: ",
    );

    // `timeoutMs: 0` is valid: Chromium answers with a timeout at once, without asking a
    // provider. This is the real browser's timeout path.
    let error = rejection(options(r#"{"timeoutMs": 0}"#)).await;
    assert_geolocation_error(&error, "timeout", "No position within 0 ms");

    // After a failure the provider backs off: a later request fails as unavailable or by its
    // timeout.
    let error = rejection(options(r#"{"timeoutMs": 500}"#)).await;
    let code = text(&error, "code");
    assert!(
        code == "position-unavailable" || code == "timeout",
        "{}",
        json(&error)
    );
}

// --- invalid options ------------------------------------------------------------------------

#[wasm_bindgen_test]
async fn invalid_options_reject_with_what_was_expected() {
    let cases = [
        (
            options(r#"{"timeoutMs": -1}"#),
            "getLocation(): `timeoutMs` is -1; expected a whole number of milliseconds",
        ),
        (
            options(r#"{"timeoutMs": "5000"}"#),
            "getLocation(): `timeoutMs` is the string '5000'; expected a whole number",
        ),
        (
            options(r#"{"timeoutMs": 1.5}"#),
            "getLocation(): `timeoutMs` is 1.5; expected",
        ),
        (
            options(r#"{"timeout": 5000}"#),
            "getLocation(): the options have `timeout`",
        ),
        (
            JsValue::from_f64(5000.0),
            "getLocation(): the options are a number; expected {timeoutMs?: number} or nothing.",
        ),
        (
            options("[5000]"),
            "getLocation(): the options are an array; expected",
        ),
        (
            {
                let o = Object::new();
                Reflect::set(&o, &"timeoutMs".into(), &JsValue::from_f64(f64::NAN)).unwrap();
                o.into()
            },
            "getLocation(): `timeoutMs` is NaN; expected",
        ),
    ];
    for (arg, start) in cases {
        let error = rejection(arg).await;
        assert_eq!(text(&error, "name"), "AdkInvalidArgumentError");
        let message = text(&error, "message");
        assert!(
            message.starts_with(start),
            "'{message}' should start with '{start}'"
        );
    }
}

// --- a stubbed navigator.geolocation ----------------------------------------------------------

#[wasm_bindgen_test]
async fn a_position_resolves_with_the_four_fields_and_the_request_asks_precisely() {
    let stub = Stubbed::new(
        r#"{"position": {"coords": {"latitude": 35.6762, "longitude": 139.6503, "accuracy": 12.5,
            "altitude": null}, "timestamp": 1700000000000}}"#,
    );
    let position = get_location(options(r#"{"timeoutMs": 1234}"#))
        .await
        .unwrap();
    assert_eq!(
        json(&position),
        r#"{"latitude":35.6762,"longitude":139.6503,"accuracy":12.5,"timestamp":1700000000000}"#
    );
    assert_eq!(
        stub.calls(),
        r#"[{"enableHighAccuracy":true,"timeout":1234,"maximumAge":0,"hasErrorCallback":true}]"#
    );
}

#[wasm_bindgen_test]
async fn the_default_timeout_is_10_s() {
    let stub = Stubbed::new(r#"{"error": {"code": 3, "message": "Timeout expired"}}"#);
    let error = rejection(JsValue::UNDEFINED).await;
    assert_geolocation_error(&error, "timeout", "No position within 10000 ms");
    assert!(
        stub.calls().contains(r#""timeout":10000"#),
        "{}",
        stub.calls()
    );
}

#[wasm_bindgen_test]
async fn permission_denied_has_its_own_code_and_text() {
    let _stub = Stubbed::new(r#"{"error": {"code": 1, "message": "User denied Geolocation"}}"#);
    let error = rejection(JsValue::UNDEFINED).await;
    assert_geolocation_error(
        &error,
        "permission-denied",
        "Location permission was denied by the user (User denied Geolocation)",
    );
}

#[wasm_bindgen_test]
async fn timeout_says_the_limit() {
    let _stub = Stubbed::new(r#"{"error": {"code": 3, "message": "Timeout expired"}}"#);
    let error = rejection(options(r#"{"timeoutMs": 250}"#)).await;
    assert_geolocation_error(&error, "timeout", "No position within 250 ms");
}

#[wasm_bindgen_test]
async fn no_navigator_geolocation_is_unsupported() {
    let _stub = Stubbed::new("");
    let error = rejection(JsValue::UNDEFINED).await;
    assert_geolocation_error(
        &error,
        "unsupported",
        "geolocation is not available in this environment",
    );
}

#[wasm_bindgen_test]
async fn a_throwing_get_current_position_is_position_unavailable() {
    let _stub = Stubbed::new(r#"{"throws": "blocked by a test"}"#);
    let error = rejection(JsValue::UNDEFINED).await;
    assert_geolocation_error(
        &error,
        "position-unavailable",
        "The position is unavailable: navigator.geolocation.getCurrentPosition failed (blocked by a test)",
    );
}

#[wasm_bindgen_test]
async fn a_malformed_position_is_position_unavailable_naming_the_field() {
    let _stub = Stubbed::new(
        r#"{"position": {"coords": {"latitude": "north", "longitude": 0, "accuracy": 1},
            "timestamp": 0}}"#,
    );
    let error = rejection(JsValue::UNDEFINED).await;
    assert_geolocation_error(
        &error,
        "position-unavailable",
        "The position is unavailable: the browser's answer has coords.latitude missing",
    );
}
