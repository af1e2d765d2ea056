//! The errors of the browser capabilities (geolocation), as plain Rust data. The boundary turns
//! each into a JS `Error` whose `name` is `name()` and whose message is `message()`: what was wrong
//! and what was expected. The core's errors (approvals, batches, options) are numbers the glue
//! words (`js/words.js`), so the core module links no text.

use std::string::String;

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AdkError {
    /// An argument of the wrong type or shape.
    InvalidArgument {
        function: &'static str,
        what: String,
        expected: &'static str,
    },
    /// The browser gave no position (`get_location`, SPEC §6). `code` is `'permission-denied'`,
    /// `'position-unavailable'`, `'timeout'` or `'unsupported'`; `text` is the part's `errorText`.
    GeolocationFailed { code: &'static str, text: String },
}

impl AdkError {
    pub fn name(&self) -> &'static str {
        match self {
            AdkError::InvalidArgument { .. } => "AdkInvalidArgumentError",
            AdkError::GeolocationFailed { .. } => "AdkGeolocationError",
        }
    }

    pub fn message(&self) -> String {
        match self {
            AdkError::InvalidArgument {
                function,
                what,
                expected,
            } => {
                format!("{function}(): {what}; expected {expected}.")
            }
            AdkError::GeolocationFailed { text, .. } => text.clone(),
        }
    }
}

impl std::fmt::Display for AdkError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}: {}", self.name(), self.message())
    }
}

impl std::error::Error for AdkError {}
