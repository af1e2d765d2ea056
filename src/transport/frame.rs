//! The BIDI frame codec of SPEC §5, in plain Rust: what an incoming text frame is, and the exact
//! text of every outgoing frame. No JS types here; `bidi.rs` does the socket work.

use std::borrow::Cow;

use super::json::{self, Field, JsonError};

/// The protocol version every client frame carries.
pub const VERSION: &str = "1.0";

/// The PCM format assumed for a `data-pcm` chunk that leaves a field out: what ADK's Live API
/// speaks (24 kHz, mono, 16-bit).
pub const DEFAULT_AUDIO_OUT: (u32, u32, u32) = (24_000, 1, 16);

/// One server event. A text frame normally holds one (`data: …\n\n`); a frame holding several SSE
/// events yields each in order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Incoming<'a> {
    /// An AI SDK UI message chunk: `json` is its text exactly as sent (to be parsed and passed on
    /// unchanged), `chunk_type` its `type`.
    Chunk {
        json: &'a str,
        chunk_type: Cow<'a, str>,
    },
    /// `data: [DONE]`: the end of the current response.
    Done,
    /// The answer to a ping: the ping's own `timestamp` (ms) echoed back.
    Pong { timestamp: u64 },
    /// A `data-pcm` chunk: audio for the audio callback, never for the message stream.
    Audio(Audio<'a>),
    /// Anything else: reported and skipped.
    Malformed(Malformed),
}

/// The audio of a `data-pcm` chunk, with [`DEFAULT_AUDIO_OUT`] filling absent fields.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Audio<'a> {
    /// Base64 PCM, as sent.
    pub content: Cow<'a, str>,
    pub sample_rate: u32,
    pub channels: u32,
    pub bit_depth: u32,
}

/// Why a frame was skipped; [`Malformed::describe`] says it in words for the error callback.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Malformed {
    /// The payload after `data: ` is not JSON.
    BadJson(JsonError),
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
            Malformed::BadJson(e) => {
                format!(
                    "the chunk after 'data: ' is not JSON (at byte {}: expected {})",
                    e.offset, e.expected
                )
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

/// The events of one incoming text frame, in order.
pub fn incoming(frame: &str) -> Vec<Incoming<'_>> {
    let mut events = Vec::new();
    let mut rest = frame;
    while !rest.is_empty() {
        let (event, after) = split_event(rest);
        let event = event.trim();
        if !event.is_empty() {
            events.push(classify_event(event));
        }
        rest = after;
    }
    if events.is_empty() {
        events.push(Incoming::Malformed(Malformed::Empty));
    }
    events
}

/// `text` cut at its first blank line (`\n\n`): the event before it, the rest after it. A byte
/// loop rather than `str::split`, whose substring searcher costs more `.wasm` than this whole codec.
fn split_event(text: &str) -> (&str, &str) {
    let bytes = text.as_bytes();
    let mut i = 0;
    while i + 1 < bytes.len() {
        if bytes[i] == b'\n' && bytes[i + 1] == b'\n' {
            // Both cuts sit next to ASCII newlines, so they are char boundaries.
            return (
                text.get(..i).unwrap_or_default(),
                text.get(i + 2..).unwrap_or_default(),
            );
        }
        i += 1;
    }
    (text, "")
}

fn classify_event(event: &str) -> Incoming<'_> {
    match event.strip_prefix("data:") {
        Some(payload) => classify_data(payload.strip_prefix(' ').unwrap_or(payload).trim()),
        None => classify_bare(event),
    }
}

fn classify_data(payload: &str) -> Incoming<'_> {
    if payload == "[DONE]" {
        return Incoming::Done;
    }
    let fields = match json::object_fields(payload) {
        Err(e) => return Incoming::Malformed(Malformed::BadJson(e)),
        Ok(None) => return Incoming::Malformed(Malformed::NotAnObject),
        Ok(Some(fields)) => fields,
    };
    let Some(chunk_type) = json::field(&fields, "type").and_then(json::string_value) else {
        return Incoming::Malformed(Malformed::NoType);
    };
    match chunk_type.as_ref() {
        "data-pcm" => audio(&fields),
        // A pong belongs outside `data:`, but one inside it is still a pong, not a chunk.
        "pong" => pong(&fields),
        _ => Incoming::Chunk {
            json: payload,
            chunk_type,
        },
    }
}

/// A frame without `data:` can only be a pong.
fn classify_bare(event: &str) -> Incoming<'_> {
    if let Ok(Some(fields)) = json::object_fields(event) {
        if json::field(&fields, "type")
            .and_then(json::string_value)
            .as_deref()
            == Some("pong")
        {
            return pong(&fields);
        }
    }
    Incoming::Malformed(Malformed::UnknownFrame(event.chars().take(40).collect()))
}

fn pong(fields: &[Field<'_>]) -> Incoming<'static> {
    match json::field(fields, "timestamp").and_then(json::unsigned_value) {
        Some(timestamp) => Incoming::Pong { timestamp },
        None => Incoming::Malformed(Malformed::PongWithoutTimestamp),
    }
}

/// AI SDK data chunks carry their payload in `data`; a flat chunk is read too.
fn audio<'a>(fields: &[Field<'a>]) -> Incoming<'a> {
    let nested =
        json::field(fields, "data").and_then(|data| json::object_fields(data).ok().flatten());
    let read = |name: &str| {
        nested
            .as_deref()
            .and_then(|n| json::field(n, name))
            .or_else(|| json::field(fields, name))
    };
    let Some(content) = read("content").and_then(json::string_value) else {
        return Incoming::Malformed(Malformed::AudioWithoutContent);
    };
    let number = |name: &str, default: u32| {
        read(name)
            .and_then(json::unsigned_value)
            .and_then(|n| u32::try_from(n).ok())
            .filter(|n| *n > 0)
            .unwrap_or(default)
    };
    let (rate, channels, depth) = DEFAULT_AUDIO_OUT;
    Incoming::Audio(Audio {
        content,
        sample_rate: number("sampleRate", rate),
        channels: number("channels", channels),
        bit_depth: number("bitDepth", depth),
    })
}

/// `trigger` of a `message` frame.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Trigger {
    SubmitMessage,
    RegenerateMessage,
}

impl Trigger {
    pub fn parse(text: &str) -> Option<Trigger> {
        match text {
            "submit-message" => Some(Trigger::SubmitMessage),
            "regenerate-message" => Some(Trigger::RegenerateMessage),
            _ => None,
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Trigger::SubmitMessage => "submit-message",
            Trigger::RegenerateMessage => "regenerate-message",
        }
    }
}

/// `reason` of an `interrupt` frame.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum InterruptReason {
    UserAbort,
    Timeout,
    Error,
}

impl InterruptReason {
    pub fn parse(text: &str) -> Option<InterruptReason> {
        match text {
            "user_abort" => Some(InterruptReason::UserAbort),
            "timeout" => Some(InterruptReason::Timeout),
            "error" => Some(InterruptReason::Error),
            _ => None,
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            InterruptReason::UserAbort => "user_abort",
            InterruptReason::Timeout => "timeout",
            InterruptReason::Error => "error",
        }
    }
}

/// `action` of an `audio_control` frame.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AudioAction {
    Start,
    Stop,
}

impl AudioAction {
    pub fn parse(text: &str) -> Option<AudioAction> {
        match text {
            "start" => Some(AudioAction::Start),
            "stop" => Some(AudioAction::Stop),
            _ => None,
        }
    }
}

/// `{"type":…,"version":"1.0","timestamp":…` — every client frame starts so; the caller adds its
/// fields and the closing brace.
fn open(frame_type: &str, timestamp: u64) -> String {
    format!("{{\"type\":\"{frame_type}\",\"version\":\"{VERSION}\",\"timestamp\":{timestamp}")
}

/// The `message` frame cut around its `messages` value, so the caller can splice in the history's
/// `JSON.stringify` text without copying it: `head + messages_json + tail`.
pub fn message_frame_parts(
    timestamp: u64,
    chat_id: &str,
    trigger: Trigger,
    message_id: Option<&str>,
) -> (String, String) {
    let mut head = open("message", timestamp);
    head.push_str(",\"id\":");
    json::push_string(&mut head, chat_id);
    head.push_str(",\"messages\":");
    let mut tail = format!(",\"trigger\":\"{}\"", trigger.as_str());
    if let Some(id) = message_id {
        tail.push_str(",\"messageId\":");
        json::push_string(&mut tail, id);
    }
    tail.push('}');
    (head, tail)
}

/// The whole `message` frame (tests and small histories).
pub fn message_frame(
    timestamp: u64,
    chat_id: &str,
    messages_json: &str,
    trigger: Trigger,
    message_id: Option<&str>,
) -> String {
    let (head, tail) = message_frame_parts(timestamp, chat_id, trigger, message_id);
    format!("{head}{messages_json}{tail}")
}

/// `tool_result` (Pattern B): `result_json` is the result's `JSON.stringify` text.
pub fn tool_result_frame(timestamp: u64, tool_call_id: &str, result_json: &str) -> String {
    let mut frame = open("tool_result", timestamp);
    frame.push_str(",\"toolCallId\":");
    json::push_string(&mut frame, tool_call_id);
    frame.push_str(",\"result\":");
    frame.push_str(result_json);
    frame.push('}');
    frame
}

pub fn interrupt_frame(timestamp: u64, reason: Option<InterruptReason>) -> String {
    let mut frame = open("interrupt", timestamp);
    if let Some(reason) = reason {
        frame.push_str(",\"reason\":\"");
        frame.push_str(reason.as_str());
        frame.push('"');
    }
    frame.push('}');
    frame
}

/// Exactly `{type, version, timestamp}`: the server echoes the timestamp in its pong.
pub fn ping_frame(timestamp: u64) -> String {
    open("ping", timestamp) + "}"
}

pub fn audio_control_frame(timestamp: u64, action: AudioAction) -> String {
    let action = match action {
        AudioAction::Start => "start",
        AudioAction::Stop => "stop",
    };
    open("audio_control", timestamp) + ",\"action\":\"" + action + "\"}"
}

/// `audio_chunk`: `chunk` must already be base64 (see [`is_base64`], [`base64`]).
pub fn audio_chunk_frame(
    timestamp: u64,
    chunk: &str,
    sample_rate: u32,
    channels: u32,
    bit_depth: u32,
) -> String {
    let mut frame = open("audio_chunk", timestamp);
    frame.reserve(chunk.len() + 64);
    frame.push_str(",\"chunk\":\"");
    frame.push_str(chunk);
    frame.push_str(&format!(
        "\",\"sampleRate\":{sample_rate},\"channels\":{channels},\"bitDepth\":{bit_depth}}}"
    ));
    frame
}

/// Standard base64 with padding, for PCM handed over as bytes.
pub fn base64(bytes: &[u8]) -> String {
    const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for group in bytes.chunks(3) {
        let n = group
            .iter()
            .enumerate()
            .fold(0u32, |n, (i, b)| n | u32::from(*b) << (16 - 8 * i));
        for i in 0..4 {
            if i <= group.len() {
                out.push(ALPHABET[(n >> (18 - 6 * i) & 63) as usize] as char);
            } else {
                out.push('=');
            }
        }
    }
    out
}

/// Whether `text` is standard padded base64 (what `chunk` must be; it goes into the frame as is).
pub fn is_base64(text: &str) -> bool {
    let body = text.trim_end_matches('=');
    text.len() % 4 == 0
        && text.len() - body.len() <= 2
        && body
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'+' || b == b'/')
}

#[cfg(test)]
mod tests {
    use super::*;

    fn chunk<'a>(json: &'a str, chunk_type: &'static str) -> Incoming<'a> {
        Incoming::Chunk {
            json,
            chunk_type: Cow::Borrowed(chunk_type),
        }
    }

    #[test]
    fn rule_data_chunk_is_passed_on_unchanged() {
        let frame = "data: {\"type\": \"text-delta\", \"id\": \"t\", \"delta\": \"\\u6b21\"}\n\n";
        assert_eq!(
            incoming(frame),
            vec![chunk(
                "{\"type\": \"text-delta\", \"id\": \"t\", \"delta\": \"\\u6b21\"}",
                "text-delta"
            )]
        );
    }

    #[test]
    fn rule_done_ends_the_response() {
        assert_eq!(incoming("data: [DONE]\n\n"), vec![Incoming::Done]);
        // Without the blank line, or without the space after `data:`, it is still [DONE].
        assert_eq!(incoming("data:[DONE]"), vec![Incoming::Done]);
    }

    #[test]
    fn rule_pong_without_data_prefix_gives_its_timestamp() {
        assert_eq!(
            incoming("{\"type\":\"pong\",\"timestamp\":1700000000123}"),
            vec![Incoming::Pong {
                timestamp: 1_700_000_000_123
            }]
        );
        assert_eq!(
            incoming("{\"type\":\"pong\"}"),
            vec![Incoming::Malformed(Malformed::PongWithoutTimestamp)]
        );
    }

    #[test]
    fn rule_data_pcm_goes_to_audio_not_to_the_stream() {
        let nested = "data: {\"type\":\"data-pcm\",\"data\":{\"content\":\"AAEC\",\"sampleRate\":16000,\"channels\":2,\"bitDepth\":16}}\n\n";
        assert_eq!(
            incoming(nested),
            vec![Incoming::Audio(Audio {
                content: Cow::Borrowed("AAEC"),
                sample_rate: 16_000,
                channels: 2,
                bit_depth: 16
            })]
        );
        let flat = "data: {\"type\":\"data-pcm\",\"content\":\"AAEC\"}\n\n";
        assert_eq!(
            incoming(flat),
            vec![Incoming::Audio(Audio {
                content: Cow::Borrowed("AAEC"),
                sample_rate: 24_000,
                channels: 1,
                bit_depth: 16
            })]
        );
        assert_eq!(
            incoming("data: {\"type\":\"data-pcm\",\"data\":{}}\n\n"),
            vec![Incoming::Malformed(Malformed::AudioWithoutContent)]
        );
    }

    #[test]
    fn rule_bad_json_is_malformed_and_says_where() {
        let events = incoming("data: {\"type\": \"text-delta\", \"delta\": }\n\n");
        let [Incoming::Malformed(Malformed::BadJson(e))] = events.as_slice() else {
            panic!("{events:?}");
        };
        assert_eq!((e.offset, e.expected), (32, "a JSON value"));
        assert!(Malformed::BadJson(*e).describe().contains("at byte 32"));
    }

    #[test]
    fn rule_unknown_shape_is_malformed() {
        assert_eq!(
            incoming("data: [1,2]\n\n"),
            vec![Incoming::Malformed(Malformed::NotAnObject)]
        );
        assert_eq!(
            incoming("data: {\"id\":1}\n\n"),
            vec![Incoming::Malformed(Malformed::NoType)]
        );
        assert_eq!(
            incoming("data: {\"type\":7}\n\n"),
            vec![Incoming::Malformed(Malformed::NoType)]
        );
        assert_eq!(
            incoming("event: hello"),
            vec![Incoming::Malformed(Malformed::UnknownFrame(
                "event: hello".into()
            ))]
        );
        assert_eq!(
            incoming("{\"type\":\"start\"}"),
            vec![Incoming::Malformed(Malformed::UnknownFrame(
                "{\"type\":\"start\"}".into()
            ))]
        );
        assert_eq!(
            incoming("\n\n"),
            vec![Incoming::Malformed(Malformed::Empty)]
        );
    }

    #[test]
    fn rule_several_events_in_one_frame_come_out_in_order() {
        let frame = "data: {\"type\":\"start\"}\n\ndata: {\"type\":\"finish\"}\n\ndata: [DONE]\n\n";
        assert_eq!(
            incoming(frame),
            vec![
                chunk("{\"type\":\"start\"}", "start"),
                chunk("{\"type\":\"finish\"}", "finish"),
                Incoming::Done
            ]
        );
    }

    #[test]
    fn rule_message_frame_carries_the_history_verbatim_and_omits_an_undefined_message_id() {
        let history =
            r#"[{"id":"m1","role":"user","parts":[{"type":"text","text":"hi \"you\""}]}]"#;
        assert_eq!(
            message_frame(
                1700000000000,
                "chat-\"1\"",
                history,
                Trigger::SubmitMessage,
                None
            ),
            format!(
                "{{\"type\":\"message\",\"version\":\"1.0\",\"timestamp\":1700000000000,\
                 \"id\":\"chat-\\\"1\\\"\",\"messages\":{history},\"trigger\":\"submit-message\"}}"
            )
        );
        let frame = message_frame(5, "c", "[]", Trigger::RegenerateMessage, Some("m2"));
        assert!(
            frame.ends_with(",\"trigger\":\"regenerate-message\",\"messageId\":\"m2\"}"),
            "{frame}"
        );
        assert_eq!(json::validate(&frame), Ok(()));
    }

    #[test]
    fn rule_tool_result_carries_the_call_id_and_the_result_object() {
        assert_eq!(
            tool_result_frame(7, "call-1", "{\"latitude\":1.5}"),
            "{\"type\":\"tool_result\",\"version\":\"1.0\",\"timestamp\":7,\"toolCallId\":\"call-1\",\
             \"result\":{\"latitude\":1.5}}"
        );
    }

    #[test]
    fn rule_interrupt_carries_an_optional_reason() {
        assert_eq!(
            interrupt_frame(7, Some(InterruptReason::UserAbort)),
            "{\"type\":\"interrupt\",\"version\":\"1.0\",\"timestamp\":7,\"reason\":\"user_abort\"}"
        );
        assert_eq!(
            interrupt_frame(7, None),
            "{\"type\":\"interrupt\",\"version\":\"1.0\",\"timestamp\":7}"
        );
        assert_eq!(
            InterruptReason::parse("timeout"),
            Some(InterruptReason::Timeout)
        );
        assert_eq!(InterruptReason::parse("stop"), None);
    }

    #[test]
    fn rule_ping_is_exactly_type_version_timestamp() {
        assert_eq!(
            ping_frame(42),
            "{\"type\":\"ping\",\"version\":\"1.0\",\"timestamp\":42}"
        );
    }

    #[test]
    fn rule_audio_control_and_audio_chunk_frames() {
        assert_eq!(
            audio_control_frame(1, AudioAction::Stop),
            "{\"type\":\"audio_control\",\"version\":\"1.0\",\"timestamp\":1,\"action\":\"stop\"}"
        );
        assert_eq!(
            audio_chunk_frame(1, "AAEC", 16000, 1, 16),
            "{\"type\":\"audio_chunk\",\"version\":\"1.0\",\"timestamp\":1,\"chunk\":\"AAEC\",\
             \"sampleRate\":16000,\"channels\":1,\"bitDepth\":16}"
        );
    }

    #[test]
    fn base64_matches_the_standard_alphabet_with_padding() {
        assert_eq!(base64(b""), "");
        assert_eq!(base64(b"f"), "Zg==");
        assert_eq!(base64(b"fo"), "Zm8=");
        assert_eq!(base64(b"foo"), "Zm9v");
        assert_eq!(base64(&[0xfb, 0xff, 0xfe]), "+//+");
        assert!(is_base64("Zm8=") && is_base64("") && is_base64("+//+"));
        assert!(!is_base64("Zm8") && !is_base64("Zm8=a===") && !is_base64("Z m9"));
    }
}
