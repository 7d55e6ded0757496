//! `dlx-sudoku solve`: answers every puzzle on stdin in its judge format.

use std::io::{self, BufWriter, Read, Write};

use dlx_sudoku::formats::{self, Format, Parsed};
use dlx_sudoku::sudoku::{Engine, Puzzle, Verdict};

use super::args::Solve;
use super::Failure;

/// Answers the puzzles before the first error on stdout, flushes, then returns that error.
pub fn run(options: &Solve) -> Result<(), Failure> {
    let text = read_stdin()?;
    let parsed = formats::parse(&text, options.format.format());
    let mut engine = options.engine.engine();
    engine.set_max_nodes(options.limit.max_nodes(options.engine));
    let mut out = BufWriter::new(io::stdout().lock());
    let answered = answer_all(&parsed, engine.as_mut(), options.count, &mut out);
    out.flush()?;
    answered?;
    match parsed.error {
        Some(e) => Err(Failure::Input(e.to_string())),
        None => Ok(()),
    }
}

/// All of stdin; bytes that are not UTF-8 become U+FFFD and are reported as bad cells.
fn read_stdin() -> io::Result<String> {
    let mut bytes = Vec::new();
    io::stdin().lock().read_to_end(&mut bytes)?;
    Ok(String::from_utf8(bytes).unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned()))
}

/// Writes the answer of every case, stopping at the first whose givens clash.
fn answer_all(
    parsed: &Parsed,
    engine: &mut dyn Engine,
    count: Option<u64>,
    out: &mut impl Write,
) -> Result<(), Failure> {
    let mut text = String::new();
    for index in 0..parsed.cases.len() {
        let puzzle = parsed.puzzle(index).map_err(|e| Failure::Input(e.to_string()))?;
        text.clear();
        answer(parsed.format, index, &puzzle, engine, count, &mut text);
        out.write_all(text.as_bytes())?;
    }
    Ok(())
}

/// Appends case `index`'s answer: its solution or verdict, or its count of solutions.
fn answer(
    format: Format,
    index: usize,
    puzzle: &Puzzle,
    engine: &mut dyn Engine,
    count: Option<u64>,
    out: &mut String,
) {
    match count {
        Some(limit) => match engine.count(puzzle, limit) {
            Ok(found) => format.write_message(index, &count_message(found, limit), out),
            Err(gave_up) => format.write_message(index, &gave_up.to_string(), out),
        },
        None => match engine.verdict(puzzle) {
            Ok(Verdict::Unique(solution)) => format.write_grid(index, &solution, out),
            Ok(Verdict::None) => format.write_message(index, "no solution", out),
            Ok(Verdict::Multiple(..)) => format.write_message(index, "multiple solutions", out),
            Err(gave_up) => format.write_message(index, &gave_up.to_string(), out),
        },
    }
}

/// `1158 solutions`, `1 solution`, or `at least 5 solutions` when the count reached its limit.
fn count_message(found: u64, limit: u64) -> String {
    let noun = if found == 1 { "solution" } else { "solutions" };
    if found >= limit {
        format!("at least {found} {noun}")
    } else {
        format!("{found} {noun}")
    }
}

#[cfg(test)]
mod tests {
    use super::count_message;

    #[test]
    fn counts_read_as_english() {
        assert_eq!(count_message(0, 10), "0 solutions");
        assert_eq!(count_message(1, 10), "1 solution");
        assert_eq!(count_message(1158, 1_000_000), "1158 solutions");
        assert_eq!(count_message(5, 5), "at least 5 solutions");
        assert_eq!(count_message(1, 1), "at least 1 solution");
    }
}
