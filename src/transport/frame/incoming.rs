//! What an incoming text frame holds (SPEC §5), each event's JSON parsed once.
//!
//! A frame is cut into its events (`data: …` blocks separated by a blank line), and each event's
//! payload is parsed once: by `JSON.parse` on the socket's own string in the browser, so the frame
//! never enters WebAssembly memory, and by serde_json in the native tests and the fuzz target. The
//! few fields the stream rules read (`type`, a pong's `timestamp`, the audio fields) come out of the
//! parsed value into the typed structs below through serde (`serde-wasm-bindgen` in the browser);
//! the chunk itself goes to AI SDK as the value the parser made, untouched.
//!
//! Both sides share this code through two small traits: [`FrameText`] (the frame's string) and
//! [`JsonReader`] (the parser and the typed reads).

use serde::de::{self, DeserializeOwned, IgnoredAny, MapAccess, SeqAccess, Visitor};
use serde::Deserialize;

/// The PCM format assumed for a `data-pcm` chunk that leaves a field out: what ADK's Live API
/// speaks (24 kHz, mono, 16-bit).
pub const DEFAULT_AUDIO_OUT: (u32, u32, u32) = (24_000, 1, 16);

/// A frame's text: `&str` natively, a JS string in the browser. Positions count in the text's own
/// units (bytes, or UTF-16 code units); the markers searched for are ASCII, so cuts next to them
/// are always valid.
pub trait FrameText: Sized {
    fn units(&self) -> usize;
    /// Where the next blank line (`\n\n`) starts, at or after `from`.
    fn find_blank_line(&self, from: usize) -> Option<usize>;
    fn slice(&self, start: usize, end: usize) -> Self;
    fn trim(&self) -> Self;
    /// Whether it starts with `data:` (five units).
    fn is_data(&self) -> bool;
    /// Whether it is exactly `[DONE]`.
    fn is_done(&self) -> bool;
    /// Its first 40 characters, for an error message.
    fn preview(&self) -> String;
}

/// A JSON parser and the typed reads of what it made.
pub trait JsonReader<T> {
    type Value;
    /// Parses `text`; the error is the parser's reason in words.
    fn parse(&self, text: &T) -> Result<Self::Value, String>;
    /// Whether `value` is an object and not an array.
    fn is_object(&self, value: &Self::Value) -> bool;
    /// The fields of `F` read from `value`; `None` when they do not fit `F`.
    fn read<F: DeserializeOwned>(&self, value: &Self::Value) -> Option<F>;
}

/// One server event. `V` is the parsed chunk (a JS value in the browser).
#[derive(Clone, Debug, PartialEq)]
pub enum Incoming<V> {
    /// An AI SDK UI message chunk, passed on unchanged; `chunk_type` is its `type`.
    Chunk { value: V, chunk_type: String },
    /// `data: [DONE]`: the end of the current response.
    Done,
    /// The answer to a ping: the ping's own `timestamp` (ms) echoed back.
    Pong { timestamp: u64 },
    /// A `data-pcm` chunk: audio for the audio callback, never for the message stream.
    Audio(Audio),
    /// Anything else: reported and skipped.
    Malformed(Malformed),
}

/// The audio of a `data-pcm` chunk, with [`DEFAULT_AUDIO_OUT`] filling absent fields.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Audio {
    /// Base64 PCM, as sent.
    pub content: String,
    pub sample_rate: u32,
    pub channels: u32,
    pub bit_depth: u32,
}

/// Why a frame was skipped; [`Malformed::describe`] says it in words for the error callback.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Malformed {
    /// The payload after `data: ` is not JSON; holds the parser's reason.
    BadJson(String),
    /// The payload is JSON but not an object.
    NotAnObject,
    /// The payload is an object without a string `type`.
    NoType,
    /// A `data-pcm` chunk without a base64 `content` string.
    AudioWithoutContent,
    /// A pong whose `timestamp` is not a non-negative number.
    PongWithoutTimestamp,
    /// A text frame that is neither `data: …` nor a pong; holds its first characters.
    UnknownFrame(String),
    /// A frame with nothing in it.
    Empty,
    /// A binary frame (the protocol has none from the server); holds its size.
    Binary(usize),
}

impl Malformed {
    pub fn describe(&self) -> String {
        match self {
            Malformed::BadJson(reason) => {
                let reason: String = reason.chars().take(200).collect();
                format!("the chunk after 'data: ' is not JSON ({reason})")
            }
            Malformed::NotAnObject => {
                "the chunk after 'data: ' is JSON but not an object".to_string()
            }
            Malformed::NoType => "the chunk has no string `type`".to_string(),
            Malformed::AudioWithoutContent => {
                "a data-pcm chunk has no base64 `content` string".to_string()
            }
            Malformed::PongWithoutTimestamp => {
                "a pong has no non-negative numeric `timestamp`".to_string()
            }
            Malformed::UnknownFrame(start) => format!(
                "a text frame starts with '{start}'; expected 'data: <chunk JSON>', 'data: [DONE]' \
                 or {{\"type\":\"pong\",\"timestamp\":N}}"
            ),
            Malformed::Empty => "an empty text frame".to_string(),
            Malformed::Binary(bytes) => {
                format!("a binary frame of {bytes} bytes; the server sends text frames only")
            }
        }
    }
}

/// One event of a frame, before its JSON is read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Event<T> {
    /// `data: [DONE]`.
    Done,
    /// The payload after `data:`, trimmed.
    Data(T),
    /// An event without `data:` (only a pong may be one).
    Bare(T),
}

/// Calls `each` with the events of `frame`, in order; `false` when it holds none.
pub fn for_each_event<T: FrameText>(frame: &T, mut each: impl FnMut(Event<T>)) -> bool {
    let units = frame.units();
    let mut from = 0;
    let mut any = false;
    while from < units {
        let end = frame.find_blank_line(from).unwrap_or(units);
        let event = frame.slice(from, end).trim();
        from = end + 2;
        if event.units() == 0 {
            continue;
        }
        any = true;
        if !event.is_data() {
            each(Event::Bare(event));
            continue;
        }
        let payload = event.slice(5, event.units()).trim();
        each(if payload.is_done() {
            Event::Done
        } else {
            Event::Data(payload)
        });
    }
    any
}

/// The fields every chunk is read for.
#[derive(Deserialize)]
struct Head {
    #[serde(rename = "type")]
    kind: String,
}

#[derive(Deserialize)]
struct PongFields {
    timestamp: f64,
}

#[derive(Deserialize)]
struct PcmContent {
    content: String,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct PcmFormat {
    sample_rate: Option<Count>,
    channels: Option<Count>,
    bit_depth: Option<Count>,
}

/// AI SDK data chunks carry their payload in `data`; a flat chunk is read too.
#[derive(Deserialize)]
struct Nested<F> {
    data: F,
}

/// What an event is, its JSON parsed once by `json`.
pub fn classify<T: FrameText, J: JsonReader<T>>(json: &J, event: Event<T>) -> Incoming<J::Value> {
    match event {
        Event::Done => Incoming::Done,
        Event::Data(payload) => classify_data(json, &payload),
        Event::Bare(text) => classify_bare(json, &text),
    }
}

fn classify_data<T, J: JsonReader<T>>(json: &J, payload: &T) -> Incoming<J::Value> {
    let value = match json.parse(payload) {
        Ok(value) => value,
        Err(reason) => return Incoming::Malformed(Malformed::BadJson(reason)),
    };
    if !json.is_object(&value) {
        return Incoming::Malformed(Malformed::NotAnObject);
    }
    let Some(Head { kind }) = json.read::<Head>(&value) else {
        return Incoming::Malformed(Malformed::NoType);
    };
    match kind.as_str() {
        "data-pcm" => audio(json, &value),
        // A pong belongs outside `data:`, but one inside it is still a pong, not a chunk.
        "pong" => pong(json, &value),
        _ => Incoming::Chunk {
            value,
            chunk_type: kind,
        },
    }
}

/// An event without `data:` can only be a pong.
fn classify_bare<T: FrameText, J: JsonReader<T>>(json: &J, text: &T) -> Incoming<J::Value> {
    if let Ok(value) = json.parse(text) {
        if json.is_object(&value)
            && json
                .read::<Head>(&value)
                .is_some_and(|head| head.kind == "pong")
        {
            return pong(json, &value);
        }
    }
    Incoming::Malformed(Malformed::UnknownFrame(text.preview()))
}

fn pong<T, J: JsonReader<T>>(json: &J, value: &J::Value) -> Incoming<J::Value> {
    match json.read::<PongFields>(value) {
        Some(PongFields { timestamp }) if timestamp >= 0.0 && timestamp.is_finite() => {
            Incoming::Pong {
                timestamp: timestamp as u64,
            }
        }
        _ => Incoming::Malformed(Malformed::PongWithoutTimestamp),
    }
}

fn audio<T, J: JsonReader<T>>(json: &J, value: &J::Value) -> Incoming<J::Value> {
    let content = json
        .read::<Nested<PcmContent>>(value)
        .map(|n| n.data)
        .or_else(|| json.read::<PcmContent>(value));
    let Some(PcmContent { content }) = content else {
        return Incoming::Malformed(Malformed::AudioWithoutContent);
    };
    let nested = json.read::<Nested<PcmFormat>>(value).map(|n| n.data);
    let flat = json.read::<PcmFormat>(value);
    let field = |pick: fn(&PcmFormat) -> Option<Count>, default: u32| {
        [&nested, &flat]
            .into_iter()
            .flatten()
            .find_map(|format| pick(format).and_then(|count| count.0))
            .unwrap_or(default)
    };
    let (rate, channels, depth) = DEFAULT_AUDIO_OUT;
    Incoming::Audio(Audio {
        content,
        sample_rate: field(|f| f.sample_rate, rate),
        channels: field(|f| f.channels, channels),
        bit_depth: field(|f| f.bit_depth, depth),
    })
}

/// An audio format field: a positive whole number that fits `u32`, or `None` for anything else
/// (the default then applies), so one odd field never costs the audio.
#[derive(Clone, Copy, Debug)]
struct Count(Option<u32>);

impl<'de> Deserialize<'de> for Count {
    fn deserialize<D: de::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_any(CountVisitor)
    }
}

struct CountVisitor;

impl<'de> Visitor<'de> for CountVisitor {
    type Value = Count;

    fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("any JSON value")
    }

    fn visit_u64<E>(self, n: u64) -> Result<Count, E> {
        Ok(Count(u32::try_from(n).ok().filter(|n| *n > 0)))
    }

    fn visit_i64<E>(self, n: i64) -> Result<Count, E> {
        Ok(Count(u32::try_from(n).ok().filter(|n| *n > 0)))
    }

    fn visit_f64<E>(self, n: f64) -> Result<Count, E> {
        let whole = n.fract() == 0.0 && n >= 1.0 && n <= f64::from(u32::MAX);
        Ok(Count(whole.then_some(n as u32)))
    }

    fn visit_str<E>(self, _: &str) -> Result<Count, E> {
        Ok(Count(None))
    }

    fn visit_bool<E>(self, _: bool) -> Result<Count, E> {
        Ok(Count(None))
    }

    fn visit_unit<E>(self) -> Result<Count, E> {
        Ok(Count(None))
    }

    fn visit_none<E>(self) -> Result<Count, E> {
        Ok(Count(None))
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Count, A::Error> {
        while map.next_entry::<IgnoredAny, IgnoredAny>()?.is_some() {}
        Ok(Count(None))
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Count, A::Error> {
        while seq.next_element::<IgnoredAny>()?.is_some() {}
        Ok(Count(None))
    }
}

impl FrameText for &str {
    fn units(&self) -> usize {
        self.len()
    }

    /// A byte loop rather than `str::find`, whose substring searcher costs more `.wasm` than this.
    fn find_blank_line(&self, from: usize) -> Option<usize> {
        let bytes = self.as_bytes();
        (from..bytes.len().saturating_sub(1)).find(|&i| bytes[i] == b'\n' && bytes[i + 1] == b'\n')
    }

    fn slice(&self, start: usize, end: usize) -> Self {
        self.get(start..end).unwrap_or_default()
    }

    fn trim(&self) -> Self {
        str::trim(self)
    }

    fn is_data(&self) -> bool {
        self.starts_with("data:")
    }

    fn is_done(&self) -> bool {
        *self == "[DONE]"
    }

    fn preview(&self) -> String {
        self.chars().take(40).collect()
    }
}

#[cfg(test)]
mod tests;
