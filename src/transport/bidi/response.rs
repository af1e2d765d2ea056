//! The response-stream state machine: each frame's events into the open stream (or the buffer),
//! where a response ends, the approval timeout, abort and cancel, and what an abort leaves behind.

use gloo_events::EventListener;
use gloo_timers::callback::Timeout;
use js_sys::{ArrayBuffer, JsString, Object, Reflect};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::AbortSignal;

use super::js::StringSocket;
use super::js::{abort_error, describe_js_error, now_ms, timestamp, transport_error, BrowserJson};
use super::state::{run, Buffered, Effects, Pending, Response, State};
use super::stream::ResponseStream;
use crate::transport::aborted_tail::{ChunkAt, Verdict};
use crate::transport::error::TransportError;
use crate::transport::frame::{
    self, classify, for_each_event, Audio, Incoming, InterruptReason, Malformed,
};
use crate::transport::stream_rules::Step;

impl State {
    /// A frame of socket `id`: its `data` (a string, or an `ArrayBuffer` for a binary frame).
    pub fn on_message(&mut self, id: u32, data: JsValue, effects: &mut Effects) {
        if !self.is_current_socket(id) {
            return;
        }
        self.heard();
        if !data.is_string() {
            let bytes = data
                .dyn_ref::<ArrayBuffer>()
                .map_or(0, |b| b.byte_length() as usize);
            let error = TransportError::MalformedFrame(Malformed::Binary(bytes));
            return self.report(&error, effects);
        }
        let text: JsString = data.unchecked_into();
        let any = for_each_event(&text, |event| {
            let incoming = classify(&BrowserJson, event);
            self.on_event(incoming, effects);
        });
        if !any {
            self.report(&TransportError::MalformedFrame(Malformed::Empty), effects);
        }
    }

    fn on_event(&mut self, event: Incoming<JsValue>, effects: &mut Effects) {
        match event {
            Incoming::Chunk { value, chunk_type } => self.on_chunk(value, &chunk_type, effects),
            Incoming::Done => self.on_done(),
            Incoming::Pong { timestamp } => {
                let latency = (now_ms() - timestamp as f64).max(0.0);
                self.latency_ms = Some(latency);
                if let Some(on_latency) = &self.config.on_latency {
                    effects.push((on_latency.clone(), JsValue::from_f64(latency)));
                }
            }
            Incoming::Audio(audio) => self.on_audio(audio, effects),
            Incoming::Malformed(malformed) => {
                self.report(&TransportError::MalformedFrame(malformed), effects)
            }
        }
    }

    fn on_chunk(&mut self, chunk: JsValue, chunk_type: &str, effects: &mut Effects) {
        let step = self.rules.on_chunk(chunk_type);
        self.chunk_arrived();
        let is_start = chunk_type == "start";
        let verdict = self.tail.on_chunk(ChunkAt {
            is_start,
            ends_turn: step == Step::DeliverThenEnd,
            response_open: self.response.is_some(),
            response_started: self.response.as_ref().is_some_and(|r| r.started),
        });
        self.settle_tail();
        if verdict == Verdict::Drop {
            return;
        }
        if let Some(response) = self.response.as_mut().filter(|_| is_start) {
            response.started = true;
        }
        self.deliver(chunk, effects);
        match step {
            Step::DeliverAwaitingAnswer => self.arm_approval_timer(),
            Step::DeliverThenEnd => self.end_response(),
            _ => {}
        }
    }

    fn on_done(&mut self) {
        if self.rules.on_done() == Step::Ignore {
            return;
        }
        self.chunk_arrived();
        let verdict = self.tail.on_done(self.response.is_some());
        self.settle_tail();
        if verdict == Verdict::Keep {
            self.end_response();
        }
    }

    fn on_audio(&mut self, audio: Audio, effects: &mut Effects) {
        let Some(on_audio) = &self.config.on_audio else {
            return;
        };
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

    /// Any frame of the response is the backend's reaction: the approval wait is over.
    fn chunk_arrived(&mut self) {
        if let Some(response) = self.response.as_mut() {
            response.approval_timer = None;
        }
    }

    fn deliver(&mut self, chunk: JsValue, effects: &mut Effects) {
        if let Some(response) = &self.response {
            return response.stream.enqueue(&chunk);
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
            response.stream.close();
        } else if matches!(self.buffer.last(), Some(Buffered::Chunk(_))) {
            self.buffer.push(Buffered::End);
        }
    }

    fn arm_approval_timer(&mut self) {
        let ms = self.config.approval_timeout_ms;
        let me = self.me.clone();
        if let Some(response) = self.response.as_mut().filter(|_| ms > 0) {
            let id = response.id;
            response.approval_timer = Some(Timeout::new(ms, move || {
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
        response.stream.fail(&transport_error(&error));
        let _ = self.send_frame(&frame::interrupt_frame(
            timestamp(),
            Some(InterruptReason::Timeout),
        ));
    }

    /// `abortSignal` fired: a waiting request fails as `fetch` does (with the signal's reason);
    /// a streaming one closes and the backend is told (`interrupt`, reason `user_abort`).
    pub fn on_abort(&mut self, id: u32, effects: &mut Effects) {
        if let Some(pending) = self.pending.take_if(|p| p.id == id) {
            let reason = pending.signal.as_ref().map(AbortSignal::reason);
            let reason = reason
                .filter(|r| !r.is_undefined())
                .unwrap_or_else(abort_error);
            effects.push((pending.reject, reason));
            // Nothing was sent; a half-open attempt is not kept for a request that is gone.
            if self.open_socket().is_none() {
                self.socket = None;
            }
            return;
        }
        if let Some(response) = self.response.take_if(|r| r.id == id) {
            response.stream.close();
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
            self.tail.begin();
            let ms = self.config.abort_tail_timeout_ms;
            let me = self.me.clone();
            self.tail_timer = (ms > 0).then(|| {
                Timeout::new(ms, move || {
                    run(&me, |state, _| {
                        state.tail.expire();
                        state.tail_timer = None;
                    });
                })
            });
        }
    }

    /// The time bound goes once the discard has ended by itself.
    fn settle_tail(&mut self) {
        if !self.tail.is_active() {
            self.tail_timer = None;
        }
    }

    /// A stream for response `id` whose cancel reaches this state.
    pub fn new_stream(
        &self,
        id: u32,
    ) -> Result<(web_sys::ReadableStream, ResponseStream), JsValue> {
        let me = self.me.clone();
        ResponseStream::open(move || {
            run(&me, |state, _| state.on_cancel(id));
        })
    }

    /// An `abort` listener for request `id`, removed when dropped.
    pub fn watch_abort(&self, signal: &AbortSignal, id: u32) -> EventListener {
        let me = self.me.clone();
        EventListener::new(signal, "abort", move |_event| {
            run(&me, |state, effects| state.on_abort(id, effects));
        })
    }

    /// Buffered chunks, in order; whether the last buffered response had ended.
    pub fn drain_buffer(&mut self) -> (Vec<JsValue>, bool) {
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
    pub fn begin_response(&mut self, pending: Pending, effects: &mut Effects) {
        // Chat never overlaps requests; if an app does, the older stream ends here.
        if let Some(older) = self.response.take() {
            older.stream.close();
        }
        let Pending {
            id,
            resolve,
            reject,
            message,
            abort,
            signal: _,
        } = pending;
        let (readable, stream) = match self.new_stream(id) {
            Ok(parts) => parts,
            Err(e) => return effects.push((reject, e)),
        };
        // Chunks that came while no stream was open go first; their response ends merged into
        // this one, which stays open for the answer to this message.
        for chunk in self.drain_buffer().0 {
            stream.enqueue(&chunk);
        }
        let Some(ws) = self.open_socket() else {
            let error = TransportError::NotConnected {
                method: "sendMessages",
            };
            return effects.push((reject, transport_error(&error)));
        };
        let text = JsString::from(message.head)
            .concat(&message.messages)
            .concat(&JsString::from(message.tail));
        if let Err(e) = ws.unchecked_ref::<StringSocket>().send(&text) {
            let error = TransportError::SendFailed {
                detail: describe_js_error(&e),
            };
            return effects.push((reject, transport_error(&error)));
        }
        self.rules.start_response();
        self.response = Some(Response {
            id,
            stream,
            _abort: abort,
            approval_timer: None,
            // Not the discard: the aborted turn's tail may still come before this reply.
            started: false,
        });
        self.watch_response_liveness();
        effects.push((resolve, readable.into()));
    }
}
