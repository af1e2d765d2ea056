//! The library's errors, as plain Rust data. The boundary turns each into a JS `Error` whose `name`
//! is `name()` and whose message is `message()`: what was wrong and what was expected.

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AdkError {
    /// An argument of the wrong type or shape.
    InvalidArgument {
        function: &'static str,
        what: String,
        expected: &'static str,
    },
    /// `approve`/`deny` with an id that is not a pending approval.
    UnknownApprovalId {
        id: String,
        pending: Vec<String>,
        looks_like_tool_call_of: Option<String>,
    },
    /// `answerApprovals` whose decisions do not answer every pending approval exactly once.
    IncompleteBatch {
        missing: Vec<String>,
        unknown: Vec<String>,
        duplicated: Vec<String>,
    },
    /// A registry call with a bad tool description.
    InvalidTool { what: String },
    /// The chat did not reach the expected state after an answer or an output was applied.
    NotCommitted { what: String },
    /// A browser tool failed; the text is what goes into the part's `errorText`.
    ToolFailed { tool: String, error_text: String },
    /// The browser gave no position (`get_location`, SPEC §6). `code` is `'permission-denied'`,
    /// `'position-unavailable'`, `'timeout'` or `'unsupported'`; `text` is the part's `errorText`.
    GeolocationFailed { code: &'static str, text: String },
}

impl AdkError {
    pub fn name(&self) -> &'static str {
        match self {
            AdkError::InvalidArgument { .. } => "AdkInvalidArgumentError",
            AdkError::UnknownApprovalId { .. } => "AdkUnknownApprovalError",
            AdkError::IncompleteBatch { .. } => "AdkIncompleteBatchError",
            AdkError::InvalidTool { .. } => "AdkInvalidToolError",
            AdkError::NotCommitted { .. } => "AdkNotCommittedError",
            AdkError::ToolFailed { .. } => "AdkToolError",
            AdkError::GeolocationFailed { .. } => "AdkGeolocationError",
        }
    }

    pub fn message(&self) -> String {
        match self {
            AdkError::InvalidArgument {
                function,
                what,
                expected,
            } => {
                format!("{function}(): {what}; expected {expected}.")
            }
            AdkError::UnknownApprovalId {
                id,
                pending,
                looks_like_tool_call_of,
            } => {
                let id = crate::model::shown(id);
                let mut text = format!("'{id}' is not a pending approval id of this chat. ");
                if let Some(approval_id) = looks_like_tool_call_of {
                    text.push_str(&format!(
                        "It is the toolCallId of a pending call; its approval id is {approval_id}. "
                    ));
                }
                if pending.is_empty() {
                    text.push_str("No approval is pending in the last assistant message.");
                } else {
                    text.push_str(&format!(
                        "Pending approval ids: {}. Pass part.approval.id, not part.toolCallId.",
                        pending.join(", ")
                    ));
                }
                text
            }
            AdkError::IncompleteBatch {
                missing,
                unknown,
                duplicated,
            } => {
                let mut problems = Vec::new();
                if !missing.is_empty() {
                    problems.push(format!("missing: {}", shown_list(missing)));
                }
                if !unknown.is_empty() {
                    problems.push(format!("unknown: {}", shown_list(unknown)));
                }
                if !duplicated.is_empty() {
                    problems.push(format!(
                        "answered more than once: {}",
                        shown_list(duplicated)
                    ));
                }
                format!(
                    "answerApprovals(): the handler must decide every pending approval exactly once; \
                     nothing was applied ({}).",
                    problems.join("; ")
                )
            }
            AdkError::InvalidTool { what } => what.clone(),
            AdkError::NotCommitted { what } => what.clone(),
            AdkError::ToolFailed { tool, error_text } => format!("{tool}: {error_text}"),
            AdkError::GeolocationFailed { text, .. } => text.clone(),
        }
    }
}

/// Ids as messages show them: each cut short, at most 20 of them.
fn shown_list(ids: &[String]) -> String {
    let mut text: Vec<String> = ids
        .iter()
        .take(20)
        .map(|id| crate::model::shown(id).into_owned())
        .collect();
    if ids.len() > 20 {
        text.push(format!("and {} more", ids.len() - 20));
    }
    text.join(", ")
}

impl std::fmt::Display for AdkError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}: {}", self.name(), self.message())
    }
}

impl std::error::Error for AdkError {}
