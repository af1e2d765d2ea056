//! The `ReadableStream` adapter: a stream AI SDK reads, and the controller the transport pushes
//! chunks into. The socket pushes, so an underlying source whose `start` hands over the controller
//! is the whole adapter (a pull-based adapter such as `wasm-streams` would need a channel and a
//! spawned future per response).
//!
//! Its callbacks belong to the stream (JS frees them with it), so a late `cancel` or `pull` never
//! meets a freed closure.

use std::cell::RefCell;
use std::rc::Rc;

use js_sys::{Object, Reflect};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{ReadableStream, ReadableStreamDefaultController};

/// The transport's end of one response stream.
pub struct ResponseStream {
    controller: ReadableStreamDefaultController,
    /// An error held back until the reader has taken every chunk already queued.
    failure: Rc<RefCell<Option<JsValue>>>,
}

impl ResponseStream {
    /// A new stream for AI SDK, and this end of it; `on_cancel` runs if the reader cancels.
    pub fn open(
        mut on_cancel: impl FnMut() + 'static,
    ) -> Result<(ReadableStream, ResponseStream), JsValue> {
        let slot: Rc<RefCell<Option<ReadableStreamDefaultController>>> = Rc::default();
        let filled = slot.clone();
        let start = Closure::<dyn FnMut(JsValue)>::new(move |controller: JsValue| {
            if let Ok(mut filled) = filled.try_borrow_mut() {
                *filled = Some(controller.unchecked_into());
            }
        });
        let failure: Rc<RefCell<Option<JsValue>>> = Rc::default();
        let held = failure.clone();
        let pull = Closure::<dyn FnMut(JsValue)>::new(move |controller: JsValue| {
            let error = held.try_borrow_mut().ok().and_then(|mut held| held.take());
            if let Some(error) = error {
                controller
                    .unchecked_into::<ReadableStreamDefaultController>()
                    .error_with_e(&error);
            }
        });
        let cancel = Closure::<dyn FnMut(JsValue)>::new(move |_reason: JsValue| on_cancel());
        let source = Object::new();
        Reflect::set(&source, &"start".into(), &start.into_js_value())?;
        Reflect::set(&source, &"pull".into(), &pull.into_js_value())?;
        Reflect::set(&source, &"cancel".into(), &cancel.into_js_value())?;
        let stream = ReadableStream::new_with_underlying_source(&source)?;
        let controller = slot.try_borrow_mut().ok().and_then(|mut c| c.take());
        let controller =
            controller.ok_or_else(|| JsValue::from_str("ReadableStream did not call start()"))?;
        Ok((
            stream,
            ResponseStream {
                controller,
                failure,
            },
        ))
    }

    pub fn enqueue(&self, chunk: &JsValue) {
        // Fails only if the reader cancelled, and then the transport already let the stream go.
        let _ = self.controller.enqueue_with_chunk(chunk);
    }

    /// Ends the stream; what it holds stays readable.
    pub fn close(self) {
        let _ = self.controller.close();
    }

    /// Fails the stream once the reader has taken what it already holds: a chunk that arrived is
    /// never lost to a later error.
    pub fn fail(self, error: &JsValue) {
        // The queue is empty when the stream wants a whole chunk (its high-water mark is 1).
        if self
            .controller
            .desired_size()
            .is_some_and(|size| size >= 1.0)
        {
            self.controller.error_with_e(error);
        } else if let Ok(mut held) = self.failure.try_borrow_mut() {
            *held = Some(error.clone());
        }
    }
}
