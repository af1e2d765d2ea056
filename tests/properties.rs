//! Properties of the decision over arbitrary last messages (proptest), written as the model the
//! boundary reads (`src/model`): it never panics, never sends with an approval pending or an input
//! streaming, never sends the same state twice, never sends an answer the backend gave itself, and
//! follows SPEC §2's order rules (a later part is the backend's reaction, content before an answer
//! never blocks it, `step-start` is no reaction) and principle 4 (approve and deny time alike).
//! `records::decode` on arbitrary words is covered here too; the fuzz targets go further.

#![cfg(not(target_arch = "wasm32"))]

use adk_stream_wasm::engine::{Action, BidiPattern, Engine, Mode, Verdict};
use adk_stream_wasm::model::records::{decode, MALFORMED_RECORD};
use adk_stream_wasm::model::{
    Approval, Handle, LastMessage, Malformed, Part, Role, ToolPart, ToolState,
};
use proptest::prelude::*;

type Message = Result<LastMessage, Malformed>;

const STATES: [ToolState; 7] = [
    ToolState::InputStreaming,
    ToolState::InputAvailable,
    ToolState::ApprovalRequested,
    ToolState::ApprovalResponded,
    ToolState::OutputAvailable,
    ToolState::OutputError,
    ToolState::OutputDenied,
];
/// `get_location` (runs in the browser and requires approval), `process_payment`, `search`,
/// `change_bgm`: the glue resolves a name into these flags.
const NAMES: [bool; 4] = [true, false, false, false];
/// Ids are handles, drawn from the first four, so renders and parts share them; `unique_ids` moves
/// a repeated one to a free one: AI SDK never gives two parts of a message the same toolCallId.
const CALL_IDS: [Handle; 14] = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14];
/// The approval id of the call at the same index.
const fn approval_id(call: Handle) -> Handle {
    call + 100
}
const DRAWN_IDS: usize = 4;

fn any_part() -> impl Strategy<Value = Part> {
    prop_oneof![
        Just(Part::Text),
        Just(Part::Reasoning),
        Just(Part::StepStart),
        Just(Part::Other),
        (
            0..NAMES.len(),
            0..STATES.len(),
            0..DRAWN_IDS,
            prop::option::of(any::<bool>()),
            any::<bool>(),
            prop::bool::weighted(0.2),
        )
            .prop_map(|(name, state, call, answer, has_approval, automatic)| {
                let tool = ToolPart::new(CALL_IDS[call], STATES[state]);
                Part::Tool(ToolPart {
                    frontend: NAMES[name],
                    requires_approval: NAMES[name],
                    approval: has_approval.then_some(Approval {
                        id: approval_id(CALL_IDS[call]),
                        approved: answer,
                        automatic: automatic && answer.is_some(),
                    }),
                    ..tool
                })
            }),
    ]
}

/// Gives each tool part of a message its own toolCallId (and approval id).
fn unique_ids(mut parts: Vec<Part>) -> Vec<Part> {
    let mut used: Vec<Handle> = Vec::new();
    for part in &mut parts {
        let Part::Tool(tool) = part else { continue };
        if used.contains(&tool.tool_call_id) {
            let free = (0..CALL_IDS.len())
                .find(|i| !used.contains(&CALL_IDS[*i]))
                .expect("more ids than parts");
            tool.tool_call_id = CALL_IDS[free];
            if let Some(approval) = &mut tool.approval {
                approval.id = approval_id(CALL_IDS[free]);
            }
        }
        used.push(tool.tool_call_id);
    }
    parts
}

fn any_parts() -> impl Strategy<Value = Vec<Part>> {
    prop::collection::vec(any_part(), 0..10).prop_map(unique_ids)
}

/// Parts whose ids may repeat within the message (a hostile backend).
fn any_parts_with_repeated_ids() -> impl Strategy<Value = Vec<Part>> {
    prop::collection::vec(any_part(), 0..10)
}

fn any_message() -> impl Strategy<Value = Message> {
    prop_oneof![
        8 => any_parts().prop_map(|parts| Ok(LastMessage::assistant(parts))),
        1 => (
            prop::sample::select(vec![Role::User, Role::System, Role::Missing, Role::Other]),
            prop::option::of(any_parts()),
        )
            .prop_map(|(role, parts)| Ok(LastMessage { role, parts })),
        1 => Just(Ok(LastMessage { role: Role::Assistant, parts: None })),
        1 => Just(Err(Malformed { code: MALFORMED_RECORD, index: 0 })),
    ]
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

    /// SPEC §2 principles 1, 2, 5 and D16 on any message, for any engine state the helpers can
    /// leave behind.
    #[test]
    fn decisions_never_panic_never_send_twice_and_never_send_what_must_wait(
        message in any_message(),
        mut engine in any_engine(),
        marks in prop::collection::vec(0..DRAWN_IDS, 0..3),
    ) {
        for mark in marks {
            engine.mark_browser_output(CALL_IDS[mark]);
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
        let waiting = parts.iter().filter_map(Part::as_tool).any(|t| {
            t.frontend && t.state == ToolState::ApprovalResponded && t.answer() == Some(true)
        });
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
    fn an_action_is_sent_at_most_once_over_a_chat(
        first in any_parts(),
        edits in prop::collection::vec(any_edit(), 0..8),
        mut engine in any_engine(),
    ) {
        let mut parts = first;
        let mut sent: Vec<Action> = Vec::new();
        let mut renders = vec![parts.clone()];
        for step in 0..=edits.len() {
            if step > 0 {
                match edits[step - 1].apply(&mut parts) {
                    Some(call) => {
                        engine.mark_browser_output(call);
                        continue;
                    }
                    None => renders.push(parts.clone()),
                }
            }
            let message = with_parts(parts.clone());
            let decision = engine.explain(&message);
            if let Verdict::Send { unknown } = &decision.verdict {
                for (_, action) in unknown {
                    prop_assert!(!sent.contains(action), "{:?} sent again: {:?}", action, renders);
                }
                if engine.mode == Mode::Sse || engine.pattern == BidiPattern::A {
                    for tool in parts.iter().filter_map(Part::as_tool) {
                        let waiting = tool.frontend
                            && tool.state == ToolState::ApprovalResponded
                            && tool.answer() == Some(true);
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
            prop_assert_eq!(engine.should_send(&message), decision.send());
        }
    }
}

/// One change between two renders of a chat.
#[derive(Clone, Debug)]
enum Edit {
    /// The tool part at (index modulo the parts) moves to a state, with an answer.
    State(usize, ToolState, Option<bool>),
    /// The backend appends a part.
    Append(Part),
    /// The library's helper marks a tool call's output as the browser's.
    Mark(usize),
    /// A new assistant message.
    Replace(Vec<Part>),
}

impl Edit {
    /// Applies the change; a mark is returned instead, for the engine.
    fn apply(&self, parts: &mut Vec<Part>) -> Option<Handle> {
        match self {
            Edit::State(index, state, approved) => {
                let tools: Vec<usize> = (0..parts.len())
                    .filter(|i| parts[*i].as_tool().is_some())
                    .collect();
                if let Some(at) = tools.get(index % tools.len().max(1)) {
                    if let Part::Tool(tool) = &mut parts[*at] {
                        tool.state = *state;
                        if let Some(approval) = &mut tool.approval {
                            approval.approved = approved.or(approval.approved);
                        }
                    }
                }
                None
            }
            Edit::Append(part) => {
                parts.push(*part);
                *parts = unique_ids(std::mem::take(parts));
                None
            }
            Edit::Mark(call) => Some(CALL_IDS[*call]),
            Edit::Replace(new) => {
                *parts = new.clone();
                None
            }
        }
    }
}

fn any_edit() -> impl Strategy<Value = Edit> {
    prop_oneof![
        4 => (0..10usize, 0..STATES.len(), prop::option::of(any::<bool>()))
            .prop_map(|(index, state, approved)| Edit::State(index, STATES[state], approved)),
        3 => any_part().prop_map(Edit::Append),
        1 => (0..DRAWN_IDS).prop_map(Edit::Mark),
        1 => any_parts().prop_map(Edit::Replace),
    ]
}
