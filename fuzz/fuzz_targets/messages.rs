//! The decision engine fed message lists the way a browser feeds it: `{messages}` values projected
//! by the Rust twin of js/summary.js, for every engine kind, over a sequence of renders of one chat.
//! Byte 0 picks the input's shape: odd, the rest is JSON text (anything serde_json reads, so the
//! corpus can hold real chats); even, structured arbitrary messages built from a vocabulary of part
//! types, states, tool names and ids. The properties are in `adk_fuzz::check_decisions`.
#![no_main]

use adk_fuzz::{arbitrary_messages, check_decisions};
use arbitrary::Unstructured;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((shape, rest)) = data.split_first() else {
        check_decisions(&[None]);
        return;
    };
    if shape & 1 == 1 {
        // JSON text: one render per line, so a seed can replay a whole chat.
        let renders: Vec<Option<serde_json::Value>> = rest
            .split(|b| *b == b'\n')
            .filter(|line| !line.is_empty())
            .take(8)
            .filter_map(|line| serde_json::from_slice(line).ok().map(Some))
            .collect();
        if !renders.is_empty() {
            check_decisions(&renders);
        }
        return;
    }
    let mut u = Unstructured::new(rest);
    let mut renders = Vec::new();
    for _ in 0..(1 + shape / 2 % 4) {
        match arbitrary_messages(&mut u) {
            Ok(value) => renders.push(Some(value)),
            Err(_) => break,
        }
    }
    check_decisions(&renders);
});
