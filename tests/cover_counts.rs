//! The known counts that take too long for a debug build: the pentomino boards (each tiling
//! counted with the rectangle's 4 symmetries), 12 queens and Langford 11; and the reader's
//! limit of entries in all, ten million of them read. `scripts/test.sh`
//! runs them in release (`cargo test --release --test cover_counts`, 20–50 s on this
//! project's 2 cores); the debug stage lists them as ignored. Both engines count each: dancing
//! links and dancing cells.

use dlx_sudoku::cells::Cells;
use dlx_sudoku::dlx1::examples::Example;
use dlx_sudoku::dlx1::{Problem, MAX_ENTRIES};
use dlx_sudoku::exact_cover::{Nothing, Status};

/// Every solution of `problem`, counted.
fn count(problem: &Problem) -> u64 {
    let mut search = problem.search();
    let mut found = 0;
    while search.step(&mut Nothing) != Status::Done {
        found += 1;
    }
    found
}

/// The example's count, after a round trip through the DLX1 text the CLI writes.
fn check(name: &str, arg: &str, expected: u64) {
    let example = Example::from_args(name, Some(arg)).unwrap();
    assert_eq!(example.known_count(), Some(expected), "{name} {arg}");
    let problem = Problem::parse(&example.to_dlx1()).unwrap();
    assert_eq!(count(&problem), expected, "{name} {arg}");
    assert_eq!(
        Cells::new(problem.matrix()).count(u64::MAX),
        expected,
        "{name} {arg} by dancing cells"
    );
}

#[test]
#[cfg_attr(debug_assertions, ignore = "slow in debug: scripts/test.sh runs it in release")]
fn pentominoes_6x10_has_2339_tilings() {
    check("pentominoes", "6x10", 2339 * 4);
}

#[test]
#[cfg_attr(debug_assertions, ignore = "slow in debug: scripts/test.sh runs it in release")]
fn pentominoes_5x12_has_1010_tilings() {
    check("pentominoes", "5x12", 1010 * 4);
}

#[test]
#[cfg_attr(debug_assertions, ignore = "slow in debug: scripts/test.sh runs it in release")]
fn pentominoes_4x15_has_368_tilings() {
    check("pentominoes", "4x15", 368 * 4);
}

#[test]
#[cfg_attr(debug_assertions, ignore = "slow in debug: scripts/test.sh runs it in release")]
fn twelve_queens_and_langford_11() {
    check("queens", "12", 14_200);
    check("queens", "11", 2_680);
    check("langford", "11", 17_792 * 2);
}

/// Options of 24 items until the entries run out: the one that passes the limit is named, by
/// its line and the column of the name too many (`dlx1::tests::limits_are_errors_not_panics`
/// checks the other limits in every build).
#[test]
#[cfg_attr(debug_assertions, ignore = "slow in debug: scripts/test.sh runs it in release")]
fn entries_past_the_limit_are_an_error_naming_the_line_and_column() {
    let items: Vec<String> = (0..24).map(|i| format!("i{i}")).collect();
    let option = format!("{}\n", items.join(" "));
    let lines = MAX_ENTRIES / items.len() + 1;
    let text = format!("{}\n{}", items.join(" "), option.repeat(lines));
    let column = items[..MAX_ENTRIES % items.len()].join(" ").len() + 2;
    assert_eq!(
        Problem::parse(&text).unwrap_err().to_string(),
        format!(
            "line {}, column {column}: more than 10000000 entries (item names in options) in all",
            lines + 1
        )
    );
}

/// The families of issue 50 (src/dlx1/families.rs), at the sizes that take a second or more.
#[test]
#[cfg_attr(debug_assertions, ignore = "slow in debug: scripts/test.sh runs it in release")]
fn tilings_packings_matchings_and_latin_squares() {
    // OEIS A004003; Dana Scott's 65 (TAOCP 7.2.2.1), 8 times (the square's symmetries).
    check("tiling", "dominoes 8x8", 12_988_816);
    check("tiling", "pentominoes 8x8-2x2", 8 * 65);
    // OEIS A233339.
    check("tiling", "trominoes 4x9", 41_813);
    // The Soma cube (TAOCP 7.2.2.1): 240 packings, 48 times; the flat pentacubes (Knuth,
    // "Dancing Links"): 12 and 264 packings, 8 times (the box's symmetries).
    check("polycubes", "soma 3x3x3", 11_520);
    check("polycubes", "pentominoes 2x3x10", 8 * 12);
    check("polycubes", "pentominoes 2x5x6", 8 * 264);
    // OEIS A005271 and A001147.
    check("matching", "Q5", 589_185);
    check("matching", "K14", 135_135);
    // OEIS A002860.
    check("latin", "5", 161_280);
}
