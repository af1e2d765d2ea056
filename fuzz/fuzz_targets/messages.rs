//! The decision engine on chats, the way AI SDK asks it: a sequence of renders of one chat's last
//! message and the helpers' marks, built from the bytes by `adk_fuzz::arbitrary_renders` (the
//! SPEC's part types and states, tool flags, the legacy `failed` flag of D29, automatic approvals,
//! ids from a few handles so that toolCallIds and approval ids collide, D28's approval id shared by
//! two calls, then small changes render after render). Each message crosses the records (`encode`,
//! `decode`) as the glue writes them and must come back equal; the chat then goes through every
//! engine kind, the runner and the approval helpers: the properties are in
//! `adk_fuzz::check_decisions`.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| adk_fuzz::check_messages(data));
