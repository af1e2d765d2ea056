//! The fuzz crate's own tests: the properties on fixed samples of chats and of records, the SPEC
//! rows of the seeds, every committed seed; and `write_seeds`, which writes the seeds.

use crate::chats::{arbitrary_renders, Render};
use crate::{
    check_messages, check_records, engines, records_bytes, records_input, spec_rows, MOST_RENDERS,
};
use adk_stream_wasm::model::records::encode;
use arbitrary::Unstructured;
use std::path::Path;

fn xorshift_bytes(seed: &mut u64, len: usize) -> Vec<u8> {
    (0..len)
        .map(|_| {
            *seed ^= *seed << 13;
            *seed ^= *seed >> 7;
            *seed ^= *seed << 17;
            *seed as u8
        })
        .collect()
}

fn seeds_dir(target: &str) -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("seeds")
        .join(target)
}

#[test]
fn structured_chats_hold_the_properties() {
    let mut seed = 0x2545_f491_4f6c_dd1du64;
    for _ in 0..2000 {
        check_messages(&xorshift_bytes(&mut seed, 256));
    }
}

#[test]
fn arbitrary_records_hold_the_properties() {
    let mut seed = 0x9e37_79b9_7f4a_7c15u64;
    for round in 0..2000 {
        let mut bytes = xorshift_bytes(&mut seed, 3 + 4 * (round % 40));
        // Mostly a readable header and a count that fits, so some messages decode.
        if round % 2 == 0 && bytes.len() >= 3 + 16 {
            let parts = (bytes.len() - 3 - 16) / 12;
            bytes[1..3].copy_from_slice(&(parts as u16).to_le_bytes());
            bytes[3..7].copy_from_slice(&2u32.to_le_bytes());
            bytes[7..15].fill(0);
            for at in 0..parts {
                let word = 19 + 12 * at;
                bytes[word] = 4 | (bytes[word] % 7) << 4;
                bytes[word + 1] &= 0x73;
                bytes[word + 2..word + 4].fill(0);
                for id in [word + 4, word + 8] {
                    bytes[id] %= 4;
                    bytes[id + 1..id + 4].fill(0);
                }
            }
        }
        check_records(&bytes);
    }
    for count in [0xFFFFu16, 0xFFFE] {
        let mut bytes = records_bytes(0, 0, &[2, 0, 0, 0, 4, 1, 0]);
        bytes[1..3].copy_from_slice(&count.to_le_bytes());
        check_records(&bytes);
    }
}

#[test]
fn the_spec_rows_decide_as_the_spec_says() {
    for (name, _, message) in spec_rows() {
        let (words, count) = encode(&message);
        let (_, read_count, read) = records_input(&records_bytes(0, count, &words));
        assert_eq!((read_count, &read), (count, &words), "{name}");
        let sends: Vec<bool> = engines()
            .iter_mut()
            .map(|e| e.should_send(&message))
            .collect();
        let expected = match name {
            "d6-approved" | "d9-two-answers" | "d15-reasoning" | "d19-browser-output"
            | "d27-automatic" | "d28-answered" => vec![true; 3],
            // Pattern B sends the approval at once (D20).
            "d17-browser-approved" => vec![false, false, true],
            _ => sends.clone(),
        };
        assert_eq!(sends, expected, "{name}");
    }
}

/// Every committed seed passes its target.
#[test]
fn the_committed_seeds_pass() {
    for (target, check) in [
        ("records", check_records as fn(&[u8])),
        ("messages", check_messages),
    ] {
        let dir = seeds_dir(target);
        let mut n = 0;
        for entry in std::fs::read_dir(&dir).expect("the seeds are committed") {
            check(&std::fs::read(entry.unwrap().path()).unwrap());
            n += 1;
        }
        assert!(n >= 10, "{n} seeds in {dir:?}");
    }
}

/// Writes the committed seeds: `cargo test --lib -- --ignored write_seeds`.
#[test]
#[ignore]
fn write_seeds() {
    let dir = seeds_dir("records");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    for (name, marks, message) in spec_rows() {
        let (words, count) = encode(&message);
        std::fs::write(dir.join(name), records_bytes(marks, count, &words)).unwrap();
    }

    // messages: the first chats (of a fixed pseudo-random sequence) that reach each verdict in
    // some engine kind, with and without a helper's mark.
    let dir = seeds_dir("messages");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let mut seen: Vec<(u32, bool)> = Vec::new();
    let mut seed = 0x5851_f42d_4c95_7f2du64;
    for _ in 0..20_000 {
        let bytes = xorshift_bytes(&mut seed, 96);
        let Ok(renders) = arbitrary_renders(&mut Unstructured::new(&bytes), MOST_RENDERS) else {
            continue;
        };
        let marked = renders.iter().any(|r| matches!(r, Render::Mark(_)));
        let mut engines = engines();
        let mut codes = Vec::new();
        for render in &renders {
            match render {
                Render::Mark(id) => engines.iter_mut().for_each(|e| e.mark_browser_output(*id)),
                Render::Message(m) => {
                    for e in &mut engines {
                        codes.push(e.decide(m).verdict.code().0);
                    }
                }
            }
        }
        let new: Vec<(u32, bool)> = codes
            .into_iter()
            .map(|c| (c, marked))
            .filter(|key| !seen.contains(key))
            .collect();
        if let Some(key) = new.first() {
            seen.extend(new.iter().copied());
            let name = format!("verdict-{}{}", key.0, if key.1 { "-marked" } else { "" });
            std::fs::write(dir.join(name), &bytes).unwrap();
        }
    }
}
