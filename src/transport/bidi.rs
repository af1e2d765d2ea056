//! `BidiTransport`: AI SDK's `ChatTransport` over one WebSocket (SPEC §5), exported to JS.
//!
//! Everything here is one event-driven state machine, [`State`]. Its events (the socket's open,
//! message and close; the connect, approval and ping timers; abort signals; stream cancels; the JS
//! methods) each go through [`run`], which borrows the state, changes it, and only THEN calls the
//! app's callbacks and settles promises ([`Effects`]), so a callback that calls back into the
//! transport never meets a borrowed state. Nothing here panics (a panic is a trap with the release
//! profile's `panic = "abort"`): every JS call that can throw is a `Result`.
//!
//! Ownership carries the cleanup (RAII): a response owns its approval timer, its abort listener
//! and its cancel callback; a socket owns its handlers, its connect timer and its ping timer.
//! Dropping one clears all of them, so no timer outlives its stream.
//!
//! Why `web-sys`'s `WebSocket` and not gloo-net: the state machine wants the socket's events as
//! they come. gloo-net turns them into a futures `Stream` behind a channel, which would need a
//! spawned task to feed them back into this machine, copies each frame once more, and still leaves
//! the connect timeout and close codes to us: more code and more `.wasm`, not less.
//!
//! Why a hand-made `ReadableStream` and not `wasm-streams`: the socket pushes; `wasm-streams`
//! adapts a pull-based Rust `Stream`, which again needs a channel and a spawned future per
//! response. An underlying source whose `start` hands over the controller is the whole adapter.

use std::cell::RefCell;
use std::rc::{Rc, Weak};

use js_sys::{Array, ArrayBuffer, Function, JsString, Object, Promise, Reflect, Uint8Array, JSON};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{
    AbortSignal, BinaryType, CloseEvent, MessageEvent, ReadableStream,
    ReadableStreamDefaultController, WebSocket,
};

use super::error::TransportError;
use super::frame::{self, AudioAction, Incoming, InterruptReason, Malformed, Trigger};
use super::stream_rules::{ResponseRules, Step};
use crate::boundary::{get, invalid, type_name};

#[wasm_bindgen]
extern "C" {
    // The globals, not `window.*`: they exist in windows, workers and Node alike.
    #[wasm_bindgen(js_name = setTimeout)]
    fn set_timeout(handler: &Function, ms: i32) -> JsValue;
    #[wasm_bindgen(js_name = clearTimeout)]
    fn clear_timeout(id: &JsValue);
    #[wasm_bindgen(js_name = setInterval)]
    fn set_interval(handler: &Function, ms: i32) -> JsValue;
    #[wasm_bindgen(js_name = clearInterval)]
    fn clear_interval(id: &JsValue);

    /// A `WebSocket` seen through a `send` that takes a JS string, so the history
    /// (`JSON.stringify` of the messages) reaches the socket without a copy into WebAssembly
    /// memory and back.
    type StringSocket;
    #[wasm_bindgen(method, catch, js_name = send)]
    fn send(this: &StringSocket, data: &JsString) -> Result<(), JsValue>;
}

const DEFAULT_CONNECT_TIMEOUT_MS: u32 = 30_000;
const DEFAULT_APPROVAL_TIMEOUT_MS: u32 = 60_000;
const DEFAULT_PING_INTERVAL_MS: u32 = 2_000;
/// The PCM format assumed for `sendAudioChunk` fields left out: what ADK's Live API takes in.
const DEFAULT_AUDIO_IN: (u32, u32, u32) = (16_000, 1, 16);
/// `setTimeout` takes a signed 32-bit delay.
const MAX_DELAY_MS: f64 = 2_147_483_647.0;

/// AI SDK's `ChatTransport` over one WebSocket per chat (SPEC §5). See `js/transport.d.ts`.
#[wasm_bindgen]
pub struct BidiTransport {
    state: Rc<RefCell<State>>,
}

struct Config {
    url: String,
    connect_timeout_ms: u32,
    /// 0 disables.
    approval_timeout_ms: u32,
    /// 0 disables.
    ping_interval_ms: u32,
    on_latency: Option<Function>,
    on_audio: Option<Function>,
    on_error: Option<Function>,
    on_buffered_chunks: Option<Function>,
}

struct State {
    /// Handed to every callback this state creates, so none of them keeps it alive.
    me: Weak<RefCell<State>>,
    config: Config,
    /// Ids for sockets and requests, so a late event of an old one is recognised and ignored.
    next_id: u32,
    socket: Option<Socket>,
    /// A `sendMessages` waiting for the socket to open.
    pending: Option<Pending>,
    /// The response stream in progress, if any.
    response: Option<Response>,
    rules: ResponseRules,
    /// Chunks that came while no response stream was open (SPEC §5 "nothing is lost"), and where
    /// their responses ended.
    buffer: Vec<Buffered>,
    /// After an abort, what is left of the aborted response is dropped, up to its end.
    discarding: Discard,
    /// Whether the response stream in progress has had its `start` chunk.
    started: bool,
    latency_ms: Option<f64>,
}

/// What is left of an aborted response (the backend may still be sending it).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Discard {
    Nothing,
    /// The rest of the aborted turn is dropped until it ends (`[DONE]`, or a `finish-step` after
    /// an approval request). A `start` chunk while a newer response waits for its first chunk is
    /// that response's own: the backend dropped the aborted turn, or answered the new message
    /// first; in the latter case the aborted turn's tail is still owed (`TailOwed`).
    Turn,
    /// The aborted turn's tail, if it comes after the newer reply: dropped up to its end. A
    /// `start` means a new turn, so the tail is no longer expected.
    TailOwed,
}

enum Buffered {
    Chunk(JsValue),
    End,
}

struct Socket {
    id: u32,
    ws: WebSocket,
    open: bool,
    connect_timer: Option<Timer>,
    ping_timer: Option<Timer>,
    _on_open: Closure<dyn FnMut(JsValue)>,
    _on_message: Closure<dyn FnMut(MessageEvent)>,
    _on_close: Closure<dyn FnMut(CloseEvent)>,
    /// Does nothing: browsers follow every error with a close, where the transport reacts. It
    /// is there because Node's `ws` (a WebSocket for Node, in tests or server-side rendering)
    /// throws an error event that nobody listens to.
    _on_error: Closure<dyn FnMut(JsValue)>,
}

/// The message frame, split around the history so the history stays a JS string.
struct Outgoing {
    head: String,
    messages: JsString,
    tail: String,
}

struct Pending {
    id: u32,
    resolve: Function,
    reject: Function,
    message: Outgoing,
    abort: Option<AbortWatch>,
}

struct Response {
    id: u32,
    controller: ReadableStreamDefaultController,
    /// Held for its `Drop`: the listener goes when the response does.
    _abort: Option<AbortWatch>,
    approval_timer: Option<Timer>,
    _cancel: Closure<dyn FnMut(JsValue)>,
}

/// A response stream as made: the stream for AI SDK, the controller and cancel callback for us.
struct NewStream {
    stream: ReadableStream,
    controller: ReadableStreamDefaultController,
    cancel: Closure<dyn FnMut(JsValue)>,
}

/// A JS callback to call once the state is no longer borrowed.
type Effects = Vec<(Function, JsValue)>;

/// Borrows the state behind `me`, runs `f`, releases the borrow, then runs the callbacks `f` asked
/// for. A callback that throws does not disturb the transport.
fn run<R>(me: &Weak<RefCell<State>>, f: impl FnOnce(&mut State, &mut Effects) -> R) -> Option<R> {
    let state = me.upgrade()?;
    let mut effects = Effects::new();
    let result = {
        let mut borrowed = state.try_borrow_mut().ok()?;
        f(&mut borrowed, &mut effects)
    };
    for (callback, arg) in effects {
        let _ = callback.call1(&JsValue::UNDEFINED, &arg);
    }
    Some(result)
}

fn now_ms() -> f64 {
    js_sys::Date::now()
}

fn timestamp() -> u64 {
    now_ms() as u64
}

/// The JS `Error` for a transport fault: `name`, `message`, and `kind`.
fn js_transport_error(error: &TransportError) -> JsValue {
    let js = js_sys::Error::new(&error.message());
    js.set_name(error.name());
    let _ = Reflect::set(
        &js,
        &JsValue::from_str("kind"),
        &JsValue::from_str(error.kind()),
    );
    js.into()
}

/// The `message` of a thrown value (an `Error` or a `DOMException`), or the value if a string.
fn describe_js_error(error: &JsValue) -> String {
    error
        .as_string()
        .or_else(|| get("", error, "message").ok().and_then(|m| m.as_string()))
        .unwrap_or_else(|| "an unknown error".to_string())
}

/// A one-shot or repeating JS timer that is cleared when dropped.
struct Timer {
    id: JsValue,
    repeating: bool,
    _callback: Closure<dyn FnMut()>,
}

impl Timer {
    fn once(ms: u32, callback: impl FnMut() + 'static) -> Timer {
        let callback = Closure::<dyn FnMut()>::own_aborting(callback);
        let id = set_timeout(callback.as_ref().unchecked_ref(), ms as i32);
        Timer {
            id,
            repeating: false,
            _callback: callback,
        }
    }

    fn every(ms: u32, callback: impl FnMut() + 'static) -> Timer {
        let callback = Closure::<dyn FnMut()>::own_aborting(callback);
        let id = set_interval(callback.as_ref().unchecked_ref(), ms as i32);
        Timer {
            id,
            repeating: true,
            _callback: callback,
        }
    }
}

impl Drop for Timer {
    fn drop(&mut self) {
        if self.repeating {
            clear_interval(&self.id);
        } else {
            clear_timeout(&self.id);
        }
    }
}

/// An `abort` listener on an `AbortSignal`, removed when dropped.
struct AbortWatch {
    signal: AbortSignal,
    callback: Closure<dyn FnMut(JsValue)>,
}

impl AbortWatch {
    fn new(signal: AbortSignal, me: Weak<RefCell<State>>, id: u32) -> Option<AbortWatch> {
        let callback = Closure::<dyn FnMut(JsValue)>::own_aborting(move |_event: JsValue| {
            run(&me, |state, effects| state.on_abort(id, effects));
        });
        signal
            .add_event_listener_with_callback("abort", callback.as_ref().unchecked_ref())
            .ok()?;
        Some(AbortWatch { signal, callback })
    }
}

impl Drop for AbortWatch {
    fn drop(&mut self) {
        let _ = self
            .signal
            .remove_event_listener_with_callback("abort", self.callback.as_ref().unchecked_ref());
    }
}

thread_local! {
    /// One handler that does nothing, shared by every dropped socket (it outlives them all).
    static IGNORE_EVENT: JsValue = Closure::<dyn FnMut(JsValue)>::new(|_event: JsValue| {}).into_js_value();
}

impl Drop for Socket {
    fn drop(&mut self) {
        // Late events of a dropped socket must not reach its freed handlers.
        self.ws.set_onopen(None);
        self.ws.set_onmessage(None);
        self.ws.set_onclose(None);
        // Not `None`: closing a socket that is still connecting makes some implementations (the
        // `ws` package) emit an `error` event, which crashes Node when nothing listens to it.
        IGNORE_EVENT.with(|ignore| self.ws.set_onerror(Some(ignore.unchecked_ref())));
        if self.ws.ready_state() <= WebSocket::OPEN {
            let _ = self.ws.close_with_code(1000);
        }
    }
}

impl Drop for State {
    fn drop(&mut self) {
        let error = js_transport_error(&TransportError::Freed);
        if let Some(response) = self.response.take() {
            response.controller.error_with_e(&error);
        }
        if let Some(pending) = self.pending.take() {
            let _ = pending.reject.call1(&JsValue::UNDEFINED, &error);
        }
    }
}

impl State {
    fn next_id(&mut self) -> u32 {
        self.next_id = self.next_id.wrapping_add(1);
        self.next_id
    }

    fn open_socket(&self) -> Option<&WebSocket> {
        self.socket.as_ref().filter(|s| s.open).map(|s| &s.ws)
    }

    /// Sends a small frame if the socket is open; `false` when it is not.
    fn send_frame(&self, text: &str) -> Result<bool, TransportError> {
        match self.open_socket() {
            None => Ok(false),
            Some(ws) => {
                ws.send_with_str(text)
                    .map(|()| true)
                    .map_err(|e| TransportError::SendFailed {
                        detail: describe_js_error(&e),
                    })
            }
        }
    }

    fn report(&self, error: &TransportError, effects: &mut Effects) {
        if let Some(on_error) = &self.config.on_error {
            effects.push((on_error.clone(), js_transport_error(error)));
        }
    }

    /// Opens a new socket; its events come back through `on_open`, `on_message`, `on_close`.
    fn connect(&mut self) -> Result<(), TransportError> {
        let url = self.config.url.clone();
        let ws = WebSocket::new(&url).map_err(|e| TransportError::CannotOpen {
            url,
            detail: describe_js_error(&e),
        })?;
        ws.set_binary_type(BinaryType::Arraybuffer);
        let id = self.next_id();
        let me = self.me.clone();
        let on_open = Closure::<dyn FnMut(JsValue)>::own_aborting(move |_event: JsValue| {
            run(&me, |state, effects| state.on_open(id, effects));
        });
        let me = self.me.clone();
        let on_message =
            Closure::<dyn FnMut(MessageEvent)>::own_aborting(move |event: MessageEvent| {
                run(&me, |state, effects| state.on_message(id, &event, effects));
            });
        let me = self.me.clone();
        let on_close = Closure::<dyn FnMut(CloseEvent)>::own_aborting(move |event: CloseEvent| {
            run(&me, |state, effects| state.on_close(id, &event, effects));
        });
        ws.set_onopen(Some(on_open.as_ref().unchecked_ref()));
        ws.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
        ws.set_onclose(Some(on_close.as_ref().unchecked_ref()));
        let me = self.me.clone();
        let on_error = Closure::<dyn FnMut(JsValue)>::own_aborting(move |_event: JsValue| {
            run(&me, |state, effects| state.on_error(id, effects));
        });
        ws.set_onerror(Some(on_error.as_ref().unchecked_ref()));
        let me = self.me.clone();
        let connect_timer = Timer::once(self.config.connect_timeout_ms, move || {
            run(&me, |state, effects| state.on_connect_timeout(id, effects));
        });
        self.socket = Some(Socket {
            id,
            ws,
            open: false,
            connect_timer: Some(connect_timer),
            ping_timer: None,
            _on_open: on_open,
            _on_message: on_message,
            _on_close: on_close,
            _on_error: on_error,
        });
        Ok(())
    }

    fn is_current_socket(&self, id: u32) -> bool {
        self.socket.as_ref().is_some_and(|s| s.id == id)
    }

    fn on_open(&mut self, id: u32, effects: &mut Effects) {
        let ping_ms = self.config.ping_interval_ms;
        let me = self.me.clone();
        let Some(socket) = self.socket.as_mut().filter(|s| s.id == id) else {
            return;
        };
        socket.open = true;
        socket.connect_timer = None;
        if ping_ms > 0 {
            socket.ping_timer = Some(Timer::every(ping_ms, move || {
                run(&me, |state, _| {
                    // A failed ping is not worth a report: the close event will follow.
                    let _ = state.send_frame(&frame::ping_frame(timestamp()));
                });
            }));
        }
        if let Some(pending) = self.pending.take() {
            self.begin_response(pending, effects);
        }
    }

    fn on_connect_timeout(&mut self, id: u32, effects: &mut Effects) {
        if !self.is_current_socket(id) || self.open_socket().is_some() {
            return;
        }
        // Dropping the socket abandons the attempt; its late events are detached.
        self.socket = None;
        if let Some(pending) = self.pending.take() {
            let error = TransportError::ConnectTimeout {
                url: self.config.url.clone(),
                ms: self.config.connect_timeout_ms,
            };
            effects.push((pending.reject, js_transport_error(&error)));
        }
    }

    fn on_close(&mut self, id: u32, event: &CloseEvent, effects: &mut Effects) {
        self.on_socket_gone(id, event.code(), event.reason(), effects);
    }

    /// An `error` event. While connecting it means the connection failed: some WebSocket
    /// implementations (Node 22's) fire no `close` after a refused connection, and waiting for the
    /// connect timeout would hide the real cause. Once open, the `close` event that follows says
    /// what happened.
    fn on_error(&mut self, id: u32, effects: &mut Effects) {
        if self.is_current_socket(id) && self.open_socket().is_none() {
            self.on_socket_gone(id, 1006, "the connection failed".to_string(), effects);
        }
    }

    fn on_socket_gone(&mut self, id: u32, code: u16, reason: String, effects: &mut Effects) {
        if !self.is_current_socket(id) {
            return;
        }
        let was_open = self.open_socket().is_some();
        self.socket = None;
        let error = if was_open {
            TransportError::ClosedMidResponse { code, reason }
        } else {
            TransportError::ConnectFailed {
                url: self.config.url.clone(),
                code,
                reason,
            }
        };
        if let Some(response) = self.response.take() {
            response
                .controller
                .error_with_e(&js_transport_error(&error));
        }
        if let Some(pending) = self.pending.take() {
            effects.push((pending.reject, js_transport_error(&error)));
        }
        // The backend's session is gone with its socket; what was buffered stays deliverable.
        self.rules = ResponseRules::new();
        self.discarding = Discard::Nothing;
    }

    fn on_message(&mut self, id: u32, event: &MessageEvent, effects: &mut Effects) {
        if !self.is_current_socket(id) {
            return;
        }
        let data = event.data();
        let Some(text) = data.as_string() else {
            let bytes = data
                .dyn_ref::<ArrayBuffer>()
                .map_or(0, |b| b.byte_length() as usize);
            self.report(
                &TransportError::MalformedFrame(Malformed::Binary(bytes)),
                effects,
            );
            return;
        };
        for event in frame::incoming(&text) {
            self.on_event(event, effects);
        }
    }

    fn on_event(&mut self, event: Incoming<'_>, effects: &mut Effects) {
        match event {
            Incoming::Chunk { json, chunk_type } => {
                let step = self.rules.on_chunk(&chunk_type);
                self.chunk_arrived();
                let is_start = chunk_type == "start";
                match self.discarding {
                    Discard::Nothing => {}
                    Discard::Turn if is_start && self.response.is_some() && !self.started => {
                        // The newer response's own first chunk, ahead of the aborted turn's end.
                        self.discarding = Discard::TailOwed;
                    }
                    Discard::TailOwed if is_start => self.discarding = Discard::Nothing,
                    Discard::TailOwed if self.response.is_some() => {}
                    Discard::Turn | Discard::TailOwed => {
                        if step == Step::DeliverThenEnd {
                            self.discarding = Discard::Nothing;
                        }
                        return;
                    }
                }
                if chunk_type == "start" {
                    self.started = true;
                }
                match JSON::parse(json) {
                    Ok(chunk) => self.deliver(chunk, effects),
                    // The codec validated the text; JSON.parse disagreeing is still only a skip.
                    Err(_) => {
                        let malformed = Malformed::BadJson(super::json::JsonError {
                            offset: 0,
                            expected: "JSON that JSON.parse accepts",
                        });
                        self.report(&TransportError::MalformedFrame(malformed), effects);
                    }
                }
                match step {
                    Step::DeliverAwaitingAnswer => self.arm_approval_timer(),
                    Step::DeliverThenEnd => self.end_response(),
                    _ => {}
                }
            }
            Incoming::Done => {
                if self.rules.on_done() == Step::Ignore {
                    return;
                }
                self.chunk_arrived();
                match self.discarding {
                    Discard::Nothing => {}
                    // The aborted turn's end; the newer response (if any) goes on.
                    Discard::Turn => {
                        self.discarding = Discard::Nothing;
                        return;
                    }
                    Discard::TailOwed if self.response.is_none() => {
                        self.discarding = Discard::Nothing;
                        return;
                    }
                    Discard::TailOwed => {}
                }
                self.end_response();
            }
            Incoming::Pong { timestamp } => {
                let latency = (now_ms() - timestamp as f64).max(0.0);
                self.latency_ms = Some(latency);
                if let Some(on_latency) = &self.config.on_latency {
                    effects.push((on_latency.clone(), JsValue::from_f64(latency)));
                }
            }
            Incoming::Audio(audio) => {
                if let Some(on_audio) = &self.config.on_audio {
                    let object = Object::new();
                    let fields: [(&str, JsValue); 4] = [
                        ("content", JsValue::from_str(&audio.content)),
                        ("sampleRate", audio.sample_rate.into()),
                        ("channels", audio.channels.into()),
                        ("bitDepth", audio.bit_depth.into()),
                    ];
                    for (key, value) in fields {
                        let _ = Reflect::set(&object, &JsValue::from_str(key), &value);
                    }
                    effects.push((on_audio.clone(), object.into()));
                }
            }
            Incoming::Malformed(malformed) => {
                self.report(&TransportError::MalformedFrame(malformed), effects)
            }
        }
    }

    /// Any frame of the response is the backend's reaction: the approval wait is over.
    fn chunk_arrived(&mut self) {
        if let Some(response) = self.response.as_mut() {
            response.approval_timer = None;
        }
    }

    fn deliver(&mut self, chunk: JsValue, effects: &mut Effects) {
        if let Some(response) = &self.response {
            // Fails only if the consumer cancelled, and then `on_cancel` already ended it.
            let _ = response.controller.enqueue_with_chunk(&chunk);
            return;
        }
        let first = !self.buffer.iter().any(|b| matches!(b, Buffered::Chunk(_)));
        self.buffer.push(Buffered::Chunk(chunk));
        if first {
            if let Some(callback) = &self.config.on_buffered_chunks {
                effects.push((callback.clone(), JsValue::UNDEFINED));
            }
        }
    }

    /// The current response is complete: close its stream, or mark the end in the buffer.
    fn end_response(&mut self) {
        if let Some(response) = self.response.take() {
            let _ = response.controller.close();
        } else if matches!(self.buffer.last(), Some(Buffered::Chunk(_))) {
            self.buffer.push(Buffered::End);
        }
    }

    fn arm_approval_timer(&mut self) {
        let ms = self.config.approval_timeout_ms;
        let me = self.me.clone();
        if let Some(response) = self.response.as_mut().filter(|_| ms > 0) {
            let id = response.id;
            response.approval_timer = Some(Timer::once(ms, move || {
                run(&me, |state, _| state.on_approval_timeout(id));
            }));
        }
    }

    fn on_approval_timeout(&mut self, id: u32) {
        let Some(response) = self.response.take_if(|r| r.id == id) else {
            return;
        };
        let error = TransportError::ApprovalTimeout {
            ms: self.config.approval_timeout_ms,
        };
        response
            .controller
            .error_with_e(&js_transport_error(&error));
        let _ = self.send_frame(&frame::interrupt_frame(
            timestamp(),
            Some(InterruptReason::Timeout),
        ));
    }

    /// `abortSignal` fired: a waiting request fails as `fetch` does (with the signal's reason);
    /// a streaming one closes and the backend is told (`interrupt`, reason `user_abort`).
    fn on_abort(&mut self, id: u32, effects: &mut Effects) {
        if let Some(pending) = self.pending.take_if(|p| p.id == id) {
            let reason = pending
                .abort
                .as_ref()
                .map(|a| a.signal.reason())
                .unwrap_or_default();
            let reason = if reason.is_undefined() {
                abort_error()
            } else {
                reason
            };
            effects.push((pending.reject, reason));
            // Nothing was sent; a half-open attempt is not kept for a request that is gone.
            if self.open_socket().is_none() {
                self.socket = None;
            }
            return;
        }
        if let Some(response) = self.response.take_if(|r| r.id == id) {
            let _ = response.controller.close();
            self.stop_backend();
        }
    }

    /// The consumer cancelled the stream (AI SDK does on `stop()`): as an abort.
    fn on_cancel(&mut self, id: u32) {
        if self.response.take_if(|r| r.id == id).is_some() {
            self.stop_backend();
        }
    }

    fn stop_backend(&mut self) {
        let interrupt = frame::interrupt_frame(timestamp(), Some(InterruptReason::UserAbort));
        if let Ok(true) = self.send_frame(&interrupt) {
            self.discarding = Discard::Turn;
        }
    }

    /// A `ReadableStream` whose controller this state keeps; `start` runs inside the constructor.
    fn new_stream(&self, id: u32) -> Result<NewStream, JsValue> {
        let slot: Rc<RefCell<Option<ReadableStreamDefaultController>>> = Rc::default();
        let filled = slot.clone();
        let start = Closure::<dyn FnMut(JsValue)>::own_aborting(move |controller: JsValue| {
            if let Ok(mut filled) = filled.try_borrow_mut() {
                *filled = Some(controller.unchecked_into());
            }
        });
        let me = self.me.clone();
        let cancel = Closure::<dyn FnMut(JsValue)>::own_aborting(move |_reason: JsValue| {
            run(&me, |state, _| state.on_cancel(id));
        });
        let source = Object::new();
        Reflect::set(&source, &JsValue::from_str("start"), start.as_ref())?;
        Reflect::set(&source, &JsValue::from_str("cancel"), cancel.as_ref())?;
        let stream = ReadableStream::new_with_underlying_source(&source)?;
        let controller = slot.try_borrow_mut().ok().and_then(|mut c| c.take());
        let controller =
            controller.ok_or_else(|| JsValue::from_str("ReadableStream did not call start()"))?;
        Ok(NewStream {
            stream,
            controller,
            cancel,
        })
    }

    /// Buffered chunks, in order; whether the last buffered response had ended.
    fn drain_buffer(&mut self) -> (Vec<JsValue>, bool) {
        let ended = matches!(self.buffer.last(), Some(Buffered::End));
        let chunks = self
            .buffer
            .drain(..)
            .filter_map(|b| match b {
                Buffered::Chunk(chunk) => Some(chunk),
                Buffered::End => None,
            })
            .collect();
        (chunks, ended)
    }

    /// The socket is open: start the response stream, hand it the buffered chunks, send the
    /// message, resolve the request's promise with the stream.
    fn begin_response(&mut self, pending: Pending, effects: &mut Effects) {
        // Chat never overlaps requests; if an app does, the older stream ends here.
        if let Some(older) = self.response.take() {
            let _ = older.controller.close();
        }
        let Pending {
            id,
            resolve,
            reject,
            message,
            abort,
        } = pending;
        let NewStream {
            stream,
            controller,
            cancel,
        } = match self.new_stream(id) {
            Ok(parts) => parts,
            Err(e) => {
                effects.push((reject, e));
                return;
            }
        };
        // Chunks that came while no stream was open go first; their response ends merged into
        // this one, which stays open for the answer to this message.
        for chunk in self.drain_buffer().0 {
            let _ = controller.enqueue_with_chunk(&chunk);
        }
        let Some(ws) = self.open_socket() else {
            let error = TransportError::NotConnected {
                method: "sendMessages",
            };
            effects.push((reject, js_transport_error(&error)));
            return;
        };
        let text = JsString::from(message.head)
            .concat(&message.messages)
            .concat(&JsString::from(message.tail));
        if let Err(e) = ws.unchecked_ref::<StringSocket>().send(&text) {
            let error = TransportError::SendFailed {
                detail: describe_js_error(&e),
            };
            effects.push((reject, js_transport_error(&error)));
            return;
        }
        self.rules.start_response();
        // Not the discarding: the aborted turn's tail may still come before this reply.
        self.started = false;
        self.response = Some(Response {
            id,
            controller,
            _abort: abort,
            approval_timer: None,
            _cancel: cancel,
        });
        effects.push((resolve, stream.into()));
    }
}

/// A `DOMException`-like `AbortError`, for a signal aborted without a reason.
fn abort_error() -> JsValue {
    let error = js_sys::Error::new("the request was aborted");
    error.set_name("AbortError");
    error.into()
}

/// `(promise, resolve, reject)`.
fn deferred() -> Option<(Promise, Function, Function)> {
    let mut functions = None;
    let promise = Promise::new(&mut |resolve, reject| functions = Some((resolve, reject)));
    functions.map(|(resolve, reject)| (promise, resolve, reject))
}

fn optional_function(
    function: &'static str,
    options: &JsValue,
    key: &str,
) -> Result<Option<Function>, JsValue> {
    let value = get(function, options, key)?;
    if value.is_undefined() || value.is_null() {
        return Ok(None);
    }
    value.dyn_into::<Function>().map(Some).map_err(|value| {
        invalid(
            function,
            format!("`{key}` is {}", type_name(&value)),
            "a function or undefined",
        )
    })
}

/// An optional whole number of milliseconds in `[min, 2^31 - 1]`.
fn optional_ms(
    function: &'static str,
    options: &JsValue,
    key: &str,
    default: u32,
    min: u32,
    expected: &'static str,
) -> Result<u32, JsValue> {
    let value = get(function, options, key)?;
    if value.is_undefined() {
        return Ok(default);
    }
    match value.as_f64() {
        Some(ms) if ms.is_finite() && ms >= f64::from(min) && ms <= MAX_DELAY_MS => Ok(ms as u32),
        _ => Err(invalid(
            function,
            format!("`{key}` is {}", describe_value(&value)),
            expected,
        )),
    }
}

/// `type_name`, plus the number itself for numbers (the usual mistake is the value, not the type).
/// JS prints the number: Rust's float formatting would add some 20 KB of `.wasm`.
fn describe_value(value: &JsValue) -> String {
    match value.dyn_ref::<js_sys::Number>() {
        Some(n) => format!(
            "the number {}",
            String::from(n.to_string_with_radix(10).unwrap_or_default())
        ),
        None => type_name(value),
    }
}

/// An optional positive whole number (audio format fields).
fn optional_count(
    function: &'static str,
    options: &JsValue,
    key: &str,
    default: u32,
) -> Result<u32, JsValue> {
    let value = get(function, options, key)?;
    if value.is_undefined() || value.is_null() {
        return Ok(default);
    }
    match value.as_f64() {
        Some(n) if n.fract() == 0.0 && n >= 1.0 && n <= f64::from(u32::MAX) => Ok(n as u32),
        _ => Err(invalid(
            function,
            format!("`{key}` is {}", describe_value(&value)),
            "a positive whole number",
        )),
    }
}

/// The `abortSignal` of a request: `None` when absent; an error when it is not signal-like.
fn optional_signal(
    function: &'static str,
    options: &JsValue,
) -> Result<Option<AbortSignal>, JsValue> {
    let value = get(function, options, "abortSignal")?;
    if value.is_undefined() || value.is_null() {
        return Ok(None);
    }
    // Duck-typed rather than `instanceof`, so a signal from another realm or a polyfill works.
    let listens = get(function, &value, "addEventListener")?.is_function();
    let aborted = get(function, &value, "aborted")?;
    if !listens || aborted.as_bool().is_none() {
        return Err(invalid(
            function,
            format!("`abortSignal` is {}", type_name(&value)),
            "an AbortSignal or undefined",
        ));
    }
    Ok(Some(value.unchecked_into()))
}

#[wasm_bindgen]
impl BidiTransport {
    /// `options`: `{url, connectTimeoutMs?, approvalTimeoutMs?, pingIntervalMs?, onLatency?,
    /// onAudio?, onError?, onBufferedChunks?}`. Nothing connects until the first request.
    #[wasm_bindgen(constructor)]
    pub fn new(options: JsValue) -> Result<BidiTransport, JsValue> {
        const F: &str = "new BidiTransport";
        if !options.is_object() {
            return Err(invalid(
                F,
                format!("the options are {}", type_name(&options)),
                "an object such as {url: 'ws://localhost:8000/live'}",
            ));
        }
        let url = get(F, &options, "url")?;
        let Some(url) = url.as_string() else {
            return Err(invalid(
                F,
                format!("`url` is {}", type_name(&url)),
                "a ws:// or wss:// URL string",
            ));
        };
        let lower = url.to_ascii_lowercase();
        let rest = lower
            .strip_prefix("ws://")
            .or_else(|| lower.strip_prefix("wss://"));
        if !matches!(rest, Some(rest) if !rest.is_empty() && !rest.starts_with('/')) {
            return Err(invalid(
                F,
                format!("`url` is {}", type_name(&JsValue::from_str(&url))),
                "a ws:// or wss:// URL with a host, such as 'ws://localhost:8000/live'",
            ));
        }
        let config = Config {
            connect_timeout_ms: optional_ms(
                F,
                &options,
                "connectTimeoutMs",
                DEFAULT_CONNECT_TIMEOUT_MS,
                1,
                "a whole number of milliseconds from 1 to 2147483647 (default 30000)",
            )?,
            approval_timeout_ms: optional_ms(
                F,
                &options,
                "approvalTimeoutMs",
                DEFAULT_APPROVAL_TIMEOUT_MS,
                0,
                "a number of milliseconds from 0 (no timeout) to 2147483647 (default 60000)",
            )?,
            ping_interval_ms: optional_ms(
                F,
                &options,
                "pingIntervalMs",
                DEFAULT_PING_INTERVAL_MS,
                0,
                "a number of milliseconds from 0 (no ping) to 2147483647 (default 2000)",
            )?,
            on_latency: optional_function(F, &options, "onLatency")?,
            on_audio: optional_function(F, &options, "onAudio")?,
            on_error: optional_function(F, &options, "onError")?,
            on_buffered_chunks: optional_function(F, &options, "onBufferedChunks")?,
            url,
        };
        let state = Rc::new_cyclic(|me| {
            RefCell::new(State {
                me: me.clone(),
                config,
                next_id: 0,
                socket: None,
                pending: None,
                response: None,
                rules: ResponseRules::new(),
                buffer: Vec::new(),
                discarding: Discard::Nothing,
                started: false,
                latency_ms: None,
            })
        });
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
        let message_id = get(F, options, "messageId")?;
        let message_id = if message_id.is_undefined() || message_id.is_null() {
            None
        } else {
            Some(message_id.as_string().ok_or_else(|| {
                invalid(
                    F,
                    format!("`messageId` is {}", type_name(&message_id)),
                    "a string or undefined",
                )
            })?)
        };
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
            let abort = signal.and_then(|signal| AbortWatch::new(signal, state.me.clone(), id));
            let pending = Pending {
                id,
                resolve,
                reject,
                message,
                abort,
            };
            if let Some(older) = state.pending.take() {
                effects.push((
                    older.reject,
                    js_transport_error(&TransportError::Superseded),
                ));
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
                effects.push((pending.reject, js_transport_error(&error)));
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
            let NewStream {
                stream,
                controller,
                cancel,
            } = state.new_stream(id)?;
            let (chunks, ended) = state.drain_buffer();
            for chunk in &chunks {
                let _ = controller.enqueue_with_chunk(chunk);
            }
            if ended {
                let _ = controller.close();
            } else {
                let abort = signal.and_then(|signal| AbortWatch::new(signal, state.me.clone(), id));
                state.response = Some(Response {
                    id,
                    controller,
                    _abort: abort,
                    approval_timer: None,
                    _cancel: cancel,
                });
            }
            Ok(stream.into())
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
            Some(Err(error)) => Err(js_transport_error(&error)),
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
                Err(js_transport_error(&TransportError::NotConnected { method }))
            }
            Some(Err(error)) => Err(js_transport_error(&error)),
        }
    }

    /// Closes the socket (code 1000). A request in flight fails with an `AdkTransportError`;
    /// buffered chunks stay. The next `sendMessages` opens a new socket.
    pub fn close(&self) {
        let me = Rc::downgrade(&self.state);
        run(&me, |state, effects| {
            state.socket = None;
            let error = js_transport_error(&TransportError::ClosedByApp);
            if let Some(response) = state.response.take() {
                response.controller.error_with_e(&error);
            }
            if let Some(pending) = state.pending.take() {
                effects.push((pending.reject, error));
            }
            state.rules = ResponseRules::new();
            state.discarding = Discard::Nothing;
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
