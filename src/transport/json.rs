//! Just enough JSON for the frame codec: validate a frame's text, list an object's top-level fields
//! as raw slices, decode a string, read an unsigned integer, and escape a string for output.
//!
//! Why not `serde_json`: the transport must look at two or three fields of a chunk whose body it
//! passes on unchanged (SPEC §5), so building a value tree would be wasted work and `.wasm` bytes.
//! The scanner borrows everything from the frame and allocates only the field list.

use std::borrow::Cow;

/// Deep enough for any AI SDK chunk; shallow enough that a hostile `[[[[…` cannot exhaust the
/// WebAssembly stack (the scanner recurses once per level).
pub const MAX_DEPTH: usize = 256;

/// Where and why a text is not JSON.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct JsonError {
    /// Byte offset into the scanned text.
    pub offset: usize,
    pub expected: &'static str,
}

/// One member of an object: the key as written between its quotes (escapes not decoded) and the
/// value's raw text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Field<'a> {
    pub key: &'a str,
    pub value: &'a str,
}

/// Validates that `text` is one JSON value (surrounding whitespace allowed).
#[cfg(test)]
pub fn validate(text: &str) -> Result<(), JsonError> {
    let mut scanner = Scanner { text, pos: 0 };
    scanner.skip_ws();
    scanner.value(0, None)?;
    scanner.end()
}

/// Validates that `text` is one JSON object and returns its top-level fields in order.
/// `Ok(None)` when `text` is valid JSON but not an object.
pub fn object_fields(text: &str) -> Result<Option<Vec<Field<'_>>>, JsonError> {
    let mut scanner = Scanner { text, pos: 0 };
    scanner.skip_ws();
    if scanner.peek() != Some(b'{') {
        scanner.value(0, None)?;
        scanner.end()?;
        return Ok(None);
    }
    let mut fields = Vec::new();
    scanner.object(0, Some(&mut fields))?;
    scanner.end()?;
    Ok(Some(fields))
}

/// Validates that `text` is one JSON array and returns its items' raw texts (`None` when valid
/// JSON but not an array). Used to read fixtures.
#[cfg(test)]
pub fn array_items(text: &str) -> Result<Option<Vec<&str>>, JsonError> {
    let mut scanner = Scanner { text, pos: 0 };
    scanner.skip_ws();
    if scanner.peek() != Some(b'[') {
        scanner.value(0, None)?;
        scanner.end()?;
        return Ok(None);
    }
    let mut items = Vec::new();
    scanner.array(0, Some(&mut items))?;
    scanner.end()?;
    Ok(Some(items))
}

/// The value of the LAST field named `name` (as `JSON.parse` keeps the last of duplicate keys).
pub fn field<'a>(fields: &[Field<'a>], name: &str) -> Option<&'a str> {
    fields
        .iter()
        .rev()
        .find(|f| {
            f.key == name || (f.key.contains('\\') && unescape(f.key).as_deref() == Some(name))
        })
        .map(|f| f.value)
}

/// The text of a raw JSON string value (with its quotes), escapes decoded; `None` when `raw` is
/// not a string. Lone surrogates become U+FFFD.
pub fn string_value(raw: &str) -> Option<Cow<'_, str>> {
    let inner = raw.strip_prefix('"')?.strip_suffix('"')?;
    unescape(inner)
}

/// A raw JSON number read as a non-negative integer (a fraction is dropped); `None` for anything
/// else, negatives, exponents and values beyond `u64`.
pub fn unsigned_value(raw: &str) -> Option<u64> {
    let digits = raw.find('.').and_then(|dot| raw.get(..dot)).unwrap_or(raw);
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) || raw.contains(['e', 'E'])
    {
        return None;
    }
    digits.bytes().try_fold(0u64, |n, b| {
        n.checked_mul(10)?.checked_add(u64::from(b - b'0'))
    })
}

/// Appends `text` as a JSON string literal, quotes included.
pub fn push_string(out: &mut String, text: &str) {
    out.push('"');
    let mut start = 0;
    for (i, b) in text.bytes().enumerate() {
        let escape: Option<&str> = match b {
            b'"' => Some("\\\""),
            b'\\' => Some("\\\\"),
            b'\n' => Some("\\n"),
            b'\r' => Some("\\r"),
            b'\t' => Some("\\t"),
            0..=0x1f => None,
            _ => continue,
        };
        out.push_str(text.get(start..i).unwrap_or_default());
        match escape {
            Some(e) => out.push_str(e),
            None => {
                const HEX: &[u8; 16] = b"0123456789abcdef";
                out.push_str("\\u00");
                out.push(HEX[usize::from(b >> 4)] as char);
                out.push(HEX[usize::from(b & 0xf)] as char);
            }
        }
        start = i + 1;
    }
    out.push_str(text.get(start..).unwrap_or_default());
    out.push('"');
}

/// Decodes the inside of a string literal; `None` on a malformed escape.
fn unescape(inner: &str) -> Option<Cow<'_, str>> {
    if !inner.contains('\\') {
        return Some(Cow::Borrowed(inner));
    }
    let mut out = String::with_capacity(inner.len());
    let mut chars = inner.chars();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        let decoded = match chars.next()? {
            '"' => '"',
            '\\' => '\\',
            '/' => '/',
            'b' => '\u{8}',
            'f' => '\u{c}',
            'n' => '\n',
            'r' => '\r',
            't' => '\t',
            'u' => {
                let high = hex4(&mut chars)?;
                if (0xd800..0xdc00).contains(&high) {
                    // A high surrogate is only whole with a `\uDC00`–`\uDFFF` right after it.
                    let rest = chars.as_str();
                    match rest.strip_prefix("\\u").and_then(|r| hex4(&mut r.chars())) {
                        Some(low) if (0xdc00..0xe000).contains(&low) => {
                            chars = rest.get(6..).unwrap_or_default().chars();
                            char::from_u32(0x10000 + ((high - 0xd800) << 10) + (low - 0xdc00))?
                        }
                        _ => '\u{fffd}',
                    }
                } else {
                    char::from_u32(high).unwrap_or('\u{fffd}')
                }
            }
            _ => return None,
        };
        out.push(decoded);
    }
    Some(Cow::Owned(out))
}

fn hex4(chars: &mut std::str::Chars<'_>) -> Option<u32> {
    let mut n = 0;
    for _ in 0..4 {
        n = n * 16 + chars.next()?.to_digit(16)?;
    }
    Some(n)
}

struct Scanner<'a> {
    text: &'a str,
    pos: usize,
}

impl<'a> Scanner<'a> {
    /// `text[start..end]` without a panic path (the scanner only cuts at ASCII bytes, so the
    /// range is always valid; `get` keeps `.wasm` free of the slicing panic's formatting code).
    fn slice(&self, start: usize, end: usize) -> &'a str {
        self.text.get(start..end).unwrap_or_default()
    }

    fn peek(&self) -> Option<u8> {
        self.text.as_bytes().get(self.pos).copied()
    }

    fn fail<T>(&self, expected: &'static str) -> Result<T, JsonError> {
        Err(JsonError {
            offset: self.pos,
            expected,
        })
    }

    fn skip_ws(&mut self) {
        while matches!(self.peek(), Some(b' ' | b'\t' | b'\n' | b'\r')) {
            self.pos += 1;
        }
    }

    fn end(&mut self) -> Result<(), JsonError> {
        self.skip_ws();
        if self.pos == self.text.len() {
            Ok(())
        } else {
            self.fail("the end of the text after the value")
        }
    }

    fn eat(&mut self, byte: u8, expected: &'static str) -> Result<(), JsonError> {
        if self.peek() == Some(byte) {
            self.pos += 1;
            Ok(())
        } else {
            self.fail(expected)
        }
    }

    /// Scans one value starting at `pos`; if `items` is given and the value is an array, its items'
    /// raw texts are collected (only ever for the outermost value).
    fn value(&mut self, depth: usize, items: Option<&mut Vec<&'a str>>) -> Result<(), JsonError> {
        if depth > MAX_DEPTH {
            return self.fail("at most 256 levels of nesting");
        }
        match self.peek() {
            Some(b'{') => self.object(depth, None),
            Some(b'[') => self.array(depth, items),
            Some(b'"') => self.string(),
            Some(b'-' | b'0'..=b'9') => self.number(),
            Some(b't') => self.literal("true"),
            Some(b'f') => self.literal("false"),
            Some(b'n') => self.literal("null"),
            _ => self.fail("a JSON value"),
        }
    }

    fn object(
        &mut self,
        depth: usize,
        mut fields: Option<&mut Vec<Field<'a>>>,
    ) -> Result<(), JsonError> {
        self.eat(b'{', "'{'")?;
        self.skip_ws();
        if self.peek() == Some(b'}') {
            self.pos += 1;
            return Ok(());
        }
        loop {
            self.skip_ws();
            let key_start = self.pos;
            if self.peek() != Some(b'"') {
                return self.fail("a string key");
            }
            self.string()?;
            let key = self.slice(key_start + 1, self.pos - 1);
            self.skip_ws();
            self.eat(b':', "':' after the key")?;
            self.skip_ws();
            let value_start = self.pos;
            self.value(depth + 1, None)?;
            if let Some(fields) = fields.as_deref_mut() {
                fields.push(Field {
                    key,
                    value: self.slice(value_start, self.pos),
                });
            }
            self.skip_ws();
            match self.peek() {
                Some(b',') => self.pos += 1,
                Some(b'}') => {
                    self.pos += 1;
                    return Ok(());
                }
                _ => return self.fail("',' or '}'"),
            }
        }
    }

    fn array(
        &mut self,
        depth: usize,
        mut items: Option<&mut Vec<&'a str>>,
    ) -> Result<(), JsonError> {
        self.eat(b'[', "'['")?;
        self.skip_ws();
        if self.peek() == Some(b']') {
            self.pos += 1;
            return Ok(());
        }
        loop {
            self.skip_ws();
            let start = self.pos;
            self.value(depth + 1, None)?;
            if let Some(items) = items.as_deref_mut() {
                items.push(self.slice(start, self.pos));
            }
            self.skip_ws();
            match self.peek() {
                Some(b',') => self.pos += 1,
                Some(b']') => {
                    self.pos += 1;
                    return Ok(());
                }
                _ => return self.fail("',' or ']'"),
            }
        }
    }

    fn string(&mut self) -> Result<(), JsonError> {
        self.eat(b'"', "'\"'")?;
        let bytes = self.text.as_bytes();
        loop {
            match bytes.get(self.pos) {
                None => return self.fail("a closing '\"'"),
                Some(b'"') => {
                    self.pos += 1;
                    return Ok(());
                }
                Some(b'\\') => {
                    self.pos += 1;
                    match bytes.get(self.pos) {
                        Some(b'"' | b'\\' | b'/' | b'b' | b'f' | b'n' | b'r' | b't') => {
                            self.pos += 1
                        }
                        Some(b'u') => {
                            let hex = bytes.get(self.pos + 1..self.pos + 5);
                            if !hex.is_some_and(|h| h.iter().all(u8::is_ascii_hexdigit)) {
                                return self.fail("four hex digits after '\\u'");
                            }
                            self.pos += 5;
                        }
                        _ => return self.fail("a valid escape after '\\'"),
                    }
                }
                Some(0..=0x1f) => return self.fail("no raw control character inside a string"),
                Some(_) => self.pos += 1,
            }
        }
    }

    fn digits(&mut self) -> usize {
        let start = self.pos;
        while matches!(self.peek(), Some(b'0'..=b'9')) {
            self.pos += 1;
        }
        self.pos - start
    }

    fn number(&mut self) -> Result<(), JsonError> {
        if self.peek() == Some(b'-') {
            self.pos += 1;
        }
        match self.peek() {
            Some(b'0') => self.pos += 1,
            Some(b'1'..=b'9') => {
                self.digits();
            }
            _ => return self.fail("a digit"),
        }
        if self.peek() == Some(b'.') {
            self.pos += 1;
            if self.digits() == 0 {
                return self.fail("a digit after '.'");
            }
        }
        if matches!(self.peek(), Some(b'e' | b'E')) {
            self.pos += 1;
            if matches!(self.peek(), Some(b'+' | b'-')) {
                self.pos += 1;
            }
            if self.digits() == 0 {
                return self.fail("a digit in the exponent");
            }
        }
        Ok(())
    }

    fn literal(&mut self, word: &'static str) -> Result<(), JsonError> {
        if self
            .text
            .as_bytes()
            .get(self.pos..)
            .is_some_and(|rest| rest.starts_with(word.as_bytes()))
        {
            self.pos += word.len();
            Ok(())
        } else {
            self.fail(match word {
                "true" => "'true'",
                "false" => "'false'",
                _ => "'null'",
            })
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn accepts_what_json_parse_accepts() {
        for text in [
            r#"{}"#,
            r#" {"a": [1, -2.5e+3, true, false, null, "x\n\u00e9\ud83d\ude00"], "b": {"c": {}}} "#,
            r#"[]"#,
            r#""s""#,
            "0",
            "-0.0E-0",
        ] {
            assert_eq!(validate(text), Ok(()), "{text}");
        }
    }

    #[test]
    fn rejects_what_json_parse_rejects() {
        for text in [
            "",
            "{",
            r#"{"a" 1}"#,
            r#"{"a":1,}"#,
            r#"{a:1}"#,
            "[1,]",
            "01",
            "1.",
            "-",
            "tru",
            r#""\x""#,
            r#""\u12""#,
            "\"a\nb\"",
            "{} {}",
            "NaN",
        ] {
            assert!(validate(text).is_err(), "{text:?}");
        }
    }

    #[test]
    fn deep_nesting_is_an_error_not_a_stack_overflow() {
        let text = "[".repeat(100_000);
        assert_eq!(
            validate(&text).unwrap_err().expected,
            "at most 256 levels of nesting"
        );
    }

    #[test]
    fn object_fields_are_raw_slices_and_the_last_duplicate_wins() {
        let fields = object_fields(r#"{"type": "a", "n": {"x": [1]}, "type":"b"}"#)
            .unwrap()
            .unwrap();
        assert_eq!(
            fields[1],
            Field {
                key: "n",
                value: r#"{"x": [1]}"#
            }
        );
        assert_eq!(field(&fields, "type"), Some(r#""b""#));
        assert_eq!(object_fields("[1]").unwrap(), None);
    }

    #[test]
    fn escaped_keys_match_their_decoded_name() {
        let fields = object_fields(r#"{"\u0074ype":"x"}"#).unwrap().unwrap();
        assert_eq!(field(&fields, "type"), Some(r#""x""#));
    }

    #[test]
    fn strings_decode_escapes_and_surrogate_pairs() {
        assert_eq!(
            string_value(r#""a\"b\\c\/\n""#).as_deref(),
            Some("a\"b\\c/\n")
        );
        assert_eq!(
            string_value(r#""\ud83d\ude00\u00e9""#).as_deref(),
            Some("😀é")
        );
        assert_eq!(string_value(r#""\ud83d""#).as_deref(), Some("\u{fffd}"));
        assert_eq!(string_value("12"), None);
    }

    #[test]
    fn unsigned_values() {
        assert_eq!(unsigned_value("1700000000000"), Some(1_700_000_000_000));
        assert_eq!(unsigned_value("12.9"), Some(12));
        assert_eq!(unsigned_value("-1"), None);
        assert_eq!(unsigned_value("1e3"), None);
        assert_eq!(unsigned_value("\"1\""), None);
        assert_eq!(unsigned_value("99999999999999999999999"), None);
    }

    #[test]
    fn pushed_strings_round_trip_through_the_scanner() {
        let text = "quote\" backslash\\ nl\n tab\t bell\u{7} é 😀";
        let mut out = String::new();
        push_string(&mut out, text);
        assert_eq!(validate(&out), Ok(()));
        assert_eq!(string_value(&out).as_deref(), Some(text));
    }
}
