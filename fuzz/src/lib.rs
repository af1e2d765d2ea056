//! What the fuzz targets share:
//!
//! - [`Render`]: one step of a chat as the engine sees it: a render of the last message (a model
//!   value, or what `summary::parse` made of a summary), or the library's helper marking a tool
//!   output as the browser's.
//! - [`arbitrary_renders`]: a chat built from fuzz bytes: a first last message from a vocabulary of
//!   the part types, states, tool names and ids that matter (automatic approvals included), then
//!   small changes to it (a state, an answer, a new part, a mark) or a new message.
//! - [`summary_renders`]: the same from text, one summary per line (the form `js/summary.js`
//!   writes, read by the real `summary::parse`), or `mark <toolCallId>`: the committed seeds.
//! - [`check_decisions`]: runs the engine (SSE, BIDI A, BIDI B), the runner and the approval helpers'
//!   Rust side on a chat and asserts the SPEC §2 / §4 properties that hold whatever the input.
//!
//! There is no Rust twin of `js/summary.js` here: the project has one encoder (the JS glue) and one
//! reader (`summary::parse`); the targets fuzz the reader on arbitrary strings and the engine on
//! model values.

use adk_stream_wasm::approvals::{check_answerable, check_batch, pending_approvals};
use adk_stream_wasm::engine::{ActionRef, BidiPattern, Engine, Mode, Verdict};
use adk_stream_wasm::model::summary::{parse, Malformed, FIELD, RECORD};
use adk_stream_wasm::model::{Approval, LastMessage, Part, Role, ToolPart, ToolState};
use adk_stream_wasm::runner::{Run, Runner};
use arbitrary::Unstructured;

/// One step of a chat.
#[derive(Clone, Debug)]
pub enum Render<'a> {
    /// AI SDK asks `sendAutomaticallyWhen` about this last message.
    Message(Result<LastMessage<'a>, Malformed<'a>>),
    /// The library's helper (or the app) says this tool call's output is the browser's.
    Mark(&'a str),
}

// ------------------------------------------------------------------------------------------------
// Chats from fuzz bytes.

const STATES: &[ToolState] = &[
    ToolState::InputStreaming,
    ToolState::InputAvailable,
    ToolState::ApprovalRequested,
    ToolState::ApprovalResponded,
    ToolState::OutputAvailable,
    ToolState::OutputError,
    ToolState::OutputDenied,
];
const NAMES: &[&str] = &[
    "get_location",
    "process_payment",
    "take_photo",
    "change_bgm",
    "adk_request_confirmation",
    "get_weather",
];
/// Call ids and approval ids share a small vocabulary so that parts, renders and marks meet; a
/// few hold what `parse` never lets through (empty, separators), which the engine must survive.
const CALL_IDS: &[&str] = &["c1", "c2", "c3", "c4", "a1", "", "c\u{1f}x", "\u{15}"];
const APPROVAL_IDS: &[&str] = &["a1", "a2", "a3", "a4", "c1", "", "a\u{1e}b"];
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
const MALFORMED: &[Malformed<'static>] = &[
    Malformed::Unreadable("`messages` is empty"),
    Malformed::BadSummary,
    Malformed::SeparatorInString,
    Malformed::PartsNotArray,
    Malformed::PartNotObject { index: 0 },
    Malformed::StateNotKnown {
        index: 1,
        state: "finished",
    },
];

fn pick<T: Copy>(u: &mut Unstructured<'_>, list: &[T]) -> arbitrary::Result<T> {
    Ok(list[u.choose_index(list.len())?])
}

/// A string from the vocabulary, now and then one from the input itself.
fn string<'a>(u: &mut Unstructured<'a>, list: &[&'static str]) -> arbitrary::Result<&'a str> {
    if u.ratio(1, 16)? {
        u.arbitrary::<&'a str>()
    } else {
        pick(u, list)
    }
}

fn arbitrary_approval<'a>(u: &mut Unstructured<'a>) -> arbitrary::Result<Option<Approval<'a>>> {
    if !u.ratio(2, 3)? {
        return Ok(None);
    }
    let approved = match u.int_in_range(0..=2)? {
        0 => None,
        1 => Some(true),
        _ => Some(false),
    };
    Ok(Some(Approval {
        id: string(u, APPROVAL_IDS)?,
        approved,
        // AI SDK 7's automatic approvals (SPEC D27): answered by the backend itself.
        automatic: approved.is_some() && u.ratio(1, 4)?,
    }))
}

fn arbitrary_part<'a>(u: &mut Unstructured<'a>) -> arbitrary::Result<Part<'a>> {
    Ok(match u.int_in_range(0..=9)? {
        0 => Part::Text,
        1 => Part::Reasoning,
        2 => Part::StepStart,
        3 => Part::Other,
        _ => Part::Tool(ToolPart {
            name: string(u, NAMES)?,
            tool_call_id: string(u, CALL_IDS)?,
            state: pick(u, STATES)?,
            approval: arbitrary_approval(u)?,
        }),
    })
}

fn arbitrary_parts<'a>(u: &mut Unstructured<'a>) -> arbitrary::Result<Vec<Part<'a>>> {
    let n = u.int_in_range(0..=6)?;
    (0..n).map(|_| arbitrary_part(u)).collect()
}

fn arbitrary_message<'a>(
    u: &mut Unstructured<'a>,
) -> arbitrary::Result<Result<LastMessage<'a>, Malformed<'a>>> {
    if u.ratio(1, 32)? {
        return Ok(Err(pick(u, MALFORMED)?));
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
fn edit<'a>(u: &mut Unstructured<'a>, message: &mut LastMessage<'a>) -> arbitrary::Result<()> {
    let parts = message.parts.get_or_insert_with(Vec::new);
    match u.int_in_range(0..=9)? {
        // The user answers, or the state moves on (an output, a denial, the backend's answer).
        0..=4 => {
            let tools: Vec<usize> = (0..parts.len())
                .filter(|i| parts[*i].as_tool().is_some())
                .collect();
            if tools.is_empty() {
                return Ok(());
            }
            let at = tools[u.choose_index(tools.len())?];
            let state = pick(u, STATES)?;
            let answer = match u.int_in_range(0..=2)? {
                0 => None,
                1 => Some(true),
                _ => Some(false),
            };
            let automatic = u.ratio(1, 8)?;
            if let Part::Tool(tool) = &mut parts[at] {
                tool.state = state;
                if let (Some(approval), Some(answer)) = (&mut tool.approval, answer) {
                    approval.approved = Some(answer);
                    approval.automatic = automatic;
                }
            }
        }
        // The backend appends a part (its reaction, or more of the same response).
        5..=7 => parts.push(arbitrary_part(u)?),
        // A part leaves the message (a regenerated response).
        8 => {
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
pub fn arbitrary_renders<'a>(
    u: &mut Unstructured<'a>,
    most: usize,
) -> arbitrary::Result<Vec<Render<'a>>> {
    let mut renders = vec![Render::Message(arbitrary_message(u)?)];
    let mut current = match &renders[0] {
        Render::Message(Ok(message)) => message.clone(),
        _ => LastMessage::assistant(Vec::new()),
    };
    while renders.len() < most && !u.is_empty() {
        match u.int_in_range(0..=15)? {
            0 => renders.push(Render::Mark(string(u, CALL_IDS)?)),
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

/// A chat from text: one summary per line, as `js/summary.js` writes it (read by the real
/// `summary::parse`), or `mark <toolCallId>` for a helper's mark. At most `most` renders.
pub fn summary_renders(text: &str, most: usize) -> Vec<Render<'_>> {
    text.split('\n')
        .filter(|line| !line.is_empty())
        .take(most)
        .map(|line| match line.strip_prefix("mark ") {
            Some(id) => Render::Mark(id),
            None => Render::Message(parse(line)),
        })
        .collect()
}

// ------------------------------------------------------------------------------------------------
// The properties.

/// The default browser-tool registry of SPEC §1, plus `change_bgm`, and which of them need approval.
pub fn is_frontend(name: &str) -> bool {
    matches!(
        name,
        "get_location" | "take_photo" | "get_camera" | "change_bgm"
    )
}

pub fn requires_approval(name: &str) -> bool {
    name != "change_bgm"
}

pub fn engines() -> Vec<Engine> {
    vec![
        Engine::new(Mode::Sse, BidiPattern::A),
        Engine::new(Mode::Bidi, BidiPattern::A),
        Engine::new(Mode::Bidi, BidiPattern::B),
    ]
}

/// What the message itself says, independently of the engine: principles 1 and 5, D1–D3.
fn forbids_send(message: &Result<LastMessage<'_>, Malformed<'_>>) -> Option<&'static str> {
    let message = match message {
        Ok(message) => message,
        Err(_) => return Some("the input is malformed (principle 5)"),
    };
    if message.role != Role::Assistant {
        return Some("the last message is not the assistant's (D2)");
    }
    let Some(parts) = &message.parts else {
        return Some("the last message has no parts (D3)");
    };
    if parts.is_empty() {
        return Some("the last message has no parts (D3)");
    }
    for part in parts {
        match part {
            Part::Tool(tool) if tool.state == ToolState::ApprovalRequested => {
                return Some("an approval is still requested (principle 1)")
            }
            Part::Tool(tool) if tool.state == ToolState::InputStreaming => {
                return Some("a tool input is still streaming")
            }
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
struct Sent(Vec<(bool, String)>, Vec<(String, usize)>);

impl Sent {
    fn seen_without_result(&self, id: &str) -> usize {
        self.1
            .iter()
            .filter(|(seen, _)| seen == id)
            .map(|(_, parts)| *parts)
            .max()
            .unwrap_or(0)
    }
    fn saw(&mut self, message: &LastMessage<'_>) {
        let parts = message.parts.as_ref().map_or(0, Vec::len);
        for (_, tool) in message.tool_parts() {
            if !tool.state.has_result() {
                self.1.push((tool.tool_call_id.to_string(), parts));
            }
        }
    }

    fn key(action: &ActionRef<'_>) -> (bool, String) {
        match action {
            ActionRef::Answer(id) => (true, id.to_string()),
            ActionRef::BrowserOutput(id) => (false, id.to_string()),
        }
    }
    fn contains(&self, action: &ActionRef<'_>) -> bool {
        self.0.contains(&Self::key(action))
    }
}

/// A chat's renders through every engine kind, with the runner and the helpers: asserts the
/// properties, panics on a violation.
pub fn check_decisions(renders: &[Render<'_>]) {
    let mut engines = engines();
    let mut sent: Vec<Sent> = (0..engines.len()).map(|_| Sent::default()).collect();
    let mut runners: Vec<Runner> = (0..engines.len()).map(|_| Runner::new()).collect();
    let mut claimed: Vec<Vec<String>> = vec![Vec::new(); engines.len()];
    for render in renders {
        let message = match render {
            Render::Mark(id) => {
                for engine in &mut engines {
                    engine.mark_browser_output(id);
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

fn check_one(
    engine: &mut Engine,
    sent: &mut Sent,
    message: &Result<LastMessage<'_>, Malformed<'_>>,
    forbid: Option<&str>,
) {
    let explained = engine.explain(message, &is_frontend);
    assert!(!explained.verdict.detail().is_empty());
    let _ = explained.verdict.rule();
    let pattern_a = engine.mode == Mode::Sse || engine.pattern == BidiPattern::A;
    if let Verdict::Send { unknown } = &explained.verdict {
        let Ok(m) = message else {
            panic!("a malformed message decided Send")
        };
        let parts = m.parts.as_deref().unwrap_or_default();
        assert!(!unknown.is_empty(), "Send with nothing to send");
        for (at, action) in unknown {
            let Some(Part::Tool(tool)) = parts.get(*at) else {
                panic!("the action at parts[{at}] is no tool part: {m:?}");
            };
            match action {
                ActionRef::Answer(id) => {
                    let approval = tool.approval.expect("an answer has an approval");
                    assert_eq!(approval.id, *id);
                    assert!(
                        approval.approved.is_some(),
                        "an unanswered approval sent: {m:?}"
                    );
                    assert!(
                        !approval.automatic,
                        "sent the backend's own (automatic) answer (D27): {m:?}"
                    );
                }
                ActionRef::BrowserOutput(id) => {
                    assert_eq!(tool.tool_call_id, *id);
                    assert!(tool.state.has_result(), "an output without a result: {m:?}");
                    assert!(
                        pattern_a || !(is_frontend(tool.name) && tool.answer() == Some(true)),
                        "Pattern B sent an approved browser tool's output as a message: {m:?}"
                    );
                }
            }
            // Principle 2: a part after an action is the backend's reaction to it; for a browser
            // output, except the parts this chat already showed before the output appeared
            // (ADR 0005's shape: they came in the same response as the tool call).
            let from = match action {
                ActionRef::Answer(_) => at + 1,
                ActionRef::BrowserOutput(id) => (at + 1).max(sent.seen_without_result(id)),
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
                let waiting = is_frontend(tool.name)
                    && tool.state == ToolState::ApprovalResponded
                    && tool.answer() == Some(true);
                let answer_sent = tool
                    .approval
                    .is_some_and(|a| sent.contains(&ActionRef::Answer(a.id)));
                assert!(
                    !waiting || answer_sent,
                    "Pattern A sent while {} ({}) waits for its output: {m:?}",
                    tool.name,
                    tool.tool_call_id
                );
            }
        }
    }
    // What the engine remembers after this decision: the actions still in the message, and those
    // it sends now.
    if let Some(present) = &explained.present {
        sent.0
            .retain(|key| present.iter().any(|a| Sent::key(a) == *key));
    }
    if let Verdict::Send { unknown } = &explained.verdict {
        for (_, action) in unknown {
            let key = Sent::key(action);
            if !sent.0.contains(&key) {
                sent.0.push(key);
            }
        }
    }

    let decided = engine.should_send(message, &is_frontend);
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
    // D16: the same state asked again sends nothing new. Only when the message's toolCallIds are
    // unique, as AI SDK keeps them (it updates a tool part by its toolCallId): with a repeated one
    // the engine can send a second, different action on the second ask (reported to the lead);
    // no action is ever sent twice (checked above).
    if decided && unique_tool_call_ids(message) {
        assert!(
            !engine.should_send(message, &is_frontend),
            "the same message sent twice: {message:?}"
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

/// The runner (SPEC §4): a browser tool runs only once approved (or called without an approval
/// request and needing none), never twice.
fn check_runner(runner: &mut Runner, claimed: &mut Vec<String>, message: &LastMessage<'_>) {
    for call in runner.claim(message, &is_frontend, &requires_approval) {
        assert!(
            is_frontend(call.tool_name),
            "claimed a server tool: {message:?}"
        );
        assert!(
            !claimed.iter().any(|id| id == call.tool_call_id),
            "tool call {} claimed twice",
            call.tool_call_id
        );
        claimed.push(call.tool_call_id.to_string());
        let Some(Part::Tool(tool)) = message.parts.as_ref().and_then(|p| p.get(call.part_index))
        else {
            panic!(
                "claimed part {} is not a tool part: {message:?}",
                call.part_index
            );
        };
        assert_eq!(tool.tool_call_id, call.tool_call_id);
        match call.run {
            Run::Approved => assert!(
                tool.state == ToolState::ApprovalResponded && tool.answer() == Some(true),
                "ran without an approving answer: {message:?}"
            ),
            Run::CalledWithoutApproval => assert!(
                tool.approval.is_none() && !requires_approval(tool.name),
                "ran a tool that needs approval without one: {message:?}"
            ),
            Run::RefusedWithoutApproval => {}
        }
    }
}

/// The approval helpers' Rust side.
fn check_helpers(message: &LastMessage<'_>) {
    let pending = pending_approvals(message);
    for p in &pending {
        let Some(Part::Tool(tool)) = message
            .parts
            .as_ref()
            .and_then(|parts| parts.get(p.part_index))
        else {
            panic!("pending approval points at a non-tool part");
        };
        assert_eq!(tool.state, ToolState::ApprovalRequested);
        assert_eq!(message.role, Role::Assistant);
        assert!(check_answerable(&pending, p.approval_id).is_ok());
    }
    for probe in ["c1", "a1", "", "\u{15}"] {
        if let Err(error) = check_answerable(&pending, probe) {
            assert!(!error.message().is_empty() && !error.name().is_empty());
        }
    }
    let ids: Vec<&str> = pending.iter().map(|p| p.approval_id).collect();
    assert!(check_batch(&pending, &ids).is_ok() || has_duplicates(&ids));
    if let Some((first, rest)) = ids.split_first() {
        if !rest.contains(first) {
            let error =
                check_batch(&pending, rest).expect_err("a batch missing an answer is refused");
            assert!(error.message().contains("missing"));
        }
    }
}

fn unique_tool_call_ids(message: &Result<LastMessage<'_>, Malformed<'_>>) -> bool {
    let Ok(message) = message else { return true };
    let ids: Vec<&str> = message
        .tool_parts()
        .map(|(_, tool)| tool.tool_call_id)
        .collect();
    !has_duplicates(&ids)
}

fn has_duplicates(ids: &[&str]) -> bool {
    ids.iter().enumerate().any(|(i, id)| ids[..i].contains(id))
}

/// What a well-formed result of `summary::parse` must be, whatever the string: every part is one
/// record of the summary, every string it borrows is free of separators, and every id the
/// helpers hand to AI SDK is a real one (non-empty, a string).
pub fn check_parsed(summary: &str, message: &LastMessage<'_>) {
    let clean = |s: &str| !s.contains([FIELD, RECORD]);
    if let Some(parts) = &message.parts {
        assert_eq!(
            parts.len(),
            summary.matches(RECORD).count(),
            "parts and records differ: {summary:?}"
        );
        for tool in parts.iter().filter_map(Part::as_tool) {
            assert!(!tool.name.is_empty() && clean(tool.name), "{summary:?}");
            assert!(
                !tool.tool_call_id.is_empty()
                    && tool.tool_call_id != "\u{15}"
                    && clean(tool.tool_call_id),
                "{summary:?}"
            );
            if let Some(approval) = tool.approval {
                assert!(
                    !approval.id.is_empty() && approval.id != "\u{15}" && clean(approval.id),
                    "{summary:?}"
                );
            }
        }
    }
    assert_eq!(
        parse(summary).as_ref(),
        Ok(message),
        "parse is not deterministic"
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn summary_lines_and_marks() {
        let text = "mark c1\nassistant\u{1f}A\u{1f}1\u{1e}text\n\ngarbage";
        let renders = summary_renders(text, 8);
        assert_eq!(renders.len(), 3);
        assert!(matches!(renders[0], Render::Mark("c1")));
        assert!(matches!(&renders[1], Render::Message(Ok(m)) if m.parts == Some(vec![Part::Text])));
        assert!(matches!(renders[2], Render::Message(Err(_))));
        check_decisions(&renders);
    }

    #[test]
    fn structured_chats_hold_the_properties() {
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        for _ in 0..2000 {
            let bytes: Vec<u8> = (0..256)
                .map(|_| {
                    seed ^= seed << 13;
                    seed ^= seed >> 7;
                    seed ^= seed << 17;
                    seed as u8
                })
                .collect();
            let mut u = Unstructured::new(&bytes);
            if let Ok(renders) = arbitrary_renders(&mut u, 8) {
                check_decisions(&renders);
            }
        }
    }
}
