//! `get_location`, the built-in browser tool (SPEC §6): the user's position from
//! `navigator.geolocation.getCurrentPosition`.
//!
//! It always asks for the most precise position (`enableHighAccuracy`) and never takes a cached
//! one (`maximumAge: 0`): the tool answers where the user is now. Each way it can fail has its own
//! code and text, because the text becomes the tool part's `errorText` that the agent reads.
//!
//! The rules (valid options, error texts, the output's shape) are plain Rust below and tested
//! natively; the web-sys call and the export `getLocation` are in `web`, compiled for wasm32 only.
//! (The drop-in `executeGetLocation` is plain JS, `js/executors.js`: the old helper's texts and
//! timeout, with no WebAssembly to load.)

use crate::error::AdkError;

/// How long the browser may take for a position when the caller does not say (SPEC §6: 10 s).
pub const DEFAULT_TIMEOUT_MS: u32 = 10_000;

/// What a `get_location` call asks the browser for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LocationRequest {
    /// `PositionOptions.timeout`: the browser fails with a timeout after this many ms.
    pub timeout_ms: u32,
}

impl LocationRequest {
    pub const ENABLE_HIGH_ACCURACY: bool = true;
    pub const MAXIMUM_AGE_MS: u32 = 0;
}

impl Default for LocationRequest {
    fn default() -> Self {
        LocationRequest {
            timeout_ms: DEFAULT_TIMEOUT_MS,
        }
    }
}

/// The `timeoutMs` field of the options, as the boundary found it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum TimeoutArg<'a> {
    /// `undefined` or `null`.
    Absent,
    Number(f64),
    /// Any other value, described for the message (e.g. "the string '5000'").
    Other(&'a str),
    /// Reading the field threw (a throwing getter or proxy trap).
    Unreadable,
}

/// The options argument of `getLocation`, as the boundary found it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum OptionsArg<'a> {
    /// `undefined` or `null`: all defaults.
    Absent,
    Object {
        timeout_ms: TimeoutArg<'a>,
        /// Whether the object has a `timeout` field: the browser's own name for the option, an
        /// easy slip that would otherwise be ignored without a word.
        has_timeout: bool,
    },
    /// Not an options object, described for the message (e.g. "a number", "an array").
    Other(&'a str),
}

const EXPECTED_OPTIONS: &str = "{timeoutMs?: number} or nothing";
const EXPECTED_TIMEOUT: &str =
    "a whole number of milliseconds from 0 to 4294967295 (default 10000)";

/// The request the options ask for, or an `AdkInvalidArgumentError` saying what was expected.
pub fn location_request(
    function: &'static str,
    options: OptionsArg<'_>,
) -> Result<LocationRequest, AdkError> {
    let invalid = |what: String, expected: &'static str| AdkError::InvalidArgument {
        function,
        what,
        expected,
    };
    let (timeout, has_timeout) = match options {
        OptionsArg::Absent => return Ok(LocationRequest::default()),
        OptionsArg::Other(described) => {
            return Err(invalid(
                format!("the options are {described}"),
                EXPECTED_OPTIONS,
            ))
        }
        OptionsArg::Object {
            timeout_ms,
            has_timeout,
        } => (timeout_ms, has_timeout),
    };
    match timeout {
        TimeoutArg::Absent if has_timeout => Err(invalid(
            "the options have `timeout`, which is not an option of this function".to_string(),
            "`timeoutMs` (milliseconds) for the timeout",
        )),
        TimeoutArg::Absent => Ok(LocationRequest::default()),
        TimeoutArg::Unreadable => Err(invalid(
            "reading `timeoutMs` threw".to_string(),
            EXPECTED_TIMEOUT,
        )),
        TimeoutArg::Other(described) => Err(invalid(
            format!("`timeoutMs` is {described}"),
            EXPECTED_TIMEOUT,
        )),
        TimeoutArg::Number(ms) => {
            if ms.is_finite() && ms >= 0.0 && ms.fract() == 0.0 && ms <= f64::from(u32::MAX) {
                // In range and whole, so the cast is exact.
                Ok(LocationRequest {
                    timeout_ms: ms as u32,
                })
            } else {
                Err(invalid(
                    format!("`timeoutMs` is {}", js_number(ms)),
                    EXPECTED_TIMEOUT,
                ))
            }
        }
    }
}

/// A number as JS prints it (`NaN`, `Infinity`, `-1`, `2.5`), for messages; written out by hand
/// because Rust's float formatting alone would add about 20 KB to the `.wasm`. Up to six decimals,
/// cut with `…` when the number has more.
fn js_number(n: f64) -> String {
    const MAX_SAFE_INTEGER: f64 = 9_007_199_254_740_991.0;
    if n.is_nan() {
        return "NaN".to_string();
    }
    let sign = if n < 0.0 { "-" } else { "" };
    let magnitude = n.abs();
    if magnitude == f64::INFINITY {
        return format!("{sign}Infinity");
    }
    if magnitude > MAX_SAFE_INTEGER {
        let side = if n < 0.0 { "less than -" } else { "more than " };
        return format!("{side}{}", MAX_SAFE_INTEGER as u64);
    }
    // Exact: a whole number up to 2^53 fits a u64.
    let mut whole = magnitude.trunc() as u64;
    let scaled = magnitude.fract() * 1e6;
    // Six decimals when they are exact (rounding away float noise: 0.1 is 0.1), else cut.
    let exact = (scaled - scaled.round()).abs() <= 1e-6;
    let mut millionths = if exact {
        scaled.round()
    } else {
        scaled.trunc()
    } as u64;
    let cut = if exact { "" } else { "…" };
    if millionths == 1_000_000 {
        whole += 1;
        millionths = 0;
    }
    if millionths == 0 && cut.is_empty() {
        return format!("{sign}{whole}");
    }
    let decimals = format!("{millionths:06}");
    let decimals = if cut.is_empty() {
        decimals.trim_end_matches('0')
    } else {
        &decimals
    };
    format!("{sign}{whole}.{decimals}{cut}")
}

/// The ways `get_location` fails, with the `code` the JS error carries.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LocationFailure {
    /// `GeolocationPositionError.PERMISSION_DENIED` (1).
    PermissionDenied,
    /// `GeolocationPositionError.POSITION_UNAVAILABLE` (2), and anything else the browser reports.
    PositionUnavailable,
    /// `GeolocationPositionError.TIMEOUT` (3).
    Timeout,
    /// No `navigator.geolocation` (Node, workers, or a build without the capability).
    Unsupported,
}

impl LocationFailure {
    pub fn code(self) -> &'static str {
        match self {
            LocationFailure::PermissionDenied => "permission-denied",
            LocationFailure::PositionUnavailable => "position-unavailable",
            LocationFailure::Timeout => "timeout",
            LocationFailure::Unsupported => "unsupported",
        }
    }
}

/// A failed `get_location`: which way it failed and the text for the part's `errorText`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LocationError {
    pub failure: LocationFailure,
    pub text: String,
}

impl From<LocationError> for AdkError {
    fn from(error: LocationError) -> Self {
        AdkError::GeolocationFailed {
            code: error.failure.code(),
            text: error.text,
        }
    }
}

/// The error for an environment without `navigator.geolocation`.
pub fn unsupported() -> LocationError {
    LocationError {
        failure: LocationFailure::Unsupported,
        text: "geolocation is not available in this environment (it has no navigator.geolocation)"
            .to_string(),
    }
}

/// The error for a `getCurrentPosition` that failed, from the browser's
/// `GeolocationPositionError` `code` and `message`; `code` is `None` when something else was
/// thrown (then `message` is that error's message, if any).
pub fn location_error(
    code: Option<f64>,
    browser_message: Option<&str>,
    request: LocationRequest,
) -> LocationError {
    let message = browser_message.map(str::trim).filter(|m| !m.is_empty());
    let (failure, text) = match code {
        Some(1.0) => (
            LocationFailure::PermissionDenied,
            match message {
                Some(m) => format!("Location permission was denied by the user ({m})"),
                None => "Location permission was denied by the user".to_string(),
            },
        ),
        Some(2.0) => (
            LocationFailure::PositionUnavailable,
            match message {
                Some(m) => format!("The position is unavailable: {m}"),
                None => "The position is unavailable".to_string(),
            },
        ),
        // The browser's own text ("Timeout expired") says less than the limit itself.
        Some(3.0) => (
            LocationFailure::Timeout,
            format!("No position within {} ms", request.timeout_ms),
        ),
        Some(c) => (
            LocationFailure::PositionUnavailable,
            format!(
                "The position is unavailable: the browser reported error code {}{}",
                js_number(c),
                message.map(|m| format!(" ({m})")).unwrap_or_default()
            ),
        ),
        None => (
            LocationFailure::PositionUnavailable,
            format!(
                "The position is unavailable: navigator.geolocation.getCurrentPosition failed{}",
                message.map(|m| format!(" ({m})")).unwrap_or_default()
            ),
        ),
    };
    LocationError { failure, text }
}

/// `get_location`'s output, the tool part's `output`: `{latitude, longitude, accuracy, timestamp}`
/// (degrees, degrees, metres, ms since the epoch).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Location {
    pub latitude: f64,
    pub longitude: f64,
    pub accuracy: f64,
    pub timestamp: f64,
}

/// The numeric fields of the browser's `GeolocationPosition`, as read (`None`: missing or not a
/// number).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct PositionFields {
    pub latitude: Option<f64>,
    pub longitude: Option<f64>,
    pub accuracy: Option<f64>,
    pub timestamp: Option<f64>,
}

/// The output for a position the browser gave, checked field by field: a browser always sends
/// valid numbers, but a replaced `navigator.geolocation` (a polyfill, a test stub) may not.
pub fn location(fields: PositionFields) -> Result<Location, LocationError> {
    let field = |value: Option<f64>, name: &str, valid: &dyn Fn(f64) -> bool, expected: &str| {
        match value {
            Some(v) if v.is_finite() && valid(v) => Ok(v),
            other => Err(LocationError {
                failure: LocationFailure::PositionUnavailable,
                text: format!(
                    "The position is unavailable: the browser's answer has {name} {}, expected {expected}",
                    other.map(js_number).unwrap_or_else(|| "missing".to_string())
                ),
            }),
        }
    };
    Ok(Location {
        latitude: field(
            fields.latitude,
            "coords.latitude",
            &|v| (-90.0..=90.0).contains(&v),
            "degrees from -90 to 90",
        )?,
        longitude: field(
            fields.longitude,
            "coords.longitude",
            &|v| (-180.0..=180.0).contains(&v),
            "degrees from -180 to 180",
        )?,
        accuracy: field(
            fields.accuracy,
            "coords.accuracy",
            &|v| v >= 0.0,
            "metres, 0 or more",
        )?,
        timestamp: field(
            fields.timestamp,
            "timestamp",
            &|_| true,
            "ms since the epoch",
        )?,
    })
}

#[cfg(target_arch = "wasm32")]
pub use web::get_location;

#[cfg(target_arch = "wasm32")]
mod web {
    //! The web-sys call and the JS exports.

    use js_sys::{Array, Object, Promise, Reflect};
    use wasm_bindgen::prelude::*;
    use web_sys::{Geolocation, PositionOptions};

    use super::{
        location, location_error, location_request, unsupported, Location, LocationError,
        LocationRequest, OptionsArg, PositionFields, TimeoutArg,
    };
    use crate::boundary::{js_error, set, type_name};
    use crate::error::AdkError;

    #[wasm_bindgen]
    extern "C" {
        /// A promise whose `then` takes a plain JS function (made by `Closure::once_into_js`).
        #[wasm_bindgen(extends = Promise, js_name = Promise)]
        type Settling;
        #[wasm_bindgen(method, js_name = then)]
        fn then_call(this: &Settling, on_fulfilled: &JsValue) -> Promise;
    }

    /// `getLocation(options?: {timeoutMs?: number})`: resolves with
    /// `{latitude, longitude, accuracy, timestamp}`; rejects with an `AdkGeolocationError` whose
    /// `code` is 'permission-denied' | 'position-unavailable' | 'timeout' | 'unsupported', or an
    /// `AdkInvalidArgumentError` for bad options.
    #[wasm_bindgen(js_name = getLocation)]
    pub fn get_location(options: JsValue) -> Promise {
        match read_request("getLocation", &options) {
            Err(error) => Promise::reject(&js_error(&error)),
            Ok(request) => locate(request, |outcome| match outcome {
                Ok(position) => Promise::resolve(&location_to_js(&position)),
                Err(error) => Promise::reject(&location_error_to_js(error)),
            }),
        }
    }

    fn read_request(
        function: &'static str,
        options: &JsValue,
    ) -> Result<LocationRequest, AdkError> {
        if options.is_undefined() || options.is_null() {
            return location_request(function, OptionsArg::Absent);
        }
        if !options.is_object() || Array::is_array(options) {
            return location_request(function, OptionsArg::Other(&type_name(options)));
        }
        let described;
        let timeout_ms = match Reflect::get(options, &JsValue::from_str("timeoutMs")) {
            Err(_) => TimeoutArg::Unreadable,
            Ok(v) if v.is_undefined() || v.is_null() => TimeoutArg::Absent,
            Ok(v) => match v.as_f64() {
                Some(ms) => TimeoutArg::Number(ms),
                None => {
                    described = type_name(&v);
                    TimeoutArg::Other(&described)
                }
            },
        };
        let has_timeout = Reflect::has(options, &JsValue::from_str("timeout")).unwrap_or(false);
        location_request(
            function,
            OptionsArg::Object {
                timeout_ms,
                has_timeout,
            },
        )
    }

    /// `globalThis.navigator?.geolocation`, or `None` when there is none (Node, most workers).
    /// Feature-detected rather than read from a `Window`: apps test their code under jsdom or
    /// happy-dom with a mocked `navigator.geolocation` (SPEC §7), where no real `Window` exists.
    /// web-sys calls its methods by name, so a mock with `getCurrentPosition` works through the
    /// unchecked cast.
    fn browser_geolocation() -> Option<Geolocation> {
        let navigator = field(&js_sys::global(), "navigator");
        let geolocation = field(&navigator, "geolocation");
        geolocation
            .is_object()
            .then(|| geolocation.unchecked_into::<Geolocation>())
    }

    /// Asks the browser once; `finish` makes the returned promise from the outcome.
    fn locate(
        request: LocationRequest,
        finish: impl FnOnce(Result<Location, LocationError>) -> Promise + 'static,
    ) -> Promise {
        let Some(geolocation) = browser_geolocation() else {
            return finish(Err(unsupported()));
        };
        let options = PositionOptions::new();
        options.set_enable_high_accuracy(LocationRequest::ENABLE_HIGH_ACCURACY);
        options.set_timeout(request.timeout_ms);
        options.set_maximum_age(LocationRequest::MAXIMUM_AGE_MS);
        // The promise's own resolve/reject are the browser's callbacks, so no Rust closure waits
        // on the browser.
        let answer = Promise::new(&mut |resolve, reject| {
            if let Err(thrown) = geolocation.get_current_position_with_error_callback_and_options(
                &resolve,
                Some(&reject),
                &options,
            ) {
                let _ = reject.call1(&JsValue::UNDEFINED, &thrown);
            }
        });
        // `allSettled` always fulfils, so the one callback below runs exactly once, and a
        // once-closure frees itself when it runs: nothing is leaked whatever the browser answers.
        let settled = Promise::all_settled(&Array::of1(&answer));
        let on_settled = Closure::once_into_js(move |outcomes: JsValue| -> JsValue {
            let outcome = Array::from(&outcomes).get(0);
            let result = if field(&outcome, "status").as_string().as_deref() == Some("fulfilled") {
                let position = field(&outcome, "value");
                let coords = field(&position, "coords");
                location(PositionFields {
                    latitude: field(&coords, "latitude").as_f64(),
                    longitude: field(&coords, "longitude").as_f64(),
                    accuracy: field(&coords, "accuracy").as_f64(),
                    timestamp: field(&position, "timestamp").as_f64(),
                })
            } else {
                let error = field(&outcome, "reason");
                Err(location_error(
                    field(&error, "code").as_f64(),
                    field(&error, "message").as_string().as_deref(),
                    request,
                ))
            };
            finish(result).into()
        });
        settled.unchecked_into::<Settling>().then_call(&on_settled)
    }

    /// `value[key]`, or `undefined` when `value` is not an object or reading throws.
    fn field(value: &JsValue, key: &str) -> JsValue {
        if !value.is_object() {
            return JsValue::UNDEFINED;
        }
        Reflect::get(value, &JsValue::from_str(key)).unwrap_or(JsValue::UNDEFINED)
    }

    fn location_to_js(position: &Location) -> JsValue {
        let object = Object::new();
        set(&object, "latitude", position.latitude);
        set(&object, "longitude", position.longitude);
        set(&object, "accuracy", position.accuracy);
        set(&object, "timestamp", position.timestamp);
        object.into()
    }

    /// An `AdkGeolocationError` with its `code`.
    fn location_error_to_js(error: LocationError) -> JsValue {
        let code = error.failure.code();
        let js = js_error(&AdkError::from(error));
        let _ = Reflect::set(&js, &JsValue::from_str("code"), &JsValue::from_str(code));
        js
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn with_timeout(timeout_ms: TimeoutArg<'_>) -> OptionsArg<'_> {
        OptionsArg::Object {
            timeout_ms,
            has_timeout: false,
        }
    }

    fn invalid_message(options: OptionsArg<'_>) -> String {
        match location_request("getLocation", options) {
            Err(error @ AdkError::InvalidArgument { .. }) => {
                assert_eq!(error.name(), "AdkInvalidArgumentError");
                error.message()
            }
            other => panic!("expected an invalid argument, got {other:?}"),
        }
    }

    #[test]
    fn no_options_asks_for_10_s() {
        let request = location_request("getLocation", OptionsArg::Absent).unwrap();
        assert_eq!(request.timeout_ms, 10_000);
        let empty = location_request("getLocation", with_timeout(TimeoutArg::Absent)).unwrap();
        assert_eq!(empty, request);
    }

    #[test]
    fn timeout_ms_whole_and_in_range_is_taken() {
        for ms in [0.0, 1.0, 2500.0, 60_000.0, f64::from(u32::MAX)] {
            let request =
                location_request("getLocation", with_timeout(TimeoutArg::Number(ms))).unwrap();
            assert_eq!(f64::from(request.timeout_ms), ms);
        }
    }

    #[test]
    fn timeout_ms_out_of_range_says_what_was_expected() {
        for (ms, shown) in [
            (-1.0, "-1"),
            (2.5, "2.5"),
            (f64::NAN, "NaN"),
            (f64::INFINITY, "Infinity"),
            (f64::NEG_INFINITY, "-Infinity"),
            (f64::from(u32::MAX) + 1.0, "4294967296"),
        ] {
            let message = invalid_message(with_timeout(TimeoutArg::Number(ms)));
            assert!(
                message.starts_with(&format!("getLocation(): `timeoutMs` is {shown}; expected")),
                "{message}"
            );
            assert!(
                message.contains("whole number of milliseconds"),
                "{message}"
            );
        }
    }

    #[test]
    fn timeout_ms_not_a_number_is_named() {
        let message = invalid_message(with_timeout(TimeoutArg::Other("the string '5000'")));
        assert_eq!(
            message,
            "getLocation(): `timeoutMs` is the string '5000'; expected a whole number of \
             milliseconds from 0 to 4294967295 (default 10000)."
        );
        let message = invalid_message(with_timeout(TimeoutArg::Unreadable));
        assert!(message.contains("reading `timeoutMs` threw"), "{message}");
    }

    #[test]
    fn options_that_are_not_an_object_are_named() {
        let message = invalid_message(OptionsArg::Other("a number"));
        assert_eq!(
            message,
            "getLocation(): the options are a number; expected {timeoutMs?: number} or nothing."
        );
    }

    #[test]
    fn the_browsers_option_name_timeout_is_pointed_out() {
        let message = invalid_message(OptionsArg::Object {
            timeout_ms: TimeoutArg::Absent,
            has_timeout: true,
        });
        assert!(
            message.contains("`timeout`") && message.contains("`timeoutMs`"),
            "{message}"
        );
        // With `timeoutMs` given, a stray `timeout` does not matter.
        let request = location_request(
            "getLocation",
            OptionsArg::Object {
                timeout_ms: TimeoutArg::Number(500.0),
                has_timeout: true,
            },
        )
        .unwrap();
        assert_eq!(request.timeout_ms, 500);
    }

    #[test]
    fn the_function_name_is_in_the_message() {
        let error = location_request("getLocation", OptionsArg::Other("an array")).unwrap_err();
        assert!(error.message().starts_with("getLocation(): "));
    }

    #[test]
    fn code_1_is_permission_denied() {
        let error = location_error(
            Some(1.0),
            Some("User denied Geolocation"),
            LocationRequest::default(),
        );
        assert_eq!(error.failure, LocationFailure::PermissionDenied);
        assert_eq!(error.failure.code(), "permission-denied");
        assert_eq!(
            error.text,
            "Location permission was denied by the user (User denied Geolocation)"
        );
        let bare = location_error(Some(1.0), Some(""), LocationRequest::default());
        assert_eq!(bare.text, "Location permission was denied by the user");
    }

    #[test]
    fn code_2_is_position_unavailable_with_the_browsers_text() {
        let error = location_error(
            Some(2.0),
            Some("Network location provider: No response"),
            LocationRequest::default(),
        );
        assert_eq!(error.failure, LocationFailure::PositionUnavailable);
        assert_eq!(error.failure.code(), "position-unavailable");
        assert_eq!(
            error.text,
            "The position is unavailable: Network location provider: No response"
        );
        let bare = location_error(Some(2.0), None, LocationRequest::default());
        assert_eq!(bare.text, "The position is unavailable");
    }

    #[test]
    fn code_3_is_timeout_with_the_limit() {
        let error = location_error(
            Some(3.0),
            Some("Timeout expired"),
            LocationRequest::default(),
        );
        assert_eq!(error.failure, LocationFailure::Timeout);
        assert_eq!(error.failure.code(), "timeout");
        assert_eq!(error.text, "No position within 10000 ms");
        let short = location_error(Some(3.0), None, LocationRequest { timeout_ms: 250 });
        assert_eq!(short.text, "No position within 250 ms");
    }

    #[test]
    fn other_failures_are_position_unavailable_and_say_what_happened() {
        let odd = location_error(Some(7.0), Some("odd"), LocationRequest::default());
        assert_eq!(odd.failure, LocationFailure::PositionUnavailable);
        assert_eq!(
            odd.text,
            "The position is unavailable: the browser reported error code 7 (odd)"
        );
        let thrown = location_error(
            None,
            Some("getCurrentPosition is not a function"),
            LocationRequest::default(),
        );
        assert_eq!(thrown.failure, LocationFailure::PositionUnavailable);
        assert_eq!(
            thrown.text,
            "The position is unavailable: navigator.geolocation.getCurrentPosition failed \
             (getCurrentPosition is not a function)"
        );
    }

    #[test]
    fn no_navigator_geolocation_is_unsupported() {
        let error = unsupported();
        assert_eq!(error.failure.code(), "unsupported");
        assert!(error
            .text
            .starts_with("geolocation is not available in this environment"));
    }

    #[test]
    fn failures_become_adk_geolocation_errors() {
        let error = AdkError::from(location_error(
            Some(1.0),
            Some("User denied Geolocation"),
            LocationRequest::default(),
        ));
        assert_eq!(error.name(), "AdkGeolocationError");
        assert_eq!(
            error.message(),
            "Location permission was denied by the user (User denied Geolocation)"
        );
        assert_eq!(
            error,
            AdkError::GeolocationFailed {
                code: "permission-denied",
                text: "Location permission was denied by the user (User denied Geolocation)"
                    .to_string()
            }
        );
    }

    #[test]
    fn the_four_codes_are_distinct() {
        let codes = [
            LocationFailure::PermissionDenied,
            LocationFailure::PositionUnavailable,
            LocationFailure::Timeout,
            LocationFailure::Unsupported,
        ]
        .map(LocationFailure::code);
        assert_eq!(
            codes,
            [
                "permission-denied",
                "position-unavailable",
                "timeout",
                "unsupported"
            ]
        );
    }

    #[test]
    fn numbers_are_shown_as_js_shows_them() {
        for (n, shown) in [
            (0.0, "0"),
            (-0.0, "0"),
            (-1.0, "-1"),
            (2.5, "2.5"),
            (0.1, "0.1"),
            (35.6762, "35.6762"),
            (-122.419_416, "-122.419416"),
            (4_294_967_296.0, "4294967296"),
            (1.999_999_9, "1.999999…"),
            (0.999_999_999_999_9, "1"),
            (0.000_000_1, "0.000000…"),
            (1.234_567_89, "1.234567…"),
            (1e300, "more than 9007199254740991"),
            (-1e300, "less than -9007199254740991"),
            (f64::NAN, "NaN"),
            (f64::INFINITY, "Infinity"),
            (f64::NEG_INFINITY, "-Infinity"),
        ] {
            assert_eq!(js_number(n), shown, "{n:?}");
        }
    }

    #[test]
    fn a_position_becomes_the_output() {
        let output = location(PositionFields {
            latitude: Some(35.6762),
            longitude: Some(139.6503),
            accuracy: Some(12.5),
            timestamp: Some(1_700_000_000_000.0),
        })
        .unwrap();
        assert_eq!(
            output,
            Location {
                latitude: 35.6762,
                longitude: 139.6503,
                accuracy: 12.5,
                timestamp: 1_700_000_000_000.0,
            }
        );
    }

    #[test]
    fn a_malformed_position_is_position_unavailable_naming_the_field() {
        let good = PositionFields {
            latitude: Some(0.0),
            longitude: Some(0.0),
            accuracy: Some(0.0),
            timestamp: Some(0.0),
        };
        let cases = [
            (
                PositionFields {
                    latitude: None,
                    ..good
                },
                "coords.latitude missing",
            ),
            (
                PositionFields {
                    latitude: Some(91.0),
                    ..good
                },
                "coords.latitude 91",
            ),
            (
                PositionFields {
                    longitude: Some(f64::NAN),
                    ..good
                },
                "coords.longitude NaN",
            ),
            (
                PositionFields {
                    accuracy: Some(-1.0),
                    ..good
                },
                "coords.accuracy -1",
            ),
            (
                PositionFields {
                    timestamp: Some(f64::INFINITY),
                    ..good
                },
                "timestamp Infinity",
            ),
        ];
        for (fields, named) in cases {
            let error = location(fields).unwrap_err();
            assert_eq!(error.failure, LocationFailure::PositionUnavailable);
            assert!(
                error
                    .text
                    .starts_with("The position is unavailable: the browser's answer has "),
                "{}",
                error.text
            );
            assert!(error.text.contains(named), "{} lacks {named}", error.text);
        }
        assert!(location(good).is_ok());
    }
}
