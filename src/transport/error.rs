//! The transport's faults as plain data. `bidi.rs` turns each into a JS `Error` whose `name` is
//! [`TransportError::name`], whose `message` is [`TransportError::message`] (what happened and what
//! to check), and whose `kind` is [`TransportError::kind`] for code that reacts to one fault.
//! Bad arguments are not here: they are the library's `AdkInvalidArgumentError`s.

use super::frame::Malformed;

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TransportError {
    /// `new WebSocket(url)` threw (for example a port the browser blocks).
    CannotOpen { url: String, detail: String },
    /// The socket closed before it opened: refused, unreachable, or the handshake failed.
    ConnectFailed {
        url: String,
        code: u16,
        reason: String,
    },
    /// The socket did not open within `connectTimeoutMs`.
    ConnectTimeout { url: String, ms: u32 },
    /// The socket closed while a response was streaming.
    ClosedMidResponse { code: u16, reason: String },
    /// A `tool-approval-request` was followed by nothing for `approvalTimeoutMs`.
    ApprovalTimeout { ms: u32 },
    /// Nothing at all arrived for `livenessTimeoutMs` while a response streamed or a ping waited
    /// for its pong: the network is gone without a close (`silent_ms` is how long it was quiet).
    Liveness { silent_ms: u32, timeout_ms: u32 },
    /// A send method was called without an open socket (nothing was sent).
    NotConnected { method: &'static str },
    /// `WebSocket.send` threw.
    SendFailed { detail: String },
    /// `close()` was called while a request was in flight.
    ClosedByApp,
    /// A newer `sendMessages` replaced this one while both waited for the socket.
    Superseded,
    /// The transport object was freed while a request was in flight.
    Freed,
    /// A frame was skipped (reported to `onError`; the stream goes on).
    MalformedFrame(Malformed),
}

impl TransportError {
    pub fn name(&self) -> &'static str {
        match self {
            TransportError::MalformedFrame(_) => "AdkMalformedFrameError",
            _ => "AdkTransportError",
        }
    }

    /// A stable short tag, also set as the JS error's `kind`.
    pub fn kind(&self) -> &'static str {
        match self {
            TransportError::CannotOpen { .. } => "cannot-open",
            TransportError::ConnectFailed { .. } => "connect-failed",
            TransportError::ConnectTimeout { .. } => "connect-timeout",
            TransportError::ClosedMidResponse { .. } => "closed-mid-response",
            TransportError::ApprovalTimeout { .. } => "approval-timeout",
            TransportError::Liveness { .. } => "liveness",
            TransportError::NotConnected { .. } => "not-connected",
            TransportError::SendFailed { .. } => "send-failed",
            TransportError::ClosedByApp => "closed",
            TransportError::Superseded => "superseded",
            TransportError::Freed => "freed",
            TransportError::MalformedFrame(_) => "malformed-frame",
        }
    }

    pub fn message(&self) -> String {
        match self {
            TransportError::CannotOpen { url, detail } => {
                format!("cannot open a WebSocket to {url}: {detail}")
            }
            TransportError::ConnectFailed { url, code, reason } => format!(
                "the WebSocket to {url} closed before it opened (close code {code}{}): the server \
                 refused the connection, is not running, or rejected the handshake; check the URL and \
                 that the backend is up",
                reason_suffix(reason)
            ),
            TransportError::ConnectTimeout { url, ms } => format!(
                "the WebSocket to {url} did not open within {ms} ms (connectTimeoutMs); the backend \
                 is unreachable or did not answer the handshake"
            ),
            TransportError::ClosedMidResponse { code, reason } => format!(
                "the WebSocket closed before the response ended (close code {code}{}); the next \
                 request reconnects",
                reason_suffix(reason)
            ),
            TransportError::ApprovalTimeout { ms } => format!(
                "the backend sent a tool-approval-request and then nothing within {ms} ms \
                 (approvalTimeoutMs); expected a finish-step or further chunks. An interrupt with \
                 reason 'timeout' was sent"
            ),
            TransportError::Liveness {
                silent_ms,
                timeout_ms,
            } => format!(
                "nothing arrived on the WebSocket for {silent_ms} ms (livenessTimeoutMs is \
                 {timeout_ms}): no chunk and no pong, so the network or the backend is gone without \
                 closing the socket. The socket was closed; the next request reconnects"
            ),
            TransportError::NotConnected { method } => format!(
                "{method}(): the WebSocket is not open, so nothing was sent; send a message first \
                 (sendMessages opens the socket)"
            ),
            TransportError::SendFailed { detail } => {
                format!("the WebSocket refused to send the frame: {detail}")
            }
            TransportError::ClosedByApp => {
                "the transport was closed with close() while this request was in flight".to_string()
            }
            TransportError::Superseded => {
                "a newer sendMessages() call replaced this one before the WebSocket opened"
                    .to_string()
            }
            TransportError::Freed => {
                "the transport was freed while this request was in flight".to_string()
            }
            TransportError::MalformedFrame(malformed) => {
                format!("skipped a malformed frame: {}", malformed.describe())
            }
        }
    }
}

fn reason_suffix(reason: &str) -> String {
    if reason.is_empty() {
        String::new()
    } else {
        format!(", reason '{reason}'")
    }
}

impl std::fmt::Display for TransportError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}: {}", self.name(), self.message())
    }
}

impl std::error::Error for TransportError {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rule_connection_faults_say_what_happened_and_what_to_check() {
        let refused = TransportError::ConnectFailed {
            url: "ws://127.0.0.1:1/live".into(),
            code: 1006,
            reason: String::new(),
        };
        assert_eq!(refused.name(), "AdkTransportError");
        assert_eq!(refused.kind(), "connect-failed");
        assert!(refused.message().contains("ws://127.0.0.1:1/live"));
        assert!(refused.message().contains("close code 1006)"));
        let timeout = TransportError::ConnectTimeout {
            url: "wss://x".into(),
            ms: 30_000,
        };
        assert!(timeout
            .message()
            .contains("within 30000 ms (connectTimeoutMs)"));
        let closed = TransportError::ClosedMidResponse {
            code: 1011,
            reason: "boom".into(),
        };
        assert!(closed.message().contains("close code 1011, reason 'boom'"));
    }

    #[test]
    fn rule_a_silent_network_says_how_long_nothing_arrived() {
        let error = TransportError::Liveness {
            silent_ms: 6012,
            timeout_ms: 6000,
        };
        assert_eq!(error.name(), "AdkTransportError");
        assert_eq!(error.kind(), "liveness");
        assert!(error.message().starts_with(
            "nothing arrived on the WebSocket for 6012 ms (livenessTimeoutMs is 6000)"
        ));
    }

    #[test]
    fn rule_malformed_frames_have_their_own_name() {
        let error = TransportError::MalformedFrame(Malformed::Binary(3));
        assert_eq!(error.name(), "AdkMalformedFrameError");
        assert_eq!(
            error.message(),
            "skipped a malformed frame: a binary frame of 3 bytes; the server sends text frames only"
        );
    }
}
