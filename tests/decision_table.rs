//! SPEC §2 "Decision rows", one test per row, named after it. A row runs on a fresh engine unless
//! it says otherwise; `P(name, state, approved)` is a tool part. The rows are written as the model
//! the boundary reads (`src/model`); `tests/js/decision-rows.test.ts` runs the same rows through
//! the packed package and AI SDK's real `Chat`.

use adk_stream_wasm::engine::{BidiPattern, Engine, Mode};
use adk_stream_wasm::model::summary::{parse, Malformed};
use adk_stream_wasm::model::{Approval, LastMessage, Part, Role, ToolPart, ToolState};

const MODES: [Mode; 2] = [Mode::Sse, Mode::Bidi];

type Message = Result<LastMessage<'static>, Malformed<'static>>;

fn default_frontend(name: &str) -> bool {
    matches!(name, "get_location" | "take_photo" | "get_camera")
}

fn leak(text: String) -> &'static str {
    Box::leak(text.into_boxed_str())
}

fn state(name: &str) -> ToolState {
    ToolState::parse(name).expect("a state of SPEC §1")
}

/// A tool part `P(name, state, approved)`; ids are derived from the name so parts differ.
fn p(name: &str, state_name: &str, approved: Option<bool>) -> Part<'static> {
    let tool = ToolPart::new(
        leak(name.to_string()),
        leak(format!("call-{name}")),
        state(state_name),
    );
    Part::Tool(match state_name {
        "input-streaming" | "input-available" => tool,
        _ => tool.with_approval(leak(format!("approval-{name}")), approved),
    })
}

/// A tool part with its own ids.
fn tool(
    name: &str,
    state_name: &str,
    call: &str,
    approval: Option<(&str, Option<bool>)>,
) -> Part<'static> {
    let tool = ToolPart::new(
        leak(name.to_string()),
        leak(call.to_string()),
        state(state_name),
    );
    Part::Tool(match approval {
        Some((id, approved)) => tool.with_approval(leak(id.to_string()), approved),
        None => tool,
    })
}

fn text() -> Part<'static> {
    Part::Text
}

fn reasoning() -> Part<'static> {
    Part::Reasoning
}

fn assistant(parts: &[Part<'static>]) -> Message {
    Ok(LastMessage::assistant(parts.to_vec()))
}

/// What a fresh engine of `mode` answers for the message.
fn decide(mode: Mode, message: &Message) -> bool {
    Engine::new(mode, BidiPattern::A).should_send(message, &default_frontend)
}

fn rule(engine: &Engine, message: &Message) -> &'static str {
    engine.explain(message, &default_frontend).verdict.rule()
}

fn in_both_modes(message: &Message, expected: bool) {
    for mode in MODES {
        assert_eq!(decide(mode, message), expected, "{mode:?}");
    }
}

#[test]
fn d1_not_a_message_list_is_false() {
    // The glue turns [], null, undefined, numbers, cyclic objects, [undefined] and throwing
    // getters into an "E" summary (tests/js covers the JS side); Rust answers false for each.
    for reason in [
        "`messages` is empty",
        "the argument is null; expected {messages}",
        "the last message is undefined",
    ] {
        let summary: Message = Err(Malformed::Unreadable(reason));
        in_both_modes(&summary, false);
        let engine = Engine::new(Mode::Sse, BidiPattern::A);
        let decision = engine.explain(&summary, &default_frontend);
        assert_eq!(decision.verdict.rule(), "malformed-input");
        assert!(decision.verdict.detail().contains(reason));
    }
    for garbage in [
        "",
        "garbage",
        "assistant",
        "assistant\u{1f}A\u{1f}1\u{1e}tool-a\u{1f}x",
    ] {
        in_both_modes(&parse(garbage), false);
    }
}

#[test]
fn d2_last_role_user_system_or_missing_is_false() {
    for role in [Role::User, Role::System, Role::Missing, Role::Other] {
        let summary: Message = Ok(LastMessage {
            role,
            parts: Some(vec![p("process_payment", "approval-responded", Some(true))]),
        });
        in_both_modes(&summary, false);
        assert_eq!(
            rule(&Engine::new(Mode::Sse, BidiPattern::A), &summary),
            "not-assistant"
        );
    }
}

#[test]
fn d3_assistant_with_parts_missing_null_or_empty_is_false() {
    for parts in [None, Some(vec![])] {
        let summary: Message = Ok(LastMessage {
            role: Role::Assistant,
            parts,
        });
        in_both_modes(&summary, false);
        assert_eq!(
            rule(&Engine::new(Mode::Bidi, BidiPattern::A), &summary),
            "no-parts"
        );
    }
}

#[test]
fn d4_text_only_is_false() {
    in_both_modes(&assistant(&[text()]), false);
    assert_eq!(
        rule(
            &Engine::new(Mode::Sse, BidiPattern::A),
            &assistant(&[text()])
        ),
        "no-user-action"
    );
}

#[test]
fn d5_approval_requested_is_false() {
    let summary = assistant(&[p("process_payment", "approval-requested", None)]);
    in_both_modes(&summary, false);
    assert_eq!(
        rule(&Engine::new(Mode::Sse, BidiPattern::A), &summary),
        "approval-pending"
    );
}

#[test]
fn d6_approved_server_tool_is_true() {
    in_both_modes(
        &assistant(&[p("process_payment", "approval-responded", Some(true))]),
        true,
    );
}

#[test]
fn d7_denied_server_tool_is_true() {
    in_both_modes(
        &assistant(&[p("process_payment", "approval-responded", Some(false))]),
        true,
    );
}

#[test]
fn d8_one_answered_one_requested_is_false() {
    let summary = assistant(&[
        p("a", "approval-responded", Some(true)),
        p("b", "approval-requested", None),
    ]);
    in_both_modes(&summary, false);
}

#[test]
fn d9_two_answers_send_once() {
    let summary = assistant(&[
        p("a", "approval-responded", Some(true)),
        p("b", "approval-responded", Some(false)),
    ]);
    for mode in MODES {
        let mut engine = Engine::new(mode, BidiPattern::A);
        assert!(engine.should_send(&summary, &default_frontend));
        assert!(
            !engine.should_send(&summary, &default_frontend),
            "{mode:?}: a second send"
        );
    }
}

#[test]
fn d10_content_before_the_answer_never_blocks_it() {
    let summary = assistant(&[
        reasoning(),
        text(),
        p("process_payment", "approval-responded", Some(true)),
    ]);
    in_both_modes(&summary, true);
}

#[test]
fn d11_text_between_answers_then_b_answered() {
    for mode in MODES {
        let mut engine = Engine::new(mode, BidiPattern::A);
        let before = assistant(&[
            p("a", "approval-responded", Some(true)),
            text(),
            p("b", "approval-requested", None),
        ]);
        assert!(!engine.should_send(&before, &default_frontend));
        let after = assistant(&[
            p("a", "approval-responded", Some(true)),
            text(),
            p("b", "approval-responded", Some(true)),
        ]);
        assert!(engine.should_send(&after, &default_frontend), "{mode:?}");
    }
}

#[test]
fn d12_backend_output_followed_by_text_is_false() {
    let summary = assistant(&[p("search", "output-available", None), text()]);
    in_both_modes(&summary, false);
}

#[test]
fn d13_backend_error_after_the_answer_is_false() {
    let summary = assistant(&[
        p("adk_request_confirmation", "approval-responded", Some(true)),
        p("search", "output-error", None),
    ]);
    in_both_modes(&summary, false);
    assert_eq!(
        rule(&Engine::new(Mode::Sse, BidiPattern::A), &summary),
        "already-known"
    );
}

#[test]
fn d14_browser_output_after_the_answer_is_true() {
    let summary = assistant(&[
        p("adk_request_confirmation", "approval-responded", Some(true)),
        p("search", "output-available", None),
    ]);
    // Told by the helpers that the output is the browser's ...
    for mode in MODES {
        let mut engine = Engine::new(mode, BidiPattern::A);
        engine.mark_browser_output("call-search");
        assert!(engine.should_send(&summary, &default_frontend), "{mode:?}");
    }
    // ... and inferred without that knowledge: nothing stands after it (principle 6).
    in_both_modes(&summary, true);
}

#[test]
fn d15_bidi_bob_after_alice_was_denied_earlier() {
    let alice = tool(
        "process_payment",
        "output-error",
        "call-alice",
        Some(("approval-alice", Some(false))),
    );
    for answer in [true, false] {
        let bob = tool(
            "process_payment",
            "approval-responded",
            "call-bob",
            Some(("approval-bob", Some(answer))),
        );
        in_both_modes(&assistant(&[alice, reasoning(), bob]), true);
    }
}

#[test]
fn d16_asked_twice_is_true_then_false() {
    let summary = assistant(&[p("process_payment", "approval-responded", Some(true))]);
    for mode in MODES {
        let mut engine = Engine::new(mode, BidiPattern::A);
        assert!(engine.should_send(&summary, &default_frontend));
        assert!(!engine.should_send(&summary, &default_frontend));
        assert_eq!(rule(&engine, &summary), "already-known");
    }
}

#[test]
fn d17_sse_approved_browser_tool_without_output_is_false() {
    let summary = assistant(&[p("get_location", "approval-responded", Some(true))]);
    assert!(!decide(Mode::Sse, &summary));
    assert_eq!(
        rule(&Engine::new(Mode::Sse, BidiPattern::A), &summary),
        "awaiting-browser-output"
    );
    // BIDI Pattern A behaves the same way.
    assert!(!decide(Mode::Bidi, &summary));
}

#[test]
fn d17_holds_wherever_the_approved_browser_tool_stands() {
    // Two approvals answered in one turn: the browser tool's output must still come first.
    let summary = assistant(&[
        p("get_location", "approval-responded", Some(true)),
        p("process_payment", "approval-responded", Some(false)),
    ]);
    assert!(!decide(Mode::Sse, &summary));
    assert_eq!(
        rule(&Engine::new(Mode::Sse, BidiPattern::A), &summary),
        "awaiting-browser-output"
    );
    // Pattern B sends the approval at once.
    let mut engine = Engine::new(Mode::Bidi, BidiPattern::B);
    assert!(engine.should_send(&summary, &default_frontend));
}

#[test]
fn d18_sse_denied_browser_tool_is_true() {
    assert!(decide(
        Mode::Sse,
        &assistant(&[p("get_location", "approval-responded", Some(false))])
    ));
}

#[test]
fn d19_sse_browser_output_with_its_approval_is_true() {
    let mut engine = Engine::new(Mode::Sse, BidiPattern::A);
    let approved = assistant(&[p("get_location", "approval-responded", Some(true))]);
    assert!(!engine.should_send(&approved, &default_frontend));
    engine.mark_browser_output("call-get_location");
    let with_output = assistant(&[p("get_location", "output-available", Some(true))]);
    assert!(engine.should_send(&with_output, &default_frontend));
    assert!(
        !engine.should_send(&with_output, &default_frontend),
        "sent once"
    );
}

#[test]
fn d20_bidi_pattern_b_sends_the_approval_at_once() {
    let mut engine = Engine::new(Mode::Bidi, BidiPattern::B);
    let approved = assistant(&[p("get_location", "approval-responded", Some(true))]);
    assert!(engine.should_send(&approved, &default_frontend));
    // The output then travels as a tool_result frame, not as a new message.
    engine.mark_browser_output("call-get_location");
    let with_output = assistant(&[p("get_location", "output-available", Some(true))]);
    assert!(!engine.should_send(&with_output, &default_frontend));
}

#[test]
fn d21_browser_geolocation_failure_is_sent() {
    let after_approval = assistant(&[p("get_location", "output-error", Some(true))]);
    let without_approval = assistant(&[tool(
        "get_location",
        "output-error",
        "call-get_location",
        None,
    )]);
    for summary in [&after_approval, &without_approval] {
        for mode in MODES {
            let mut engine = Engine::new(mode, BidiPattern::A);
            engine.mark_browser_output("call-get_location");
            assert!(engine.should_send(summary, &default_frontend), "{mode:?}");
        }
    }
    // Without the browser's word it is inferred: the backend never runs a browser tool (principle 6).
    in_both_modes(&without_approval, true);
    // An output-error on a backend tool is the backend's.
    in_both_modes(
        &assistant(&[tool("search", "output-error", "call-search", None)]),
        false,
    );
}

/// A `dynamic-tool` part named by `toolName`, read from the boundary's format as the glue writes it.
fn dynamic(state: &str, approved: Option<bool>) -> Message {
    let (tag, id, answer) = match approved {
        Some(true) => ("O", "approval-get_location", "1"),
        Some(false) => ("O", "approval-get_location", "0"),
        None => ("", "", ""),
    };
    let part = [
        "dynamic-tool",
        "get_location",
        state,
        "call-get_location",
        tag,
        id,
        answer,
        "",
    ]
    .join("\u{1f}");
    parse(leak(format!("assistant\u{1f}A\u{1f}1\u{1e}{part}")))
}

#[test]
fn d22_dynamic_tool_get_location_behaves_as_the_static_one() {
    assert!(
        !decide(Mode::Sse, &dynamic("approval-responded", Some(true))),
        "as D17"
    );
    assert!(
        decide(Mode::Sse, &dynamic("approval-responded", Some(false))),
        "as D18"
    );
    let mut engine = Engine::new(Mode::Sse, BidiPattern::A);
    engine.mark_browser_output("call-get_location");
    assert!(
        engine.should_send(&dynamic("output-available", Some(true)), &default_frontend),
        "as D19"
    );
}

/// ADR 0005's shape: the frontend tool call, then a separate confirmation asking for approval.
fn adr_0005(location: &str, confirmation: Option<bool>) -> Message {
    let confirm = match confirmation {
        None => p("adk_request_confirmation", "approval-requested", None),
        Some(answer) => p(
            "adk_request_confirmation",
            "approval-responded",
            Some(answer),
        ),
    };
    assistant(&[p("get_location", location, None), confirm])
}

/// D23 and D24 share their answers: whether the helper marked the output or not.
fn d23_sequence(mark_output: bool) {
    for mode in MODES {
        let mut engine = Engine::new(mode, BidiPattern::A);
        let ask =
            |engine: &mut Engine, message: &Message| engine.should_send(message, &default_frontend);
        assert!(
            !ask(&mut engine, &adr_0005("input-available", None)),
            "{mode:?}: pending"
        );
        assert!(
            ask(&mut engine, &adr_0005("input-available", Some(true))),
            "{mode:?}: the answer, at once"
        );
        assert!(
            !ask(&mut engine, &adr_0005("input-available", Some(true))),
            "{mode:?}: answer sent"
        );
        if mark_output {
            engine.mark_browser_output("call-get_location");
        }
        let with_output = adr_0005("output-available", Some(true));
        assert_eq!(
            rule(&engine, &with_output),
            "unsent-user-action",
            "{mode:?}"
        );
        assert!(ask(&mut engine, &with_output), "{mode:?}: the output, once");
        assert!(!ask(&mut engine, &with_output), "{mode:?}: then nothing");
    }
}

#[test]
fn d23_adr_0005_confirmation_then_the_browser_output_through_the_helper() {
    d23_sequence(true);
}

#[test]
fn d24_adr_0005_with_plain_add_tool_output_answers_as_d23() {
    d23_sequence(false);
}

#[test]
fn d23_later_parts_seen_before_the_output_prove_nothing() {
    // The backend's reply to the confirmation (text) arrived before the browser's output.
    let mut engine = Engine::new(Mode::Sse, BidiPattern::A);
    let before = assistant(&[
        p("get_location", "input-available", None),
        p("adk_request_confirmation", "approval-responded", Some(true)),
        text(),
    ]);
    engine.should_send(&adr_0005("input-available", Some(true)), &default_frontend);
    assert!(!engine.should_send(&before, &default_frontend));
    let after = assistant(&[
        p("get_location", "output-available", None),
        p("adk_request_confirmation", "approval-responded", Some(true)),
        text(),
    ]);
    assert!(engine.should_send(&after, &default_frontend));
    // A fresh engine saw no earlier snapshot: the plain rule, the text is a reaction.
    assert!(!decide(Mode::Sse, &after));
}

#[test]
fn d24b_the_backends_answer_after_the_output_is_false_on_the_same_and_a_fresh_engine() {
    let mut engine = Engine::new(Mode::Sse, BidiPattern::A);
    assert!(!engine.should_send(
        &assistant(&[p("get_location", "approval-responded", Some(true))]),
        &default_frontend
    ));
    assert!(engine.should_send(
        &assistant(&[p("get_location", "output-available", Some(true))]),
        &default_frontend
    ));
    let answered = assistant(&[p("get_location", "output-available", Some(true)), text()]);
    assert!(!engine.should_send(&answered, &default_frontend));
    in_both_modes(&answered, false);
}

#[test]
fn d25_states_only_the_backend_writes_are_false_on_a_fresh_engine() {
    in_both_modes(
        &assistant(&[p("process_payment", "output-denied", Some(false))]),
        false,
    );
    in_both_modes(
        &assistant(&[p("process_payment", "output-error", Some(true))]),
        false,
    );
    assert_eq!(
        rule(
            &Engine::new(Mode::Sse, BidiPattern::A),
            &assistant(&[p("process_payment", "output-denied", Some(false))])
        ),
        "already-known"
    );
}

/// `P(name, approval-responded, true)` answered by the backend itself (AI SDK 7).
fn automatic(name: &str) -> Part<'static> {
    let Part::Tool(tool) = p(name, "approval-responded", Some(true)) else {
        panic!("p() makes a tool part")
    };
    Part::Tool(ToolPart {
        approval: tool.approval.map(|approval| Approval {
            automatic: true,
            ..approval
        }),
        ..tool
    })
}

#[test]
fn d27_an_automatic_approval_is_not_a_user_action() {
    let alone = assistant(&[automatic("get_weather")]);
    in_both_modes(&alone, false);
    assert_eq!(
        rule(&Engine::new(Mode::Sse, BidiPattern::A), &alone),
        "no-user-action"
    );
    let beside = assistant(&[
        automatic("get_weather"),
        p("process_payment", "approval-responded", Some(true)),
    ]);
    for mode in MODES {
        let mut engine = Engine::new(mode, BidiPattern::A);
        assert!(
            engine.should_send(&beside, &default_frontend),
            "{mode:?}: the user's answer"
        );
        assert!(
            !engine.should_send(&beside, &default_frontend),
            "{mode:?}: once"
        );
    }
}

#[test]
fn d20_pattern_b_output_added_before_the_other_answer_still_sends_the_answers() {
    // Pattern B: the browser tool ran (its result went as a tool_result frame) while the other
    // approval was still pending; answering that one sends both answers.
    let mut engine = Engine::new(Mode::Bidi, BidiPattern::B);
    let pending = assistant(&[
        p("process_payment", "approval-requested", None),
        p("get_location", "approval-responded", Some(true)),
    ]);
    assert!(!engine.should_send(&pending, &default_frontend));
    let answered = assistant(&[
        p("process_payment", "approval-responded", Some(true)),
        p("get_location", "output-available", Some(true)),
    ]);
    assert!(engine.should_send(&answered, &default_frontend));
    assert!(!engine.should_send(&answered, &default_frontend));
}

#[test]
fn d16_holds_when_a_hand_made_history_repeats_a_tool_call_id() {
    let repeated: Message = Ok(LastMessage::assistant(vec![
        Part::Tool(ToolPart::new(
            "get_location",
            "c1",
            ToolState::OutputAvailable,
        )),
        Part::Text,
        Part::Tool(
            ToolPart::new("process_payment", "c1", ToolState::ApprovalResponded)
                .with_approval("a1", Some(true)),
        ),
    ]));
    for mode in MODES {
        let mut engine = Engine::new(mode, BidiPattern::A);
        assert!(engine.should_send(&repeated, &default_frontend), "{mode:?}");
        assert!(
            !engine.should_send(&repeated, &default_frontend),
            "{mode:?}: once"
        );
    }
}
