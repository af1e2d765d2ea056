//! Properties of the decision over arbitrary inputs (proptest): it never panics, never sends
//! with an approval pending, and never sends the same state twice.

#![cfg(not(target_arch = "wasm32"))]

use adk_stream_wasm::engine::{BidiPattern, Engine, Mode};
use adk_stream_wasm::model::summary::{build, parse};
use proptest::prelude::*;

const STATES: [&str; 8] = [
    "input-streaming",
    "input-available",
    "approval-requested",
    "approval-responded",
    "output-available",
    "output-error",
    "output-denied",
    "bogus",
];
const NAMES: [&str; 4] = ["get_location", "process_payment", "search", "change_bgm"];

fn frontend(name: &str) -> bool {
    name == "get_location"
}

fn any_part() -> impl Strategy<Value = String> {
    prop_oneof![
        Just(build::plain("text")),
        Just(build::plain("reasoning")),
        Just(build::plain("step-start")),
        Just(build::plain("data-x")),
        (
            0..NAMES.len(),
            0..STATES.len(),
            0..4usize,
            prop::option::of(any::<bool>()),
            any::<bool>()
        )
            .prop_map(|(name, state, call, answer, has_approval)| {
                let call_id = format!("call-{call}");
                let approval_id = format!("approval-{call}");
                build::tool(
                    NAMES[name],
                    STATES[state],
                    &call_id,
                    has_approval.then_some((approval_id.as_str(), answer)),
                )
            }),
    ]
}

fn any_engine() -> impl Strategy<Value = Engine> {
    (any::<bool>(), any::<bool>()).prop_map(|(sse, pattern_b)| {
        Engine::new(
            if sse { Mode::Sse } else { Mode::Bidi },
            if pattern_b {
                BidiPattern::B
            } else {
                BidiPattern::A
            },
        )
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn arbitrary_strings_never_panic(summary in ".*") {
        let mut engine = Engine::new(Mode::Bidi, BidiPattern::B);
        let message = parse(&summary);
        let _ = engine.should_send(&message, &frontend);
        let _ = engine.explain(&message, &frontend).verdict.detail();
    }

    #[test]
    fn arbitrary_part_lists_never_panic_and_never_send_twice(
        parts in prop::collection::vec(any_part(), 0..12),
        mut engine in any_engine(),
        marks in prop::collection::vec(0..4usize, 0..3),
    ) {
        for mark in marks {
            engine.mark_browser_output(&format!("call-{mark}"));
        }
        let summary = build::message("assistant", &parts);
        let message = parse(&summary);
        let explained = engine.explain(&message, &frontend);
        // The compact summary the glue sends for decisions decides exactly as the detailed one.
        let compact = build::compact("assistant", &parts);
        let compact_decision = engine.explain(&parse(&compact), &frontend);
        prop_assert_eq!(compact_decision.send(), explained.send());
        prop_assert_eq!(compact_decision.verdict.rule(), explained.verdict.rule());
        let first = engine.should_send(&message, &frontend);
        prop_assert_eq!(first, explained.send(), "explain and the decision agree");
        prop_assert!(!engine.should_send(&message, &frontend), "the same state sent twice");
        if summary.contains("approval-requested") && message.is_ok() {
            prop_assert!(!first, "sent while an approval is pending");
        }
    }
}
