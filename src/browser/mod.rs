//! Browser capabilities: the built-in browser tools (SPEC §6), each behind its own Cargo feature so
//! an app pays in `.wasm` size only for what it uses.
//!
//! - [`geolocation`] (feature `geolocation`): `get_location`, the user's position from
//!   `navigator.geolocation`, exported to JS as `getLocation`.
//!
//! Each capability keeps its rules (valid options, error texts, output shape) in plain Rust, tested
//! natively; only its web-sys calls and JS exports are compiled for wasm32.

#[cfg(feature = "geolocation")]
pub mod geolocation;
