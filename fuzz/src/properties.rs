//! The properties every chat holds, whatever the input: the engine (SSE, BIDI A, BIDI B) against
//! SPEC §2 (principles 1–3, 5 and 6, D1–D3, D16, D27, D29), render after render; the runner and
//! the approval helpers are checked on each message too (`helpers.rs`).

use crate::chats::Render;
use crate::helpers::{check_helpers, check_runner};
use adk_stream_wasm::engine::{rule, Action, BidiPattern, Engine, Mode, Verdict};
use adk_stream_wasm::model::{Handle, LastMessage, Message, Part, Role, ToolState};
use adk_stream_wasm::runner::Runner;

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
        Verdict::WaitsToBeSent => (rule::WAITS_TO_BE_SENT, 0),
        Verdict::ArrivalUnknown { repeatable } => (rule::ARRIVAL_UNKNOWN, *repeatable as u32),
        Verdict::NoMessages => (rule::NO_MESSAGES, 0),
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
