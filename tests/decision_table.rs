//! SPEC §2 "Decision rows", one test per row, named after it. A row runs on a fresh engine unless
//! it says otherwise; `P(name, state, approved)` is a tool part.

use adk_stream_wasm::engine::{BidiPattern, Engine, Mode};
use adk_stream_wasm::model::summary::{build, parse, FIELD};

const MODES: [Mode; 2] = [Mode::Sse, Mode::Bidi];

fn default_frontend(name: &str) -> bool {
    matches!(name, "get_location" | "take_photo" | "get_camera")
}

/// A tool part `P(name, state, approved)`; ids are derived from the name so parts differ.
fn p(name: &str, state: &str, approved: Option<bool>) -> String {
    let approval = match state {
        "input-streaming" | "input-available" => None,
        _ => Some((format!("approval-{name}"), approved)),
    };
    let call = format!("call-{name}");
    match approval {
        Some((id, answer)) => build::tool(name, state, &call, Some((&id, answer))),
        None => build::tool(name, state, &call, None),
    }
}

fn text() -> String {
    build::plain("text")
}

fn reasoning() -> String {
    build::plain("reasoning")
}

fn assistant(parts: &[String]) -> String {
    build::message("assistant", parts)
}

/// What a fresh engine of `mode` answers for the summary.
fn decide(mode: Mode, summary: &str) -> bool {
    Engine::new(mode, BidiPattern::A).should_send(&parse(summary), &default_frontend)
}

fn rule(engine: &Engine, summary: &str) -> &'static str {
    engine
        .explain(&parse(summary), &default_frontend)
        .verdict
        .rule()
}

fn in_both_modes(summary: &str, expected: bool) {
    for mode in MODES {
        assert_eq!(decide(mode, summary), expected, "{mode:?}");
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
        let summary = format!("E{FIELD}{reason}");
        in_both_modes(&summary, false);
        let engine = Engine::new(Mode::Sse, BidiPattern::A);
        let decision = engine.explain(&parse(&summary), &default_frontend);
        assert_eq!(decision.verdict.rule(), "malformed-input");
        assert!(decision.verdict.detail().contains(reason));
    }
    for garbage in [
        "",
        "garbage",
        "M",
        "M\u{1f}assistant\u{1f}A\u{1f}1\u{1f}0\u{1e}tool-a\u{1f}x",
    ] {
        in_both_modes(garbage, false);
    }
}

#[test]
fn d2_last_role_user_system_or_missing_is_false() {
    for role in ["user", "system", "\u{15}", "robot"] {
        let summary = build::message(
            role,
            &[p("process_payment", "approval-responded", Some(true))],
        );
        in_both_modes(&summary, false);
        assert_eq!(
            rule(&Engine::new(Mode::Sse, BidiPattern::A), &summary),
            "not-assistant"
        );
    }
}

#[test]
fn d3_assistant_with_parts_missing_null_or_empty_is_false() {
    for summary in [
        "M\u{1f}assistant\u{1f}N\u{1f}\u{1f}",
        "M\u{1f}assistant\u{1f}A\u{1f}0\u{1f}-1",
    ] {
        in_both_modes(summary, false);
        assert_eq!(
            rule(&Engine::new(Mode::Bidi, BidiPattern::A), summary),
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
        assert!(engine.should_send(&parse(&summary), &default_frontend));
        assert!(
            !engine.should_send(&parse(&summary), &default_frontend),
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
        assert!(!engine.should_send(&parse(&before), &default_frontend));
        let after = assistant(&[
            p("a", "approval-responded", Some(true)),
            text(),
            p("b", "approval-responded", Some(true)),
        ]);
        assert!(
            engine.should_send(&parse(&after), &default_frontend),
            "{mode:?}"
        );
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
        assert!(
            engine.should_send(&parse(&summary), &default_frontend),
            "{mode:?}"
        );
    }
    // ... and inferred without that knowledge: nothing stands after it (principle 6).
    in_both_modes(&summary, true);
}

#[test]
fn d15_bidi_bob_after_alice_was_denied_earlier() {
    let alice = build::tool(
        "process_payment",
        "output-error",
        "call-alice",
        Some(("approval-alice", Some(false))),
    );
    for answer in [true, false] {
        let bob = build::tool(
            "process_payment",
            "approval-responded",
            "call-bob",
            Some(("approval-bob", Some(answer))),
        );
        in_both_modes(&assistant(&[alice.clone(), reasoning(), bob]), true);
    }
}

#[test]
fn d16_asked_twice_is_true_then_false() {
    let summary = assistant(&[p("process_payment", "approval-responded", Some(true))]);
    for mode in MODES {
        let mut engine = Engine::new(mode, BidiPattern::A);
        assert!(engine.should_send(&parse(&summary), &default_frontend));
        assert!(!engine.should_send(&parse(&summary), &default_frontend));
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
    for compact in [false, true] {
        let parts = [
            p("get_location", "approval-responded", Some(true)),
            p("process_payment", "approval-responded", Some(false)),
        ];
        let summary = if compact {
            build::compact("assistant", &parts)
        } else {
            summary.clone()
        };
        assert!(!decide(Mode::Sse, &summary), "compact: {compact}");
        assert_eq!(
            rule(&Engine::new(Mode::Sse, BidiPattern::A), &summary),
            "awaiting-browser-output"
        );
    }
    // Pattern B sends the approval at once.
    let mut engine = Engine::new(Mode::Bidi, BidiPattern::B);
    assert!(engine.should_send(&parse(&summary), &default_frontend));
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
    assert!(!engine.should_send(&parse(&approved), &default_frontend));
    engine.mark_browser_output("call-get_location");
    let with_output = assistant(&[p("get_location", "output-available", Some(true))]);
    assert!(engine.should_send(&parse(&with_output), &default_frontend));
    assert!(
        !engine.should_send(&parse(&with_output), &default_frontend),
        "sent once"
    );
}

#[test]
fn d20_bidi_pattern_b_sends_the_approval_at_once() {
    let mut engine = Engine::new(Mode::Bidi, BidiPattern::B);
    let approved = assistant(&[p("get_location", "approval-responded", Some(true))]);
    assert!(engine.should_send(&parse(&approved), &default_frontend));
    // The output then travels as a tool_result frame, not as a new message.
    engine.mark_browser_output("call-get_location");
    let with_output = assistant(&[p("get_location", "output-available", Some(true))]);
    assert!(!engine.should_send(&parse(&with_output), &default_frontend));
}

#[test]
fn d21_browser_geolocation_failure_is_sent() {
    let after_approval = assistant(&[p("get_location", "output-error", Some(true))]);
    let without_approval = assistant(&[build::tool(
        "get_location",
        "output-error",
        "call-get_location",
        None,
    )]);
    for summary in [&after_approval, &without_approval] {
        for mode in MODES {
            let mut engine = Engine::new(mode, BidiPattern::A);
            engine.mark_browser_output("call-get_location");
            assert!(
                engine.should_send(&parse(summary), &default_frontend),
                "{mode:?}"
            );
        }
    }
    // Without the browser's word an output-error is the backend's (principle 6).
    in_both_modes(&without_approval, false);
}

fn dynamic(state: &str, approved: Option<bool>) -> String {
    let (tag, id, answer) = match approved {
        Some(true) => ("O", "approval-get_location", "1"),
        Some(false) => ("O", "approval-get_location", "0"),
        None => ("", "", ""),
    };
    [
        "dynamic-tool",
        "get_location",
        state,
        "call-get_location",
        tag,
        id,
        answer,
    ]
    .join("\u{1f}")
}

#[test]
fn d22_dynamic_tool_get_location_behaves_as_the_static_one() {
    assert!(
        !decide(
            Mode::Sse,
            &assistant(&[dynamic("approval-responded", Some(true))])
        ),
        "as D17"
    );
    assert!(
        decide(
            Mode::Sse,
            &assistant(&[dynamic("approval-responded", Some(false))])
        ),
        "as D18"
    );
    let mut engine = Engine::new(Mode::Sse, BidiPattern::A);
    engine.mark_browser_output("call-get_location");
    assert!(
        engine.should_send(
            &parse(&assistant(&[dynamic("output-available", Some(true))])),
            &default_frontend
        ),
        "as D19"
    );
}
