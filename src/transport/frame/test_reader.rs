//! serde_json standing in for `JSON.parse` in native tests (the browser runs the same rules on JS
//! strings and values).

use serde::de::DeserializeOwned;
use serde_json::Value;

use super::incoming::{classify, for_each_event, Incoming, JsonReader, Malformed};

pub struct SerdeJson;

impl<'a> JsonReader<&'a str> for SerdeJson {
    type Value = Value;

    fn parse(&self, text: &&'a str) -> Result<Value, String> {
        serde_json::from_str(text).map_err(|e| e.to_string())
    }

    fn is_object(&self, value: &Value) -> bool {
        value.is_object()
    }

    fn read<F: DeserializeOwned>(&self, value: &Value) -> Option<F> {
        F::deserialize(value).ok()
    }
}

/// Every event of a text frame, as the transport sees them.
pub fn incoming(frame: &str) -> Vec<Incoming<Value>> {
    let mut events = Vec::new();
    if !for_each_event(&frame, |event| events.push(classify(&SerdeJson, event))) {
        events.push(Incoming::Malformed(Malformed::Empty));
    }
    events
}
