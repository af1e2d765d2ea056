//! The wasm-bindgen boundary of the modules that read JS values (geolocation, the BIDI
//! transport): they read the few JS fields they need with `Reflect::get`, lazily, and report a bad
//! field as an `Error` whose `name` says the kind and whose message says what was expected. The
//! core module has no such boundary: only numbers cross into it (`exports`).

// Each module uses only some of these.
#![allow(dead_code)]

use js_sys::{Object, Reflect};
use wasm_bindgen::prelude::*;

#[cfg(feature = "geolocation")]
use crate::error::AdkError;

#[wasm_bindgen]
extern "C" {
    /// `Array.isArray`, which throws for a revoked proxy: caught here, so no JS exception unwinds
    /// through Rust (it would leave any borrowed object unusable).
    #[wasm_bindgen(catch, js_namespace = Array, js_name = isArray)]
    fn array_is_array(value: &JsValue) -> Result<bool, JsValue>;
}

/// Whether a JS value is an array; false for anything that cannot even be asked.
pub(crate) fn is_array(value: &JsValue) -> bool {
    array_is_array(value).unwrap_or(false)
}

/// A JS `Error` with this `name` and message.
pub(crate) fn named_error(name: &str, message: &str) -> JsValue {
    let error = js_sys::Error::new(message);
    error.set_name(name);
    error.into()
}

/// A JS `Error` with the library's `name` and message.
#[cfg(feature = "geolocation")]
pub(crate) fn js_error(err: &AdkError) -> JsValue {
    named_error(err.name(), &err.message())
}

/// `AdkInvalidArgumentError`, worded as `AdkError::InvalidArgument` is, without going through it:
/// the transport's module uses this too, and needs none of the core's other error texts.
pub(crate) fn invalid(function: &'static str, what: impl Into<String>, expected: &str) -> JsValue {
    named_error(
        "AdkInvalidArgumentError",
        &format!("{function}(): {}; expected {expected}.", what.into()),
    )
}

/// `object[key]`, with a throwing getter or proxy trap reported as a bad argument.
pub(crate) fn get(function: &'static str, object: &JsValue, key: &str) -> Result<JsValue, JsValue> {
    if !object.is_object() {
        return Ok(JsValue::UNDEFINED);
    }
    Reflect::get(object, &JsValue::from_str(key)).map_err(|_| {
        invalid(
            function,
            format!("reading `{key}` threw"),
            "a plain object whose fields can be read",
        )
    })
}

/// An optional string field: `None` when absent, an error when present but not a string.
pub(crate) fn optional_string(
    function: &'static str,
    object: &JsValue,
    key: &'static str,
    expected: &'static str,
) -> Result<Option<String>, JsValue> {
    let value = get(function, object, key)?;
    if value.is_undefined() || value.is_null() {
        return Ok(None);
    }
    value.as_string().map(Some).ok_or_else(|| {
        invalid(
            function,
            format!("`{key}` is {}", type_name(&value)),
            expected,
        )
    })
}

/// A short description of a JS value's type, for error messages.
pub(crate) fn type_name(value: &JsValue) -> String {
    if value.is_null() {
        "null".to_string()
    } else if is_array(value) {
        "an array".to_string()
    } else if let Some(s) = value.as_string() {
        if s.chars().count() > 40 {
            format!("the string '{}…'", s.chars().take(40).collect::<String>())
        } else {
            format!("the string '{s}'")
        }
    } else {
        let t = value.js_typeof().as_string().unwrap_or_default();
        match t.as_str() {
            "object" | "undefined" => t,
            other => format!("a {other}"),
        }
    }
}

pub(crate) fn set(object: &Object, key: &str, value: impl Into<JsValue>) {
    // Setting a field on an object this module just created cannot fail.
    let _ = Reflect::set(object, &JsValue::from_str(key), &value.into());
}
