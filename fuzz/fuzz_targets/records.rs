//! `records::decode`, the one reader of the boundary's integer records, on arbitrary words and an
//! arbitrary part count (a glue bug, a hand-made call into the core): it never panics; it agrees
//! with an independent reading of the layout (the glue's malformation passed on, a short buffer or
//! an unreadable record refused at the first one, ids and states read where they stand);
//! `decode_into` reads the same; a decoded message survives `encode` then `decode`. Then the chat
//! "helper marks, the message, the message again" goes through every engine kind, the runner and
//! the approval helpers with the properties of `adk_fuzz::check_decisions`. The input's layout is
//! `adk_fuzz::records_input`'s (byte 0 the marks, bytes 1–2 the count, then little-endian words).
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| adk_fuzz::check_records(data));
