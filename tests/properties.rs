//! Properties of the decision over arbitrary last messages (proptest), written as the model the
//! boundary reads (`src/model`): it never panics, never sends with an approval pending or an input
//! streaming, never sends the same state twice, never sends an answer the backend gave itself, and
//! follows SPEC §2's order rules (a later part is the backend's reaction, content before an answer
//! never blocks it, `step-start` is no reaction) and principle 4 (approve and deny time alike).
//! `records::decode` on arbitrary words is covered here too; the fuzz targets go further.
//!
//! The messages and chats come from the one generator of random chats, `tests/common/chats.rs`,
//! which the fuzz crate shares: proptest draws (and shrinks) the bytes it reads.

#![cfg(not(target_arch = "wasm32"))]

#[path = "common/chats.rs"]
mod chats;

use adk_stream_wasm::engine::{Action, BidiPattern, Engine, Mode, Verdict};
use adk_stream_wasm::model::records::decode;
use adk_stream_wasm::model::{
    Approval, Handle, LastMessage, Message, Part, Role, ToolPart, ToolState,
};
use arbitrary::Unstructured;
use chats::{arbitrary_message, arbitrary_parts, arbitrary_renders, Render};
use proptest::prelude::*;

/// What the generator builds from bytes that proptest draws, up to `most_bytes` of them.
fn drawn<T: std::fmt::Debug>(
    most_bytes: usize,
    build: fn(&mut Unstructured<'_>) -> arbitrary::Result<T>,
) -> impl Strategy<Value = T> {
    prop::collection::vec(any::<u8>(), 0..most_bytes).prop_map(move |bytes| {
        build(&mut Unstructured::new(&bytes)).expect("the generator reads any bytes")
    })
}

/// The approval id a tool part gets from `unique_ids`: apart from every toolCallId.
const fn approval_id(call: Handle) -> Handle {
    call + 100
}

/// Gives each tool part of a message its own toolCallId and approval id, as AI SDK writes them
/// (it updates a tool part by its toolCallId): a repeated toolCallId moves to a free one.
fn unique_ids(mut parts: Vec<Part>) -> Vec<Part> {
    let mut used: Vec<Handle> = Vec::new();
    for part in &mut parts {
        let Part::Tool(tool) = part else { continue };
        if used.contains(&tool.tool_call_id) {
            tool.tool_call_id = (1..).find(|id| !used.contains(id)).expect("a free id");
        }
        if let Some(approval) = &mut tool.approval {
            approval.id = approval_id(tool.tool_call_id);
        }
        used.push(tool.tool_call_id);
    }
    parts
}

fn any_parts() -> impl Strategy<Value = Vec<Part>> {
    any_parts_with_repeated_ids().prop_map(unique_ids)
}

/// Parts whose ids may repeat within the message (a hostile backend), and approval ids shared by
/// two calls (D28).
fn any_parts_with_repeated_ids() -> impl Strategy<Value = Vec<Part>> {
    drawn(128, arbitrary_parts)
}

fn any_message() -> impl Strategy<Value = Message> {
    drawn(128, arbitrary_message)
}

/// A chat: up to 12 renders of one chat's last message and the helpers' marks.
fn any_chat() -> impl Strategy<Value = Vec<Render>> {
    drawn(512, |u| arbitrary_renders(u, 12))
}

fn engine_kinds() -> [Engine; 3] {
    [
        Engine::new(Mode::Sse, BidiPattern::A),
        Engine::new(Mode::Bidi, BidiPattern::A),
        Engine::new(Mode::Bidi, BidiPattern::B),
    ]
}

fn any_engine() -> impl Strategy<Value = Engine> {
    (0..3usize).prop_map(|kind| engine_kinds()[kind].clone())
}

fn tools(message: &Message) -> Vec<ToolPart> {
    match message {
        Ok(m) => m.tool_parts().map(|(_, tool)| *tool).collect(),
        Err(_) => Vec::new(),
    }
}

/// What a fresh engine of the same kind answers.
fn fresh(engine: &Engine, message: &Message) -> bool {
    Engine::new(engine.mode, engine.pattern).should_send(message)
}

/// An approved browser tool still without its output (D29: unless the backend reported it failed).
fn awaits_browser_output(tool: &ToolPart) -> bool {
    tool.frontend
        && !tool.failed
        && tool.state == ToolState::ApprovalResponded
        && tool.answer() == Some(true)
}

fn with_parts(parts: Vec<Part>) -> Message {
    Ok(LastMessage::assistant(parts))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn arbitrary_records_never_panic(
        words in prop::collection::vec(any::<u32>(), 0..40),
        count in 0..16usize,
        marked in any::<bool>(),
    ) {
        for mut engine in engine_kinds() {
            if marked {
                engine.mark_browser_output(1);
            }
            let message = decode(&words, count);
            let explained = engine.explain(&message);
            let sent = engine.should_send(&message);
            prop_assert_eq!(sent, explained.send());
            if sent {
                prop_assert!(!engine.should_send(&message), "sent twice: {:?}", words);
            }
        }
    }

    /// The decision reads the records itself, in one pass; `records::decode` is the reader of the
    /// other exports. On any words (records of every kind, state and flag, readable or not) both
    /// readings decide alike and leave the same memory.
    #[test]
    fn the_decision_reads_records_as_decode_does(
        words in prop::collection::vec(
            prop_oneof![0u32..8, any::<u32>(), (0u32..7, 0u32..128).prop_map(|(s, f)| 4 | s << 4 | f << 8)],
            0..48,
        ),
        header in prop_oneof![Just(None), (0u32..6, 0u32..2).prop_map(Some)],
        count in 0..16usize,
        marked in any::<bool>(),
    ) {
        let mut words = words;
        if let (Some((role, missing)), Some(head)) = (header, words.get_mut(..4)) {
            head.copy_from_slice(&[role, missing, 0, 0]);
        }
        for (mut by_records, mut by_message) in engine_kinds().into_iter().zip(engine_kinds()) {
            if marked {
                by_records.mark_browser_output(1);
                by_message.mark_browser_output(1);
            }
            let message = decode(&words, count);
            for _ask in 0..2 {
                let found = by_records.decide_records(&words, count);
                let decision = by_message.decide(&message);
                prop_assert_eq!((found.rule, found.value), decision.verdict.code());
                prop_assert_eq!(by_records.memory().version(), by_message.memory().version());
                prop_assert_eq!(by_records.memory().sent_count(), by_message.memory().sent_count());
            }
        }
    }

    /// SPEC §2 principles 1, 2, 5 and D16 on any message, for any engine state the helpers can
    /// leave behind.
    #[test]
    fn decisions_never_panic_never_send_twice_and_never_send_what_must_wait(
        message in any_message(),
        mut engine in any_engine(),
        marks in prop::collection::vec(0..6 as Handle, 0..3),
    ) {
        for mark in marks {
            engine.mark_browser_output(mark);
        }
        let explained = engine.explain(&message);
        let first = engine.should_send(&message);
        prop_assert_eq!(first, explained.send(), "explain and the decision agree");
        prop_assert!(!engine.should_send(&message), "the same state sent twice");
        let parts = message.as_ref().ok().and_then(|m| m.parts.clone());
        match &message {
            Err(_) => prop_assert!(!first, "sent a malformed message (principle 5)"),
            Ok(m) if m.role != Role::Assistant => prop_assert!(!first, "sent a {:?} message (D2)", m.role),
            Ok(_) if parts.as_ref().is_none_or(Vec::is_empty) => prop_assert!(!first, "sent no parts (D3)"),
            Ok(_) => {}
        }
        let tools = tools(&message);
        if tools.iter().any(|t| t.state == ToolState::ApprovalRequested) {
            prop_assert!(!first, "sent while an approval is pending (principle 1)");
        }
        if tools.iter().any(|t| t.state == ToolState::InputStreaming) {
            prop_assert!(!first, "sent while a tool input is still streaming");
        }
        // The memory keeps only actions of the last message: an answer and an output per part.
        prop_assert!(engine.memory().sent_count() <= 2 * tools.len());
    }

    /// Even when a message repeats a toolCallId (AI SDK never writes one: it updates a tool part by
    /// its toolCallId; a hand-made or hostile history can), no action is sent twice.
    #[test]
    fn repeated_ids_never_send_an_action_twice(parts in any_parts_with_repeated_ids(), mut engine in any_engine()) {
        let message = with_parts(parts);
        let mut sent: Vec<Action> = Vec::new();
        for _ in 0..3 {
            let decision = engine.explain(&message);
            if let Verdict::Send { unknown } = &decision.verdict {
                for (_, action) in unknown {
                    prop_assert!(!sent.contains(action), "{:?} sent twice: {:?}", action, message);
                }
                sent.extend(unknown.iter().map(|(_, action)| *action));
            }
            prop_assert_eq!(engine.should_send(&message), decision.send());
        }
    }

    /// What a send carries: only user actions (never an answer the backend gave itself, D27),
    /// each with nothing after it but `step-start` markers (principle 2, on a fresh engine).
    #[test]
    fn a_send_carries_only_unknown_user_actions(parts in any_parts(), engine in any_engine()) {
        let message = with_parts(parts.clone());
        let decision = engine.explain(&message);
        let Verdict::Send { unknown } = &decision.verdict else { return Ok(()) };
        prop_assert!(!unknown.is_empty());
        for (index, action) in unknown {
            let Some(Part::Tool(tool)) = parts.get(*index) else {
                return Err(TestCaseError::fail(format!("action at parts[{index}] is no tool part")));
            };
            match action {
                Action::Answer { tool_call_id, approval_id } => {
                    let approval = tool.approval.expect("an answer has an approval");
                    prop_assert_eq!(approval.id, *approval_id);
                    prop_assert_eq!(tool.tool_call_id, *tool_call_id);
                    prop_assert!(approval.approved.is_some());
                    prop_assert!(!approval.automatic, "sent the backend's own answer (D27): {:?}", parts);
                }
                Action::BrowserOutput(id) => {
                    prop_assert_eq!(tool.tool_call_id, *id);
                    prop_assert!(tool.state.has_result());
                    if engine.mode == Mode::Bidi && engine.pattern == BidiPattern::B {
                        prop_assert!(
                            !(tool.frontend && tool.answer() == Some(true)),
                            "Pattern B: an approved browser tool's output goes as a tool_result frame"
                        );
                    }
                }
            }
            prop_assert!(
                parts[index + 1..].iter().all(|p| *p == Part::StepStart),
                "sent parts[{}] although a later part shows the backend moved on: {:?}", index, parts
            );
        }
    }

    /// Principle 3 (Pattern A, SSE and BIDI's default): an approved browser tool is never sent
    /// before its output exists.
    #[test]
    fn pattern_a_never_sends_an_approved_browser_tool_without_its_output(
        parts in any_parts(),
        sse in any::<bool>(),
    ) {
        let mode = if sse { Mode::Sse } else { Mode::Bidi };
        let sent = Engine::new(mode, BidiPattern::A).should_send(&with_parts(parts.clone()));
        let waiting = parts.iter().filter_map(Part::as_tool).any(awaits_browser_output);
        prop_assert!(!(sent && waiting), "{:?}", parts);
    }

    /// SPEC §2: the backend wrote every part; a part after all of them is its reaction, so a fresh
    /// engine knows every action is known. A `step-start` is only AI SDK's marker: appending one
    /// changes nothing. Content before everything never blocks an answer.
    #[test]
    fn order_later_parts_are_reactions_and_earlier_content_never_blocks(
        parts in any_parts(),
        engine in any_engine(),
        reaction in prop::sample::select(vec![Part::Text, Part::Reasoning, Part::Other]),
    ) {
        let decision = fresh(&engine, &with_parts(parts.clone()));

        let mut moved_on = parts.clone();
        moved_on.push(reaction);
        prop_assert!(!fresh(&engine, &with_parts(moved_on)), "sent although the backend moved on: {:?}", parts);

        let mut marked = parts.clone();
        marked.push(Part::StepStart);
        prop_assert_eq!(fresh(&engine, &with_parts(marked)), decision, "step-start changed the decision");

        let mut prefixed = vec![reaction];
        prefixed.extend(parts.iter().copied());
        prop_assert_eq!(fresh(&engine, &with_parts(prefixed)), decision, "content before changed the decision");
    }

    /// Principle 4: approve and deny have identical timing for server-executed tools. And with no
    /// browser tool in the message, every mode decides alike (the modes differ only there).
    #[test]
    fn approve_and_deny_time_alike_for_server_tools(
        parts in any_parts(),
        engine in any_engine(),
        flips in prop::collection::vec(any::<bool>(), 10),
    ) {
        let flipped: Vec<Part> = parts
            .iter()
            .zip(flips.iter())
            .map(|(part, flip)| match part {
                Part::Tool(tool) if *flip && !tool.frontend => Part::Tool(ToolPart {
                    approval: tool.approval.map(|a| Approval { approved: a.approved.map(|x| !x), ..a }),
                    ..*tool
                }),
                other => *other,
            })
            .collect();
        prop_assert_eq!(
            fresh(&engine, &with_parts(flipped)),
            fresh(&engine, &with_parts(parts.clone())),
            "{:?}", parts
        );
        if !parts.iter().filter_map(Part::as_tool).any(|t| t.frontend) {
            let decisions: Vec<bool> = engine_kinds()
                .iter()
                .map(|kind| fresh(kind, &with_parts(parts.clone())))
                .collect();
            prop_assert!(decisions.iter().all(|d| *d == decisions[0]), "modes differ: {:?} {:?}", decisions, parts);
        }
    }

    /// A chat's renders in sequence (one engine, as AI SDK asks after each change), each render
    /// the previous one changed a little (a part's state or answer, a new part, a helper's mark),
    /// or a new message: an action is sent at most once while it stays in the last message, and
    /// Pattern A never sends while an approved browser tool whose answer was not sent yet still
    /// lacks its output.
    #[test]
    fn an_action_is_sent_at_most_once_over_a_chat(renders in any_chat(), mut engine in any_engine()) {
        let mut sent: Vec<Action> = Vec::new();
        for render in &renders {
            let message = match render {
                Render::Mark(call) => {
                    engine.mark_browser_output(*call);
                    continue;
                }
                Render::Message(message) => message,
            };
            let decision = engine.explain(message);
            if let Verdict::Send { unknown } = &decision.verdict {
                for (_, action) in unknown {
                    prop_assert!(!sent.contains(action), "{:?} sent again: {:?}", action, renders);
                }
                if engine.mode == Mode::Sse || engine.pattern == BidiPattern::A {
                    for tool in tools(message) {
                        let waiting = awaits_browser_output(&tool);
                        let answer_sent = tool.approval.is_some_and(|a| sent.contains(&Action::Answer { tool_call_id: tool.tool_call_id, approval_id: a.id }));
                        prop_assert!(!waiting || answer_sent, "Pattern A sent {:?} without its output: {:?}", tool, renders);
                    }
                }
            }
            // What the engine remembers after this decision: the actions still in the message,
            // and those it sends now.
            if let Some(present) = &decision.present {
                sent.retain(|action| present.contains(action));
            }
            if let Verdict::Send { unknown } = &decision.verdict {
                for (_, action) in unknown {
                    if !sent.contains(action) {
                        sent.push(*action);
                    }
                }
            }
            prop_assert_eq!(engine.should_send(message), decision.send());
        }
    }
}
