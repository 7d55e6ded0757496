//! `dlx-sudoku cover`: solves an exact-cover problem in Knuth's DLX1 format, or writes one of
//! the examples of [`dlx_sudoku::dlx1::examples`].

use std::fs::File;
use std::io::{self, IsTerminal, Write};
use std::time::{Duration, Instant};

use dlx_sudoku::cells::Cells;
use dlx_sudoku::dlx1::examples::Example;
use dlx_sudoku::dlx1::{Problem, ReadError};
use dlx_sudoku::exact_cover::{self, Counters, EngineChoice, Nothing, Search, Status, Stepwise};
use dlx_sudoku::parallel;

use super::args::{Cover, CoverEngine};
use super::numbers::{count_message, per_second, plural};
use super::split;
use super::Failure;

/// How often `--count` shows its progress on a terminal.
const PROGRESS_EVERY: Duration = Duration::from_millis(250);
/// Events between two looks at the clock while progress is shown. An event may be long (the
/// cover of an item in thousands of options), so they are few: a look costs tens of
/// nanoseconds, 1,024 events some microseconds at the least.
const EVENTS_PER_LOOK: u32 = 1 << 10;

pub fn run(options: &Cover, example: Option<Example>) -> Result<(), Failure> {
    let mut out = io::stdout().lock();
    if let Some(example) = example {
        out.write_all(example.to_dlx1().as_bytes()).map_err(Failure::write)?;
        return out.flush().map_err(Failure::write);
    }
    if let Some(dir) = &options.sum {
        return split::sum(dir, &mut out);
    }
    let problem = read(options)?;
    let engine = match options.engine {
        CoverEngine::Auto => pick(&problem),
        engine => engine,
    };
    if let (Some(depth), Some(dir)) = (options.split, &options.out) {
        let source = match options.file.as_ref().filter(|p| p.as_os_str() != "-") {
            Some(path) => path.display().to_string(),
            None => "stdin".to_string(),
        };
        return split::split(&problem, &source, depth, dir, engine);
    }
    let limit = match (options.first, options.max_solutions) {
        (true, _) => 1,
        (false, Some(n)) => n,
        (false, None) => u64::MAX,
    };
    let counting = options.count;
    let progress = counting && io::stderr().is_terminal();
    let jobs = options.jobs();
    if counting && jobs > 1 {
        return count_in_parallel(&problem, engine, limit, jobs, progress, options.stats, &mut out);
    }
    let mut run = Run::new(&problem, engine, limit, progress);
    if options.stats {
        run.report_size();
    }
    let result = if counting {
        run.search(None)
    } else {
        run.search(Some(&mut |solution: &str| out.write_all(solution.as_bytes())))
    };
    run.end_progress();
    result.map_err(Failure::write)?;
    if counting {
        writeln!(out, "{}", count_message(run.found, limit)).map_err(Failure::write)?;
    }
    out.flush().map_err(Failure::write)?;
    if options.stats {
        run.report();
    }
    Ok(())
}

/// `cover --count` on `jobs` threads with `engine` (see [`parallel`]): the count, and with
/// `stats` what `--stats` says of one thread, then the split and the speed-up it allows.
fn count_in_parallel(
    problem: &Problem,
    engine: CoverEngine,
    limit: u64,
    jobs: usize,
    progress: bool,
    stats: bool,
    out: &mut impl Write,
) -> Result<(), Failure> {
    if stats {
        report_size(problem, engine);
    }
    let start = Instant::now();
    let mut show = |p: parallel::Progress| {
        let _ = write!(io::stderr(), "{}", progress_line(p.found, p.nodes, p.done));
    };
    let watch: Option<&mut dyn FnMut(parallel::Progress)> = if progress { Some(&mut show) } else { None };
    let count = match engine {
        CoverEngine::Cells => parallel::count::<Cells>(problem.matrix(), jobs, limit, PROGRESS_EVERY, watch),
        _ => parallel::count::<Search>(problem.matrix(), jobs, limit, PROGRESS_EVERY, watch),
    }
    .map_err(|e| Failure::Io("starting threads", io::Error::other(e)))?;
    let time = start.elapsed();
    if progress {
        let _ = write!(io::stderr(), "\r\x1b[K");
    }
    writeln!(out, "{}", count_message(count.found, limit)).map_err(Failure::write)?;
    out.flush().map_err(Failure::write)?;
    if stats {
        let found: u64 = count.by_depth.iter().sum();
        report(found, count.counters, problem.is_coloured(), &count.by_depth, time);
        let largest = count.pieces.iter().copied().max().unwrap_or(0);
        let all = count.counters.nodes.max(1) as f64;
        let _ = write!(
            io::stderr(),
            "stats: {jobs} threads; split at depth {} into {}, run as {} (largest {}, {:.2}% of the nodes; {} before the split)\n\
             stats: a greedy schedule of the pieces would run {:.1}× as fast on 16 cores, {:.1}× on 64\n",
            count.depth,
            plural(count.subproblems as u64, "subproblem"),
            plural(count.pieces.len() as u64, "piece"),
            plural(largest, "node"),
            100.0 * largest as f64 / all,
            plural(count.serial, "node"),
            parallel::greedy_speedup(count.serial, &count.pieces, 16),
            parallel::greedy_speedup(count.serial, &count.pieces, 64),
        );
    }
    Ok(())
}

/// `--stats`' first line, on stderr before the search (as DLX1 says what it read): the
/// problem's size, and the engine that searches. A failure to write it is not worth an error.
fn report_size(p: &Problem, engine: CoverEngine) {
    let engine = match engine {
        CoverEngine::Cells => "cells (dancing cells)",
        _ => "dlx (dancing links)",
    };
    let _ = writeln!(
        io::stderr(),
        "stats: {}, {}+{} items; engine {engine}",
        plural(p.options() as u64, "option"),
        p.primary(),
        p.items() - p.primary(),
    );
}

/// `--stats` at the end of the search, on stderr (a failure to write it is not worth an
/// error): solutions, nodes, updates, time, rate, and the solutions at each depth. With
/// colours, the links engine's counts are DLX2's: the root is a node too (the search counts
/// the options it tried), and the cleansings follow the updates.
fn report(found: u64, counters: Counters, coloured: bool, by_depth: &[u64], time: Duration) {
    let Counters {
        nodes,
        updates,
        cleansings,
        ..
    } = counters;
    let (nodes, cleansings) = if coloured {
        (nodes + 1, format!(", {}", plural(cleansings, "cleansing")))
    } else {
        (nodes, String::new())
    };
    let seconds = time.as_secs_f64();
    let rate = per_second(nodes, seconds);
    let depths: Vec<String> = by_depth
        .iter()
        .enumerate()
        .filter(|&(_, &n)| n > 0)
        .map(|(depth, n)| format!("{depth}:{n}"))
        .collect();
    let depths = if depths.is_empty() {
        "none".to_string()
    } else {
        depths.join(" ")
    };
    let _ = write!(
        io::stderr(),
        "stats: {}, {}, {}{cleansings}, {seconds:.3} s, {:.0} nodes/s\n\
         stats: solutions by depth: {depths}\n",
        count_message(found, u64::MAX),
        plural(nodes, "node"),
        plural(updates, "update"),
        rate,
    );
}

/// Reads the problem from the file named, or from stdin; errors name the file.
fn read(options: &Cover) -> Result<Problem, Failure> {
    let path = options.file.as_ref().filter(|p| p.as_os_str() != "-");
    let result = match path {
        Some(path) => File::open(path).map_err(ReadError::Io).and_then(Problem::read),
        None => Problem::read(io::stdin().lock()),
    };
    result.map_err(|e| match (e, path) {
        (e, Some(path)) => Failure::Input(format!("{}: {e}", path.display())),
        (ReadError::Parse(e), None) => Failure::Input(e.to_string()),
        (ReadError::Io(e), None) => Failure::read(e),
    })
}

/// Nodes a cells search enters between two looks at the clock while progress is shown (some
/// microseconds of work at the least, as `EVENTS_PER_LOOK`).
const NODES_PER_LOOK: u64 = 1 << 10;

/// The engine of a run.
// One engine per run: the size of the larger one does not matter.
#[allow(clippy::large_enum_variant)]
enum Engine {
    Links(Search),
    Cells(Cells),
}

/// The engine `auto` picks ([`exact_cover::choose_engine`], which says why).
pub fn pick(problem: &Problem) -> CoverEngine {
    match exact_cover::choose_engine(problem.matrix()) {
        EngineChoice::Links => CoverEngine::Dlx,
        EngineChoice::Cells => CoverEngine::Cells,
    }
}

/// What takes each solution's text to print (see [`Run::search`]).
type Emit<'e> = dyn FnMut(&str) -> io::Result<()> + 'e;

/// One search to its end or to the limit, with what `--stats` reports.
struct Run<'a> {
    problem: &'a Problem,
    search: Engine,
    limit: u64,
    found: u64,
    /// Solutions found at each depth (number of options).
    by_depth: Vec<u64>,
    time: Duration,
    /// When progress was last shown, if it is shown.
    progress: Option<Instant>,
}

impl<'a> Run<'a> {
    fn new(problem: &'a Problem, engine: CoverEngine, limit: u64, progress: bool) -> Run<'a> {
        Run {
            problem,
            search: match engine {
                CoverEngine::Cells => Engine::Cells(Cells::new(problem.matrix())),
                _ => Engine::Links(problem.search()),
            },
            limit,
            found: 0,
            by_depth: vec![0; problem.primary() + 1],
            time: Duration::ZERO,
            progress: progress.then(Instant::now),
        }
    }

    /// Runs the search, handing each solution to `emit` as the text to print: its options'
    /// lines in input order, after a blank line unless it is the first. Without `emit`
    /// (counting) no text is made: writing each solution's options took a third of the
    /// instructions of counting Langford 12's 216,288 solutions.
    fn search(&mut self, mut emit: Option<&mut Emit>) -> io::Result<()> {
        let start = Instant::now();
        // Counting them all with dancing cells: the search counts each solution itself
        // (`Cells::tally`) and comes out only at its end or to show progress.
        if emit.is_none() && self.limit == u64::MAX {
            while let Some(status) = self.tally() {
                if status == Status::Done {
                    self.time = start.elapsed();
                    return Ok(());
                }
                self.show_progress();
            }
        }
        let mut text = String::new();
        let mut options = Vec::new();
        let result = loop {
            if self.found == self.limit {
                break Ok(());
            }
            match self.step() {
                Status::Running => continue,
                Status::Done => break Ok(()),
                Status::Solution => {}
            }
            self.found += 1;
            options.clear();
            match &self.search {
                Engine::Links(s) => options.extend(s.solution()),
                Engine::Cells(c) => options.extend(c.solution()),
            }
            self.by_depth[options.len()] += 1;
            let Some(emit) = emit.as_mut() else {
                self.show_progress();
                continue;
            };
            text.clear();
            if self.found > 1 {
                text.push('\n');
            }
            options.sort_unstable();
            for &option in &options {
                self.problem.write_option(option, &mut text);
                text.push('\n');
            }
            if let Err(e) = emit(&text) {
                break Err(e);
            }
            self.show_progress();
        };
        self.time = start.elapsed();
        result
    }

    /// The search's next solution, or its end. A search that shows progress pauses at every
    /// event to look at the clock now and then: a long stretch without a solution (14
    /// Langford pairs have none, found in 12 s) still shows its nodes going up, not a
    /// terminal that seems to hang. That costs a little; a search nobody watches runs on.
    fn step(&mut self) -> Status {
        let watched = self.progress.is_some();
        loop {
            let status = match &mut self.search {
                Engine::Cells(c) if !watched => return c.run(u64::MAX),
                Engine::Links(s) if !watched => return s.step(&mut Nothing),
                Engine::Cells(c) => c.run(c.counters().nodes + NODES_PER_LOOK),
                Engine::Links(s) => (0..EVENTS_PER_LOOK)
                    .map(|_| s.step(&mut Stepwise))
                    .find(|&status| status != Status::Running)
                    .unwrap_or(Status::Running),
            };
            if status != Status::Running {
                return status;
            }
            self.show_progress();
        }
    }

    /// With dancing cells, counts on to the end or, while progress is shown, for
    /// `NODES_PER_LOOK` nodes; `None` with dancing links, which returns at each solution.
    fn tally(&mut self) -> Option<Status> {
        let Engine::Cells(c) = &mut self.search else {
            return None;
        };
        let to = match self.progress {
            Some(_) => c.counters().nodes + NODES_PER_LOOK,
            None => u64::MAX,
        };
        let status = c.tally(to, &mut self.by_depth);
        self.found = c.counters().solutions;
        Some(status)
    }

    /// The search's counters so far, as its engine counts them (cells: as SSXC1 does).
    fn counters(&self) -> Counters {
        match &self.search {
            Engine::Links(s) => s.counters(),
            Engine::Cells(c) => {
                let c = c.counters();
                Counters {
                    nodes: c.nodes,
                    updates: c.updates,
                    solutions: c.solutions,
                    ..Counters::default()
                }
            }
        }
    }

    fn show_progress(&mut self) {
        let Some(last) = self.progress else { return };
        if last.elapsed() >= PROGRESS_EVERY {
            let nodes = self.counters().nodes;
            let done = match &self.search {
                Engine::Links(s) => s.share_done(),
                Engine::Cells(c) => c.share_done(),
            };
            // Progress is a courtesy: a failing stderr does not stop the count.
            let line = progress_line(self.found, nodes, done);
            let _ = write!(io::stderr(), "{line}");
            self.progress = Some(Instant::now());
        }
    }

    fn end_progress(&self) {
        if self.progress.is_some() {
            let _ = write!(io::stderr(), "\r\x1b[K");
        }
    }

    fn report_size(&self) {
        let engine = match self.search {
            Engine::Links(_) => CoverEngine::Dlx,
            Engine::Cells(_) => CoverEngine::Cells,
        };
        report_size(self.problem, engine);
    }

    fn report(&self) {
        let coloured = self.problem.is_coloured() && matches!(self.search, Engine::Links(_));
        report(self.found, self.counters(), coloured, &self.by_depth, self.time);
    }
}

/// The progress `--count` shows on a terminal, over the line before: the share of the tree
/// done (as Knuth's programs estimate it, from "option k of d" at each level), the solutions
/// and the nodes so far.
fn progress_line(found: u64, nodes: u64, done: f64) -> String {
    format!(
        "\r{:.1}% of the tree: {}, {} …\x1b[K",
        100.0 * done,
        plural(found, "solution"),
        plural(nodes, "node")
    )
}

#[cfg(test)]
mod tests {
    #[test]
    fn progress_counts_in_the_singular_too() {
        assert_eq!(
            super::progress_line(1, 1, 0.25),
            "\r25.0% of the tree: 1 solution, 1 node …\x1b[K",
            "not '1 solutions'"
        );
        assert_eq!(
            super::progress_line(0, 2, 0.0),
            "\r0.0% of the tree: 0 solutions, 2 nodes …\x1b[K"
        );
    }
}
