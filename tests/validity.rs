//! Tests that can fail: each validity check says no to each kind of wrong input, and what the
//! code claims to do is checked against expectations worked out by hand or by a plain search
//! outside it (tests/e2e/oracle.mjs), never only against its own output. Runs natively and on
//! wasm32 (Node), like the library's unit tests.

use dlx_sudoku::exact_cover::Event;
use dlx_sudoku::formats::{self, Format};
use dlx_sudoku::sudoku::{Bitmask, Board, Engine, Puzzle, Shape, Unit};
use dlx_sudoku::watch::events::{decode, encode};

const SOLVED: &str = "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

/// Bits 1..=9 set: every digit of a 9×9 grid is possible.
const ALL_DIGITS: u32 = 0b11_1111_1110;

fn grid(line: &str) -> Board {
    Board::parse_line(line).unwrap()
}

fn empty() -> Board {
    Board::empty(Shape::NINE)
}

/// `SOLVED` with the digits of cells `a` and `b` swapped.
fn swapped(a: usize, b: usize) -> Board {
    let mut g = grid(SOLVED);
    let (x, y) = (g.get(a), g.get(b));
    g.set(a, y);
    g.set(b, x);
    g
}

/// The kinds of unit in which a grid clashes, each once, in the order row, column, box.
fn clash_kinds(g: &Board) -> Vec<&'static str> {
    let kinds: Vec<&str> = g
        .clashes()
        .iter()
        .map(|c| match c.unit {
            Unit::Row(_) => "row",
            Unit::Column(_) => "column",
            Unit::Box(_) => "box",
        })
        .collect();
    ["row", "column", "box"]
        .into_iter()
        .filter(|k| kinds.contains(k))
        .collect()
}

#[cfg_attr(not(target_arch = "wasm32"), test)]
#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
fn solves_refuses_each_kind_of_wrong_grid() {
    let solved = grid(SOLVED);
    let mut puzzle = solved.clone();
    for cell in (0..81).step_by(2) {
        puzzle.set(cell, 0);
    }
    assert!(solved.solves(&puzzle) && solved.solves(&empty()) && solved.solves(&solved));

    // A cell left empty.
    let mut open = solved.clone();
    open.set(40, 0);
    assert!(!open.solves(&empty()), "an empty cell");
    // r1c1 and r2c1 swapped (same column, same box): two rows repeat a digit, nothing else.
    let rows = swapped(0, 9);
    assert_eq!(clash_kinds(&rows), ["row"]);
    assert!(!rows.solves(&empty()), "a row repeats a digit");
    // r1c1 and r1c2 swapped (same row, same box): two columns repeat a digit, nothing else.
    let columns = swapped(0, 1);
    assert_eq!(clash_kinds(&columns), ["column"]);
    assert!(!columns.solves(&empty()), "a column repeats a digit");
    // Every row and column a cyclic shift of 1..9: a Latin square whose boxes repeat digits.
    let mut latin = empty();
    for cell in 0..81 {
        latin.set(cell, ((cell / 9 + cell % 9) % 9 + 1) as u8);
    }
    assert_eq!(clash_kinds(&latin), ["box"]);
    assert!(!latin.solves(&empty()), "a box repeats a digit");
    // A valid grid that changes a given.
    let mut other = empty();
    other.set(80, if solved.get(80) == 1 { 2 } else { 1 });
    assert!(!solved.solves(&other), "a given not kept");
}

#[cfg_attr(not(target_arch = "wasm32"), test)]
#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
fn puzzles_with_clashing_givens_are_refused_for_each_kind_of_unit() {
    let refused = |cells: [(usize, u8); 2]| {
        let mut g = empty();
        for (cell, digit) in cells {
            g.set(cell, digit);
        }
        Puzzle::new(g).unwrap_err().to_string()
    };
    assert_eq!(refused([(0, 4), (8, 4)]), "r1c9: 4 already in row 1");
    assert_eq!(refused([(4, 7), (76, 7)]), "r9c5: 7 already in column 5");
    assert_eq!(refused([(30, 2), (50, 2)]), "r6c6: 2 already in box 5");
    assert!(Puzzle::new(grid(SOLVED)).is_ok());
}

#[cfg_attr(not(target_arch = "wasm32"), test)]
#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
fn candidates_leave_out_the_digits_of_the_row_the_column_and_the_box() {
    let mut g = empty();
    g.set(0, 5); // r1c1
    let c = g.candidates();
    let without_5 = ALL_DIGITS & !(1 << 5);
    assert_eq!(c[0], 1 << 5, "a filled cell: its own digit");
    assert_eq!(c[7], without_5, "r1c8: the row");
    assert_eq!(c[63], without_5, "r8c1: the column");
    assert_eq!(c[20], without_5, "r3c3: the box only");
    assert_eq!(c[40], ALL_DIGITS, "r5c5: none of them");
    // A cell that no digit fits, through its box alone for the 9.
    let g = grid(&format!("12345678.{}......9..{}", ".".repeat(9), ".".repeat(54)));
    assert_eq!(g.candidates()[8], 0, "r1c9: 1-8 in its row, 9 in its box (r3c7)");
}

#[cfg_attr(not(target_arch = "wasm32"), test)]
#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
fn formats_detect_write_and_read_at_their_edges() {
    // A count has at most 20 digits (u64::MAX has 20); one digit more is a line.
    assert_eq!(Format::detect(&format!("{}\n", "1".repeat(20))), Some(Format::Hiho));
    assert_eq!(Format::detect(&format!("{}\n", "1".repeat(21))), Some(Format::Line));
    assert_eq!(Format::detect("1\n"), Some(Format::Hiho));
    assert_eq!(Format::detect("\n  \n"), None);
    // Each format writes its own blank.
    let mut g = empty();
    g.set(0, 7);
    g.set(80, 3);
    let row = "0 0 0 0 0 0 0 0 0\n";
    let mut hiho = String::new();
    Format::Hiho.write_grid(0, &g, &mut hiho);
    assert_eq!(hiho, format!("7 0 0 0 0 0 0 0 0\n{}0 0 0 0 0 0 0 0 3\n", row.repeat(7)));
    let mut hdu = String::new();
    Format::Hdu.write_grid(0, &g, &mut hdu);
    assert_eq!(hdu, hiho.replace('0', "?"));
    let mut line = String::new();
    Format::Line.write_grid(0, &g, &mut line);
    assert_eq!(line, format!("7{}3\n", ".".repeat(79)));
    // Whitespace around a line-format puzzle is not part of it.
    let read = formats::parse(&format!("  \t{SOLVED}  \r\n"), None);
    assert_eq!((read.format, read.error.map(|e| e.to_string())), (Format::Line, None));
    assert_eq!(read.cases.len(), 1);
    assert_eq!(read.cases[0].grid, grid(SOLVED));
}

#[cfg_attr(not(target_arch = "wasm32"), test)]
#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
fn event_words_clamp_the_b_field_and_refuse_unknown_kinds() {
    // The b field has 28 bits: a larger length is clamped, never spilt into the kind.
    let [w0, w1] = encode(Event::Choose { item: 3, len: u32::MAX });
    assert_eq!((w0 & 15, w0 >> 4, w1), (0, (1 << 28) - 1, 3));
    assert_eq!(
        decode([w0, w1]),
        Some(Event::Choose {
            item: 3,
            len: (1 << 28) - 1
        })
    );
    let [w0, _] = encode(Event::Try {
        option: 9,
        level: 1 << 28,
    });
    assert_eq!((w0 & 15, w0 >> 4), (3, (1 << 28) - 1));
    assert_eq!(encode(Event::Try { option: 9, level: 5 }), [3 | 5 << 4, 9]);
    assert_eq!(decode([7, 0]), Some(Event::Done));
    // Kinds 8 and 9 are the colours' (DLX2's purify and its undoing); 10 to 15 are unknown.
    assert_eq!(decode([8 | 3 << 4, 12]), Some(Event::Purify { item: 12, colour: 3 }));
    assert_eq!(decode([9 | 1 << 4, 7]), Some(Event::Unpurify { item: 7, colour: 1 }));
    for kind in 10..16 {
        assert_eq!(decode([kind, 0]), None, "kind {kind}");
    }
}

/// Seed 003's order: the cell with the fewest candidates, the first in reading order on ties,
/// its digits lowest first. tests/e2e/oracle.mjs, a plain search written from that rule, finds
/// these first solutions too.
#[cfg_attr(not(target_arch = "wasm32"), test)]
#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
fn the_bitmask_engine_searches_in_seed_003_s_order() {
    let first = |line: &str, n: usize| {
        let mut out = Vec::new();
        let p: Puzzle = line.parse().unwrap();
        Bitmask::new()
            .search(&p, &mut |g| {
                out.push(g.to_string());
                out.len() < n
            })
            .unwrap();
        out
    };
    assert_eq!(
        first(&".".repeat(81), 1),
        ["123456789456789123789123456231674895875912364694538217317265948542897631968341572"]
    );
    assert_eq!(
        first(
            ".................1.....2.3......3.2...1.4......5....6..3......4.7..8...962.......",
            3
        ),
        [
            "413769582962835741857412936746953128281647395395128467538291674174386259629574813",
            "413569782962738541857412936746953128281647395395821467138295674574386219629174853",
            "413769582962538741857412936746953128281647395395821467138295674574386219629174853",
        ]
    );
}
