//! The transport's state, and [`run`], the one door into it.
//!
//! Every event (the socket's open, message and close; the timers; abort signals; stream cancels;
//! the JS methods) goes through [`run`], which borrows the state, changes it, and only THEN calls
//! the app's callbacks and settles promises ([`Effects`]), so a callback that calls back into the
//! transport never meets a borrowed state. Nothing here panics (a panic is a trap with the release
//! profile's `panic = "abort"`): every JS call that can throw is a `Result`.
//!
//! Ownership carries the cleanup (RAII): a response owns its approval timer and its abort listener;
//! a socket owns its listeners and its connect, ping and liveness timers. Dropping one clears all of
//! them, so no timer outlives its stream.

use std::cell::RefCell;
use std::rc::Weak;

use gloo_events::EventListener;
use gloo_timers::callback::Timeout;
use js_sys::{Function, JsString};
use wasm_bindgen::prelude::*;

use super::js::{describe_js_error, transport_error};
use super::options::Config;
use super::socket::Socket;
use super::stream::ResponseStream;
use crate::transport::aborted_tail::AbortedTail;
use crate::transport::error::TransportError;
use crate::transport::stream_rules::ResponseRules;

pub struct State {
    /// Handed to every callback this state creates, so none of them keeps it alive.
    pub me: Weak<RefCell<State>>,
    pub config: Config,
    /// Ids for sockets and requests, so a late event of an old one is recognised and ignored.
    pub next_id: u32,
    pub socket: Option<Socket>,
    /// A `sendMessages` waiting for the socket to open.
    pub pending: Option<Pending>,
    /// The response stream in progress, if any.
    pub response: Option<Response>,
    pub rules: ResponseRules,
    /// Chunks that came while no response stream was open (SPEC §5 "nothing is lost"), and where
    /// their responses ended.
    pub buffer: Vec<Buffered>,
    /// After an abort, what is left of the aborted turn is dropped, within bounds.
    pub tail: AbortedTail,
    /// The time bound of `tail`, armed while it drops.
    pub tail_timer: Option<Timeout>,
    /// When a frame last arrived, or when the liveness watch began (ms since the epoch).
    pub last_heard_ms: f64,
    /// A ping went out and nothing has arrived since.
    pub ping_unanswered: bool,
    pub latency_ms: Option<f64>,
}

pub enum Buffered {
    Chunk(JsValue),
    End,
}

/// The message frame, split around the history so the history stays a JS string.
pub struct Outgoing {
    pub head: String,
    pub messages: JsString,
    pub tail: String,
}

pub struct Pending {
    pub id: u32,
    pub resolve: Function,
    pub reject: Function,
    pub message: Outgoing,
    pub abort: Option<EventListener>,
    pub signal: Option<web_sys::AbortSignal>,
}

pub struct Response {
    pub id: u32,
    pub stream: ResponseStream,
    /// Held for its `Drop`: the listener goes when the response does.
    pub _abort: Option<EventListener>,
    pub approval_timer: Option<Timeout>,
    /// Whether the stream has had its `start` chunk.
    pub started: bool,
}

/// A JS callback to call once the state is no longer borrowed.
pub type Effects = Vec<(Function, JsValue)>;

/// Borrows the state behind `me`, runs `f`, releases the borrow, then runs the callbacks `f` asked
/// for. A callback that throws does not disturb the transport.
pub fn run<R>(
    me: &Weak<RefCell<State>>,
    f: impl FnOnce(&mut State, &mut Effects) -> R,
) -> Option<R> {
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

impl State {
    pub fn new(me: Weak<RefCell<State>>, config: Config) -> State {
        State {
            me,
            config,
            next_id: 0,
            socket: None,
            pending: None,
            response: None,
            rules: ResponseRules::new(),
            buffer: Vec::new(),
            tail: AbortedTail::new(),
            tail_timer: None,
            last_heard_ms: 0.0,
            ping_unanswered: false,
            latency_ms: None,
        }
    }

    pub fn next_id(&mut self) -> u32 {
        self.next_id = self.next_id.wrapping_add(1);
        self.next_id
    }

    pub fn open_socket(&self) -> Option<&web_sys::WebSocket> {
        self.socket.as_ref().filter(|s| s.open).map(|s| &s.ws)
    }

    /// Sends a small frame if the socket is open; `false` when it is not.
    pub fn send_frame(&self, text: &str) -> Result<bool, TransportError> {
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

    pub fn report(&self, error: &TransportError, effects: &mut Effects) {
        if let Some(on_error) = &self.config.on_error {
            effects.push((on_error.clone(), transport_error(error)));
        }
    }

    /// The socket is gone (closed, failed, silent, or closed by the app): the request in flight
    /// fails with `error`; what was buffered stays deliverable.
    pub fn drop_socket(&mut self, error: Option<&TransportError>, effects: &mut Effects) {
        self.socket = None;
        if let Some(error) = error {
            let js = transport_error(error);
            if let Some(response) = self.response.take() {
                response.stream.fail(&js);
            }
            if let Some(pending) = self.pending.take() {
                effects.push((pending.reject, js));
            }
        }
        // The backend's session is gone with its socket.
        self.rules = ResponseRules::new();
        self.tail.expire();
        self.tail_timer = None;
        self.ping_unanswered = false;
    }
}

impl Drop for State {
    fn drop(&mut self) {
        let error = transport_error(&TransportError::Freed);
        if let Some(response) = self.response.take() {
            response.stream.fail(&error);
        }
        if let Some(pending) = self.pending.take() {
            let _ = pending.reject.call1(&JsValue::UNDEFINED, &error);
        }
    }
}
