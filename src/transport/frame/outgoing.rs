//! The exact text of every client frame of SPEC §5, in plain Rust (tested natively).

/// The protocol version every client frame carries.
pub const VERSION: &str = "1.0";

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
    push_string(&mut head, chat_id);
    head.push_str(",\"messages\":");
    let mut tail = format!(",\"trigger\":\"{}\"", trigger.as_str());
    if let Some(id) = message_id {
        tail.push_str(",\"messageId\":");
        push_string(&mut tail, id);
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
    push_string(&mut frame, tool_call_id);
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

/// Appends `text` as a JSON string literal, quotes included.
fn push_string(out: &mut String, text: &str) {
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

#[cfg(test)]
mod tests {
    use super::*;

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
        assert!(
            serde_json::from_str::<serde_json::Value>(&frame).is_ok(),
            "{frame}"
        );
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
