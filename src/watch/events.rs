//! The watched search's events as the page reads them: two `u32` words each, handed out in
//! batches by [`Watch::next_batch`](super::Watch::next_batch) and
//! [`Watch::prev_batch`](super::Watch::prev_batch).
//!
//! # Encoding
//!
//! Every event is two `u32` words, `[kind | b << 4, a]`:
//!
//! | kind (`Kind`) | `a`      | `b`                 |
//! |---------------|----------|---------------------|
//! | 0 `Choose`    | item     | its length (≥ 1)    |
//! | 1 `Cover`     | item     | 0                   |
//! | 2 `Uncover`   | item     | 0                   |
//! | 3 `Try`       | option   | level (from 0)      |
//! | 4 `Untry`     | option   | level               |
//! | 5 `Solution`  | 0        | 0                   |
//! | 6 `DeadEnd`   | item     | 0                   |
//! | 7 `Done`      | 0        | 0                   |
//! | 8 `Purify`    | item     | colour (from 1)     |
//! | 9 `Unpurify`  | item     | colour              |
//!
//! A backward batch lists the events it undid, most recent first, in the same encoding.
//! Items and options are the matrix's own numbers; for Sudoku, those of
//! [`model`](crate::sudoku::model). Which options a `Cover` hid is not in the event: it
//! is every option of that item not already hidden (`stream_tests.rs` folds the events to
//! check it). The page does not fold events: it reads [`crate::view`] after each movement.

use crate::exact_cover::Event;

/// The kinds of event, as numbered in the encoding (exported to JavaScript as `EventKind`).
#[cfg_attr(target_arch = "wasm32", wasm_bindgen::prelude::wasm_bindgen(js_name = EventKind))]
#[repr(u32)]
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Kind {
    Choose = 0,
    Cover = 1,
    Uncover = 2,
    Try = 3,
    Untry = 4,
    Solution = 5,
    DeadEnd = 6,
    Done = 7,
    Purify = 8,
    Unpurify = 9,
}

impl Kind {
    /// The kind of an event.
    pub fn of(event: Event) -> Kind {
        match event {
            Event::Choose { .. } => Kind::Choose,
            Event::Cover { .. } => Kind::Cover,
            Event::Uncover { .. } => Kind::Uncover,
            Event::Try { .. } => Kind::Try,
            Event::Untry { .. } => Kind::Untry,
            Event::Solution => Kind::Solution,
            Event::DeadEnd { .. } => Kind::DeadEnd,
            Event::Done => Kind::Done,
            Event::Purify { .. } => Kind::Purify,
            Event::Unpurify { .. } => Kind::Unpurify,
        }
    }

    /// Its bit in a set of kinds (see [`Watch::run`](super::Watch::run)).
    pub fn bit(self) -> u32 {
        1 << self as u32
    }
}

/// The layout of an event's first word, `kind | b << KindBits` (exported to
/// JavaScript, so that no decoder retypes it).
#[cfg_attr(target_arch = "wasm32", wasm_bindgen::prelude::wasm_bindgen)]
#[repr(u32)]
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum EventWord {
    /// Bits of the kind, at the bottom of the first word.
    KindBits = 4,
    /// Bits of the `b` field, above the kind.
    BBits = 28,
}

const KIND_BITS: u32 = EventWord::KindBits as u32;
const KIND_MASK: u32 = (1 << KIND_BITS) - 1;
/// Largest `b` field.
const B_MAX: u32 = (1 << EventWord::BBits as u32) - 1;
const _: () = assert!(EventWord::KindBits as u32 + EventWord::BBits as u32 == 32);

/// The two words of an event.
pub fn encode(event: Event) -> [u32; 2] {
    let (a, b) = fields(event);
    [Kind::of(event) as u32 | b.min(B_MAX) << KIND_BITS, a]
}

/// The `a` and `b` fields of an event (see the table above).
pub fn fields(event: Event) -> (u32, u32) {
    match event {
        Event::Choose { item, len } => (item, len),
        Event::Cover { item } | Event::Uncover { item } | Event::DeadEnd { item } => (item, 0),
        Event::Try { option, level } | Event::Untry { option, level } => (option, level),
        Event::Solution | Event::Done => (0, 0),
        Event::Purify { item, colour } | Event::Unpurify { item, colour } => (item, colour),
    }
}

/// The event of two words, if they encode one. (The watched search never reads its words back:
/// its one observer hands each event to the words and the tree at once. This is for their
/// readers.)
pub fn decode(words: [u32; 2]) -> Option<Event> {
    let (kind, b, a) = (words[0] & KIND_MASK, words[0] >> KIND_BITS, words[1]);
    Some(match kind {
        0 => Event::Choose { item: a, len: b },
        1 => Event::Cover { item: a },
        2 => Event::Uncover { item: a },
        3 => Event::Try { option: a, level: b },
        4 => Event::Untry { option: a, level: b },
        5 => Event::Solution,
        6 => Event::DeadEnd { item: a },
        7 => Event::Done,
        8 => Event::Purify { item: a, colour: b },
        9 => Event::Unpurify { item: a, colour: b },
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[cfg_attr(not(target_arch = "wasm32"), test)]
    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    fn every_event_survives_encoding() {
        let events = [
            Event::Choose { item: 323, len: 9 },
            Event::Cover { item: 0 },
            Event::Uncover { item: 17 },
            Event::Try { option: 728, level: 80 },
            Event::Untry { option: 5, level: 3 },
            Event::Solution,
            Event::DeadEnd { item: 200 },
            Event::Done,
            Event::Purify { item: 12, colour: 3 },
            Event::Unpurify { item: 7, colour: 1 },
        ];
        for (k, e) in events.into_iter().enumerate() {
            let words = encode(e);
            assert_eq!(words[0] & 15, k as u32, "kind numbers follow Kind");
            assert_eq!(decode(words), Some(e));
        }
        assert_eq!(decode([10, 0]), None);
    }
}
