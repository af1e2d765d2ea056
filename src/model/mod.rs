//! The protocol model: AI SDK v6 UI messages, reduced to what the auto-send decision reads (SPEC §1).
//!
//! Only the last message matters for decisions, so the model describes one message. Strings never
//! reach Rust: the JS glue interns every id a rule compares (toolCallId, approval id) into a
//! [`Handle`], a small integer of its engine's intern table, and writes each part as a fixed-size
//! integer record (`records`). Rules compare handles; words about a part are rendered in JS from
//! the part's index.

pub mod records;

/// An interned string: equal strings of one engine have equal handles. 0 stands for "none".
pub type Handle = u32;

/// Who wrote a message. Anything but `assistant` means there is nothing for the browser to answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Role {
    /// `role` absent or not a string.
    Missing,
    User,
    Assistant,
    System,
    /// A string AI SDK does not define.
    Other,
}

impl Role {
    /// Every role, in the order of their record codes (`role as u32`).
    pub const ALL: [Role; 5] = [
        Role::Missing,
        Role::User,
        Role::Assistant,
        Role::System,
        Role::Other,
    ];

    /// The role of a record header's code; an unknown code is a missing role.
    pub fn from_code(code: u32) -> Role {
        match Role::ALL.get(code as usize) {
            Some(&role) => role,
            None => Role::Missing,
        }
    }
}

/// The states of a tool part (SPEC §1), in the order of their record codes.
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
    pub const ALL: [ToolState; 7] = [
        ToolState::InputStreaming,
        ToolState::InputAvailable,
        ToolState::ApprovalRequested,
        ToolState::ApprovalResponded,
        ToolState::OutputAvailable,
        ToolState::OutputError,
        ToolState::OutputDenied,
    ];

    pub fn from_code(code: u32) -> Option<ToolState> {
        ToolState::ALL.get(code as usize).copied()
    }

    pub fn code(self) -> u32 {
        self as u32
    }

    /// A tool result (success or failure) is present in the part.
    pub fn has_result(self) -> bool {
        matches!(self, ToolState::OutputAvailable | ToolState::OutputError)
    }
}

/// `part.approval`: the id AI SDK's `addToolApprovalResponse` expects, and the user's answer once given.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Approval {
    pub id: Handle,
    pub approved: Option<bool>,
    /// `approval.isAutomatic`: AI SDK 7's backend answered it itself (a `tool-approval-response`
    /// chunk); not a user action (SPEC §2 principle 1, D27).
    pub automatic: bool,
}

/// A `tool-<name>` or `dynamic-tool` part. Its name is not here: the glue resolves what the rules
/// need of it (whether the tool runs in the browser, whether it requires approval) into flags.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ToolPart {
    pub tool_call_id: Handle,
    pub state: ToolState,
    pub approval: Option<Approval>,
    /// The tool runs in the browser (SPEC §1 "frontend-execute tool"), for the engine that asks.
    pub frontend: bool,
    /// The browser may run it only after the user approves it (the registry's flag).
    pub requires_approval: bool,
    /// The part carries a non-empty legacy `error` field: the backend reported the tool failed
    /// (SPEC D29), so nothing of this part is sent.
    pub failed: bool,
}

impl ToolPart {
    /// A server tool part without an approval.
    pub fn new(tool_call_id: Handle, state: ToolState) -> Self {
        ToolPart {
            tool_call_id,
            state,
            approval: None,
            frontend: false,
            requires_approval: false,
            failed: false,
        }
    }

    /// The same part with `approval: {id, approved}`.
    pub fn with_approval(self, id: Handle, approved: Option<bool>) -> Self {
        ToolPart {
            approval: Some(Approval {
                id,
                approved,
                automatic: false,
            }),
            ..self
        }
    }

    /// The same part, of a tool that runs in the browser and requires approval.
    pub fn in_browser(self) -> Self {
        ToolPart {
            frontend: true,
            requires_approval: true,
            ..self
        }
    }

    /// The answer, when the part carries one (it survives into the output states), whoever gave it.
    pub fn answer(&self) -> Option<bool> {
        self.approval.and_then(|a| a.approved)
    }

    /// The user's own answer: an answer the backend gave itself (AI SDK 7's automatic approvals)
    /// is not one.
    pub fn user_answer(&self) -> Option<(Handle, bool)> {
        let approval = self.approval?;
        if approval.automatic {
            return None;
        }
        approval.approved.map(|approved| (approval.id, approved))
    }
}

/// One part of a message. Non-tool parts only matter by their position (SPEC §2 principle 2).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Part {
    Tool(ToolPart),
    /// AI SDK's marker after a tool call; not a reaction of the backend.
    StepStart,
    Text,
    Reasoning,
    /// `file`, `source-*`, `data-*` and part types this library does not know: tolerated, and
    /// like any backend-written part they show that the backend moved on.
    Other,
}

impl Part {
    pub fn as_tool(&self) -> Option<&ToolPart> {
        match self {
            Part::Tool(tool) => Some(tool),
            _ => None,
        }
    }
}

/// Why the input is not a well-formed message list (SPEC §2 principle 5): a code of the glue's
/// (`records::MALFORMED_*` names Rust's own) and the part it concerns. Kept as numbers: the glue
/// words it for `explain()`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Malformed {
    pub code: u32,
    pub index: u32,
}

/// The last message of a chat, as far as decisions need it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LastMessage {
    pub role: Role,
    /// `None` when `parts` is missing or null (SPEC D3).
    pub parts: Option<alloc::vec::Vec<Part>>,
}

impl LastMessage {
    pub fn assistant(parts: alloc::vec::Vec<Part>) -> Self {
        LastMessage {
            role: Role::Assistant,
            parts: Some(parts),
        }
    }

    /// Tool parts with their index in the message.
    pub fn tool_parts(&self) -> impl Iterator<Item = (usize, &ToolPart)> {
        self.parts
            .as_deref()
            .unwrap_or(&[])
            .iter()
            .enumerate()
            .filter_map(|(index, part)| part.as_tool().map(|tool| (index, tool)))
    }
}

/// What a decision reads: the last message, or why there is none.
pub type Message = Result<LastMessage, Malformed>;
