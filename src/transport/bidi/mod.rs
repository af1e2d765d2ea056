//! `BidiTransport`: AI SDK's `ChatTransport` over one WebSocket (SPEC §5), exported to JS.
//!
//! - [`options`]: the options and the checks of request fields;
//! - [`state`]: the state and [`state::run`], the one door into it;
//! - [`socket`]: the socket, ping and liveness; its events come through `events_web_sys.rs`
//!   (or, for the measured A/B only, `events_gloo_net.rs`);
//! - [`response`]: the response-stream state machine;
//! - [`stream`]: the `ReadableStream` adapter;
//! - [`fields`]: the typed fields of a parsed frame, read from its JS value;
//! - [`js`]: the JS edge (errors, field reads, the frame's JS string and `JSON.parse`).
//!
//! This file is the JS surface: each method checks its arguments and hands over to the state.

mod fields;
mod js;
mod options;
mod response;
mod socket;
mod state;
mod stream;

use std::cell::RefCell;
use std::rc::Rc;

use js_sys::{Array, ArrayBuffer, Promise, Uint8Array, JSON};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{AbortSignal, WebSocket};

use self::js::{
    abort_error, deferred, describe_js_error, get, invalid, timestamp, transport_error, type_name,
};
use self::options::{optional_count, optional_signal, Config};
use self::state::{run, Buffered, Outgoing, Pending, Response, State};
use super::error::TransportError;
use super::frame::{self, AudioAction, InterruptReason, Trigger};
use crate::boundary::optional_string;

/// The PCM format assumed for `sendAudioChunk` fields left out: what ADK's Live API takes in.
const DEFAULT_AUDIO_IN: (u32, u32, u32) = (16_000, 1, 16);

/// AI SDK's `ChatTransport` over one WebSocket per chat (SPEC §5). See `js/transport.d.ts`.
#[wasm_bindgen]
pub struct BidiTransport {
    state: Rc<RefCell<State>>,
}

#[wasm_bindgen]
impl BidiTransport {
    /// `options`: `{url, connectTimeoutMs?, approvalTimeoutMs?, pingIntervalMs?,
    /// livenessTimeoutMs?, abortTailTimeoutMs?, onLatency?, onAudio?, onError?,
    /// onBufferedChunks?}`. Nothing connects until the first request.
    #[wasm_bindgen(constructor)]
    pub fn new(options: JsValue) -> Result<BidiTransport, JsValue> {
        let config = Config::read(&options)?;
        let state = Rc::new_cyclic(|me| RefCell::new(State::new(me.clone(), config)));
        Ok(BidiTransport { state })
    }

    /// `ChatTransport.sendMessages`: sends one `message` frame with the whole history, resolves
    /// with the response stream once it is sent (the socket is opened or reopened as needed).
    #[wasm_bindgen(js_name = sendMessages)]
    pub fn send_messages(&self, options: JsValue) -> Promise {
        match self.prepare_send(&options) {
            Ok((message, signal)) => self.start_send(message, signal),
            Err(error) => Promise::reject(&error),
        }
    }

    fn prepare_send(&self, options: &JsValue) -> Result<(Outgoing, Option<AbortSignal>), JsValue> {
        const F: &str = "BidiTransport.sendMessages";
        if !options.is_object() {
            return Err(invalid(
                F,
                format!("the options are {}", type_name(options)),
                "{chatId, messages, trigger, messageId?, abortSignal?}",
            ));
        }
        let chat_id = get(F, options, "chatId")?;
        let Some(chat_id) = chat_id.as_string() else {
            return Err(invalid(
                F,
                format!("`chatId` is {}", type_name(&chat_id)),
                "a string",
            ));
        };
        let messages = get(F, options, "messages")?;
        if !Array::is_array(&messages) {
            return Err(invalid(
                F,
                format!("`messages` is {}", type_name(&messages)),
                "the array of UI messages",
            ));
        }
        let trigger = get(F, options, "trigger")?;
        let Some(trigger) = trigger.as_string().as_deref().and_then(Trigger::parse) else {
            return Err(invalid(
                F,
                format!("`trigger` is {}", type_name(&trigger)),
                "'submit-message' or 'regenerate-message'",
            ));
        };
        let message_id = optional_string(F, options, "messageId", "a string or undefined")?;
        let signal = optional_signal(F, options)?;
        let messages = JSON::stringify(&messages).map_err(|e| {
            invalid(
                F,
                format!("JSON.stringify(messages) threw: {}", describe_js_error(&e)),
                "messages that JSON can carry (no cycles, no BigInt)",
            )
        })?;
        let (head, tail) =
            frame::message_frame_parts(timestamp(), &chat_id, trigger, message_id.as_deref());
        Ok((
            Outgoing {
                head,
                messages,
                tail,
            },
            signal,
        ))
    }

    fn start_send(&self, message: Outgoing, signal: Option<AbortSignal>) -> Promise {
        if let Some(signal) = signal.as_ref().filter(|s| s.aborted()) {
            let reason = signal.reason();
            return Promise::reject(&if reason.is_undefined() {
                abort_error()
            } else {
                reason
            });
        }
        let Some((promise, resolve, reject)) = deferred() else {
            return Promise::reject(&JsValue::from_str("no Promise executor"));
        };
        let me = Rc::downgrade(&self.state);
        run(&me, |state, effects| {
            let id = state.next_id();
            let abort = signal.as_ref().map(|signal| state.watch_abort(signal, id));
            let pending = Pending {
                id,
                resolve,
                reject,
                message,
                abort,
                signal,
            };
            if let Some(older) = state.pending.take() {
                effects.push((older.reject, transport_error(&TransportError::Superseded)));
            }
            // A socket the backend is closing (its close event not handled yet) takes no request:
            // a new one is opened instead, so the request does not die with the old socket.
            if state
                .socket
                .as_ref()
                .is_some_and(|socket| socket.ws.ready_state() > WebSocket::OPEN)
            {
                state.socket = None;
            }
            if state.open_socket().is_some() {
                state.begin_response(pending, effects);
            } else if state.socket.is_some() {
                state.pending = Some(pending);
            } else if let Err(error) = state.connect() {
                effects.push((pending.reject, transport_error(&error)));
            } else {
                state.pending = Some(pending);
            }
        });
        promise
    }

    /// `ChatTransport.reconnectToStream`: a stream of the chunks that came while no response
    /// stream was open (it stays open for the rest of that response unless it already ended), or
    /// `null` when there are none.
    #[wasm_bindgen(js_name = reconnectToStream)]
    pub fn reconnect_to_stream(&self, options: JsValue) -> Promise {
        const F: &str = "BidiTransport.reconnectToStream";
        let signal = if options.is_undefined() || options.is_null() {
            None
        } else {
            match optional_signal(F, &options) {
                Ok(signal) => signal,
                Err(error) => return Promise::reject(&error),
            }
        };
        let me = Rc::downgrade(&self.state);
        let outcome = run(&me, |state, _| {
            let has_chunks = state.buffer.iter().any(|b| matches!(b, Buffered::Chunk(_)));
            if state.response.is_some() || !has_chunks {
                return Ok(JsValue::NULL);
            }
            let id = state.next_id();
            let (readable, stream) = state.new_stream(id)?;
            let (chunks, ended) = state.drain_buffer();
            for chunk in &chunks {
                stream.enqueue(chunk);
            }
            if ended {
                stream.close();
            } else {
                let abort = signal.as_ref().map(|signal| state.watch_abort(signal, id));
                state.response = Some(Response {
                    id,
                    stream,
                    _abort: abort,
                    approval_timer: None,
                    started: true,
                });
                state.watch_response_liveness();
            }
            Ok(readable.into())
        });
        match outcome {
            Some(Ok(value)) => Promise::resolve(&value),
            Some(Err(error)) => Promise::reject(&error),
            None => Promise::resolve(&JsValue::NULL),
        }
    }

    /// Resumed streams continue where the closed one stopped; they do not replay the response.
    #[wasm_bindgen(getter, js_name = resumeStreamIsReplay)]
    pub fn resume_stream_is_replay(&self) -> bool {
        false
    }

    /// Pattern B: sends a browser tool's output as a `tool_result` frame on the open socket.
    #[wasm_bindgen(js_name = sendToolResult)]
    pub fn send_tool_result(&self, tool_call_id: JsValue, result: JsValue) -> Result<(), JsValue> {
        const F: &str = "BidiTransport.sendToolResult";
        let Some(id) = tool_call_id.as_string().filter(|id| !id.is_empty()) else {
            return Err(invalid(
                F,
                format!("the toolCallId is {}", type_name(&tool_call_id)),
                "the tool part's toolCallId, a non-empty string",
            ));
        };
        if !result.is_object() || Array::is_array(&result) || result.is_function() {
            return Err(invalid(
                F,
                format!("the result is {}", type_name(&result)),
                "an object, such as {latitude, longitude, accuracy, timestamp}",
            ));
        }
        let json = JSON::stringify(&result).map_err(|e| {
            invalid(
                F,
                format!("JSON.stringify(result) threw: {}", describe_js_error(&e)),
                "a result that JSON can carry",
            )
        })?;
        let frame = frame::tool_result_frame(timestamp(), &id, &String::from(json));
        self.send_or_throw("sendToolResult", &frame)
    }

    /// Sends `interrupt` (`reason`: 'user_abort' | 'timeout' | 'error' | undefined). Returns
    /// whether it was sent (`false` when no socket is open: there is nothing to interrupt).
    pub fn interrupt(&self, reason: JsValue) -> Result<bool, JsValue> {
        const F: &str = "BidiTransport.interrupt";
        let reason = if reason.is_undefined() || reason.is_null() {
            None
        } else {
            Some(
                reason
                    .as_string()
                    .as_deref()
                    .and_then(InterruptReason::parse)
                    .ok_or_else(|| {
                        invalid(
                            F,
                            format!("the reason is {}", type_name(&reason)),
                            "'user_abort', 'timeout', 'error' or undefined",
                        )
                    })?,
            )
        };
        let frame = frame::interrupt_frame(timestamp(), reason);
        let me = Rc::downgrade(&self.state);
        match run(&me, |state, _| state.send_frame(&frame)) {
            Some(Ok(sent)) => Ok(sent),
            Some(Err(error)) => Err(transport_error(&error)),
            None => Ok(false),
        }
    }

    /// Sends `audio_control` with `action` 'start' or 'stop'.
    #[wasm_bindgen(js_name = sendAudioControl)]
    pub fn send_audio_control(&self, action: JsValue) -> Result<(), JsValue> {
        let Some(parsed) = action.as_string().as_deref().and_then(AudioAction::parse) else {
            return Err(invalid(
                "BidiTransport.sendAudioControl",
                format!("the action is {}", type_name(&action)),
                "'start' or 'stop'",
            ));
        };
        self.send_or_throw(
            "sendAudioControl",
            &frame::audio_control_frame(timestamp(), parsed),
        )
    }

    /// Sends `audio_chunk`: `{chunk, sampleRate?, channels?, bitDepth?}` where `chunk` is base64
    /// PCM, or the PCM bytes (an ArrayBuffer or a typed array), which are base64-encoded here.
    /// Absent format fields default to 16000 Hz, 1 channel, 16 bits.
    #[wasm_bindgen(js_name = sendAudioChunk)]
    pub fn send_audio_chunk(&self, audio: JsValue) -> Result<(), JsValue> {
        const F: &str = "BidiTransport.sendAudioChunk";
        if !audio.is_object() {
            return Err(invalid(
                F,
                format!("the argument is {}", type_name(&audio)),
                "{chunk, sampleRate?, channels?, bitDepth?}",
            ));
        }
        let chunk = get(F, &audio, "chunk")?;
        let chunk = if let Some(text) = chunk.as_string() {
            if !frame::is_base64(&text) {
                return Err(invalid(
                    F,
                    "`chunk` is a string that is not base64",
                    "base64 PCM or the PCM bytes",
                ));
            }
            text
        } else if let Some(buffer) = chunk.dyn_ref::<ArrayBuffer>() {
            frame::base64(&Uint8Array::new(buffer).to_vec())
        } else if ArrayBuffer::is_view(&chunk) {
            let offset = get(F, &chunk, "byteOffset")?.as_f64().unwrap_or(0.0) as u32;
            let length = get(F, &chunk, "byteLength")?.as_f64().unwrap_or(0.0) as u32;
            let buffer = get(F, &chunk, "buffer")?;
            frame::base64(
                &Uint8Array::new_with_byte_offset_and_length(&buffer, offset, length).to_vec(),
            )
        } else {
            return Err(invalid(
                F,
                format!("`chunk` is {}", type_name(&chunk)),
                "base64 PCM (a string), an ArrayBuffer or a typed array",
            ));
        };
        let (rate, channels, depth) = DEFAULT_AUDIO_IN;
        let sample_rate = optional_count(F, &audio, "sampleRate", rate)?;
        let channels = optional_count(F, &audio, "channels", channels)?;
        let bit_depth = optional_count(F, &audio, "bitDepth", depth)?;
        let frame = frame::audio_chunk_frame(timestamp(), &chunk, sample_rate, channels, bit_depth);
        self.send_or_throw("sendAudioChunk", &frame)
    }

    fn send_or_throw(&self, method: &'static str, frame: &str) -> Result<(), JsValue> {
        let me = Rc::downgrade(&self.state);
        match run(&me, |state, _| state.send_frame(frame)) {
            Some(Ok(true)) => Ok(()),
            Some(Ok(false)) | None => {
                Err(transport_error(&TransportError::NotConnected { method }))
            }
            Some(Err(error)) => Err(transport_error(&error)),
        }
    }

    /// Closes the socket (code 1000). A request in flight fails with an `AdkTransportError`;
    /// buffered chunks stay. The next `sendMessages` opens a new socket.
    pub fn close(&self) {
        let me = Rc::downgrade(&self.state);
        run(&me, |state, effects| {
            state.drop_socket(Some(&TransportError::ClosedByApp), effects);
        });
    }

    /// The last ping round-trip time in milliseconds, `undefined` before the first pong.
    #[wasm_bindgen(getter, js_name = latencyMs)]
    pub fn latency_ms(&self) -> Option<f64> {
        self.state
            .try_borrow()
            .ok()
            .and_then(|state| state.latency_ms)
    }

    /// Whether the socket is open now.
    #[wasm_bindgen(getter)]
    pub fn connected(&self) -> bool {
        self.state
            .try_borrow()
            .is_ok_and(|state| state.open_socket().is_some())
    }
}
