//! The protocol model: AI SDK v6 UI messages, reduced to what the auto-send decision reads (SPEC §1).
//!
//! Only the last message matters for decisions, so the model describes one message. Strings are
//! borrowed from the boundary's summary (see `summary`), so building a model allocates one
//! `Vec` of parts and copies no ids.

pub mod summary;

/// Who wrote a message. Anything but `assistant` means there is nothing for the browser to answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Role {
    User,
    Assistant,
    System,
    /// `role` absent or not a string.
    Missing,
    /// A string AI SDK does not define.
    Other,
}

impl Role {
    pub fn parse(role: &str) -> Role {
        match role {
            "user" => Role::User,
            "assistant" => Role::Assistant,
            "system" => Role::System,
            _ => Role::Other,
        }
    }
}

/// The states of a tool part (SPEC §1).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ToolState {
    InputStreaming,
    InputAvailable,
    ApprovalRequested,
    ApprovalResponded,
    OutputAvailable,
    OutputError,
    OutputDenied,
}

impl ToolState {
    pub fn parse(state: &str) -> Option<ToolState> {
        Some(match state {
            "input-streaming" => ToolState::InputStreaming,
            "input-available" => ToolState::InputAvailable,
            "approval-requested" => ToolState::ApprovalRequested,
            "approval-responded" => ToolState::ApprovalResponded,
            "output-available" => ToolState::OutputAvailable,
            "output-error" => ToolState::OutputError,
            "output-denied" => ToolState::OutputDenied,
            _ => return None,
        })
    }

    pub fn as_str(self) -> &'static str {
        match self {
            ToolState::InputStreaming => "input-streaming",
            ToolState::InputAvailable => "input-available",
            ToolState::ApprovalRequested => "approval-requested",
            ToolState::ApprovalResponded => "approval-responded",
            ToolState::OutputAvailable => "output-available",
            ToolState::OutputError => "output-error",
            ToolState::OutputDenied => "output-denied",
        }
    }

    /// A tool result (success or failure) is present in the part.
    pub fn has_result(self) -> bool {
        matches!(self, ToolState::OutputAvailable | ToolState::OutputError)
    }
}

/// `part.approval`: the id AI SDK's `addToolApprovalResponse` expects, and the user's answer once given.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Approval<'a> {
    pub id: &'a str,
    pub approved: Option<bool>,
    /// `approval.isAutomatic`: AI SDK 7's backend answered it itself (a `tool-approval-response`
    /// chunk); not a user action (SPEC §2 principle 1, D27).
    pub automatic: bool,
}

/// A `tool-<name>` or `dynamic-tool` part.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ToolPart<'a> {
    pub name: &'a str,
    pub tool_call_id: &'a str,
    pub state: ToolState,
    pub approval: Option<Approval<'a>>,
}

impl<'a> ToolPart<'a> {
    /// A tool part without an approval.
    pub fn new(name: &'a str, tool_call_id: &'a str, state: ToolState) -> Self {
        ToolPart {
            name,
            tool_call_id,
            state,
            approval: None,
        }
    }

    /// The same part with `approval: {id, approved}`.
    pub fn with_approval(self, id: &'a str, approved: Option<bool>) -> Self {
        ToolPart {
            approval: Some(Approval {
                id,
                approved,
                automatic: false,
            }),
            ..self
        }
    }

    /// The answer, when the part carries one (it survives into the output states), whoever gave it.
    pub fn answer(&self) -> Option<bool> {
        self.approval.and_then(|a| a.approved)
    }

    /// The user's own answer: an answer the backend gave itself (AI SDK 7's automatic approvals)
    /// is not one.
    pub fn user_answer(&self) -> Option<(&'a str, bool)> {
        let approval = self.approval?;
        if approval.automatic {
            return None;
        }
        approval.approved.map(|approved| (approval.id, approved))
    }
}

/// One part of a message. Non-tool parts only matter by their position (SPEC §2 principle 2).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Part<'a> {
    Tool(ToolPart<'a>),
    /// AI SDK's marker after a tool call; not a reaction of the backend.
    StepStart,
    Text,
    Reasoning,
    /// `file`, `source-*`, `data-*` and part types this library does not know: tolerated, and
    /// like any backend-written part they show that the backend moved on.
    Other,
}

impl<'a> Part<'a> {
    pub fn as_tool(&self) -> Option<&ToolPart<'a>> {
        match self {
            Part::Tool(tool) => Some(tool),
            _ => None,
        }
    }
}

/// The last message of a chat, as far as decisions need it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LastMessage<'a> {
    pub role: Role,
    /// `None` when `parts` is missing or null (SPEC D3).
    pub parts: Option<Vec<Part<'a>>>,
}

impl<'a> LastMessage<'a> {
    pub fn assistant(parts: Vec<Part<'a>>) -> Self {
        LastMessage {
            role: Role::Assistant,
            parts: Some(parts),
        }
    }

    /// Tool parts with their index in the message.
    pub fn tool_parts(&self) -> impl Iterator<Item = (usize, &ToolPart<'a>)> {
        self.parts
            .iter()
            .flatten()
            .enumerate()
            .filter_map(|(index, part)| part.as_tool().map(|tool| (index, tool)))
    }
}

/// `part.toolName` when set, else `type` without the `tool-` prefix (SPEC §1).
pub fn tool_name<'a>(part_type: &'a str, tool_name: Option<&'a str>) -> Option<&'a str> {
    match tool_name {
        Some(name) if !name.is_empty() => Some(name),
        _ => tool_name_from_type(part_type),
    }
}

/// `tool-<name>` gives `<name>`; every other type (including `dynamic-tool`) gives nothing.
pub fn tool_name_from_type(part_type: &str) -> Option<&str> {
    part_type
        .strip_prefix("tool-")
        .filter(|name| !name.is_empty())
}

/// Whether a part type denotes a tool part.
pub fn is_tool_type(part_type: &str) -> bool {
    part_type == "dynamic-tool" || tool_name_from_type(part_type).is_some()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tool_name_prefers_tool_name_field() {
        assert_eq!(
            tool_name("dynamic-tool", Some("get_location")),
            Some("get_location")
        );
        assert_eq!(tool_name("tool-get_location", None), Some("get_location"));
        assert_eq!(tool_name("tool-a", Some("")), Some("a"));
        assert_eq!(tool_name("dynamic-tool", None), None);
        assert_eq!(tool_name("text", None), None);
    }

    #[test]
    fn tool_types() {
        assert!(is_tool_type("tool-x"));
        assert!(is_tool_type("dynamic-tool"));
        assert!(!is_tool_type("tool-"));
        assert!(!is_tool_type("text"));
        assert!(!is_tool_type("step-start"));
    }

    #[test]
    fn states_round_trip() {
        for s in [
            "input-streaming",
            "input-available",
            "approval-requested",
            "approval-responded",
            "output-available",
            "output-error",
            "output-denied",
        ] {
            assert_eq!(ToolState::parse(s).map(ToolState::as_str), Some(s));
        }
        assert_eq!(ToolState::parse("done"), None);
    }
}

/// A value as error messages and explanations show it: whole when short, else its first 80
/// characters and an ellipsis, so a 10 MB id never becomes a 10 MB message.
pub fn shown(text: &str) -> std::borrow::Cow<'_, str> {
    const MOST: usize = 80;
    match text.char_indices().nth(MOST) {
        None => std::borrow::Cow::Borrowed(text),
        Some((cut, _)) => std::borrow::Cow::Owned(format!("{}…", &text[..cut])),
    }
}

#[cfg(test)]
mod shown_tests {
    #[test]
    fn long_values_are_cut_short() {
        assert_eq!(super::shown("abc"), "abc");
        let long = "é".repeat(100);
        let cut = super::shown(&long);
        assert_eq!(cut.chars().count(), 81);
        assert!(cut.ends_with('…'));
    }
}
