//! `dlx-sudoku bench`: times the engines on files of line-format puzzles.
//!
//! Every file is read and checked before anything is timed, so a bad line stops the run
//! at once (exit status 2) instead of after minutes of work.

use std::fmt;
use std::io::{self, Write};
use std::path::Path;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::thread;
use std::time::{Duration, Instant};

use dlx_sudoku::exact_cover::Counters;
use dlx_sudoku::formats::reader::{choose, Chosen, Reader};
use dlx_sudoku::formats::Format;
use dlx_sudoku::sudoku::{EngineKind, GaveUp, Puzzle, Shape, Verdict};

use super::args::{Bench, Engines, InputFormat, Mode};
use super::numbers::rate;
use super::Failure;

/// The puzzles of one file, with the name it was given by.
struct PuzzleFile {
    name: String,
    puzzles: Puzzles,
}

/// The puzzles of a file, all of one size.
struct Puzzles {
    shape: Shape,
    list: Vec<Puzzle>,
}

impl Puzzles {
    fn len(&self) -> usize {
        self.list.len()
    }

    /// The engines of `engines` offered at this size (the plain DFS only at 9×9).
    fn engines(&self, engines: Vec<EngineKind>) -> Vec<EngineKind> {
        engines.into_iter().filter(|e| e.takes(self.shape)).collect()
    }
}

/// How the runs of one (file, engine, mode) went.
struct Measured {
    /// Puzzles per second of each run, slowest first.
    rates: Vec<f64>,
    tally: Tally,
}

/// The answers of one run: `solved` counts unique solutions (unique mode) or first ones;
/// `work` sums the search counters of engines that keep them (DLX).
#[derive(Clone, Copy, Default, PartialEq, Eq, Debug)]
struct Tally {
    solved: usize,
    multiple: usize,
    none: usize,
    work: Option<Counters>,
    /// Searches stopped at the node limit.
    gave_up: usize,
}

pub fn run(options: &Bench) -> Result<(), Failure> {
    let files = options
        .files
        .iter()
        .map(|path| load(path, options.size))
        .collect::<Result<Vec<_>, _>>()?;
    // `all` times the engines that solve each file; one asked for by name must solve them all.
    if let Engines::One(kind) = options.engine {
        if let Some(file) = files.iter().find(|f| f.puzzles.engines(vec![kind]).is_empty()) {
            let name = &file.name;
            return Err(Failure::Input(format!(
                "{name}: the {kind} engine solves 9×9 puzzles only"
            )));
        }
    }
    let width = files.iter().map(|f| f.name.len()).max().unwrap_or(0);
    let mut out = io::stdout().lock();
    for file in &files {
        for engine in file.puzzles.engines(options.engine.list()) {
            for mode in options.mode.list() {
                let run = Run {
                    engine,
                    max_nodes: options.limit.max_nodes(engine),
                    mode,
                    jobs: options.jobs,
                };
                let measured =
                    measure(&file.puzzles, run, options.repeat).map_err(|e| Failure::Io("starting threads", e))?;
                let row = Row {
                    file,
                    width,
                    engine,
                    mode,
                    jobs: options.jobs,
                    measured: &measured,
                };
                writeln!(out, "{row}").map_err(Failure::write)?;
                out.flush().map_err(Failure::write)?;
            }
        }
    }
    Ok(())
}

/// Reads a file of line-format puzzles; a malformed line or clashing givens is an error
/// naming the file and line.
fn load(path: &Path, size: Option<Shape>) -> Result<PuzzleFile, Failure> {
    let name = path.display().to_string();
    let bytes = std::fs::read(path).map_err(|e| Failure::Input(format!("{name}: {e}")))?;
    let text = String::from_utf8_lossy(&bytes);
    let fail = |e: String| Failure::Input(format!("{name}: {e}"));
    // The 9×9 puzzles in the line format only; the other sizes' in either of theirs.
    let chosen = match choose(&text, InputFormat::Auto, size).map_err(fail)? {
        Chosen::Nine(_) => Chosen::Nine(Some(Format::Line)),
        boards => boards,
    };
    let mut reader = Reader::of(text.as_bytes(), chosen);
    let mut list = Vec::new();
    while let Some(read) = reader.next_puzzle() {
        list.push(read.map_err(|e| fail(e.to_string()))?.0);
    }
    let shape = list.first().map_or(Shape::NINE, |p: &Puzzle| p.shape());
    let puzzles = Puzzles { shape, list };
    Ok(PuzzleFile { name, puzzles })
}

/// What one line of the output times.
#[derive(Clone, Copy)]
struct Run {
    engine: EngineKind,
    max_nodes: Option<u64>,
    mode: Mode,
    jobs: usize,
}

/// Runs the puzzles `repeat` times and keeps every run's rate.
fn measure(puzzles: &Puzzles, run: Run, repeat: usize) -> io::Result<Measured> {
    let mut rates = Vec::with_capacity(repeat);
    let mut tally = Tally::default();
    for _ in 0..repeat {
        let (elapsed, run_tally) = run_once(puzzles, run)?;
        rates.push(puzzles.len() as f64 / elapsed.as_secs_f64().max(1e-9));
        tally = run_tally;
    }
    rates.sort_by(f64::total_cmp);
    Ok(Measured { rates, tally })
}

/// Solves every puzzle once on `run.jobs` threads, each taking the next unsolved puzzle.
/// Fails if the system will not start that many threads.
fn run_once(puzzles: &Puzzles, run: Run) -> io::Result<(Duration, Tally)> {
    let next = AtomicUsize::new(0);
    let start = Instant::now();
    let tally = thread::scope(|scope| {
        let workers = (0..run.jobs)
            .map(|_| thread::Builder::new().spawn_scoped(scope, || work(puzzles, &next, run)))
            .collect::<io::Result<Vec<_>>>()?;
        Ok::<_, io::Error>(
            workers
                .into_iter()
                .map(|w| w.join().expect("an engine panicked"))
                .fold(Tally::default(), Tally::add),
        )
    })?;
    Ok((start.elapsed(), tally))
}

fn work(puzzles: &Puzzles, next: &AtomicUsize, run: Run) -> Tally {
    let mut tally = Tally::default();
    let take = || next.fetch_add(1, Ordering::Relaxed);
    let mut engine = run.engine.engine(puzzles.shape);
    engine.set_max_nodes(run.max_nodes);
    while let Some(puzzle) = puzzles.list.get(take()) {
        match run.mode {
            Mode::Unique => tally.verdict(engine.verdict(puzzle)),
            Mode::First => tally.first(engine.solve(puzzle)),
        }
    }
    tally.work = engine.counters();
    tally
}

impl Tally {
    fn verdict(&mut self, verdict: Result<Verdict, GaveUp>) {
        match verdict {
            Ok(Verdict::Unique(_)) => self.solved += 1,
            Ok(Verdict::Multiple(..)) => self.multiple += 1,
            Ok(Verdict::None) => self.none += 1,
            Err(_) => self.gave_up += 1,
        }
    }

    fn first<G>(&mut self, solution: Result<Option<G>, GaveUp>) {
        match solution {
            Ok(Some(_)) => self.solved += 1,
            Ok(None) => self.none += 1,
            Err(_) => self.gave_up += 1,
        }
    }

    fn add(self, other: Tally) -> Tally {
        Tally {
            solved: self.solved + other.solved,
            multiple: self.multiple + other.multiple,
            none: self.none + other.none,
            work: match (self.work, other.work) {
                (Some(a), Some(b)) => Some(a + b),
                (a, b) => a.or(b),
            },
            gave_up: self.gave_up + other.gave_up,
        }
    }

    /// `unique=.. multiple=.. none=..`, or `solved=.. none=..` for the first-solution mode,
    /// then ` gave_up=..` if any search stopped at the node limit.
    fn describe(&self, mode: Mode) -> String {
        let mut text = match mode {
            Mode::Unique => format!("unique={} multiple={} none={}", self.solved, self.multiple, self.none),
            Mode::First => format!("solved={} none={}", self.solved, self.none),
        };
        if self.gave_up > 0 {
            text.push_str(&format!(" gave_up={}", self.gave_up));
        }
        text
    }
}

/// One output line:
/// `file  engine  mode  jobs=N  P puzzles  median R puzzles/s  (min R .. max R)  verdicts`.
struct Row<'a> {
    file: &'a PuzzleFile,
    width: usize,
    engine: EngineKind,
    mode: Mode,
    jobs: usize,
    measured: &'a Measured,
}

impl fmt::Display for Row<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let rates = &self.measured.rates;
        let (name, width) = (&self.file.name, self.width);
        let (engine, mode, jobs) = (self.engine.name(), self.mode.name(), self.jobs);
        let count = self.file.puzzles.len();
        write!(
            f,
            "{name:<width$}  {engine:<7}  {mode:<6}  jobs={jobs:<3}  {count:>7} puzzles  "
        )?;
        let (median, min, max) = (rate(median(rates)), rate(rates[0]), rate(rates[rates.len() - 1]));
        write!(f, "median {median:>9} puzzles/s  (min {min} .. max {max})  ")?;
        let tally = &self.measured.tally;
        f.write_str(&tally.describe(self.mode))?;
        if let Some(work) = tally.work {
            // Per puzzle: search-tree nodes, links updated, and the choice's work.
            let per = |x: u64| x as f64 / count.max(1) as f64;
            let (nodes, updates, choice) = (per(work.nodes), per(work.updates), per(work.choice_work));
            write!(
                f,
                "  per puzzle: nodes={nodes:.1} updates={updates:.0} choice_work={choice:.0}"
            )?;
        }
        Ok(())
    }
}

/// The middle of sorted values (the mean of the two middle ones for an even count).
fn median(sorted: &[f64]) -> f64 {
    let mid = sorted.len() / 2;
    if sorted.len() % 2 == 0 {
        (sorted[mid - 1] + sorted[mid]) / 2.0
    } else {
        sorted[mid]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn medians() {
        assert_eq!(median(&[1.0, 2.0, 9.0]), 2.0);
        assert_eq!(median(&[1.0, 2.0, 4.0, 9.0]), 3.0);
    }
}
