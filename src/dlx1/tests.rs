use super::examples::{self, Example};
use super::*;

fn error(text: &str) -> String {
    Problem::parse(text).unwrap_err().to_string()
}

fn count(problem: &Problem) -> usize {
    problem.matrix().clone().solutions(usize::MAX).len()
}

#[cfg_attr(not(target_arch = "wasm32"), test)]
#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
fn reads_comments_blank_lines_bars_and_line_ends() {
    let text =
        "\u{feff}| a comment\n\n  \t\r\n a  b\tc | x y\r\n| another\r  a x\n\nb c y\rc\n   | indented comment\nb   c";
    let p = Problem::parse(text).unwrap();
    assert_eq!((p.items(), p.primary(), p.options()), (5, 3, 4));
    assert_eq!(
        (0..5).map(|i| p.item_name(i)).collect::<Vec<_>>(),
        ["a", "b", "c", "x", "y"]
    );
    assert_eq!(
        (0..4).map(|o| p.option_text(o)).collect::<Vec<_>>(),
        ["a x", "b c y", "c", "b c"]
    );
    assert_eq!(
        (0..4).map(|o| p.option_line(o)).collect::<Vec<_>>(),
        [Some(6), Some(8), Some(9), Some(11)]
    );
    // {a x} with {b c y} or {b c}: two solutions.
    assert_eq!(count(&p), 2);
}

#[cfg_attr(not(target_arch = "wasm32"), test)]
#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
fn secondary_items_are_covered_at_most_once() {
    // Without the bar, x and y are primary and {a x} {b c y} is the only cover.
    let p = Problem::parse("a b c x y\na x\nb c y\nb c\n").unwrap();
    assert_eq!(count(&p), 1);
    let p = Problem::parse("a b | x\na x\nb x\n").unwrap();
    assert_eq!(count(&p), 0);
}

#[cfg_attr(not(target_arch = "wasm32"), test)]
#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
fn a_problem_with_no_option_has_no_solution() {
    let p = Problem::parse("a b\n").unwrap();
    assert_eq!((p.options(), count(&p)), (0, 0));
}

#[cfg_attr(not(target_arch = "wasm32"), test)]
#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
fn every_error_names_its_line_and_column() {
    let long = "n".repeat(MAX_NAME + 1);
    let cases: Vec<(String, String)> = vec![
        (
            "".into(),
            "empty input: no item line (only blank lines and comments)".into(),
        ),
        (
            "| only\n\n  | comments\n".into(),
            "empty input: no item line (only blank lines and comments)".into(),
        ),
        (
            "a b a\n".into(),
            "line 1, column 5: item \"a\" is named twice (first at column 1)".into(),
        ),
        (
            "| c\n a b | c b\n".into(),
            "line 2, column 10: item \"b\" is named twice (first at column 4)".into(),
        ),
        ("a b\na  q\n".into(), "line 2, column 4: unknown item \"q\"".into()),
        (
            "a b\nb a b\n".into(),
            "line 2, column 5: item \"b\" is repeated in this option (first at column 1)".into(),
        ),
        (
            "a | x y\nx y\n".into(),
            "line 2, column 1: this option has no primary item".into(),
        ),
        (
            "a | x y\na\n  y\n".into(),
            "line 3, column 3: this option has no primary item".into(),
        ),
        // An item line cannot start with the bar: that is a comment.
        (
            "| x\n".into(),
            "empty input: no item line (only blank lines and comments)".into(),
        ),
        (
            "a | b | c\n".into(),
            "line 1, column 7: a second '|' on the item line".into(),
        ),
        (
            "a b:c\n".into(),
            "line 1, column 3: \"b:c\": an item name cannot contain ':'".into(),
        ),
        (
            "a b|c\n".into(),
            "line 1, column 3: \"b|c\": an item name cannot contain '|'".into(),
        ),
        (
            "a b | x\nb x  a:red\n".into(),
            "line 2, column 6: \"a:red\": a primary item cannot have a colour (only secondary items take DLX2's item:colour)"
                .into(),
        ),
        (
            "a | x\na x:\n".into(),
            "line 2, column 3: \"x:\": a colour is a name after the item's ':' (DLX2's item:colour), without blanks or another ':'"
                .into(),
        ),
        (
            "a | x\na x:r:g\n".into(),
            "line 2, column 3: \"x:r:g\": a colour is a name after the item's ':' (DLX2's item:colour), without blanks or another ':'"
                .into(),
        ),
        ("a | x\na q:red\n".into(), "line 2, column 3: unknown item \"q\"".into()),
        (
            "a | x\na x:1 x:1\n".into(),
            "line 2, column 7: item \"x:1\" is repeated in this option (first at column 3)".into(),
        ),
        (
            format!("a {long}\n"),
            format!("line 1, column 3: \"{}…\" is longer than 64 bytes", "n".repeat(40)),
        ),
        (
            format!("a\n a {long} b\n"),
            format!("line 2, column 4: \"{}…\" is longer than 64 bytes", "n".repeat(40)),
        ),
        // Columns count characters, not bytes.
        ("é ü\nü ö\n".into(), "line 2, column 3: unknown item \"ö\"".into()),
    ];
    for (text, message) in cases {
        assert_eq!(error(&text), message, "{text:?}");
    }
    // A name of exactly the limit is fine.
    let name = "m".repeat(MAX_NAME);
    assert_eq!(Problem::parse(&format!("{name}\n{name}\n")).unwrap().options(), 1);
}

/// An option of exactly [`MAX_OPTION_ITEMS`] items is read whole, as one line: the lines after
/// it keep their numbers, and one item more is refused. (`limits_are_errors_not_panics`, which
/// the CI's mutants skip for its 10 s, reached this bound only with a line one past it.)
#[cfg_attr(not(target_arch = "wasm32"), test)]
#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
fn an_option_of_exactly_the_most_items_is_one_line() {
    let items: Vec<String> = (0..=MAX_OPTION_ITEMS).map(|i| format!("i{i}")).collect();
    let most = items[..MAX_OPTION_ITEMS].join(" ");
    let p = Problem::parse(&format!("{}\n{most}\ni256\n", items.join(" "))).unwrap();
    assert_eq!(p.options(), 2);
    assert_eq!(p.option_items(0).count(), MAX_OPTION_ITEMS);
    assert_eq!(p.option_text(1), "i256");
    assert_eq!((p.option_line(0), p.option_line(1)), (Some(2), Some(3)));
    let text = format!("{}\n{most}\n{}\n", items.join(" "), items.join(" "));
    assert_eq!(
        error(&text),
        format!("line 3, column {}: an option of more than 256 items", most.len() + 2)
    );
}

#[test] // native only: 10 million entries take minutes in a debug wasm build; the limits are plain integers
fn limits_are_errors_not_panics() {
    let items: Vec<String> = (0..=MAX_ITEMS).map(|i| format!("i{i}")).collect();
    assert_eq!(
        error(&items.join(" ")),
        format!(
            "line 1, column {}: more than 100000 items",
            items[..MAX_ITEMS].join(" ").len() + 2
        )
    );
    let items: Vec<String> = (0..=MAX_OPTION_ITEMS).map(|i| format!("i{i}")).collect();
    let text = format!("{}\n{}\n", items.join(" "), items.join(" "));
    let column = items[..MAX_OPTION_ITEMS].join(" ").len() + 2;
    assert_eq!(
        error(&text),
        format!("line 2, column {column}: an option of more than 256 items")
    );
    // The limit of entries in all (ten million: a minute of a debug build) is checked in
    // release, by tests/cover_counts.rs.
}

#[cfg_attr(not(target_arch = "wasm32"), test)]
#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
fn a_long_name_is_refused_without_reading_it_all() {
    // 100 MB of one name would take seconds to read to its end.
    struct Endless(u64);
    impl Read for Endless {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            self.0 += buf.len() as u64;
            assert!(self.0 < 1 << 20, "read past the first MiB");
            buf.fill(b'z');
            Ok(buf.len())
        }
    }
    let Err(ReadError::Parse(e)) = Problem::read(Endless(0)) else {
        panic!()
    };
    assert_eq!((e.line, e.column), (1, 1));
}

/// Names are UTF-8: bytes that are not would read as U+FFFD, and then `\xff` and `\xfe`
/// would be one name (and printed changed). Refused where the name starts, with the first
/// byte that does not read; comments may hold anything, and a long name is too long first.
#[cfg_attr(not(target_arch = "wasm32"), test)]
#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
fn names_that_are_not_utf8_are_refused() {
    let error = |bytes: &[u8]| Problem::read(bytes).expect_err("refused").to_string();
    assert_eq!(
        error(b"\xff \xfe\n\xff\n\xfe\n"),
        "line 1, column 1: \"\u{fffd}\" is not UTF-8 text (byte 0xFF): names must be UTF-8"
    );
    assert_eq!(
        error(b"a \xc3\xa9 b\na b\nb x\xc3\xa9\xc3\n"),
        "line 3, column 3: \"x\u{e9}\u{fffd}\" is not UTF-8 text (byte 0xC3): names must be UTF-8"
    );
    let p = Problem::read(&b"| \xff\xfe in a comment\na \xc3\xa9\na\n\xc3\xa9\n"[..]).unwrap();
    assert_eq!(p.item_name(1), "é");
    let mut long = vec![b'n'; MAX_NAME];
    long.push(0xff);
    assert!(error(&long).ends_with(&format!("is longer than {MAX_NAME} bytes")));
}

#[cfg_attr(not(target_arch = "wasm32"), test)]
#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
fn io_errors_are_reported_as_such() {
    struct Broken;
    impl Read for Broken {
        fn read(&mut self, _: &mut [u8]) -> io::Result<usize> {
            Err(io::Error::other("disk on fire"))
        }
    }
    let Err(ReadError::Io(e)) = Problem::read(Broken) else {
        panic!()
    };
    assert_eq!(e.to_string(), "disk on fire");
}

#[cfg_attr(not(target_arch = "wasm32"), test)]
#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
fn examples_round_trip_through_the_format() {
    let puzzle = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";
    for (name, arg) in [
        ("queens", Some("5")),
        ("pentominoes", Some("3x20")),
        ("pentominoes", Some("3x5")),
        ("langford", Some("4")),
        ("knuth", None),
        ("sudoku", Some(puzzle)),
        ("graceful", Some("K4")),
        ("graceful", Some("W5")),
    ] {
        let example = Example::from_args(name, arg).unwrap();
        let text = example.to_dlx1();
        assert!(text.starts_with("| "), "{name}");
        // The workbench shows this comment to a class: what the problem is, not how it was made.
        let comment: Vec<&str> = text.lines().take_while(|l| l.starts_with('|')).collect();
        assert!(
            comment
                .iter()
                .all(|l| !l.contains("dlx-sudoku") && !l.contains("--") && !l.contains("in advance")),
            "{name}: {comment:?}"
        );
        let read = Problem::parse(&text).unwrap();
        assert_eq!(read, example.problem(), "{name}");
        assert!(
            (0..read.items()).all(|i| read.item_name(i).len() <= 8),
            "{name}: names fit Knuth's DLX1"
        );
    }
}

#[cfg_attr(not(target_arch = "wasm32"), test)]
#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
fn small_examples_have_their_known_counts() {
    for (name, arg) in [
        ("queens", "1"),
        ("queens", "2"),
        ("queens", "4"),
        ("queens", "6"),
        ("queens", "8"),
        ("queens", "10"),
        ("langford", "3"),
        ("langford", "4"),
        ("langford", "5"),
        ("langford", "7"),
        ("langford", "8"),
        ("pentominoes", "3x20"),
        ("pentominoes", "3x5"),
    ] {
        let example = Example::from_args(name, Some(arg)).unwrap();
        let expected = example.known_count().unwrap() as usize;
        assert_eq!(count(&example.problem()), expected, "{name} {arg}");
    }
    assert_eq!(count(&examples::knuth()), 1);
    assert_eq!(Example::Knuth.known_count(), Some(1));
    assert_eq!(Example::from_args("queens", Some("8")).unwrap().known_count(), Some(92));
}

#[cfg_attr(not(target_arch = "wasm32"), test)]
#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
fn knuth_example_is_the_engine_s() {
    let p = examples::knuth();
    assert_eq!(p.matrix(), &crate::exact_cover::knuth_example());
    let solution = p.matrix().clone().solutions(2);
    let lines: Vec<String> = solution[0].iter().map(|&o| p.option_text(o)).collect();
    assert_eq!(lines, ["a d", "c e f", "b g"]);
}

#[cfg_attr(not(target_arch = "wasm32"), test)]
#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
fn the_pentomino_boards_have_every_placement() {
    // 63 orientations in all; 2056 placements on 6x10, the number every solver reports.
    let p = examples::pentominoes(6, 10);
    assert_eq!((p.items(), p.primary(), p.options()), (72, 72, 2056));
    // The small board holds L, N and V only: 3 pieces and 15 cells, 44 placements.
    let small = Example::from_args("pentominoes", Some("3x5")).unwrap().problem();
    assert_eq!((small.items(), small.options()), (18, 44));
    let names: Vec<&str> = (0..3).map(|i| small.item_name(i)).collect();
    assert_eq!(names, ["L", "N", "V"]);
}

#[cfg_attr(not(target_arch = "wasm32"), test)]
#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
fn sudoku_example_solves_as_the_sudoku_engine_does() {
    use crate::sudoku::{Dlx, Engine, Puzzle, Verdict};
    let line = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";
    let puzzle: Puzzle = line.parse().unwrap();
    let p = examples::sudoku(&puzzle);
    assert_eq!((p.items(), p.primary()), (324, 324));
    let solutions = p.matrix().clone().solutions(2);
    assert_eq!(solutions.len(), 1);
    let Verdict::Unique(grid) = Dlx::new().verdict(&puzzle).unwrap() else {
        panic!()
    };
    // Each option names its cell pRC and its row item rRD: read the digit back.
    let mut cells = [0u8; 81];
    for &o in &solutions[0] {
        let text = p.option_text(o);
        let b = text.as_bytes();
        let (r, c, d) = (b[1] - b'1', b[3] - b'1', b[8] - b'0'); // "r1c2 r1#3 c2#3 b1#3"
        cells[usize::from(r) * 9 + usize::from(c)] = d;
    }
    assert_eq!(&cells, grid.cells());
    // A 16-clue grid with 1158 solutions.
    let many: Puzzle = ".................1.....2.3......3.2...1.4......5....6..3......4.7..8...962......."
        .parse()
        .unwrap();
    assert_eq!(count(&examples::sudoku(&many)), 1158);
}

/// The 4×4 teaching size: 64 items named as 9×9's; the solution read back from the options
/// is the bitmask oracle's, and a puzzle with no solution counts 0.
#[cfg_attr(not(target_arch = "wasm32"), test)]
#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
fn a_four_by_four_sudoku_example_solves_as_the_oracle_does() {
    use crate::sudoku::model::Shape;
    use crate::sudoku::{Alphabet, Bitmask, Board, Engine, Puzzle};
    let Example::Sudoku(puzzle) = Example::from_args("sudoku", Some("1....4...12....4")).unwrap() else {
        panic!("a 16-character puzzle is a Sudoku")
    };
    assert_eq!(puzzle.shape(), Shape::FOUR, "a 16-character puzzle is a 4×4 one");
    let p = Example::Sudoku(puzzle.clone()).problem();
    assert_eq!((p.items(), p.primary()), (64, 64));
    assert_eq!(
        (p.item_name(0), p.item_name(16), p.item_name(63)),
        ("r1c1", "r1#1", "b4#4"),
        "the Sudoku tab's names (they were p11, r11 and b44: r11 read as the cell r1c1)"
    );
    let solutions = p.matrix().clone().solutions(2);
    assert_eq!(solutions.len(), 1);
    let mut cells = Board::empty(Shape::FOUR);
    for &o in &solutions[0] {
        let b = p.option_text(o).into_bytes();
        let (r, c, d) = (b[1] - b'1', b[3] - b'1', b[8] - b'0'); // "r1c2 r1#3 c2#3 b1#3"
        cells.set(usize::from(r) * 4 + usize::from(c), d);
    }
    let oracle = Bitmask::new().solve(&puzzle).unwrap().unwrap();
    assert_eq!(cells, oracle);
    let none = Puzzle::new(Board::parse(Shape::FOUR, Alphabet::Digits, "....2..3.4.....1").unwrap()).unwrap();
    assert_eq!(count(&Example::Sudoku(none).problem()), 0);
    for (arg, message) in [
        ("11..............", "sudoku: r1c2: 1 already in row 1"),
        (
            "1....9..........",
            "sudoku: cell 6 (r2c2): '9' is not a symbol of a 4×4 grid (1–4) or a blank",
        ),
    ] {
        assert_eq!(Example::from_args("sudoku", Some(arg)).unwrap_err(), message);
    }
}

#[cfg_attr(not(target_arch = "wasm32"), test)]
#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
fn bad_example_arguments_say_what_was_expected() {
    for (name, arg, message) in [
        ("queens", None, "queens takes N (1 to 1000)"),
        ("queens", Some("0"), "queens takes N (1 to 1000)"),
        ("langford", Some("1001"), "langford takes N (1 to 1000)"),
        (
            "pentominoes",
            Some("10x6"),
            "pentominoes takes 6x10, 5x12, 4x15, 3x20 or 3x5 (L, N, V only)",
        ),
        ("knuth", Some("1"), "knuth takes nothing"),
        (
            "sudoku",
            Some("12"),
            "sudoku: expected 81 cells (or 16 for a 4×4), found 2",
        ),
        (
            "sudoku",
            Some("1234.678.1234.678"),
            "sudoku: expected 81 cells (or 16 for a 4×4), found 17",
        ),
        (
            "chess",
            None,
            "unknown example \"chess\" (expected queens, pentominoes, langford, knuth, sudoku, word-squares, graceful, tiling, polycubes, matching, latin)",
        ),
        ("graceful", Some("K12"), GRACEFUL_WANTS),
        ("graceful", Some("P1"), GRACEFUL_WANTS),
        ("graceful", Some("Q3"), GRACEFUL_WANTS),
        ("graceful", None, GRACEFUL_WANTS),
        (
            "word-squares",
            None,
            "word-squares takes a word list: a file of words of one length (2 to 16), one a line",
        ),
    ] {
        assert_eq!(Example::from_args(name, arg).unwrap_err(), message);
    }
}

const GRACEFUL_WANTS: &str =
    "graceful takes a graph: Pn (path of n vertices), Cn (cycle), Kn (complete), Wn (wheel of n spokes), at most 61 edges";

/// Colours read back as given: `item:colour` on secondary items, in DLX2's form, through the
/// matrix and out again, and a problem with them equals itself written and read.
#[cfg_attr(not(target_arch = "wasm32"), test)]
#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
fn colours_are_read_and_written_in_dlx2s_form() {
    let text = "| DLX2's example\nA B C | X Y\nA B X:0 Y:0\nA C X:1 Y:1\nB X:1\nC Y:1\n";
    let p = Problem::parse(text).unwrap();
    assert!(p.is_coloured());
    assert_eq!(p.colour_names(), ["0", "1"]);
    assert_eq!(
        (0..4).map(|o| p.option_text(o)).collect::<Vec<_>>(),
        ["A B X:0 Y:0", "A C X:1 Y:1", "B X:1", "C Y:1"]
    );
    assert_eq!(p.matrix().option_colours(1).collect::<Vec<_>>(), [0, 0, 2, 2]);
    let again = Problem::parse(&p.to_dlx1("again")).unwrap();
    assert_eq!(again, p);
    // Another colour on one item is another problem: C Y:0 agrees with A B X:0 Y:0.
    let other = Problem::parse("A B C | X Y\nA B X:0 Y:0\nA C X:1 Y:1\nB X:1\nC Y:0\n").unwrap();
    assert_ne!(other, p);
    assert_eq!(count(&p), 1);
    assert_eq!(count(&other), 2);
    // Made in code, with the same names.
    let mut made = Problem::new(["A", "B", "C"], ["X", "Y"]);
    for option in [
        &["A", "B", "X:0", "Y:0"][..],
        &["A", "C", "X:1", "Y:1"],
        &["B", "X:1"],
        &["C", "Y:1"],
    ] {
        made.add_option(option).unwrap();
    }
    assert_eq!(made, p);
    assert_eq!(
        made.add_option(&["A:1"]),
        Err(MatrixError::ColouredPrimary { option: 4, item: 0 })
    );
}

/// The graphs `graceful` takes, their vertices and edges.
#[cfg_attr(not(target_arch = "wasm32"), test)]
#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
fn graceful_graphs_have_their_vertices_and_edges() {
    use examples::Graph;
    for (name, vertices, edges) in [
        ("P4", 4, 3),
        ("C5", 5, 5),
        ("K4", 4, 6),
        ("W5", 6, 10),
        ("K11", 11, 55),
        ("W30", 31, 60),
    ] {
        let g = Graph::parse(name).unwrap();
        assert_eq!(
            (g.vertices(), g.edges().len(), g.to_string()),
            (vertices, edges, name.to_string())
        );
        let mut e = g.edges();
        assert!(e.iter().all(|&(u, v)| u < v && v < vertices), "{name}");
        e.sort();
        e.dedup();
        assert_eq!(e.len(), edges, "{name}: no edge twice");
    }
    for bad in ["K12", "W31", "P1", "C2", "X5", "K", "P-3", ""] {
        assert_eq!(Graph::parse(bad), None, "{bad}");
    }
}

/// A word list is words of one length, one a line; anything else is an error naming the line.
#[cfg_attr(not(target_arch = "wasm32"), test)]
#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
fn word_lists_are_words_of_one_length() {
    assert_eq!(examples::word_list("ab\n\n  cd \nef\n").unwrap(), ["ab", "cd", "ef"]);
    for (text, message) in [
        ("abc\nde\n", "line 2: \"de\" has 2 letters, the first word 3"),
        ("abc\nd:e\n", "line 2: \"d:e\": a word cannot contain ':'"),
        ("abc\nd|e\n", "line 2: \"d|e\": a word cannot contain '|'"),
        ("a\n", "line 1: \"a\": words must have 2 to 16 letters"),
        ("abc\nxyz\nabc\n", "line 3: \"abc\" is on line 1 too"),
        ("\n \n", "no words"),
    ] {
        assert_eq!(examples::word_list(text).unwrap_err(), message, "{text:?}");
    }
}

/// Word squares: a 2×2 list small enough to count by hand. From "ab", "ba", "aa": the squares
/// whose rows and columns are all words of the list: ab/ba, ba/ab, aa/aa, ab/aa? (column "aa",
/// "ba": yes), …: the engine's count is the brute force's.
#[cfg_attr(not(target_arch = "wasm32"), test)]
#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
fn word_squares_are_the_squares_of_the_list() {
    let words: Vec<String> = ["ab", "ba", "aa", "bb", "ca"].map(String::from).to_vec();
    let p = examples::word_squares(&words);
    // By hand: every choice of two rows whose columns are words.
    let mut expected = 0;
    for r0 in &words {
        for r1 in &words {
            let (a, b): (Vec<char>, Vec<char>) = (r0.chars().collect(), r1.chars().collect());
            let columns = [format!("{}{}", a[0], b[0]), format!("{}{}", a[1], b[1])];
            expected += usize::from(columns.iter().all(|c| words.contains(c)));
        }
    }
    assert_eq!(count(&p), expected);
    assert!(expected > 3, "{expected}");
    assert_eq!(p.option_text(0), "C0 00:a 10:b");
    assert_eq!(p.option_text(2 * words.len()), "R0 00:a 01:b");
}

#[cfg_attr(not(target_arch = "wasm32"), test)]
#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
fn lines_are_counted_where_the_reader_ends_them() {
    for (text, lines) in [
        ("", 0),
        ("a", 1),
        ("a\n", 1),
        ("a\nb", 2),
        ("a\r\nb\r\n", 2),
        ("a\rb\r", 2),
        ("\n\n", 2),
        ("\r\n\r", 2),
        ("a\n\r\nb", 3),
        ("\r\r\n\n", 3),
        ("é\u{2028}ü", 1),
    ] {
        assert_eq!(count_lines(text), lines, "{text:?}");
    }
    // The reader's own numbers: an error on the last line names the line count_lines counts.
    for end in ["\n", "\r\n", "\r"] {
        for n in 1..5 {
            let text = format!("a b{end}{}?a", format!("a{end}").repeat(n - 1));
            let e = Problem::parse(&text).unwrap_err();
            assert_eq!(e.line, count_lines(&text), "{text:?}: {e}");
        }
    }
}
