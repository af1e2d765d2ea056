//! The module's default frontend-tool registry (SPEC §7's drop-in names).
//!
//! It is the one documented module-global instance the drop-in names require; per-chat code
//! passes `frontendTools` to `createAutoSend` instead. The engine reads it, so it lives here; the
//! tool executors (a map of JS functions, no rule in it) are in `js/executors.js`.

use std::cell::RefCell;

use js_sys::{Array, Object};
use wasm_bindgen::prelude::*;

use super::{get, invalid, js_error, optional_string, set, type_name};
use crate::registry::{Category, FrontendTool, Registry};

thread_local! {
    static REGISTRY: RefCell<Registry> = RefCell::new(Registry::default());
}

pub(crate) fn with_registry<R>(f: impl FnOnce(&Registry) -> R) -> R {
    REGISTRY.with(|registry| f(&registry.borrow()))
}

fn tool_to_js(tool: &FrontendTool) -> JsValue {
    let object = Object::new();
    set(&object, "name", tool.name.as_str());
    set(&object, "category", tool.category.as_str());
    if let Some(description) = &tool.description {
        set(&object, "description", description.as_str());
    }
    set(&object, "requiresApproval", tool.requires_approval);
    object.into()
}

/// `registerFrontendExecuteTool({name, category, description?, requiresApproval?})`.
#[wasm_bindgen(js_name = registerFrontendExecuteTool)]
pub fn register_frontend_execute_tool(tool: JsValue) -> Result<(), JsValue> {
    const F: &str = "registerFrontendExecuteTool";
    if !tool.is_object() {
        return Err(invalid(
            F,
            format!("the tool is {}", type_name(&tool)),
            "{name, category, description?}",
        ));
    }
    let name = optional_string(F, &tool, "name", "the tool's name")?.ok_or_else(|| {
        invalid(
            F,
            "`name` is missing",
            "the tool's name as the backend calls it",
        )
    })?;
    let category = optional_string(F, &tool, "category", "a category string")?
        .unwrap_or_else(|| "other".to_string());
    let category = Registry::parse_category(&category).map_err(|e| js_error(&e))?;
    let description = optional_string(F, &tool, "description", "a string")?;
    let requires_approval = get(F, &tool, "requiresApproval")?;
    let requires_approval = if requires_approval.is_undefined() {
        true
    } else {
        requires_approval.as_bool().ok_or_else(|| {
            invalid(
                F,
                format!("`requiresApproval` is {}", type_name(&requires_approval)),
                "true or false",
            )
        })?
    };
    let tool = FrontendTool {
        name,
        category,
        description,
        requires_approval,
    };
    REGISTRY
        .with(|registry| registry.borrow_mut().register(tool))
        .map_err(|e| js_error(&e))
}

#[wasm_bindgen(js_name = isFrontendExecuteTool)]
pub fn is_frontend_execute_tool(name: JsValue) -> bool {
    name.as_string()
        .is_some_and(|name| with_registry(|registry| registry.contains(&name)))
}

#[wasm_bindgen(js_name = getFrontendExecuteTools)]
pub fn get_frontend_execute_tools() -> Array {
    with_registry(|registry| registry.tools().iter().map(tool_to_js).collect())
}

#[wasm_bindgen(js_name = getFrontendExecuteToolsByCategory)]
pub fn get_frontend_execute_tools_by_category(category: JsValue) -> Result<Array, JsValue> {
    let Some(name) = category.as_string() else {
        return Err(invalid(
            "getFrontendExecuteToolsByCategory",
            format!("category is {}", type_name(&category)),
            "a category string",
        ));
    };
    let category: Category = Registry::parse_category(&name).map_err(|e| js_error(&e))?;
    Ok(with_registry(|registry| {
        registry.by_category(category).map(tool_to_js).collect()
    }))
}

/// Back to the default registry (`get_location`, `take_photo`, `get_camera`).
#[wasm_bindgen(js_name = resetFrontendExecuteTools)]
pub fn reset_frontend_execute_tools() {
    REGISTRY.with(|registry| *registry.borrow_mut() = Registry::default());
}

/// The registry entry of one tool, or `undefined`.
#[wasm_bindgen(js_name = getFrontendExecuteTool)]
pub fn get_frontend_execute_tool(name: &str) -> JsValue {
    with_registry(|registry| {
        registry
            .get(name)
            .map(tool_to_js)
            .unwrap_or(JsValue::UNDEFINED)
    })
}
