//! The BIDI frame codec of SPEC §5: what an incoming text frame holds ([`incoming`]) and the exact
//! text of every outgoing frame ([`outgoing`]). No socket work here; `bidi/` does that.

pub mod incoming;
pub mod outgoing;
#[cfg(test)]
pub(crate) mod test_reader;

pub use incoming::{
    classify, for_each_event, Audio, Event, FrameText, Incoming, JsonReader, Malformed,
    DEFAULT_AUDIO_OUT,
};
pub use outgoing::*;
