//! The decision engine and the approval helpers as JS sees them. The typed, documented surface is
//! the glue in `js/`; these are its building blocks.

use js_sys::{Array, Object};
use wasm_bindgen::prelude::*;

use super::{get, invalid, js_error, optional_string, set, type_name};
use crate::approvals::{check_answerable, check_batch, pending_approvals};
use crate::engine::{BidiPattern, Engine, Mode};
use crate::model::summary::parse;
use crate::registry::ChatTools;
use crate::runner::{Run, Runner};

/// One chat's decision engine (`createAutoSend` wraps it).
#[wasm_bindgen(js_name = AutoSendEngine)]
pub struct JsEngine {
    engine: Engine,
    /// `frontendTools` passed to `createAutoSend`, with whether each requires approval; `None`
    /// uses the module's registry.
    tools: ChatTools,
    /// Which browser tool calls this chat already started.
    runner: Runner,
}

#[wasm_bindgen(js_class = AutoSendEngine)]
impl JsEngine {
    /// `options`: `{mode: 'sse' | 'bidi', bidiPattern?: 'A' | 'B', frontendTools?: string[]}`.
    #[wasm_bindgen(constructor)]
    pub fn new(options: JsValue) -> Result<JsEngine, JsValue> {
        const F: &str = "createAutoSend";
        if !options.is_object() {
            return Err(invalid(
                F,
                format!("the options are {}", type_name(&options)),
                "{mode: 'sse' | 'bidi'}",
            ));
        }
        let mode = optional_string(F, &options, "mode", "'sse' or 'bidi'")?;
        let mode = match mode.as_deref().map(Mode::parse) {
            Some(Some(mode)) => mode,
            Some(None) => {
                return Err(invalid(
                    F,
                    format!(
                        "mode '{}' is not known",
                        crate::model::shown(&mode.unwrap_or_default())
                    ),
                    "'sse' or 'bidi'",
                ))
            }
            None => return Err(invalid(F, "`mode` is missing", "'sse' or 'bidi'")),
        };
        let pattern = match optional_string(F, &options, "bidiPattern", "'A' or 'B'")? {
            None => BidiPattern::A,
            Some(p) => BidiPattern::parse(&p).ok_or_else(|| {
                invalid(
                    F,
                    format!("bidiPattern '{}' is not known", crate::model::shown(&p)),
                    "'A' or 'B'",
                )
            })?,
        };
        if mode == Mode::Sse && pattern == BidiPattern::B {
            return Err(invalid(
                F,
                "bidiPattern 'B' was given with mode 'sse'",
                "Pattern A with SSE (ADR 0008: an HTTP request cannot carry a later tool_result)",
            ));
        }
        let tools = get(F, &options, "frontendTools")?;
        let frontend_tools = if tools.is_undefined() || tools.is_null() {
            None
        } else if super::is_array(&tools) {
            let mut names = Vec::new();
            for (i, tool) in Array::from(&tools).iter().enumerate() {
                let (name, requires_approval) = if tool.is_object() {
                    let requires = get(F, &tool, "requiresApproval")?;
                    let requires = if requires.is_undefined() {
                        true
                    } else {
                        requires.as_bool().ok_or_else(|| {
                            invalid(
                                F,
                                format!(
                                    "frontendTools[{i}].requiresApproval is {}",
                                    type_name(&requires)
                                ),
                                "true or false",
                            )
                        })?
                    };
                    (get(F, &tool, "name")?, requires)
                } else {
                    // A bare name is the safe default: the tool needs the user's approval.
                    (tool, true)
                };
                match name.as_string() {
                    Some(name) if !name.is_empty() => names.push((name, requires_approval)),
                    _ => {
                        return Err(invalid(
                            F,
                            format!("frontendTools[{i}] is {}", type_name(&name)),
                            "a tool name or an object with a `name` string",
                        ))
                    }
                }
            }
            Some(names)
        } else {
            return Err(invalid(
                F,
                format!("frontendTools is {}", type_name(&tools)),
                "an array of tool names",
            ));
        };
        let use_registry = match get(F, &options, "useRegistry")? {
            v if v.is_undefined() => frontend_tools.is_none(),
            v => v.as_bool().ok_or_else(|| {
                invalid(
                    F,
                    format!("useRegistry is {}", type_name(&v)),
                    "true or false",
                )
            })?,
        };
        Ok(JsEngine {
            engine: Engine::new(mode, pattern),
            tools: ChatTools {
                own: frontend_tools.unwrap_or_default(),
                use_registry,
            },
            runner: Runner::new(),
        })
    }

    fn with_frontend<R>(&self, f: impl FnOnce(&dyn Fn(&str) -> bool) -> R) -> R {
        super::registry::with_registry(|registry| {
            f(&|name: &str| self.tools.is_frontend(registry, name))
        })
    }

    /// The decision AI SDK acts on, from the glue's summary of `{messages}`. Remembers what it sends.
    pub fn decide(&mut self, summary: &str) -> bool {
        let message = parse(summary);
        let JsEngine { engine, tools, .. } = self;
        super::registry::with_registry(|registry| {
            engine.should_send(&message, &|name: &str| tools.is_frontend(registry, name))
        })
    }

    /// `decide` for the summary the glue wrote into the buffer of `summaryBuffer`, `len` bytes.
    #[wasm_bindgen(js_name = decideBuffered)]
    pub fn decide_buffered(&mut self, len: usize) -> bool {
        let send = SUMMARY.with(|buffer| {
            let buffer = buffer.borrow();
            let text = buffer
                .get(..len)
                .and_then(|bytes| std::str::from_utf8(bytes).ok());
            // An impossible length or broken UTF-8 is malformed input: false, as for any other.
            text.is_some_and(|text| self.decide(text))
        });
        SUMMARY.with(|buffer| {
            // A huge summary (a hostile id) is not kept for the life of the page.
            let mut buffer = buffer.borrow_mut();
            if buffer.len() > 1 << 20 {
                *buffer = Vec::new();
            }
        });
        send
    }

    /// `{send, rule, detail}` for the same input, without remembering anything.
    pub fn explain(&self, summary: &str) -> JsValue {
        let message = parse(summary);
        let decision = self.with_frontend(|is_frontend| self.engine.explain(&message, is_frontend));
        let result = Object::new();
        set(&result, "send", decision.send());
        set(&result, "rule", decision.verdict.rule());
        set(&result, "detail", decision.verdict.detail());
        result.into()
    }

    /// Says the output of this tool call was added by the browser (SPEC §2 principle 6).
    #[wasm_bindgen(js_name = markBrowserOutput)]
    pub fn mark_browser_output(&mut self, tool_call_id: JsValue) -> Result<(), JsValue> {
        match tool_call_id.as_string() {
            Some(id) if !id.is_empty() => {
                self.engine.mark_browser_output(&id);
                Ok(())
            }
            _ => Err(invalid(
                "markBrowserOutput",
                format!("toolCallId is {}", type_name(&tool_call_id)),
                "a non-empty string",
            )),
        }
    }

    /// Forgets what was sent, which outputs are the browser's and which tools were started.
    pub fn reset(&mut self) {
        self.engine.reset();
        self.runner.reset();
    }

    /// The browser tool calls of the summarised last message to start now, each returned once:
    /// `[{toolCallId, toolName, partIndex, run: 'approved' | 'called' | 'refused'}]` (SPEC §4).
    #[wasm_bindgen(js_name = claimToolCalls)]
    pub fn claim_tool_calls(&mut self, summary: &str) -> Array {
        let list = Array::new();
        let Ok(message) = parse(summary) else {
            return list;
        };
        let JsEngine { tools, runner, .. } = self;
        let calls = super::registry::with_registry(|registry| {
            runner.claim(
                &message,
                &|name: &str| tools.is_frontend(registry, name),
                &|name: &str| tools.requires_approval(registry, name),
            )
        });
        for call in calls {
            let item = Object::new();
            set(&item, "toolCallId", call.tool_call_id);
            set(&item, "toolName", call.tool_name);
            set(&item, "partIndex", call.part_index as u32);
            set(
                &item,
                "run",
                match call.run {
                    Run::Approved => "approved",
                    Run::CalledWithoutApproval => "called",
                    Run::RefusedWithoutApproval => "refused",
                },
            );
            list.push(&item);
        }
        list
    }

    #[wasm_bindgen(getter)]
    pub fn mode(&self) -> String {
        match self.engine.mode {
            Mode::Sse => "sse".into(),
            Mode::Bidi => "bidi".into(),
        }
    }

    #[wasm_bindgen(getter, js_name = bidiPattern)]
    pub fn bidi_pattern(&self) -> String {
        match self.engine.pattern {
            BidiPattern::A => "A".into(),
            BidiPattern::B => "B".into(),
        }
    }

    /// How many sent actions the engine remembers (bounded by the last message's actions).
    #[wasm_bindgen(getter, js_name = rememberedCount)]
    pub fn remembered_count(&self) -> usize {
        self.engine.memory().sent_count()
    }

    /// Whether a tool's output must wait for the browser before its approval is sent (Pattern A).
    #[wasm_bindgen(js_name = isFrontendTool)]
    pub fn is_frontend_tool(&self, name: &str) -> bool {
        self.with_frontend(|is_frontend| is_frontend(name))
    }
}

thread_local! {
    /// Where the glue writes a decision's summary (see `summaryBuffer`).
    static SUMMARY: std::cell::RefCell<Vec<u8>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// The address of a buffer of at least `capacity` bytes in WebAssembly memory, for the glue to
/// write a decision's summary into with `TextEncoder.encodeInto` (one native copy instead of
/// wasm-bindgen's per-character one). Valid until the next call.
#[wasm_bindgen(js_name = summaryBuffer)]
pub fn summary_buffer(capacity: usize) -> *mut u8 {
    SUMMARY.with(|buffer| {
        let mut buffer = buffer.borrow_mut();
        if buffer.len() < capacity {
            buffer.resize(capacity, 0);
        }
        buffer.as_mut_ptr()
    })
}

/// Pending approvals of the summarised last message: `[{approvalId, toolCallId, toolName, partIndex}]`.
#[wasm_bindgen(js_name = pendingApprovalsOf)]
pub fn pending_approvals_of(summary: &str) -> Result<Array, JsValue> {
    let message = parse(summary).map_err(|why| {
        invalid(
            "pendingApprovals",
            format!("the messages are not well-formed: {}", why.describe()),
            "an array of AI SDK UI messages",
        )
    })?;
    let list = Array::new();
    for pending in pending_approvals(&message) {
        let item = Object::new();
        set(&item, "approvalId", pending.approval_id);
        set(&item, "toolCallId", pending.tool_call_id);
        set(&item, "toolName", pending.tool_name);
        set(&item, "partIndex", pending.part_index as u32);
        list.push(&item);
    }
    Ok(list)
}

/// `approve`/`deny`: the part index of the pending approval `approval_id`, or an error listing the
/// valid ids.
#[wasm_bindgen(js_name = checkAnswerable)]
pub fn check_answerable_js(
    summary: &str,
    approval_id: JsValue,
    function: &str,
) -> Result<u32, JsValue> {
    let function: &'static str = if function == "deny" {
        "deny"
    } else {
        "approve"
    };
    let id = match approval_id.as_string() {
        Some(id) if !id.is_empty() => id,
        _ => {
            return Err(invalid(
                function,
                format!("approvalId is {}", type_name(&approval_id)),
                "the approval id string (part.approval.id)",
            ))
        }
    };
    let message = parse(summary).map_err(|why| {
        invalid(
            function,
            format!(
                "the chat's messages are not well-formed: {}",
                why.describe()
            ),
            "AI SDK UI messages",
        )
    })?;
    check_answerable(&pending_approvals(&message), &id)
        .map(|index| index as u32)
        .map_err(|e| js_error(&e))
}

/// Whether `approval_id` still waits for an answer (to confirm an answer was committed).
#[wasm_bindgen(js_name = isPending)]
pub fn is_pending(summary: &str, approval_id: &str) -> bool {
    parse(summary).is_ok_and(|message| {
        pending_approvals(&message)
            .iter()
            .any(|p| p.approval_id == approval_id)
    })
}

/// `answerApprovals`: reads the handler's decisions — an array of `{approvalId | id, approved,
/// reason?}`, a `Map`, or an object keyed by approval id whose values are a boolean or
/// `{approved, reason?}` — checks that they answer every pending approval exactly once, and
/// returns them as `[{id, approved, reason}]` in the order of the pending approvals.
#[wasm_bindgen(js_name = normalizeBatch)]
pub fn normalize_batch(summary: &str, decisions: JsValue) -> Result<Array, JsValue> {
    const F: &str = "answerApprovals";
    let message = parse(summary).map_err(|why| {
        invalid(
            F,
            format!(
                "the chat's messages are not well-formed: {}",
                why.describe()
            ),
            "AI SDK UI messages",
        )
    })?;
    let pending = pending_approvals(&message);
    let mut answers: Vec<(String, bool, JsValue)> = Vec::new();
    let read_answer = |id: String,
                       value: JsValue,
                       answers: &mut Vec<(String, bool, JsValue)>|
     -> Result<(), JsValue> {
        if let Some(approved) = value.as_bool() {
            answers.push((id, approved, JsValue::UNDEFINED));
            return Ok(());
        }
        let approved = get(F, &value, "approved")?;
        let Some(approved) = approved.as_bool() else {
            return Err(invalid(
                F,
                format!(
                    "the decision for {id} has `approved` {}",
                    type_name(&approved)
                ),
                "true or false",
            ));
        };
        let reason = get(F, &value, "reason")?;
        if !(reason.is_undefined() || reason.is_null() || reason.is_string()) {
            return Err(invalid(
                F,
                format!("the decision for {id} has `reason` {}", type_name(&reason)),
                "a string or undefined",
            ));
        }
        answers.push((id, approved, reason));
        Ok(())
    };
    if super::is_array(&decisions) {
        for (i, decision) in Array::from(&decisions).iter().enumerate() {
            if !decision.is_object() {
                return Err(invalid(
                    F,
                    format!("decision [{i}] is {}", type_name(&decision)),
                    "{approvalId, approved, reason?}",
                ));
            }
            let id = optional_string(F, &decision, "approvalId", "the approval id string")?;
            let id = match id {
                Some(id) => id,
                None => optional_string(F, &decision, "id", "the approval id string")?.ok_or_else(
                    || {
                        invalid(
                            F,
                            format!("decision [{i}] names no approval"),
                            "{approvalId, approved, reason?}",
                        )
                    },
                )?,
            };
            read_answer(id, decision, &mut answers)?;
        }
    } else if decisions.is_instance_of::<js_sys::Map>() {
        let map: js_sys::Map = decisions.unchecked_into();
        let mut failure = None;
        map.for_each(&mut |value, key| {
            if failure.is_some() {
                return;
            }
            let result = match key.as_string() {
                Some(id) => read_answer(id, value, &mut answers),
                None => Err(invalid(
                    F,
                    format!("a Map key is {}", type_name(&key)),
                    "approval id strings as keys",
                )),
            };
            failure = result.err();
        });
        if let Some(err) = failure {
            return Err(err);
        }
    } else if decisions.is_object() {
        let keys = Object::keys(decisions.unchecked_ref::<Object>());
        for key in keys.iter() {
            let id = key.as_string().unwrap_or_default();
            let value = get(F, &decisions, &id)?;
            read_answer(id, value, &mut answers)?;
        }
    } else {
        return Err(invalid(
            F,
            format!("the handler returned {}", type_name(&decisions)),
            "an array of {approvalId, approved, reason?} or an object keyed by approval id",
        ));
    }
    let ids: Vec<&str> = answers.iter().map(|(id, _, _)| id.as_str()).collect();
    check_batch(&pending, &ids).map_err(|e| js_error(&e))?;
    let ordered = Array::new();
    for p in &pending {
        if let Some((id, approved, reason)) = answers.iter().find(|(id, _, _)| id == p.approval_id)
        {
            let item = Object::new();
            set(&item, "id", id.as_str());
            set(&item, "approved", *approved);
            set(&item, "reason", reason.clone());
            set(&item, "partIndex", p.part_index as u32);
            ordered.push(&item);
        }
    }
    Ok(ordered)
}

/// Drop-in `extractToolName(part, fallback = "")`: `part.toolName`, else the name in `part.type`.
#[wasm_bindgen(js_name = extractToolName)]
pub fn extract_tool_name(part: JsValue, fallback: Option<String>) -> String {
    let fallback = fallback.unwrap_or_default();
    if !part.is_object() {
        return fallback;
    }
    let read = |key: &str| {
        js_sys::Reflect::get(&part, &JsValue::from_str(key))
            .ok()
            .and_then(|v| v.as_string())
    };
    let tool_name = read("toolName");
    let part_type = read("type").unwrap_or_default();
    crate::model::tool_name(&part_type, tool_name.as_deref())
        .map(str::to_string)
        .unwrap_or(fallback)
}

/// Drop-in `extractToolNameFromType(type)`: `"tool-x"` gives `"x"`; any other type is returned as
/// it is (`"text"` gives `"text"`), as the old helper did; a non-string gives `""`.
#[wasm_bindgen(js_name = extractToolNameFromType)]
pub fn extract_tool_name_from_type(part_type: JsValue) -> String {
    part_type
        .as_string()
        .map(|t| t.strip_prefix("tool-").unwrap_or(&t).to_string())
        .unwrap_or_default()
}

/// Drop-in `isToolType(type)`: whether `type` starts with `tool-`, the old helper's type guard
/// (`type is \`tool-${string}\``), so `dynamic-tool` is not one.
#[wasm_bindgen(js_name = isToolType)]
pub fn is_tool_type(part_type: JsValue) -> bool {
    part_type
        .as_string()
        .is_some_and(|t| t.starts_with("tool-"))
}
