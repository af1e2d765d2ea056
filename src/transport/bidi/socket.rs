//! The socket and its events: connecting (with its timeout), open, close and error, the ping, and
//! the liveness watch that notices a network gone silent without a close.
//!
//! Why `web-sys`'s `WebSocket` events and not gloo-net's: see BENCHMARKS.md ("gloo-net A/B").

use gloo_timers::callback::{Interval, Timeout};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{BinaryType, WebSocket};

use super::js::{describe_js_error, now_ms, timestamp, transport_error};
use super::state::{run, Effects, State};

// How the socket's events reach the state: web-sys listeners (shipped), or gloo-net's event stream
// driven by a spawned future (the A/B of BENCHMARKS.md, feature `gloo-net-socket`).
#[cfg(not(feature = "gloo-net-socket"))]
#[path = "events_web_sys.rs"]
mod events;
#[cfg(feature = "gloo-net-socket")]
#[path = "events_gloo_net.rs"]
mod events;
use crate::transport::error::TransportError;
use crate::transport::frame;

pub struct Socket {
    pub id: u32,
    pub ws: WebSocket,
    pub open: bool,
    connect_timer: Option<Timeout>,
    ping_timer: Option<Interval>,
    liveness_timer: Option<Timeout>,
    /// Detached first when the socket is dropped, so no event, late or fired by the close itself,
    /// reaches the state (or re-enters the listener that is dropping the socket).
    events: Option<events::Attached>,
}

thread_local! {
    /// One handler that does nothing, shared by every dropped socket (it outlives them all).
    static IGNORE_EVENT: JsValue = Closure::<dyn FnMut(JsValue)>::new(|_event: JsValue| {}).into_js_value();
}

impl Drop for Socket {
    fn drop(&mut self) {
        self.events = None;
        // Closing a socket that is still connecting makes some implementations (the `ws` package)
        // emit an `error` event, which crashes Node when nothing listens to it.
        IGNORE_EVENT.with(|ignore| self.ws.set_onerror(Some(ignore.unchecked_ref())));
        if self.ws.ready_state() <= WebSocket::OPEN {
            let _ = self.ws.close_with_code(1000);
        }
    }
}

impl State {
    /// Opens a new socket; its events come back through `on_open`, `on_message`, `on_close`.
    pub fn connect(&mut self) -> Result<(), TransportError> {
        let url = self.config.url.clone();
        let ws = WebSocket::new(&url).map_err(|e| TransportError::CannotOpen {
            url,
            detail: describe_js_error(&e),
        })?;
        ws.set_binary_type(BinaryType::Arraybuffer);
        let id = self.next_id();
        let events = events::attach(&self.me, &ws, id).map_err(|e| TransportError::CannotOpen {
            url: self.config.url.clone(),
            detail: describe_js_error(&e),
        })?;
        let me = self.me.clone();
        let connect_timer = Timeout::new(self.config.connect_timeout_ms, move || {
            run(&me, |state, effects| state.on_connect_timeout(id, effects));
        });
        self.socket = Some(Socket {
            id,
            ws,
            open: false,
            connect_timer: Some(connect_timer),
            ping_timer: None,
            liveness_timer: None,
            events: Some(events),
        });
        Ok(())
    }

    pub fn is_current_socket(&self, id: u32) -> bool {
        self.socket.as_ref().is_some_and(|s| s.id == id)
    }

    pub(super) fn on_open(&mut self, id: u32, effects: &mut Effects) {
        let ping_ms = self.config.ping_interval_ms;
        let me = self.me.clone();
        let Some(socket) = self.socket.as_mut().filter(|s| s.id == id) else {
            return;
        };
        socket.open = true;
        socket.connect_timer = None;
        if ping_ms > 0 {
            socket.ping_timer = Some(Interval::new(ping_ms, move || {
                run(&me, |state, _| state.ping());
            }));
        }
        if let Some(pending) = self.pending.take() {
            self.begin_response(pending, effects);
        }
    }

    fn ping(&mut self) {
        // A failed ping is not worth a report: the close event will follow.
        if let Ok(true) = self.send_frame(&frame::ping_frame(timestamp())) {
            self.ping_unanswered = true;
            self.watch_liveness();
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
            effects.push((pending.reject, transport_error(&error)));
        }
    }

    /// An `error` event. While connecting it means the connection failed: some WebSocket
    /// implementations (Node 22's) fire no `close` after a refused connection, and waiting for the
    /// connect timeout would hide the real cause. Once open, the `close` event that follows says
    /// what happened.
    pub(super) fn on_error(&mut self, id: u32, effects: &mut Effects) {
        if self.is_current_socket(id) && self.open_socket().is_none() {
            self.on_socket_gone(id, 1006, "the connection failed".to_string(), effects);
        }
    }

    pub(super) fn on_socket_gone(
        &mut self,
        id: u32,
        code: u16,
        reason: String,
        effects: &mut Effects,
    ) {
        if !self.is_current_socket(id) {
            return;
        }
        let error = if self.open_socket().is_some() {
            TransportError::ClosedMidResponse { code, reason }
        } else {
            TransportError::ConnectFailed {
                url: self.config.url.clone(),
                code,
                reason,
            }
        };
        self.drop_socket(Some(&error), effects);
    }

    /// Something arrived: the network is alive.
    pub fn heard(&mut self) {
        if self.config.liveness_timeout_ms > 0 {
            self.last_heard_ms = now_ms();
        }
        self.ping_unanswered = false;
    }

    /// A response starts: its silence counts from now (the backend has had no time to answer yet),
    /// and the liveness watch runs.
    pub fn watch_response_liveness(&mut self) {
        if self.config.liveness_timeout_ms > 0 {
            self.last_heard_ms = now_ms();
        }
        self.watch_liveness();
    }

    /// Starts the liveness watch if it is on and not running: called when a response starts and
    /// when a ping goes out. It stops by itself once neither is waiting.
    pub fn watch_liveness(&mut self) {
        let ms = self.config.liveness_timeout_ms;
        let me = self.me.clone();
        let Some(socket) = self.socket.as_mut().filter(|s| s.open && ms > 0) else {
            return;
        };
        if socket.liveness_timer.is_some() {
            return;
        }
        // Silence counts from the moment something is awaited.
        self.last_heard_ms = now_ms();
        let id = socket.id;
        socket.liveness_timer = Some(Timeout::new(ms, move || {
            run(&me, |state, effects| state.check_liveness(id, effects));
        }));
    }

    fn check_liveness(&mut self, id: u32, effects: &mut Effects) {
        let ms = self.config.liveness_timeout_ms;
        let waiting = self.response.is_some() || self.ping_unanswered;
        let Some(socket) = self.socket.as_mut().filter(|s| s.id == id) else {
            return;
        };
        socket.liveness_timer = None;
        if !waiting {
            return;
        }
        let silent = (now_ms() - self.last_heard_ms).max(0.0);
        if silent < f64::from(ms) {
            let me = self.me.clone();
            let rest = (f64::from(ms) - silent).ceil() as u32;
            socket.liveness_timer = Some(Timeout::new(rest.max(1), move || {
                run(&me, |state, effects| state.check_liveness(id, effects));
            }));
            return;
        }
        let error = TransportError::Liveness {
            silent_ms: silent.min(f64::from(u32::MAX)) as u32,
            timeout_ms: ms,
        };
        self.drop_socket(Some(&error), effects);
    }
}
