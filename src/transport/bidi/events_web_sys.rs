//! The socket's events through web-sys listeners: each event reaches the state synchronously, as
//! the browser dispatches it, and a frame's data stays a JS string.

use std::cell::RefCell;
use std::rc::Weak;

use gloo_events::EventListener;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{CloseEvent, MessageEvent, WebSocket};

use super::super::state::{run, Effects, State};

/// The listeners; removed when dropped.
pub struct Attached {
    _listeners: [EventListener; 4],
}

/// A listener on `ws` that hands the event to `handle` inside [`run`].
fn listen(
    me: &Weak<RefCell<State>>,
    ws: &WebSocket,
    event: &'static str,
    handle: impl Fn(&mut State, &web_sys::Event, &mut Effects) + 'static,
) -> EventListener {
    let me = me.clone();
    EventListener::new(ws, event, move |event| {
        run(&me, |state, effects| handle(state, event, effects));
    })
}

pub fn attach(me: &Weak<RefCell<State>>, ws: &WebSocket, id: u32) -> Result<Attached, JsValue> {
    Ok(Attached {
        _listeners: [
            listen(me, ws, "open", move |s, _, fx| s.on_open(id, fx)),
            listen(me, ws, "message", move |s, e, fx| {
                s.on_message(id, e.unchecked_ref::<MessageEvent>().data(), fx)
            }),
            listen(me, ws, "close", move |s, e, fx| {
                let e = e.unchecked_ref::<CloseEvent>();
                s.on_socket_gone(id, e.code(), e.reason(), fx)
            }),
            listen(me, ws, "error", move |s, _, fx| s.on_error(id, fx)),
        ],
    })
}
