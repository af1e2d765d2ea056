//! The socket's events through gloo-net's `WebSocket` (the A/B of BENCHMARKS.md, feature
//! `gloo-net-socket`): gloo-net turns the events into a futures `Stream` behind a channel, so a
//! future spawned with wasm-bindgen-futures reads it and hands each event to the state. gloo-net
//! copies each text frame into a Rust `String`; it goes back to JS for `JSON.parse`. Sends use the
//! same web-sys handle as the shipped layer (gloo-net's sink takes Rust strings only).

use std::cell::RefCell;
use std::future::poll_fn;
use std::rc::{Rc, Weak};
use std::task::Poll;

use futures_util::{SinkExt, StreamExt};
use gloo_net::websocket::{
    futures::WebSocket as GlooSocket, Message, State as Ready, WebSocketError,
};
use js_sys::{JsString, Uint8Array};
use wasm_bindgen::prelude::*;

use super::super::state::{run, State};

/// Stops the reading future when dropped (it also ends when the socket closes).
pub struct Attached(Rc<RefCell<bool>>);

impl Drop for Attached {
    fn drop(&mut self) {
        *self.0.borrow_mut() = true;
    }
}

pub fn attach(
    me: &Weak<RefCell<State>>,
    ws: &web_sys::WebSocket,
    id: u32,
) -> Result<Attached, JsValue> {
    let mut socket =
        GlooSocket::try_from(ws.clone()).map_err(|e| JsValue::from_str(&e.to_string()))?;
    let stopped = Rc::new(RefCell::new(false));
    let stop = stopped.clone();
    let me = me.clone();
    wasm_bindgen_futures::spawn_local(async move {
        let mut opened = false;
        loop {
            // gloo-net's stream has no `open` event: its sink becomes ready when the socket opens.
            // Both are polled, since a failed connection (Node 22's) may only send an error.
            let next = poll_fn(|cx| {
                if !opened && matches!(socket.state(), Ready::Open) {
                    return Poll::Ready(None);
                }
                if !opened {
                    let _ = socket.poll_ready_unpin(cx);
                }
                socket.poll_next_unpin(cx).map(Some)
            })
            .await;
            if *stop.borrow() {
                return;
            }
            let event = match next {
                None => {
                    opened = true;
                    run(&me, |state, effects| state.on_open(id, effects));
                    continue;
                }
                Some(None) => return,
                Some(Some(event)) => event,
            };
            run(&me, |state, effects| match event {
                Ok(Message::Text(text)) => {
                    state.on_message(id, JsString::from(text).into(), effects)
                }
                Ok(Message::Bytes(bytes)) => {
                    state.on_message(id, Uint8Array::from(&bytes[..]).buffer().into(), effects)
                }
                Err(WebSocketError::ConnectionClose(close)) => {
                    state.on_socket_gone(id, close.code, close.reason, effects)
                }
                Err(_) => state.on_error(id, effects),
            });
        }
    });
    Ok(Attached(stopped))
}
