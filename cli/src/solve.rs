//! `dlx-sudoku solve`: answers every puzzle on stdin in its judge format.

use std::io::{self, BufRead, Read, Write};

use dlx_sudoku::exact_cover::Matrix;
use dlx_sudoku::formats::boards;
use dlx_sudoku::formats::reader::{choose, CaseError, Chosen, InputFormat, Reader};
use dlx_sudoku::formats::{Cases, ReadError};
use dlx_sudoku::parallel;
use dlx_sudoku::sudoku::{dlx, Engine, EngineKind, Puzzle, Shape, Verdict};

use super::args::Solve;
use super::numbers::count_message;
use super::Failure;

/// Answers each puzzle on stdin as soon as it has been read, and stops at the first error.
///
/// Memory stays flat however long the input: the [`Reader`] holds one line and one grid. Each
/// answer goes out in one write as soon as it is found (stdout is line-buffered and every
/// answer ends in a line end), so a terminal or a pipe sees it at once, an interrupt loses
/// no answer already found, and the puzzles before an error have all been answered. Against
/// writing in 8 KiB blocks, that costs 2% more CPU time on a million of the easiest puzzles
/// written to a file and 12% through a pipe (a write and a wake-up per 82 bytes), and
/// nothing measurable on hard puzzles.
pub fn run(options: &Solve) -> Result<(), Failure> {
    let jobs = match options.jobs {
        Some(jobs) if options.engine != EngineKind::Dlx || options.limit.max_nodes(options.engine).is_some() => {
            return Err(Failure::Input(format!(
                "--jobs {jobs}: counting on threads takes the dlx engine, with no --max-nodes"
            )))
        }
        jobs => jobs.unwrap_or(1),
    };
    let (text, input) = stdin_with_head()?;
    let mut reader = Reader::open(input, &text, options.format, options.size).map_err(Failure::Input)?;
    let mut engine = engine_for(options.engine, reader.shape())?;
    engine.set_max_nodes(options.limit.max_nodes(options.engine));
    let count = Count {
        limit: options.count_limit(),
        jobs,
    };
    answer_all(&mut reader, engine.as_mut(), count, &mut io::stdout().lock())
}

/// `--count`'s limit, if counting, and the threads that count each puzzle.
#[derive(Clone, Copy)]
struct Count {
    limit: Option<u64>,
    jobs: usize,
}

/// A puzzle's solutions counted on `jobs` threads, up to `limit`: its matrix with the givens
/// committed, split as `cover --count --jobs` splits a problem.
fn count_on_threads(matrix: &Matrix, jobs: usize, limit: u64) -> Result<String, Failure> {
    let count = parallel::count::<dlx_sudoku::exact_cover::Search>(matrix, jobs, limit, std::time::Duration::MAX, None)
        .map_err(|e| Failure::Io("starting threads", io::Error::other(e)))?;
    Ok(count_message(count.found, limit))
}

/// Stdin: the text of its head (see [`read_head`]), to tell the input's size and format, and
/// a reader of the whole input, the head included.
pub(super) fn stdin_with_head() -> Result<(String, impl BufRead), Failure> {
    let mut stdin = io::stdin().lock();
    let head = read_head(&mut stdin).map_err(Failure::read)?;
    let text = String::from_utf8_lossy(&head).into_owned();
    let input = io::BufReader::with_capacity(1 << 16, io::Cursor::new(head).chain(stdin));
    Ok((text, input))
}

/// The start of the input, enough to tell its size: its first non-blank line, and the next
/// one after a lone number (a count). It stops there, so that a 9×9 puzzle typed at a
/// terminal is answered at once.
fn read_head(input: &mut impl Read) -> io::Result<Vec<u8>> {
    const MAX_HEAD: usize = 1 << 16;
    let mut head = Vec::new();
    let mut line_start = 0;
    let mut after_count = false;
    let mut byte = [0u8; 1];
    while head.len() < MAX_HEAD && input.read(&mut byte)? == 1 {
        head.push(byte[0]);
        if byte[0] != b'\n' && byte[0] != b'\r' {
            continue;
        }
        let line = String::from_utf8_lossy(&head[line_start..]);
        let text = line.trim_start_matches('\u{feff}').trim();
        line_start = head.len();
        if text.is_empty() {
            continue;
        }
        if after_count || !boards::is_count(text) {
            break;
        }
        after_count = true;
    }
    Ok(head)
}

/// Whether the input is read in the formats of every size ([`boards`]) rather than the
/// streamed 9×9 judge formats, as the one [`Reader`] would read it ([`choose`]).
pub(super) fn reads_boards(format: InputFormat, size: Option<Shape>, head: &str) -> Result<bool, Failure> {
    let chosen = choose(head, format, size).map_err(Failure::Input)?;
    Ok(matches!(chosen, Chosen::Boards(..)))
}

/// The engine of `kind` for puzzles of `shape`; the plain DFS is offered only at 9×9.
pub(super) fn engine_for(kind: EngineKind, shape: Shape) -> Result<Box<dyn Engine + Send>, Failure> {
    match kind.takes(shape) {
        true => Ok(kind.engine(shape)),
        false => Err(Failure::Input(format!("the {kind} engine solves 9×9 puzzles only"))),
    }
}

/// Writes the answer of each case as soon as it has been read, and stops at the first error
/// (the answers before it written).
fn answer_all<R: BufRead>(
    reader: &mut Reader<R>,
    engine: &mut dyn Engine,
    count: Count,
    out: &mut impl Write,
) -> Result<(), Failure> {
    let mut text = String::new();
    let mut index = 0;
    let end = loop {
        let (puzzle, alphabet) = match reader.next_puzzle() {
            None => break Ok(()),
            Some(Ok(read)) => read,
            Some(Err(CaseError::Input(e))) => break Err(Failure::Input(e)),
            Some(Err(CaseError::Io(e))) => break Err(Failure::read(e)),
        };
        text.clear();
        let mut message = |m: &str| reader.write_message(index, m, &mut text);
        match count.limit {
            Some(limit) if count.jobs > 1 => {
                let matrix = dlx::start(&puzzle).into_matrix();
                match count_on_threads(&matrix, count.jobs, limit) {
                    Ok(text) => message(&text),
                    Err(e) => break Err(e),
                }
            }
            Some(limit) => match engine.count(&puzzle, limit) {
                Ok(found) => message(&count_message(found, limit)),
                Err(gave_up) => message(&gave_up.to_string()),
            },
            None => match engine.verdict(&puzzle) {
                Ok(Verdict::Unique(solution)) => reader.write_solution(index, &solution, alphabet, &mut text),
                Ok(Verdict::None) => message("no solution"),
                Ok(Verdict::Multiple(..)) => message("multiple solutions"),
                Err(gave_up) => message(&gave_up.to_string()),
            },
        }
        out.write_all(text.as_bytes()).map_err(Failure::write)?;
        index += 1;
    };
    out.flush().map_err(Failure::write)?;
    end
}

/// The next puzzle read, with its givens checked; a malformed case or clashing givens are
/// bad input, a failed read an I/O failure.
pub(super) fn next_puzzle<R: BufRead>(cases: &mut Cases<R>) -> Option<Result<Puzzle, Failure>> {
    let case = cases.next()?;
    Some(
        case.map_err(read_failure)
            .and_then(|case| case.puzzle(cases.format()).map_err(|e| Failure::Input(e.to_string()))),
    )
}

/// A read that failed: a malformed line is bad input, an I/O error a failed read.
pub(super) fn read_failure(e: ReadError) -> Failure {
    match e {
        ReadError::Input(e) => Failure::Input(e.to_string()),
        ReadError::Io(e) => Failure::read(e),
    }
}
