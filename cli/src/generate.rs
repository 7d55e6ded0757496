//! `dlx-sudoku generate` and `dlx-sudoku rate`.

use std::io::{self, BufRead, Write};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{mpsc, Condvar, Mutex};
use std::thread;

use dlx_sudoku::formats::boards::{self, BoardFormat};
use dlx_sudoku::formats::reader::{CaseError, Reader};
use dlx_sudoku::formats::Cases;
use dlx_sudoku::sudoku::generate::{measure, puzzle_seed, BoardGenerator, Generator, Level, Symmetry};
use dlx_sudoku::sudoku::logic::Rating;
use dlx_sudoku::sudoku::{Alphabet, Dlx, Engine, Shape, Verdict};

use super::args::{Generate, InputFormat, Rate};
use super::solve::{next_puzzle, reads_boards, stdin_with_head};
use super::Failure;

/// One output line: the puzzle, then its measures, tab-separated.
fn line(puzzle: &str, level: Level, rating: &Rating, effort: Option<f64>) -> String {
    let logic = if rating.solved() {
        rating.hardest.map_or("none".to_owned(), |t| t.name().to_owned())
    } else {
        format!("needs search ({} open)", rating.open)
    };
    let mut s = format!("{puzzle}\tlevel={level}\tlogic={logic}\tsteps={}", rating.steps);
    if let Some(e) = effort {
        s.push_str(&format!("\teffort={e:.1}"));
    }
    s.push('\n');
    s
}

/// One output line for a puzzle of another size than 9×9: the puzzle, its clues and the DLX
/// nodes that prove it unique.
fn board_line(generator: &mut BoardGenerator) -> String {
    let (puzzle, _) = generator.generate();
    let mut dlx = Dlx::for_shape(puzzle.shape());
    let _ = dlx.verdict(&puzzle);
    let nodes = dlx.last_search().counters().nodes;
    format!(
        "{}\tclues={}\tnodes={nodes}\n",
        puzzle.givens(),
        puzzle.givens().filled()
    )
}

pub fn generate(o: &Generate) -> Result<(), Failure> {
    let shape = o.size.unwrap_or(Shape::NINE);
    if shape != Shape::NINE && (o.difficulty.is_some() || o.symmetry != Symmetry::None || o.minimal) {
        let side = shape.side();
        return Err(Failure::Input(format!(
            "--difficulty, --symmetry and --minimal are for 9×9 puzzles only, not --size {side}"
        )));
    }
    // One output line for puzzle `i`; a 9×9 one from the thread's own generator, reseeded.
    let make = |generator: &mut Generator, i: u64| {
        let seed = puzzle_seed(o.seed, i);
        if shape != Shape::NINE {
            return board_line(&mut BoardGenerator::new(shape, seed, o.max_nodes()));
        }
        // Each puzzle from its own seed, so the output is the same for any --jobs.
        generator.reseed(seed);
        let made = generator.generate(o.difficulty, o.symmetry, o.minimal);
        line(
            &made.puzzle.givens().to_line(Alphabet::Digits),
            made.level,
            &made.rating,
            made.effort,
        )
    };
    let next = AtomicU64::new(0);
    let window = Window::new(AHEAD.max(2 * o.jobs as u64));
    let (tx, rx) = mpsc::channel::<(u64, String)>();
    let mut out = io::stdout().lock();
    thread::scope(|scope| -> Result<(), Failure> {
        for _ in 0..o.jobs.min(o.count as usize) {
            let tx = tx.clone();
            let (next, make, window) = (&next, &make, &window);
            scope.spawn(move || {
                // A thread that panics leaves a puzzle the writer waits for: the others stop
                // too, so that the panic ends the run instead of a wait for ever.
                let _close = window.closer(true);
                let mut generator = Generator::new(0);
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= o.count || !window.wait_for(i) {
                        break;
                    }
                    let text = make(&mut generator, i);
                    if tx.send((i, text)).is_err() {
                        break; // the writer stopped (a failed write)
                    }
                }
            });
        }
        drop(tx);
        // However the writer ends, no thread is left waiting for it.
        let _close = window.closer(false);
        // Write in order, each as soon as the ones before it are out.
        let mut waiting = std::collections::BTreeMap::new();
        let mut due = 0;
        for (i, text) in rx {
            waiting.insert(i, text);
            while let Some(text) = waiting.remove(&due) {
                out.write_all(text.as_bytes()).map_err(Failure::write)?;
                due += 1;
                window.written(due);
            }
        }
        out.flush().map_err(Failure::write)
    })
}

/// How many puzzles the threads may make past the last one written: enough that none waits
/// for another's slow puzzle, few enough that a reader who stops reading (`| less`) holds
/// up the run in bounded memory instead of a queue growing for as long as it waits.
const AHEAD: u64 = 256;

/// The writer's progress, which the threads wait on before they start a puzzle too far ahead.
struct Window {
    /// Puzzles written so far, or `None` once the writer has stopped.
    written: Mutex<Option<u64>>,
    moved: Condvar,
    ahead: u64,
}

impl Window {
    fn new(ahead: u64) -> Window {
        Window {
            written: Mutex::new(Some(0)),
            moved: Condvar::new(),
            ahead,
        }
    }

    /// Waits until puzzle `i` is within the window; false if the writer stopped.
    fn wait_for(&self, i: u64) -> bool {
        let mut written = self.written.lock().unwrap_or_else(|e| e.into_inner());
        loop {
            match *written {
                None => return false,
                Some(w) if i < w + self.ahead => return true,
                Some(_) => written = self.moved.wait(written).unwrap_or_else(|e| e.into_inner()),
            }
        }
    }

    fn written(&self, n: u64) {
        *self.written.lock().unwrap_or_else(|e| e.into_inner()) = Some(n);
        self.moved.notify_all();
    }

    /// Stops the window when dropped (`on_panic`: only in a thread that panics): every
    /// thread waiting in it, or coming to it, ends.
    fn closer(&self, on_panic: bool) -> impl Drop + '_ {
        struct Close<'a>(&'a Window, bool);
        impl Drop for Close<'_> {
            fn drop(&mut self) {
                if !self.1 || thread::panicking() {
                    *self.0.written.lock().unwrap_or_else(|e| e.into_inner()) = None;
                    self.0.moved.notify_all();
                }
            }
        }
        Close(self, on_panic)
    }
}

pub fn rate(o: &Rate) -> Result<(), Failure> {
    if let Some(size) = o.size.filter(|&s| s != Shape::NINE) {
        let side = size.side();
        return Err(Failure::Input(format!(
            "rate knows 9×9 puzzles only (its logical techniques are 9×9's), not --size {side}"
        )));
    }
    let (head, input) = stdin_with_head()?;
    if reads_boards(o.format, o.size, &head)? && !of_no_size(o, &head) {
        return Err(refuse_boards(o, &head, input));
    }
    let mut cases = Cases::new(input, o.format.format());
    let mut out = io::stdout().lock();
    let mut dlx = Dlx::new();
    while let Some(puzzle) = next_puzzle(&mut cases) {
        let puzzle = puzzle?;
        // A level is for a puzzle with one solution: its effort is the work to prove that,
        // and logic that stalls on a puzzle with none or several says nothing of its
        // difficulty. Those get solve's answer in place of the measures.
        let verdict = match dlx.verdict(&puzzle) {
            Ok(Verdict::Unique(_)) => None,
            Ok(Verdict::None) => Some("no solution"),
            Ok(Verdict::Multiple(..)) => Some("multiple solutions"),
            Err(_) => unreachable!("DLX without a node limit never gives up"),
        };
        if let Some(verdict) = verdict {
            let text = format!("{}\t{verdict}\n", puzzle.givens().to_line(Alphabet::Digits));
            out.write_all(text.as_bytes()).map_err(Failure::write)?;
            continue;
        }
        let (rating, effort) = measure(&puzzle, o.k, o.seed);
        let text = line(
            &puzzle.givens().to_line(Alphabet::Digits),
            Level::of(&rating, effort),
            &rating,
            Some(effort),
        );
        out.write_all(text.as_bytes()).map_err(Failure::write)?;
    }
    out.flush().map_err(Failure::write)
}

/// True when the first line was placed at another size than 9×9 only because its length is
/// nearest that size's (a line of 3 or 200 symbols): rate, which reads 9×9 alone, reads it
/// as the malformed 9×9 line it must be, so that its error says 81 cells.
fn of_no_size(o: &Rate, head: &str) -> bool {
    let first = boards::content_lines(head).next();
    o.format != InputFormat::Poj
        && matches!((boards::detect(head, None), first),
            (Some((BoardFormat::Line, shape)), Some(line)) if line.chars().count() != shape.cells())
}

/// Why rate does not read an input of another size than 9×9 (or `--format poj`): its first
/// puzzle's size, or what is wrong with that puzzle, as solve would say it.
fn refuse_boards(o: &Rate, head: &str, input: impl BufRead) -> Failure {
    if o.format == InputFormat::Poj {
        return Failure::Input("rate reads the 9×9 formats (line, hdu, hiho), not --format poj".to_string());
    }
    let mut reader = match Reader::open(input, head, o.format, o.size) {
        Ok(reader) => reader,
        Err(e) => return Failure::Input(e),
    };
    match reader.next_case() {
        Some(Err(CaseError::Input(e))) => Failure::Input(e),
        Some(Err(CaseError::Io(e))) => Failure::read(e),
        _ => {
            let side = reader.shape().side();
            Failure::Input(format!(
                "rate knows 9×9 puzzles only (its logical techniques are 9×9's), not {side}×{side} ones"
            ))
        }
    }
}
