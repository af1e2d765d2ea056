//! The typed fields of a parsed frame, read from the JS value `JSON.parse` made: a serde
//! `Deserializer` over a `JsValue` that reads a struct field by field with `Reflect::get` (only the
//! fields the struct names, never the whole chunk) and knows strings, numbers, booleans and absent
//! values: all the codec's structs need.
//!
//! Why not serde-wasm-bindgen: measured, it adds 21.6 KB gzip to the transport's `.wasm` (its error
//! messages pull in Rust's float formatting and a string cache), for the same reads; see
//! BENCHMARKS.md ("Frames parsed once"). This reader's errors carry no message (a field that does
//! not fit is all the codec needs to know), so no formatting code is linked.

use std::cell::RefCell;
use std::fmt;

use js_sys::Reflect;
use serde::de::{self, DeserializeOwned, DeserializeSeed, MapAccess, Visitor};
use wasm_bindgen::prelude::*;

/// The fields of `F` read from `value`; `None` when they do not fit.
pub fn read<F: DeserializeOwned>(value: &JsValue) -> Option<F> {
    F::deserialize(JsFields(value.clone())).ok()
}

/// A field that does not fit (no message: nothing needs one).
#[derive(Debug)]
pub struct Mismatch;

impl fmt::Display for Mismatch {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a field of a frame does not fit")
    }
}

impl std::error::Error for Mismatch {}

impl de::Error for Mismatch {
    fn custom<T: fmt::Display>(_message: T) -> Self {
        Mismatch
    }
}

struct JsFields(JsValue);

impl<'de> de::Deserializer<'de> for JsFields {
    type Error = Mismatch;

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Mismatch> {
        let value = self.0;
        if let Some(text) = value.as_string() {
            visitor.visit_string(text)
        } else if let Some(number) = value.as_f64() {
            visitor.visit_f64(number)
        } else if let Some(flag) = value.as_bool() {
            visitor.visit_bool(flag)
        } else {
            // null, undefined, objects and arrays: no scalar to read.
            visitor.visit_unit()
        }
    }

    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Mismatch> {
        if self.0.is_undefined() || self.0.is_null() {
            visitor.visit_none()
        } else {
            visitor.visit_some(self)
        }
    }

    fn deserialize_string<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Mismatch> {
        visitor.visit_string(self.0.as_string().ok_or(Mismatch)?)
    }

    fn deserialize_str<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Mismatch> {
        self.deserialize_string(visitor)
    }

    fn deserialize_f64<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Mismatch> {
        visitor.visit_f64(self.0.as_f64().ok_or(Mismatch)?)
    }

    fn deserialize_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, Mismatch> {
        if !self.0.is_object() {
            return Err(Mismatch);
        }
        visitor.visit_map(Fields {
            object: self.0,
            fields: fields.iter(),
            next: None,
        })
    }

    serde::forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 char bytes byte_buf unit unit_struct
        newtype_struct seq tuple tuple_struct map enum identifier ignored_any
    }
}

thread_local! {
    /// Field names as JS strings, made once each (the structs name a handful).
    static KEYS: RefCell<Vec<(&'static str, JsValue)>> = const { RefCell::new(Vec::new()) };
}

/// `name` as a JS string, from the cache: a chunk's `type` is read for every frame.
fn key(name: &'static str) -> JsValue {
    KEYS.with(|keys| {
        let mut keys = keys.borrow_mut();
        if let Some((_, key)) = keys.iter().find(|(known, _)| std::ptr::eq(*known, name)) {
            return key.clone();
        }
        let key = JsValue::from_str(name);
        keys.push((name, key.clone()));
        key
    })
}

/// The named fields of an object, absent ones skipped (serde fills in `None` or reports them).
struct Fields {
    object: JsValue,
    fields: std::slice::Iter<'static, &'static str>,
    next: Option<JsValue>,
}

impl<'de> MapAccess<'de> for Fields {
    type Error = Mismatch;

    fn next_key_seed<K: DeserializeSeed<'de>>(
        &mut self,
        seed: K,
    ) -> Result<Option<K::Value>, Mismatch> {
        for name in self.fields.by_ref() {
            let value = Reflect::get(&self.object, &key(name)).map_err(|_| Mismatch)?;
            if !value.is_undefined() {
                self.next = Some(value);
                let key = de::value::BorrowedStrDeserializer::<Mismatch>::new(name);
                return seed.deserialize(key).map(Some);
            }
        }
        Ok(None)
    }

    fn next_value_seed<S: DeserializeSeed<'de>>(&mut self, seed: S) -> Result<S::Value, Mismatch> {
        seed.deserialize(JsFields(self.next.take().ok_or(Mismatch)?))
    }
}
