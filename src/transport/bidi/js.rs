//! The transport's JS edge: reading option fields, the JS errors it throws, and the frame's JS
//! string and `JSON.parse` seen through the codec's [`FrameText`] and [`JsonReader`] traits, so a
//! frame is parsed once, by the browser, and never copied into WebAssembly memory.

use js_sys::{Array, Function, JsString, Promise, Reflect};
use serde::de::DeserializeOwned;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

pub(crate) use crate::boundary::{get, invalid, named_error, type_name};
use crate::transport::error::TransportError;
use crate::transport::frame::{FrameText, JsonReader};

#[wasm_bindgen]
extern "C" {
    /// A `WebSocket` seen through a `send` that takes a JS string, so the history
    /// (`JSON.stringify` of the messages) reaches the socket without a copy into WebAssembly
    /// memory and back.
    pub type StringSocket;
    #[wasm_bindgen(method, catch, js_name = send)]
    pub fn send(this: &StringSocket, data: &JsString) -> Result<(), JsValue>;

    // `String.prototype` methods taking a JS string, so the markers are not copied out of
    // WebAssembly memory on every frame (js-sys's versions take `&str`).
    type Text;
    #[wasm_bindgen(method, js_name = indexOf)]
    fn index_of(this: &Text, search: &JsString, from: u32) -> i32;
    #[wasm_bindgen(method, js_name = startsWith)]
    fn starts_with(this: &Text, search: &JsString) -> bool;

    /// `JSON.parse` on a JS string (js-sys's takes a `&str`, a copy out of WebAssembly memory).
    #[wasm_bindgen(catch, js_namespace = JSON, js_name = parse)]
    fn json_parse(text: &JsString) -> Result<JsValue, JsValue>;
}

thread_local! {
    static BLANK_LINE: JsString = JsString::from("\n\n");
    static DATA: JsString = JsString::from("data:");
    static DONE: JsValue = JsValue::from_str("[DONE]");
}

impl FrameText for JsString {
    fn units(&self) -> usize {
        self.length() as usize
    }

    fn find_blank_line(&self, from: usize) -> Option<usize> {
        let at = BLANK_LINE.with(|blank| self.unchecked_ref::<Text>().index_of(blank, from as u32));
        usize::try_from(at).ok()
    }

    fn slice(&self, start: usize, end: usize) -> Self {
        JsString::slice(self, start as u32, end as u32)
    }

    fn trim(&self) -> Self {
        JsString::trim(self)
    }

    fn is_data(&self) -> bool {
        DATA.with(|data| self.unchecked_ref::<Text>().starts_with(data))
    }

    fn is_done(&self) -> bool {
        self.length() == 6 && DONE.with(|done| JsValue::eq(self, done))
    }

    fn preview(&self) -> String {
        String::from(JsString::slice(self, 0, 40))
    }
}

/// `JSON.parse`, and the typed reads of [`super::fields`] (each reads only its own fields).
pub struct BrowserJson;

impl JsonReader<JsString> for BrowserJson {
    type Value = JsValue;

    fn parse(&self, text: &JsString) -> Result<JsValue, String> {
        json_parse(text).map_err(|e| describe_js_error(&e))
    }

    fn is_object(&self, value: &JsValue) -> bool {
        value.is_object() && !Array::is_array(value)
    }

    fn read<F: DeserializeOwned>(&self, value: &JsValue) -> Option<F> {
        super::fields::read(value)
    }
}

/// The JS `Error` for a transport fault: `name`, `message`, and `kind`.
pub fn transport_error(error: &TransportError) -> JsValue {
    let js = named_error(error.name(), &error.message());
    let _ = Reflect::set(
        &js,
        &JsValue::from_str("kind"),
        &JsValue::from_str(error.kind()),
    );
    js
}

/// A `DOMException`-like `AbortError`, for a signal aborted without a reason.
pub fn abort_error() -> JsValue {
    named_error("AbortError", "the request was aborted")
}

/// `type_name`, plus the number itself for numbers (the usual mistake is the value, not the type).
/// JS prints the number: Rust's float formatting would add some 20 KB of `.wasm`.
pub fn describe_value(value: &JsValue) -> String {
    match value.dyn_ref::<js_sys::Number>() {
        Some(n) => format!(
            "the number {}",
            String::from(n.to_string_with_radix(10).unwrap_or_default())
        ),
        None => type_name(value),
    }
}

/// The `message` of a thrown value (an `Error` or a `DOMException`), or the value if a string.
pub fn describe_js_error(error: &JsValue) -> String {
    error
        .as_string()
        .or_else(|| get("", error, "message").ok().and_then(|m| m.as_string()))
        .unwrap_or_else(|| "an unknown error".to_string())
}

/// `(promise, resolve, reject)`.
pub fn deferred() -> Option<(Promise, Function, Function)> {
    let mut functions = None;
    let promise = Promise::new(&mut |resolve, reject| functions = Some((resolve, reject)));
    functions.map(|(resolve, reject)| (promise, resolve, reject))
}

pub fn now_ms() -> f64 {
    js_sys::Date::now()
}

pub fn timestamp() -> u64 {
    now_ms() as u64
}
