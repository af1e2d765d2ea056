//! SPEC §2 "Decision rows", one test per row, named after it. A row runs on a fresh engine unless
//! it says otherwise; `P(name, state, approved)` is a tool part. The rows are written as the model
//! the boundary's records decode into (`src/model`), with ids interned as the glue interns them and
//! a tool's name resolved into the flags the glue writes (the default registry's browser tools);
//! `tests/js/decision-rows.test.ts` runs the same rows through the packed package and AI SDK's
//! real `Chat`.

use adk_stream_wasm::engine::{hold, BidiPattern, Engine, Mode, Verdict};
use adk_stream_wasm::model::records::{decode, encode, MALFORMED_RECORD, NO_MESSAGES};
use adk_stream_wasm::model::{
    Approval, Handle, LastMessage, Malformed, Part, Role, ToolPart, ToolState,
};

const MODES: [Mode; 2] = [Mode::Sse, Mode::Bidi];

type Message = Result<LastMessage, Malformed>;

fn default_frontend(name: &str) -> bool {
    matches!(name, "get_location" | "take_photo" | "get_camera")
}

/// The handle of a string, as an engine's intern table gives it: equal strings, equal handles.
fn id(text: &str) -> Handle {
    use std::cell::RefCell;
    use std::collections::HashMap;
    thread_local! {
        static TABLE: RefCell<HashMap<String, Handle>> = RefCell::new(HashMap::new());
    }
    TABLE.with(|table| {
        let mut table = table.borrow_mut();
        let next = table.len() as Handle + 1;
        *table.entry(text.to_string()).or_insert(next)
    })
}

fn state(name: &str) -> ToolState {
    let code = [
        "input-streaming",
        "input-available",
        "approval-requested",
        "approval-responded",
        "output-available",
        "output-error",
        "output-denied",
    ]
    .iter()
    .position(|s| *s == name)
    .expect("a state of SPEC §1");
    ToolState::from_code(code as u32).expect("a state code")
}

/// A tool part `P(name, state, approved)`; ids are derived from the name so parts differ.
fn p(name: &str, state_name: &str, approved: Option<bool>) -> Part {
    let approval = match state_name {
        "input-streaming" | "input-available" => None,
        _ => Some((format!("approval-{name}"), approved)),
    };
    let approval = approval
        .as_ref()
        .map(|(id, approved)| (id.as_str(), *approved));
    tool(name, state_name, &format!("call-{name}"), approval)
}

/// A tool part with its own ids.
fn tool(name: &str, state_name: &str, call: &str, approval: Option<(&str, Option<bool>)>) -> Part {
    let mut tool = ToolPart::new(id(call), state(state_name));
    if default_frontend(name) {
        tool = tool.in_browser();
    }
    Part::Tool(match approval {
        Some((approval, approved)) => tool.with_approval(id(approval), approved),
        None => tool,
    })
}

fn text() -> Part {
    Part::Text
}

fn reasoning() -> Part {
    Part::Reasoning
}

fn assistant(parts: &[Part]) -> Message {
    Ok(LastMessage::assistant(parts.to_vec()))
}

/// What a fresh engine of `mode` answers for the message.
fn decide(mode: Mode, message: &Message) -> bool {
    Engine::new(mode, BidiPattern::A).should_send(message)
}

/// The rule's stable name, as `explain().rule` shows it (js/words/words.js words the same codes).
fn rule(engine: &Engine, message: &Message) -> &'static str {
    rule_name(&engine.explain(message).verdict)
}

fn rule_name(verdict: &Verdict) -> &'static str {
    [
        "malformed-input",
        "not-assistant",
        "no-parts",
        "approval-pending",
        "still-streaming",
        "awaiting-browser-output",
        "no-user-action",
        "already-known",
        "unsent-user-action",
        "waits-to-be-sent",
        "arrival-unknown",
        "no-messages",
    ][verdict.code().0 as usize]
}

fn in_both_modes(message: &Message, expected: bool) {
    for mode in MODES {
        assert_eq!(decide(mode, message), expected, "{mode:?}");
    }
}

#[test]
fn d1_not_a_message_list_is_false() {
    // The glue turns [], null, undefined, numbers, cyclic objects, [undefined] and throwing
    // getters into a malformation code (tests/js covers the JS side and its words); Rust answers
    // false for each, and so it does for records it cannot read.
    for code in [1, 2, 3, 4, 5, 7, 14] {
        let message: Message = Err(Malformed { code, index: 0 });
        in_both_modes(&message, false);
        let engine = Engine::new(Mode::Sse, BidiPattern::A);
        let decision = engine.explain(&message);
        assert_eq!(rule_name(&decision.verdict), "malformed-input");
        assert_eq!(decision.verdict.code(), (0, code));
    }
    for (words, count) in [
        (vec![], 0),
        (vec![2, 0, 0, 0], 1),
        (vec![2, 0, 0, 0, 9, 1, 2], 1),
        (vec![2, 0, 0, 0, 4 | 9 << 4, 1, 2], 1),
    ] {
        let message = decode(&words, count);
        assert_eq!(message.as_ref().map_err(|m| m.code), Err(MALFORMED_RECORD));
        in_both_modes(&message, false);
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
        assert!(engine.should_send(&summary));
        assert!(!engine.should_send(&summary), "{mode:?}: a second send");
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
        assert!(!engine.should_send(&before));
        let after = assistant(&[
            p("a", "approval-responded", Some(true)),
            text(),
            p("b", "approval-responded", Some(true)),
        ]);
        assert!(engine.should_send(&after), "{mode:?}");
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
        engine.mark_browser_output(id("call-search"));
        assert!(engine.should_send(&summary), "{mode:?}");
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
        assert!(engine.should_send(&summary));
        assert!(!engine.should_send(&summary));
        assert_eq!(rule(&engine, &summary), "already-known");
    }
}

/// SPEC §5 F-c: a send that failed definitely is not counted as sent: explain() says the answer
/// waits to be sent, no automatic decision sends it, and the app's explicit resend takes it once.
#[test]
fn f_c_a_definitely_failed_send_waits_for_one_explicit_resend() {
    let summary = assistant(&[p("process_payment", "approval-responded", Some(true))]);
    for mode in MODES {
        let mut engine = Engine::new(mode, BidiPattern::A);
        assert!(engine.should_send(&summary));
        engine.hold(hold::WAITS);
        assert_eq!(rule(&engine, &summary), "waits-to-be-sent");
        assert!(!engine.should_send(&summary), "never automatically");
        assert_eq!(engine.hold(hold::RESEND), 1);
        assert_eq!(engine.hold(hold::RESEND), 0, "exactly once");
        assert_eq!(engine.hold(hold::REPEAT), 0, "exactly once");
        assert_eq!(rule(&engine, &summary), "already-known");
        assert!(!engine.should_send(&summary));
    }
}

/// Issue 42 item 5: an empty message list (a new chat) is well formed: its own rule, false, and
/// nothing remembered.
#[test]
fn issue_42_an_empty_message_list_is_no_messages() {
    let message: Message = Err(Malformed {
        code: NO_MESSAGES,
        index: 0,
    });
    in_both_modes(&message, false);
    let engine = Engine::new(Mode::Sse, BidiPattern::A);
    assert_eq!(engine.explain(&message).verdict, Verdict::NoMessages);
    assert_eq!(rule(&engine, &message), "no-messages");
}

/// SPEC §5 F-c (issue 41 item 2): a user's message whose request was refused waits to be sent
/// too; with no failure it is the user's message, which the engine never sends.
#[test]
fn f_c_a_users_message_whose_send_failed_definitely_waits_to_be_sent() {
    let message: Message = Ok(LastMessage {
        role: Role::User,
        parts: Some(vec![Part::Text]),
    });
    let mut engine = Engine::new(Mode::Sse, BidiPattern::A);
    assert_eq!(rule(&engine, &message), "not-assistant");
    engine.hold(hold::WAITS);
    assert_eq!(engine.explain(&message).verdict, Verdict::WaitsToBeSent);
    assert!(!engine.should_send(&message), "never automatically");
    assert_eq!(engine.hold(hold::RESEND), 1);
    assert_eq!(rule(&engine, &message), "not-assistant");
}

/// SPEC §5 F-g: after an ambiguous failure the answer's arrival is unknown (not already-known);
/// nothing is sent automatically, and the verdict says whether an explicit repeat is offered.
#[test]
fn f_g_an_ambiguous_failure_leaves_the_arrival_unknown() {
    let summary = assistant(&[p("process_payment", "approval-responded", Some(true))]);
    for (state, repeatable) in [(hold::UNKNOWN, false), (hold::REPEATABLE, true)] {
        let mut engine = Engine::new(Mode::Sse, BidiPattern::A);
        assert!(engine.should_send(&summary));
        engine.hold(state);
        assert_eq!(
            engine.explain(&summary).verdict,
            Verdict::ArrivalUnknown { repeatable }
        );
        assert_eq!(rule(&engine, &summary), "arrival-unknown");
        assert!(!engine.should_send(&summary), "never automatically");
        // The app's resend takes nothing; its explicit repeat, only where one is offered, once.
        assert_eq!(engine.hold(hold::RESEND), 0);
        assert_eq!(engine.hold(hold::REPEAT), repeatable as u32);
        assert_eq!(engine.hold(hold::REPEAT), 0, "once");
        let expected = if repeatable {
            "already-known"
        } else {
            "arrival-unknown"
        };
        assert_eq!(rule(&engine, &summary), expected);
        let left = if repeatable { hold::NONE } else { state };
        assert_eq!(engine.hold(hold::NONE), left);
    }
    // Any other code is the app's resend.
    let mut engine = Engine::new(Mode::Sse, BidiPattern::A);
    engine.hold(hold::WAITS);
    assert_eq!(engine.hold(9), 1);
    assert_eq!(engine.hold(hold::NONE), hold::NONE);
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
    assert!(engine.should_send(&summary));
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
    assert!(!engine.should_send(&approved));
    engine.mark_browser_output(id("call-get_location"));
    let with_output = assistant(&[p("get_location", "output-available", Some(true))]);
    assert!(engine.should_send(&with_output));
    assert!(!engine.should_send(&with_output), "sent once");
}

#[test]
fn d20_bidi_pattern_b_sends_the_approval_at_once() {
    let mut engine = Engine::new(Mode::Bidi, BidiPattern::B);
    let approved = assistant(&[p("get_location", "approval-responded", Some(true))]);
    assert!(engine.should_send(&approved));
    // The output then travels as a tool_result frame, not as a new message.
    engine.mark_browser_output(id("call-get_location"));
    let with_output = assistant(&[p("get_location", "output-available", Some(true))]);
    assert!(!engine.should_send(&with_output));
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
            engine.mark_browser_output(id("call-get_location"));
            assert!(engine.should_send(summary), "{mode:?}");
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

/// A `dynamic-tool` part named `get_location` by `toolName`: the glue resolves the name into the
/// same flags as `tool-get_location` (tests/js checks that end to end), so its records decode to the
/// same part; read back through them here.
fn dynamic(state: &str, approved: Option<bool>) -> Message {
    let (words, count) = encode(&assistant(&[p("get_location", state, approved)]));
    decode(&words, count)
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
    engine.mark_browser_output(id("call-get_location"));
    assert!(
        engine.should_send(&dynamic("output-available", Some(true))),
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
        let ask = |engine: &mut Engine, message: &Message| engine.should_send(message);
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
            engine.mark_browser_output(id("call-get_location"));
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
    engine.should_send(&adr_0005("input-available", Some(true)));
    assert!(!engine.should_send(&before));
    let after = assistant(&[
        p("get_location", "output-available", None),
        p("adk_request_confirmation", "approval-responded", Some(true)),
        text(),
    ]);
    assert!(engine.should_send(&after));
    // A fresh engine saw no earlier snapshot: the plain rule, the text is a reaction.
    assert!(!decide(Mode::Sse, &after));
}

#[test]
fn d24b_the_backends_answer_after_the_output_is_false_on_the_same_and_a_fresh_engine() {
    let mut engine = Engine::new(Mode::Sse, BidiPattern::A);
    assert!(!engine.should_send(&assistant(&[p(
        "get_location",
        "approval-responded",
        Some(true)
    )])));
    assert!(engine.should_send(&assistant(&[p(
        "get_location",
        "output-available",
        Some(true)
    )])));
    let answered = assistant(&[p("get_location", "output-available", Some(true)), text()]);
    assert!(!engine.should_send(&answered));
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
fn automatic(name: &str) -> Part {
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
        assert!(engine.should_send(&beside), "{mode:?}: the user's answer");
        assert!(!engine.should_send(&beside), "{mode:?}: once");
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
    assert!(!engine.should_send(&pending));
    let answered = assistant(&[
        p("process_payment", "approval-responded", Some(true)),
        p("get_location", "output-available", Some(true)),
    ]);
    assert!(engine.should_send(&answered));
    assert!(!engine.should_send(&answered));
}

#[test]
fn d16_holds_when_a_hand_made_history_repeats_a_tool_call_id() {
    let repeated = assistant(&[
        tool("get_location", "output-available", "c1", None),
        Part::Text,
        tool(
            "process_payment",
            "approval-responded",
            "c1",
            Some(("a1", Some(true))),
        ),
    ]);
    for mode in MODES {
        let mut engine = Engine::new(mode, BidiPattern::A);
        assert!(engine.should_send(&repeated), "{mode:?}");
        assert!(!engine.should_send(&repeated), "{mode:?}: once");
    }
}

#[test]
fn d28_a_repeated_approval_id_on_another_tool_call_is_a_new_user_action() {
    let a = |answered: bool| {
        tool(
            "a",
            "approval-responded",
            "call-a",
            Some(("approval-1", Some(answered))),
        )
    };
    for mode in MODES {
        for answer in [true, false] {
            let mut engine = Engine::new(mode, BidiPattern::A);
            assert!(engine.should_send(&assistant(&[a(true)])), "{mode:?}: a");
            // The backend's response appends b, asking with the same approval id.
            let asked = assistant(&[
                a(true),
                text(),
                tool(
                    "b",
                    "approval-requested",
                    "call-b",
                    Some(("approval-1", None)),
                ),
            ]);
            assert!(!engine.should_send(&asked));
            let answered = assistant(&[
                a(true),
                text(),
                tool(
                    "b",
                    "approval-responded",
                    "call-b",
                    Some(("approval-1", Some(answer))),
                ),
            ]);
            assert!(
                engine.should_send(&answered),
                "{mode:?}: b answered {answer}"
            );
            assert!(!engine.should_send(&answered), "{mode:?}: once");
        }
    }
}

#[test]
fn d29_a_part_with_a_legacy_error_field_is_not_sent() {
    let Part::Tool(payment) = p("process_payment", "approval-responded", Some(true)) else {
        panic!("p() makes a tool part")
    };
    let failed = assistant(&[Part::Tool(ToolPart {
        failed: true,
        ..payment
    })]);
    in_both_modes(&failed, false);
    assert_eq!(
        rule(&Engine::new(Mode::Sse, BidiPattern::A), &failed),
        "already-known"
    );
    // A failed browser tool is not waited for either, and its output is not sent.
    let Part::Tool(location) = p("get_location", "output-error", Some(true)) else {
        panic!("p() makes a tool part")
    };
    in_both_modes(
        &assistant(&[Part::Tool(ToolPart {
            failed: true,
            ..location
        })]),
        false,
    );
}
