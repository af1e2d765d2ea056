//! The transport's options (`new BidiTransport({...})`) and the checks of the fields a request
//! brings, each bad value an `AdkInvalidArgumentError` naming the field and what was expected.

use js_sys::Function;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::AbortSignal;

use super::js::{describe_value, get, invalid, type_name};

const DEFAULT_CONNECT_TIMEOUT_MS: u32 = 30_000;
const DEFAULT_APPROVAL_TIMEOUT_MS: u32 = 60_000;
const DEFAULT_PING_INTERVAL_MS: u32 = 2_000;
/// Pings this many intervals without any frame back mean a dead network.
const LIVENESS_PINGS: u32 = 3;
const DEFAULT_ABORT_TAIL_TIMEOUT_MS: u32 = 5_000;
/// `setTimeout` takes a signed 32-bit delay.
const MAX_DELAY_MS: f64 = 2_147_483_647.0;

pub struct Config {
    pub url: String,
    pub connect_timeout_ms: u32,
    /// 0 disables.
    pub approval_timeout_ms: u32,
    /// 0 disables.
    pub ping_interval_ms: u32,
    /// 0 disables.
    pub liveness_timeout_ms: u32,
    /// 0: the discard after an abort ends only at a `start` or a `[DONE]`.
    pub abort_tail_timeout_ms: u32,
    pub on_latency: Option<Function>,
    pub on_audio: Option<Function>,
    pub on_error: Option<Function>,
    pub on_buffered_chunks: Option<Function>,
}

const F: &str = "new BidiTransport";

impl Config {
    pub fn read(options: &JsValue) -> Result<Config, JsValue> {
        if !options.is_object() {
            return Err(invalid(
                F,
                format!("the options are {}", type_name(options)),
                "an object such as {url: 'ws://localhost:8000/live'}",
            ));
        }
        let url = url(options)?;
        let ping_interval_ms = optional_ms(options, "pingIntervalMs", DEFAULT_PING_INTERVAL_MS, 0)?;
        let liveness_default = ping_interval_ms.saturating_mul(LIVENESS_PINGS);
        Ok(Config {
            url,
            connect_timeout_ms: optional_ms(
                options,
                "connectTimeoutMs",
                DEFAULT_CONNECT_TIMEOUT_MS,
                1,
            )?,
            approval_timeout_ms: optional_ms(
                options,
                "approvalTimeoutMs",
                DEFAULT_APPROVAL_TIMEOUT_MS,
                0,
            )?,
            ping_interval_ms,
            liveness_timeout_ms: optional_ms(options, "livenessTimeoutMs", liveness_default, 0)?,
            abort_tail_timeout_ms: optional_ms(
                options,
                "abortTailTimeoutMs",
                DEFAULT_ABORT_TAIL_TIMEOUT_MS,
                0,
            )?,
            on_latency: optional_function(F, options, "onLatency")?,
            on_audio: optional_function(F, options, "onAudio")?,
            on_error: optional_function(F, options, "onError")?,
            on_buffered_chunks: optional_function(F, options, "onBufferedChunks")?,
        })
    }
}

fn url(options: &JsValue) -> Result<String, JsValue> {
    let url = get(F, options, "url")?;
    let Some(url) = url.as_string() else {
        return Err(invalid(
            F,
            format!("`url` is {}", type_name(&url)),
            "a ws:// or wss:// URL string",
        ));
    };
    let lower = url.to_ascii_lowercase();
    let rest = lower
        .strip_prefix("ws://")
        .or_else(|| lower.strip_prefix("wss://"));
    if !matches!(rest, Some(rest) if !rest.is_empty() && !rest.starts_with('/')) {
        return Err(invalid(
            F,
            format!("`url` is {}", type_name(&JsValue::from_str(&url))),
            "a ws:// or wss:// URL with a host, such as 'ws://localhost:8000/live'",
        ));
    }
    Ok(url)
}

/// An optional whole number of milliseconds in `[min, 2^31 - 1]`.
fn optional_ms(options: &JsValue, key: &str, default: u32, min: u32) -> Result<u32, JsValue> {
    let value = get(F, options, key)?;
    if value.is_undefined() {
        return Ok(default);
    }
    match value.as_f64() {
        Some(ms) if ms.is_finite() && ms >= f64::from(min) && ms <= MAX_DELAY_MS => Ok(ms as u32),
        _ => {
            let floor = if min == 0 { "0 (off)" } else { "1" };
            Err(invalid(
                F,
                format!("`{key}` is {}", describe_value(&value)),
                &format!("a number of milliseconds from {floor} to 2147483647 (default {default})"),
            ))
        }
    }
}

pub fn optional_function(
    function: &'static str,
    options: &JsValue,
    key: &str,
) -> Result<Option<Function>, JsValue> {
    let value = get(function, options, key)?;
    if value.is_undefined() || value.is_null() {
        return Ok(None);
    }
    value.dyn_into::<Function>().map(Some).map_err(|value| {
        invalid(
            function,
            format!("`{key}` is {}", type_name(&value)),
            "a function or undefined",
        )
    })
}

/// An optional positive whole number (audio format fields).
pub fn optional_count(
    function: &'static str,
    options: &JsValue,
    key: &str,
    default: u32,
) -> Result<u32, JsValue> {
    let value = get(function, options, key)?;
    if value.is_undefined() || value.is_null() {
        return Ok(default);
    }
    match value.as_f64() {
        Some(n) if n.fract() == 0.0 && n >= 1.0 && n <= f64::from(u32::MAX) => Ok(n as u32),
        _ => Err(invalid(
            function,
            format!("`{key}` is {}", describe_value(&value)),
            "a positive whole number",
        )),
    }
}

/// The `abortSignal` of a request: `None` when absent; an error when it is not signal-like.
pub fn optional_signal(
    function: &'static str,
    options: &JsValue,
) -> Result<Option<AbortSignal>, JsValue> {
    let value = get(function, options, "abortSignal")?;
    if value.is_undefined() || value.is_null() {
        return Ok(None);
    }
    // Duck-typed rather than `instanceof`, so a signal from another realm or a polyfill works.
    let listens = get(function, &value, "addEventListener")?.is_function();
    let aborted = get(function, &value, "aborted")?;
    if !listens || aborted.as_bool().is_none() {
        return Err(invalid(
            function,
            format!("`abortSignal` is {}", type_name(&value)),
            "an AbortSignal or undefined",
        ));
    }
    Ok(Some(value.unchecked_into()))
}
