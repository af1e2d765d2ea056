//! What the fuzz targets share:
//!
//! - [`Render`]: one step of a chat as the engine sees it: a render of the last message (what
//!   `records::decode` hands the engine: a model value with handles, or a malformation), or the
//!   library's helper marking a tool output as the browser's.
//! - [`arbitrary_renders`]: a chat built from fuzz bytes: a first last message from a vocabulary of
//!   the part types, states and tool flags that matter (automatic approvals, the legacy `failed`
//!   flag of D29), with ids drawn from a few handles so that they collide (one approval id on two
//!   tool calls, D28; a toolCallId equal to an approval id), then small changes to it (a state, an
//!   answer, a new part, a mark) or a new message.
//! - [`check_records`]: the `records` target: arbitrary words and a part count through
//!   `records::decode`, checked against an independent reading of the layout, then through
//!   [`check_decisions`].
//! - [`check_messages`]: the `messages` target: a chat of [`arbitrary_renders`], each render
//!   through the records (`encode` then `decode`) and then through [`check_decisions`].
//! - [`check_decisions`]: runs the engine (SSE, BIDI A, BIDI B), the runner and the approval helpers
//!   on a chat and asserts the SPEC §2 / §4 properties that hold whatever the input.
//!
//! The seeds of both targets are written by `write_seeds` (an ignored test: `cargo test --lib --
//! --ignored write_seeds`): the SPEC §2 rows as records for `records`, and chats that reach each
//! verdict for `messages`.

use adk_stream_wasm::approvals::{
    check_answerable, check_batch, pending_approvals, BatchProblems, NotAnswerable,
};
use adk_stream_wasm::engine::{rule, Action, BidiPattern, Engine, Mode, Verdict};
use adk_stream_wasm::model::records::{
    self, decode, decode_into, encode, APPROVAL, APPROVED, DENIED, HEADER_WORDS, KIND_TOOL,
    MALFORMED_RECORD, PART_WORDS,
};
use adk_stream_wasm::model::{
    Approval, Handle, LastMessage, Malformed, Message, Part, Role, ToolPart, ToolState,
};
use adk_stream_wasm::runner::{Run, Runner};
use arbitrary::Unstructured;

/// One step of a chat.
#[derive(Clone, Debug)]
pub enum Render {
    /// AI SDK asks `sendAutomaticallyWhen` about this last message.
    Message(Message),
    /// The library's helper (or the app) says this tool call's output is the browser's.
    Mark(Handle),
}

// ------------------------------------------------------------------------------------------------
// Chats from fuzz bytes.

/// Handles drawn for toolCallIds and approval ids: few, so that parts, renders and marks meet, and
/// shared by both kinds of id (a toolCallId passed where an approval id is expected). 0 is the
/// glue's "none", which the engine must survive as an id too.
const HANDLES: &[Handle] = &[1, 2, 3, 4, 5, 0];
const PROBES: &[Handle] = &[0, 1, 2, 3, 4, 5, 6, u32::MAX];
const ROLES: &[Role] = &[
    Role::Assistant,
    Role::Assistant,
    Role::Assistant,
    Role::Assistant,
    Role::User,
    Role::System,
    Role::Missing,
    Role::Other,
];

fn pick<T: Copy>(u: &mut Unstructured<'_>, list: &[T]) -> arbitrary::Result<T> {
    Ok(list[u.choose_index(list.len())?])
}

/// A handle of the small range, now and then any number.
fn handle(u: &mut Unstructured<'_>) -> arbitrary::Result<Handle> {
    if u.ratio(1, 32)? {
        u.arbitrary()
    } else {
        pick(u, &HANDLES[..5])
    }
}

fn answer(u: &mut Unstructured<'_>) -> arbitrary::Result<Option<bool>> {
    Ok(match u.int_in_range(0..=2)? {
        0 => None,
        1 => Some(true),
        _ => Some(false),
    })
}

fn arbitrary_approval(u: &mut Unstructured<'_>) -> arbitrary::Result<Option<Approval>> {
    if !u.ratio(2, 3)? {
        return Ok(None);
    }
    let approved = answer(u)?;
    Ok(Some(Approval {
        id: handle(u)?,
        approved,
        // AI SDK 7's automatic approvals (SPEC D27): answered by the backend itself.
        automatic: approved.is_some() && u.ratio(1, 4)?,
    }))
}

/// A tool part: the glue resolves a tool's name into two flags, so any pair of them is a tool
/// (`get_location`: both; `change_bgm`: browser only; `process_payment`: neither).
fn arbitrary_tool(u: &mut Unstructured<'_>) -> arbitrary::Result<ToolPart> {
    let frontend = u.arbitrary()?;
    Ok(ToolPart {
        tool_call_id: handle(u)?,
        state: pick(u, &ToolState::ALL)?,
        approval: arbitrary_approval(u)?,
        frontend,
        requires_approval: if u.ratio(3, 4)? { frontend } else { !frontend },
        // SPEC D29: a legacy `error` field.
        failed: u.ratio(1, 10)?,
    })
}

fn arbitrary_part(u: &mut Unstructured<'_>) -> arbitrary::Result<Part> {
    Ok(match u.int_in_range(0..=9)? {
        0 => Part::Text,
        1 => Part::Reasoning,
        2 => Part::StepStart,
        3 => Part::Other,
        _ => Part::Tool(arbitrary_tool(u)?),
    })
}

fn arbitrary_parts(u: &mut Unstructured<'_>) -> arbitrary::Result<Vec<Part>> {
    let n = u.int_in_range(0..=6)?;
    (0..n).map(|_| arbitrary_part(u)).collect()
}

fn arbitrary_message(u: &mut Unstructured<'_>) -> arbitrary::Result<Message> {
    if u.ratio(1, 32)? {
        // A glue code (1..=14) or Rust's own; the index of any part.
        let code = if u.arbitrary()? {
            MALFORMED_RECORD
        } else {
            u.int_in_range(1..=14)?
        };
        return Ok(Err(Malformed {
            code,
            index: u.int_in_range(0..=6)?,
        }));
    }
    let role = pick(u, ROLES)?;
    let parts = if u.ratio(1, 16)? {
        None
    } else {
        Some(arbitrary_parts(u)?)
    };
    Ok(Ok(LastMessage { role, parts }))
}

/// A change between two renders of one chat.
fn edit(u: &mut Unstructured<'_>, message: &mut LastMessage) -> arbitrary::Result<()> {
    let parts = message.parts.get_or_insert_with(Vec::new);
    match u.int_in_range(0..=11)? {
        // The user answers, or the state moves on (an output, a denial, the backend's answer).
        0..=4 => {
            let tools: Vec<usize> = (0..parts.len())
                .filter(|i| parts[*i].as_tool().is_some())
                .collect();
            if tools.is_empty() {
                return Ok(());
            }
            let at = tools[u.choose_index(tools.len())?];
            let state = pick(u, &ToolState::ALL)?;
            let answer = answer(u)?;
            let automatic = u.ratio(1, 8)?;
            let failed = u.ratio(1, 16)?;
            if let Part::Tool(tool) = &mut parts[at] {
                tool.state = state;
                tool.failed |= failed;
                if let (Some(approval), Some(answer)) = (&mut tool.approval, answer) {
                    approval.approved = Some(answer);
                    approval.automatic = automatic;
                }
            }
        }
        // The backend appends a part (its reaction, or more of the same response).
        5..=7 => parts.push(arbitrary_part(u)?),
        // D28: the backend asks again with an approval id of an earlier tool call.
        8 => {
            let ids: Vec<Handle> = parts
                .iter()
                .filter_map(|p| p.as_tool()?.approval.map(|a| a.id))
                .collect();
            if let Some(&id) = ids.get(u.choose_index(ids.len().max(1))?) {
                let call = handle(u)?;
                parts.push(Part::Tool(ToolPart {
                    frontend: u.arbitrary()?,
                    ..ToolPart::new(call, ToolState::ApprovalRequested).with_approval(id, None)
                }));
            }
        }
        // A part leaves the message (a regenerated response).
        9 => {
            if !parts.is_empty() {
                let at = u.choose_index(parts.len())?;
                parts.remove(at);
            }
        }
        // AI SDK inserts its marker.
        _ => parts.push(Part::StepStart),
    }
    Ok(())
}

/// A chat from fuzz bytes: up to `most` renders, each the previous one changed a little, a new
/// message, or a helper's mark.
pub fn arbitrary_renders(u: &mut Unstructured<'_>, most: usize) -> arbitrary::Result<Vec<Render>> {
    let mut renders = vec![Render::Message(arbitrary_message(u)?)];
    let mut current = match &renders[0] {
        Render::Message(Ok(message)) => message.clone(),
        _ => LastMessage::assistant(Vec::new()),
    };
    while renders.len() < most && !u.is_empty() {
        match u.int_in_range(0..=15)? {
            0 => renders.push(Render::Mark(handle(u)?)),
            1 => {
                let message = arbitrary_message(u)?;
                if let Ok(m) = &message {
                    current = m.clone();
                }
                renders.push(Render::Message(message));
            }
            _ => {
                for _ in 0..u.int_in_range(1..=2)? {
                    edit(u, &mut current)?;
                }
                renders.push(Render::Message(Ok(current.clone())));
            }
        }
    }
    Ok(renders)
}

// ------------------------------------------------------------------------------------------------
// The targets.

/// The most renders of one chat (`messages`).
pub const MOST_RENDERS: usize = 12;

/// `messages`: a chat built from the bytes; each message crosses the records both ways first, as
/// the glue writes it and the core reads it.
pub fn check_messages(data: &[u8]) {
    let mut u = Unstructured::new(data);
    let Ok(renders) = arbitrary_renders(&mut u, MOST_RENDERS) else {
        return;
    };
    let renders: Vec<Render> = renders
        .into_iter()
        .map(|render| match render {
            Render::Message(message) => {
                let (words, count) = encode(&message);
                let decoded = decode(&words, count);
                assert_eq!(decoded, message, "a message does not survive its records");
                Render::Message(decoded)
            }
            mark => mark,
        })
        .collect();
    check_decisions(&renders);
}

/// The `records` input: byte 0 holds the marks (bit `i` marks the toolCallId of the message's
/// `i`-th tool part as the browser's output before the decision), bytes 1–2 the part count
/// (little-endian; 0xFFFF stands for `usize::MAX`, 0xFFFE for a count whose word length overflows),
/// the rest the words (little-endian; a trailing partial word is dropped).
pub fn records_input(data: &[u8]) -> (u8, usize, Vec<u32>) {
    let marks = data.first().copied().unwrap_or(0);
    let count = match data.get(1..3) {
        Some(&[lo, hi]) => match u16::from_le_bytes([lo, hi]) {
            0xFFFF => usize::MAX,
            0xFFFE => usize::MAX / PART_WORDS + 1,
            n => n as usize,
        },
        _ => 0,
    };
    let words = data
        .get(3..)
        .unwrap_or(&[])
        .chunks_exact(4)
        .map(|w| u32::from_le_bytes([w[0], w[1], w[2], w[3]]))
        .collect();
    (marks, count, words)
}

/// The bytes of a `records` input (the inverse of [`records_input`] for counts below 0xFFFE).
pub fn records_bytes(marks: u8, count: usize, words: &[u32]) -> Vec<u8> {
    let mut bytes = vec![marks];
    bytes.extend_from_slice(&(count as u16).to_le_bytes());
    for word in words {
        bytes.extend_from_slice(&word.to_le_bytes());
    }
    bytes
}

/// Whether a part record is readable, read from the layout of `src/model/records.rs` on its own
/// (not through `decode`).
fn record_readable(word: u32) -> bool {
    match word & 0xf {
        0..=3 => true,
        KIND_TOOL => {
            let flags = word >> 8;
            let both = APPROVED | DENIED;
            ((word >> 4) & 0xf) < 7 && !(flags & APPROVAL != 0 && flags & both == both)
        }
        _ => false,
    }
}

/// `records`: `decode` never panics and agrees with the layout: the header's malformation is
/// passed on as it is, a missing `parts` is `None`, too few words or an unreadable record is
/// `MALFORMED_RECORD` at the first unreadable record, and anything else is a message of `count`
/// parts; `decode_into` (reusing a dirty buffer) reads the same; what decodes survives `encode`
/// and `decode` again. Then the chat "marks, the message, the message again" goes through
/// [`check_decisions`].
pub fn check_records(data: &[u8]) {
    let (marks, count, words) = records_input(data);
    let message = decode(&words, count);
    let stale = vec![Part::Text, Part::Other, Part::StepStart];
    assert_eq!(
        decode_into(&words, count, stale),
        message,
        "decode_into differs"
    );
    let bad = |index: usize| {
        Err(Malformed {
            code: MALFORMED_RECORD,
            index: index as u32,
        })
    };
    // The oracle.
    if words.len() < HEADER_WORDS {
        assert_eq!(message, bad(0), "a short header: {words:?}");
    } else if words[2] != 0 {
        let expected = Err(Malformed {
            code: words[2],
            index: words[3],
        });
        assert_eq!(
            message, expected,
            "the glue's malformation is not passed on"
        );
    } else if words[1] != 0 {
        let expected = Ok(LastMessage {
            role: Role::from_code(words[0]),
            parts: None,
        });
        assert_eq!(message, expected, "missing parts: {words:?}");
    } else if (words.len() - HEADER_WORDS) / PART_WORDS < count {
        assert_eq!(message, bad(0), "fewer records than the count {count}");
    } else {
        let records = &words[HEADER_WORDS..HEADER_WORDS + count * PART_WORDS];
        match records
            .chunks_exact(PART_WORDS)
            .position(|r| !record_readable(r[0]))
        {
            Some(at) => assert_eq!(message, bad(at), "record {at} is unreadable"),
            None => {
                let Ok(m) = &message else {
                    panic!("readable records refused: {message:?} {words:?}")
                };
                assert_eq!(m.role, Role::from_code(words[0]));
                let parts = m.parts.as_ref().expect("parts");
                assert_eq!(parts.len(), count);
                for (part, record) in parts.iter().zip(records.chunks_exact(PART_WORDS)) {
                    if let Part::Tool(tool) = part {
                        assert_eq!(tool.tool_call_id, record[1]);
                        assert_eq!(tool.state.code(), (record[0] >> 4) & 0xf);
                        if let Some(approval) = tool.approval {
                            assert_eq!(approval.id, record[2]);
                        }
                    }
                }
            }
        }
    }
    let (again, again_count) = encode(&message);
    assert_eq!(
        decode(&again, again_count),
        message,
        "encode then decode changes the message"
    );
    assert_eq!(records::encode(&decode(&again, again_count)).0, again);

    let mut renders = Vec::new();
    if let Ok(m) = &message {
        let tools: Vec<Handle> = m.tool_parts().map(|(_, t)| t.tool_call_id).collect();
        for (bit, id) in tools.iter().take(8).enumerate() {
            if marks & (1 << bit) != 0 {
                renders.push(Render::Mark(*id));
            }
        }
    }
    renders.push(Render::Message(message.clone()));
    renders.push(Render::Message(message));
    check_decisions(&renders);
}

// ------------------------------------------------------------------------------------------------
// The properties.

pub fn engines() -> Vec<Engine> {
    vec![
        Engine::new(Mode::Sse, BidiPattern::A),
        Engine::new(Mode::Bidi, BidiPattern::A),
        Engine::new(Mode::Bidi, BidiPattern::B),
    ]
}

/// What the message itself says, independently of the engine: principles 1 and 5, D1–D3.
fn forbids_send(message: &Message) -> Option<&'static str> {
    let message = match message {
        Ok(message) => message,
        Err(_) => return Some("the input is malformed (principle 5)"),
    };
    if message.role != Role::Assistant {
        return Some("the last message is not the assistant's (D2)");
    }
    match &message.parts {
        Some(parts) if !parts.is_empty() => {}
        _ => return Some("the last message has no parts (D3)"),
    }
    for (_, tool) in message.tool_parts() {
        match tool.state {
            ToolState::ApprovalRequested => {
                return Some("an approval is still requested (principle 1)")
            }
            ToolState::InputStreaming => return Some("a tool input is still streaming"),
            _ => {}
        }
    }
    None
}

/// What one engine's checker remembers across renders: the actions it saw the engine send, kept
/// while they are in the last message (as SPEC §2 principle 2 asks the engine to), and for each
/// tool call the most parts an assistant message had while that call had no result (never
/// forgotten: the loosest bound SPEC §2 allows).
#[derive(Default)]
struct Sent(Vec<Action>, Vec<(Handle, usize)>);

impl Sent {
    fn seen_without_result(&self, id: Handle) -> usize {
        self.1
            .iter()
            .filter(|(seen, _)| *seen == id)
            .map(|(_, parts)| *parts)
            .max()
            .unwrap_or(0)
    }
    fn saw(&mut self, message: &LastMessage) {
        let parts = message.parts.as_ref().map_or(0, Vec::len);
        for (_, tool) in message.tool_parts() {
            if !tool.state.has_result() {
                self.1.push((tool.tool_call_id, parts));
            }
        }
    }
    fn contains(&self, action: &Action) -> bool {
        self.0.contains(action)
    }
}

/// A chat's renders through every engine kind, with the runner and the helpers: asserts the
/// properties, panics on a violation.
pub fn check_decisions(renders: &[Render]) {
    let mut engines = engines();
    let mut sent: Vec<Sent> = (0..engines.len()).map(|_| Sent::default()).collect();
    let mut runners: Vec<Runner> = (0..engines.len()).map(|_| Runner::new()).collect();
    let mut claimed: Vec<Vec<Handle>> = vec![Vec::new(); engines.len()];
    for render in renders {
        let message = match render {
            Render::Mark(id) => {
                for engine in &mut engines {
                    engine.mark_browser_output(*id);
                }
                continue;
            }
            Render::Message(message) => message,
        };
        let forbid = forbids_send(message);
        for (index, engine) in engines.iter_mut().enumerate() {
            check_one(engine, &mut sent[index], message, forbid);
            if let Ok(message) = message {
                check_runner(&mut runners[index], &mut claimed[index], message);
            }
        }
        if let Ok(message) = message {
            check_helpers(message);
        }
    }
}

/// The verdict's code names its variant, with the number the glue words it with.
fn check_code(verdict: &Verdict) {
    let (code, value) = verdict.code();
    let expected = match verdict {
        Verdict::Malformed(why) => (rule::MALFORMED_INPUT, why.code),
        Verdict::NotAssistant(role) => (rule::NOT_ASSISTANT, *role as u32),
        Verdict::NoParts => (rule::NO_PARTS, 0),
        Verdict::ApprovalPending { index } => (rule::APPROVAL_PENDING, *index as u32),
        Verdict::StillStreaming { index } => (rule::STILL_STREAMING, *index as u32),
        Verdict::AwaitingBrowserOutput { index } => (rule::AWAITING_BROWSER_OUTPUT, *index as u32),
        Verdict::NoUserAction => (rule::NO_USER_ACTION, 0),
        Verdict::AllKnown { actions } => (rule::ALREADY_KNOWN, *actions as u32),
        Verdict::Send { unknown } => (rule::UNSENT_USER_ACTION, unknown.len() as u32),
    };
    assert_eq!((code, value), expected, "{verdict:?}");
}

/// A verdict that names a part names the right kind of part.
fn check_verdict_index(verdict: &Verdict, message: &Message) {
    let parts = match message {
        Ok(m) => m.parts.as_deref().unwrap_or_default(),
        Err(_) => &[],
    };
    let tool_at = |index: usize| match parts.get(index) {
        Some(Part::Tool(tool)) => *tool,
        _ => panic!("{verdict:?} names parts[{index}], no tool part: {message:?}"),
    };
    match verdict {
        Verdict::ApprovalPending { index } => {
            assert_eq!(tool_at(*index).state, ToolState::ApprovalRequested)
        }
        Verdict::StillStreaming { index } => {
            assert_eq!(tool_at(*index).state, ToolState::InputStreaming)
        }
        Verdict::AwaitingBrowserOutput { index } => {
            let tool = tool_at(*index);
            assert!(tool.frontend, "awaits a server tool's output: {message:?}");
            assert!(
                !tool.state.has_result(),
                "awaits an output present: {message:?}"
            );
        }
        Verdict::Malformed(why) => assert_eq!(message, &Err(*why)),
        Verdict::NotAssistant(role) => {
            assert!(matches!(message, Ok(m) if m.role == *role && *role != Role::Assistant))
        }
        _ => {}
    }
}

fn check_one(engine: &mut Engine, sent: &mut Sent, message: &Message, forbid: Option<&str>) {
    let explained = engine.explain(message);
    check_code(&explained.verdict);
    check_verdict_index(&explained.verdict, message);
    let pattern_a = engine.mode == Mode::Sse || engine.pattern == BidiPattern::A;
    if let Verdict::Send { unknown } = &explained.verdict {
        let Ok(m) = message else {
            panic!("a malformed message decided Send")
        };
        let parts = m.parts.as_deref().unwrap_or_default();
        assert!(!unknown.is_empty(), "Send with nothing to send");
        let present = explained
            .present
            .as_ref()
            .expect("a Send lists the actions present");
        for (at, action) in unknown {
            let Some(Part::Tool(tool)) = parts.get(*at) else {
                panic!("the action at parts[{at}] is no tool part: {m:?}");
            };
            assert!(present.contains(action), "{action:?} sent but not present");
            // D29: nothing of a part the backend reported failed is sent.
            assert!(!tool.failed, "sent an action of a failed part (D29): {m:?}");
            match action {
                Action::Answer {
                    tool_call_id,
                    approval_id,
                } => {
                    assert_eq!(tool.tool_call_id, *tool_call_id);
                    let approval = tool.approval.expect("an answer has an approval");
                    assert_eq!(approval.id, *approval_id);
                    assert!(
                        approval.approved.is_some(),
                        "an unanswered approval sent: {m:?}"
                    );
                    assert!(
                        !approval.automatic,
                        "sent the backend's own (automatic) answer (D27): {m:?}"
                    );
                    assert!(
                        tool.state != ToolState::OutputDenied,
                        "sent an answer the backend already wrote past (principle 6): {m:?}"
                    );
                }
                Action::BrowserOutput(id) => {
                    assert_eq!(tool.tool_call_id, *id);
                    assert!(tool.state.has_result(), "an output without a result: {m:?}");
                    assert!(
                        pattern_a || !(tool.frontend && tool.answer() == Some(true)),
                        "Pattern B sent an approved browser tool's output as a message: {m:?}"
                    );
                }
            }
            // Principle 2: a part after an action is the backend's reaction to it; for a browser
            // output, except the parts this chat already showed before the output appeared
            // (ADR 0005's shape: they came in the same response as the tool call).
            let from = match action {
                Action::Answer { .. } => at + 1,
                Action::BrowserOutput(id) => (at + 1).max(sent.seen_without_result(*id)),
            };
            assert!(
                parts.iter().skip(from).all(|p| *p == Part::StepStart),
                "sent parts[{at}] although a later part shows the backend moved on: {m:?}"
            );
            // D16 over a chat: an action is sent once while it stays in the last message.
            assert!(
                !sent.contains(action),
                "{action:?} sent again ({:?} {:?}): {m:?}",
                engine.mode,
                engine.pattern
            );
        }
        // Principle 3, Pattern A: an approved browser tool is sent together with its output.
        if pattern_a {
            for tool in parts.iter().filter_map(Part::as_tool) {
                let waiting = tool.frontend
                    && !tool.failed
                    && tool.state == ToolState::ApprovalResponded
                    && tool.answer() == Some(true);
                let answer_sent = tool.approval.is_some_and(|a| {
                    sent.contains(&Action::Answer {
                        tool_call_id: tool.tool_call_id,
                        approval_id: a.id,
                    })
                });
                assert!(
                    !waiting || answer_sent,
                    "Pattern A sent while tool call {} waits for its output: {m:?}",
                    tool.tool_call_id
                );
            }
        }
    }
    // What the engine remembers after this decision: the actions still in the message, and those
    // it sends now.
    if let Some(present) = &explained.present {
        sent.0.retain(|action| present.contains(action));
    }
    if let Verdict::Send { unknown } = &explained.verdict {
        for (_, action) in unknown {
            if !sent.contains(action) {
                sent.0.push(*action);
            }
        }
    }

    let decided = engine.should_send(message);
    if let Ok(m) = message {
        if m.role == Role::Assistant {
            sent.saw(m);
        }
    }
    assert_eq!(
        decided,
        explained.send(),
        "explain() differs from the decision it explains ({:?} {:?}): {message:?}",
        engine.mode,
        engine.pattern
    );
    if let Some(why) = forbid {
        assert!(!decided, "sent although {why}: {message:?}");
    }
    // D16: the same state asked again sends nothing new, repeated toolCallIds included.
    if decided {
        let again = engine.explain(message);
        assert!(
            !engine.should_send(message),
            "the same message sent twice ({:?} {:?}), the second time {:?}: {message:?}",
            engine.mode,
            engine.pattern,
            again.verdict
        );
    }
    // The memory keeps only the actions of the last message: an answer and an output per part.
    if let Some(present) = &explained.present {
        assert!(
            engine.memory().sent_count() <= present.len(),
            "the engine's memory grows: {} remembered, {} in the message",
            engine.memory().sent_count(),
            present.len()
        );
    }
}

/// The runner (SPEC §4): only browser tools run; one runs only once approved, or called without an
/// approval request; one that requires approval is refused without one; never twice.
fn check_runner(runner: &mut Runner, claimed: &mut Vec<Handle>, message: &LastMessage) {
    let calls = runner.claim(message);
    if message.role != Role::Assistant {
        assert!(calls.is_empty(), "claimed in a {:?} message", message.role);
    }
    for call in calls {
        assert!(
            !claimed.contains(&call.tool_call_id),
            "tool call {} claimed twice",
            call.tool_call_id
        );
        claimed.push(call.tool_call_id);
        let Some(Part::Tool(tool)) = message.parts.as_ref().and_then(|p| p.get(call.part_index))
        else {
            panic!(
                "claimed part {} is not a tool part: {message:?}",
                call.part_index
            );
        };
        assert_eq!(tool.tool_call_id, call.tool_call_id);
        assert!(tool.frontend, "claimed a server tool: {message:?}");
        match call.run {
            Run::Approved => assert!(
                tool.state == ToolState::ApprovalResponded && tool.answer() == Some(true),
                "ran without an approving answer: {message:?}"
            ),
            Run::CalledWithoutApproval => assert!(
                tool.state == ToolState::InputAvailable
                    && tool.approval.is_none()
                    && !tool.requires_approval,
                "ran a tool that needs approval without one: {message:?}"
            ),
            Run::RefusedWithoutApproval => assert!(
                tool.state == ToolState::InputAvailable
                    && tool.approval.is_none()
                    && tool.requires_approval,
                "refused a tool that needs no approval: {message:?}"
            ),
        }
    }
}

/// `check_batch` as its documentation states it, written out.
fn expected_batch(pending: &[Handle], answered: &[Handle]) -> Result<(), BatchProblems> {
    let problems = BatchProblems {
        missing: (0..pending.len())
            .filter(|&at| !answered.contains(&pending[at]))
            .collect(),
        unknown: (0..answered.len())
            .filter(|&at| !pending.contains(&answered[at]))
            .collect(),
        duplicated: (0..answered.len())
            .filter(|&at| {
                answered[..at]
                    .iter()
                    .filter(|id| **id == answered[at])
                    .count()
                    == 1
            })
            .collect(),
    };
    if problems == BatchProblems::default() {
        Ok(())
    } else {
        Err(problems)
    }
}

/// The approval helpers: `pending_approvals` lists exactly the requested tool parts with an
/// approval of an assistant message; `check_answerable` finds a pending approval by its id, tells
/// a toolCallId passed by mistake, refuses anything else; `check_batch` wants every pending id
/// once and nothing else (D28: two pending calls may share one approval id).
fn check_helpers(message: &LastMessage) {
    let pending = pending_approvals(message);
    let expected: Vec<(usize, Handle, Handle)> = if message.role == Role::Assistant {
        message
            .tool_parts()
            .filter(|(_, t)| t.state == ToolState::ApprovalRequested)
            .filter_map(|(at, t)| Some((at, t.approval?.id, t.tool_call_id)))
            .collect()
    } else {
        Vec::new()
    };
    let found: Vec<(usize, Handle, Handle)> = pending
        .iter()
        .map(|p| (p.part_index, p.approval_id, p.tool_call_id))
        .collect();
    assert_eq!(found, expected, "pending approvals of {message:?}");

    let ids: Vec<Handle> = pending.iter().map(|p| p.approval_id).collect();
    let mut probes: Vec<Handle> = PROBES.to_vec();
    probes.extend(pending.iter().map(|p| p.tool_call_id));
    for probe in probes {
        match check_answerable(&pending, probe) {
            Ok(p) => assert_eq!(
                Some(&p),
                pending.iter().find(|p| p.approval_id == probe),
                "approve({probe})"
            ),
            Err(NotAnswerable::ToolCallIdOf(p)) => {
                assert!(!ids.contains(&probe));
                assert_eq!(
                    Some(&p),
                    pending.iter().find(|p| p.tool_call_id == probe),
                    "approve({probe}) with a toolCallId"
                );
            }
            Err(NotAnswerable::Unknown) => assert!(
                !pending
                    .iter()
                    .any(|p| p.approval_id == probe || p.tool_call_id == probe),
                "approve({probe}) refused: {pending:?}"
            ),
        }
    }

    let mut unique = ids.clone();
    unique.dedup();
    unique.retain({
        let mut seen = Vec::new();
        move |id| {
            let new = !seen.contains(id);
            seen.push(*id);
            new
        }
    });
    let mut reversed = unique.clone();
    reversed.reverse();
    let batches: Vec<Vec<Handle>> = vec![
        unique.clone(),
        reversed,
        ids.clone(),
        unique.get(1..).unwrap_or_default().to_vec(),
        [unique.as_slice(), &[u32::MAX, 7]].concat(),
        [unique.as_slice(), unique.as_slice(), unique.as_slice()].concat(),
        Vec::new(),
    ];
    for batch in batches {
        assert_eq!(
            check_batch(&pending, &batch),
            expected_batch(&ids, &batch),
            "check_batch({batch:?}) of {ids:?}"
        );
    }
    assert_eq!(
        check_batch(&pending, &unique),
        Ok(()),
        "every pending id once"
    );
}

// ------------------------------------------------------------------------------------------------
// Seeds.

/// The SPEC §2 rows the `records` seeds hold, each as one last message.
pub fn spec_rows() -> Vec<(&'static str, u8, Message)> {
    const CALL: Handle = 1;
    const OTHER: Handle = 2;
    const APPROVAL_ID: Handle = 3;
    const OTHER_APPROVAL: Handle = 4;
    let server = |call, state| ToolPart::new(call, state);
    let browser = |call, state| ToolPart::new(call, state).in_browser();
    let bgm = |call, state| ToolPart {
        frontend: true,
        ..ToolPart::new(call, state)
    };
    let tool = Part::Tool;
    let assistant = |parts: Vec<Part>| Ok(LastMessage::assistant(parts));
    let automatic = |t: ToolPart| ToolPart {
        approval: t.approval.map(|a| Approval {
            automatic: true,
            ..a
        }),
        ..t
    };
    use ToolState::*;
    vec![
        ("d1-malformed", 0, Err(Malformed { code: 3, index: 0 })),
        (
            "d1-record",
            0,
            Err(Malformed {
                code: MALFORMED_RECORD,
                index: 1,
            }),
        ),
        (
            "d2-user",
            0,
            Ok(LastMessage {
                role: Role::User,
                parts: Some(vec![Part::Text]),
            }),
        ),
        (
            "d3-no-parts",
            0,
            Ok(LastMessage {
                role: Role::Assistant,
                parts: None,
            }),
        ),
        ("d4-text", 0, assistant(vec![Part::StepStart, Part::Text])),
        (
            "d5-requested",
            0,
            assistant(vec![tool(
                server(CALL, ApprovalRequested).with_approval(APPROVAL_ID, None),
            )]),
        ),
        (
            "d6-approved",
            0,
            assistant(vec![tool(
                server(CALL, ApprovalResponded).with_approval(APPROVAL_ID, Some(true)),
            )]),
        ),
        (
            "d9-two-answers",
            0,
            assistant(vec![
                tool(server(CALL, ApprovalResponded).with_approval(APPROVAL_ID, Some(true))),
                tool(server(OTHER, ApprovalResponded).with_approval(OTHER_APPROVAL, Some(false))),
            ]),
        ),
        (
            "d12-output-then-text",
            0,
            assistant(vec![tool(server(CALL, OutputAvailable)), Part::Text]),
        ),
        (
            "d15-reasoning",
            0,
            assistant(vec![
                tool(server(CALL, OutputError)),
                Part::Reasoning,
                tool(server(OTHER, ApprovalResponded).with_approval(OTHER_APPROVAL, Some(false))),
            ]),
        ),
        (
            "d17-browser-approved",
            0,
            assistant(vec![
                Part::StepStart,
                tool(browser(CALL, ApprovalResponded).with_approval(APPROVAL_ID, Some(true))),
            ]),
        ),
        (
            "d19-browser-output",
            0,
            assistant(vec![
                Part::StepStart,
                tool(browser(CALL, OutputAvailable).with_approval(APPROVAL_ID, Some(true))),
            ]),
        ),
        (
            "d21-browser-error-marked",
            1,
            assistant(vec![tool(
                browser(CALL, OutputError).with_approval(APPROVAL_ID, Some(true)),
            )]),
        ),
        (
            "d23-confirmation",
            1,
            assistant(vec![
                tool(browser(CALL, OutputAvailable)),
                tool(server(OTHER, ApprovalResponded).with_approval(APPROVAL_ID, Some(true))),
            ]),
        ),
        (
            "d25-denied",
            0,
            assistant(vec![tool(
                server(CALL, OutputDenied).with_approval(APPROVAL_ID, Some(false)),
            )]),
        ),
        (
            "d27-automatic",
            0,
            assistant(vec![
                tool(automatic(
                    server(CALL, ApprovalResponded).with_approval(APPROVAL_ID, Some(true)),
                )),
                tool(server(OTHER, ApprovalResponded).with_approval(OTHER_APPROVAL, Some(true))),
            ]),
        ),
        (
            "d28-shared-approval-id",
            0,
            assistant(vec![
                tool(server(CALL, ApprovalResponded).with_approval(APPROVAL_ID, Some(true))),
                tool(server(OTHER, ApprovalRequested).with_approval(APPROVAL_ID, None)),
            ]),
        ),
        (
            "d28-answered",
            0,
            assistant(vec![
                tool(server(CALL, ApprovalResponded).with_approval(APPROVAL_ID, Some(true))),
                tool(server(OTHER, ApprovalResponded).with_approval(APPROVAL_ID, Some(true))),
            ]),
        ),
        (
            "d29-failed",
            0,
            assistant(vec![tool(ToolPart {
                failed: true,
                ..server(CALL, ApprovalResponded).with_approval(APPROVAL_ID, Some(true))
            })]),
        ),
        (
            "bgm-called",
            0,
            assistant(vec![
                tool(bgm(CALL, InputAvailable)),
                tool(browser(OTHER, InputAvailable)),
            ]),
        ),
        (
            "streaming",
            0,
            assistant(vec![Part::Other, tool(server(CALL, InputStreaming))]),
        ),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::Path;

    fn xorshift_bytes(seed: &mut u64, len: usize) -> Vec<u8> {
        (0..len)
            .map(|_| {
                *seed ^= *seed << 13;
                *seed ^= *seed >> 7;
                *seed ^= *seed << 17;
                *seed as u8
            })
            .collect()
    }

    fn seeds_dir(target: &str) -> std::path::PathBuf {
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("seeds")
            .join(target)
    }

    #[test]
    fn structured_chats_hold_the_properties() {
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        for _ in 0..2000 {
            check_messages(&xorshift_bytes(&mut seed, 256));
        }
    }

    #[test]
    fn arbitrary_records_hold_the_properties() {
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        for round in 0..2000 {
            let mut bytes = xorshift_bytes(&mut seed, 3 + 4 * (round % 40));
            // Mostly a readable header and a count that fits, so some messages decode.
            if round % 2 == 0 && bytes.len() >= 3 + 16 {
                let parts = (bytes.len() - 3 - 16) / 12;
                bytes[1..3].copy_from_slice(&(parts as u16).to_le_bytes());
                bytes[3..7].copy_from_slice(&2u32.to_le_bytes());
                bytes[7..15].fill(0);
                for at in 0..parts {
                    let word = 19 + 12 * at;
                    bytes[word] = 4 | (bytes[word] % 7) << 4;
                    bytes[word + 1] &= 0x73;
                    bytes[word + 2..word + 4].fill(0);
                    for id in [word + 4, word + 8] {
                        bytes[id] %= 4;
                        bytes[id + 1..id + 4].fill(0);
                    }
                }
            }
            check_records(&bytes);
        }
        for count in [0xFFFFu16, 0xFFFE] {
            let mut bytes = records_bytes(0, 0, &[2, 0, 0, 0, 4, 1, 0]);
            bytes[1..3].copy_from_slice(&count.to_le_bytes());
            check_records(&bytes);
        }
    }

    #[test]
    fn the_spec_rows_decide_as_the_spec_says() {
        for (name, _, message) in spec_rows() {
            let (words, count) = encode(&message);
            let (_, read_count, read) = records_input(&records_bytes(0, count, &words));
            assert_eq!((read_count, &read), (count, &words), "{name}");
            let sends: Vec<bool> = engines()
                .iter_mut()
                .map(|e| e.should_send(&message))
                .collect();
            let expected = match name {
                "d6-approved" | "d9-two-answers" | "d15-reasoning" | "d19-browser-output"
                | "d27-automatic" | "d28-answered" => vec![true; 3],
                // Pattern B sends the approval at once (D20).
                "d17-browser-approved" => vec![false, false, true],
                _ => sends.clone(),
            };
            assert_eq!(sends, expected, "{name}");
        }
    }

    /// Every committed seed passes its target.
    #[test]
    fn the_committed_seeds_pass() {
        for (target, check) in [
            ("records", check_records as fn(&[u8])),
            ("messages", check_messages),
        ] {
            let dir = seeds_dir(target);
            let mut n = 0;
            for entry in std::fs::read_dir(&dir).expect("the seeds are committed") {
                check(&std::fs::read(entry.unwrap().path()).unwrap());
                n += 1;
            }
            assert!(n >= 10, "{n} seeds in {dir:?}");
        }
    }

    /// Writes the committed seeds: `cargo test --lib -- --ignored write_seeds`.
    #[test]
    #[ignore]
    fn write_seeds() {
        let dir = seeds_dir("records");
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        for (name, marks, message) in spec_rows() {
            let (words, count) = encode(&message);
            std::fs::write(dir.join(name), records_bytes(marks, count, &words)).unwrap();
        }

        // messages: the first chats (of a fixed pseudo-random sequence) that reach each verdict in
        // some engine kind, with and without a helper's mark.
        let dir = seeds_dir("messages");
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let mut seen: Vec<(u32, bool)> = Vec::new();
        let mut seed = 0x5851_f42d_4c95_7f2du64;
        for _ in 0..20_000 {
            let bytes = xorshift_bytes(&mut seed, 96);
            let Ok(renders) = arbitrary_renders(&mut Unstructured::new(&bytes), MOST_RENDERS)
            else {
                continue;
            };
            let marked = renders.iter().any(|r| matches!(r, Render::Mark(_)));
            let mut engines = engines();
            let mut codes = Vec::new();
            for render in &renders {
                match render {
                    Render::Mark(id) => engines.iter_mut().for_each(|e| e.mark_browser_output(*id)),
                    Render::Message(m) => {
                        for e in &mut engines {
                            codes.push(e.decide(m).verdict.code().0);
                        }
                    }
                }
            }
            let new: Vec<(u32, bool)> = codes
                .into_iter()
                .map(|c| (c, marked))
                .filter(|key| !seen.contains(key))
                .collect();
            if let Some(key) = new.first() {
                seen.extend(new.iter().copied());
                let name = format!("verdict-{}{}", key.0, if key.1 { "-marked" } else { "" });
                std::fs::write(dir.join(name), &bytes).unwrap();
            }
        }
    }
}
