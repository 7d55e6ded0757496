//! Counts every solution of a DLX1-format problem with one solver, and prints one line:
//! `SOLVER solutions=N nodes=M seconds=S wall=W` (nodes only where the solver counts them).
//! `seconds` is CPU time (user + system), `wall` the elapsed time: on this shared 2-core
//! machine, at a load of 10, wall time measures mostly the wait for a core.
//! For a crate, the time is the search alone: reading the file and building each solver's
//! matrix are left out. `cover-bench process NAME FILE CMD [ARGS]` runs a whole process
//! instead (DLX1, our CLI) with FILE on stdin and times it: its count is the first number
//! after "Altogether " on stderr (DLX1) or the first word of stdout (ours).
//! `cover-bench summary LOG` turns the lines `bench/cover.sh` collected into a table;
//! `cover-bench families LOG` the lines of its families (issue 50) into one table, a row per
//! problem: each solver's median CPU time, and the median over rounds of (the faster of
//! Knuth's programs that round / ours).
//!
//! Solvers: `ours` (dlx_sudoku's `exact_cover::Search`), `dlx` (dlx 0.8.5, MRV chooser),
//! `xcov` (0.3.1, MrvExactCoverSearch), `dancing-links` (0.3.1), `exact-covers-dl`
//! (exact-covers 0.3.0's dancing links; its dancing-cells solver is an empty stub in 0.3.0).

use std::collections::BTreeMap;
use std::ops::ControlFlow;
use std::process::{Command, Stdio};
use std::time::Instant;

use dlx_sudoku::dlx1::Problem;
use dlx_sudoku::exact_cover::{Nothing, Search, Status};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.iter().map(String::as_str).collect::<Vec<_>>()[..] {
        ["summary", log] => summary(&std::fs::read_to_string(log).expect("the log")),
        ["families", log] => families(&std::fs::read_to_string(log).expect("the log")),
        ["process", name, file, ref cmd @ ..] if !cmd.is_empty() => {
            let (solutions, seconds, wall) = process(file, cmd);
            println!("{name} solutions={solutions} seconds={seconds:.6} wall={wall:.6}");
        }
        [solver, file] => {
            let text = std::fs::read_to_string(file).expect("the problem file");
            let problem = Problem::parse(&text).unwrap_or_else(|e| panic!("{file}: {e}"));
            let (solutions, nodes, time) = count(solver, &problem);
            let nodes = nodes.map_or(String::new(), |n| format!(" nodes={n}"));
            println!(
                "{solver} solutions={solutions}{nodes} seconds={:.6} wall={:.6}",
                time.cpu, time.wall
            );
        }
        _ => {
            eprintln!(
                "usage: cover-bench SOLVER FILE | cover-bench process NAME FILE CMD [ARGS] | cover-bench summary LOG | cover-bench families LOG"
            );
            std::process::exit(2);
        }
    }
}

/// Seconds of CPU time (user + system) and of wall-clock time.
struct Times {
    cpu: f64,
    wall: f64,
}

/// Times a piece of this process.
struct Clock {
    cpu: f64,
    wall: Instant,
}

impl Clock {
    fn start() -> Clock {
        Clock {
            cpu: cpu_seconds(),
            wall: Instant::now(),
        }
    }

    fn stop(&self) -> Times {
        Times {
            cpu: cpu_seconds() - self.cpu,
            wall: self.wall.elapsed().as_secs_f64(),
        }
    }
}

/// The CPU time of this process, in seconds, to the nanosecond.
fn cpu_seconds() -> f64 {
    let mut t = libc::timespec { tv_sec: 0, tv_nsec: 0 };
    // SAFETY: `t` is a valid timespec for clock_gettime to write.
    let r = unsafe { libc::clock_gettime(libc::CLOCK_PROCESS_CPUTIME_ID, &mut t) };
    assert_eq!(r, 0, "clock_gettime");
    t.tv_sec as f64 + t.tv_nsec as f64 / 1e9
}

/// Runs `cmd` with `file` on stdin, as a whole process: its count, its CPU seconds (user +
/// system, from the kernel's accounting of the waited-for child) and its wall seconds.
fn process(file: &str, cmd: &[&str]) -> (u64, f64, f64) {
    let before = children_cpu();
    let wall = Instant::now();
    let out = Command::new(cmd[0])
        .args(&cmd[1..])
        .stdin(std::fs::File::open(file).expect("the problem file"))
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .output()
        .unwrap_or_else(|e| panic!("{}: {e}", cmd[0]));
    let wall = wall.elapsed().as_secs_f64();
    let cpu = children_cpu() - before;
    assert!(
        out.status.success(),
        "{}: {}",
        cmd[0],
        String::from_utf8_lossy(&out.stderr)
    );
    let (stdout, stderr) = (
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr),
    );
    let count = match stderr.find("Altogether ") {
        Some(k) => stderr[k + 11..].split_whitespace().next(),
        None => stdout.split_whitespace().next(),
    };
    let count = count
        .and_then(|w| w.parse().ok())
        .unwrap_or_else(|| panic!("no count from {}", cmd[0]));
    (count, cpu, wall)
}

/// User + system seconds of the children waited for so far.
fn children_cpu() -> f64 {
    // SAFETY: a zeroed rusage is a valid value for getrusage to overwrite.
    let mut u: libc::rusage = unsafe { std::mem::zeroed() };
    // SAFETY: `u` is a valid rusage for getrusage to write.
    let r = unsafe { libc::getrusage(libc::RUSAGE_CHILDREN, &mut u) };
    assert_eq!(r, 0, "getrusage");
    let s = |t: libc::timeval| t.tv_sec as f64 + t.tv_usec as f64 / 1e6;
    s(u.ru_utime) + s(u.ru_stime)
}

/// The options of `problem` as lists of item numbers.
fn options(problem: &Problem) -> Vec<Vec<usize>> {
    (0..problem.options())
        .map(|o| problem.option_items(o).collect())
        .collect()
}

/// Counts with `solver`: solutions, search-tree nodes if known, seconds of search.
fn count(solver: &str, problem: &Problem) -> (u64, Option<u64>, Times) {
    let (np, n) = (problem.primary(), problem.items());
    let os = options(problem);
    match solver {
        "ours" => {
            let mut search: Search = problem.search();
            let t = Clock::start();
            let mut found = 0;
            while search.step(&mut Nothing) != Status::Done {
                found += 1;
            }
            (found, Some(search.counters().nodes), t.stop())
        }
        "dlx" => {
            use dlx::choose::{mrv_chooser, no_tiebreak, prefer_any};
            let os: Vec<Vec<dlx::Uint>> = os.iter().map(|o| o.iter().map(|&i| i as dlx::Uint).collect()).collect();
            let mut p = dlx::x::make_problem(np as dlx::Uint, (n - np) as dlx::Uint, &os, dlx::OptOrder::Seq);
            let mut s = dlx::Solver::new(&mut p);
            let mut chooser = mrv_chooser(prefer_any(), no_tiebreak());
            let t = Clock::start();
            let mut found = 0;
            while s.next_solution(&mut chooser) {
                found += 1;
            }
            (found, None, t.stop())
        }
        "xcov" => {
            use xcov::ExactCoverProblem;
            let mut b = xcov::DlxBuilder::new(np, n - np);
            for o in &os {
                // xcov numbers items from 1.
                let o: Vec<usize> = o.iter().map(|&i| i + 1).collect();
                b.add_option(&o);
            }
            let mut s = xcov::MrvExactCoverSearch::new(b.build());
            let t = Clock::start();
            let mut found = 0;
            while s.search() {
                found += 1;
            }
            (found, None, t.stop())
        }
        "dancing-links" => {
            let p = Generic {
                primary: np,
                options: os,
                items: (0..n).collect(),
            };
            let s = dancing_links::Solver::new(&p);
            let t = Clock::start();
            let found = s.count() as u64;
            (found, None, t.stop())
        }
        "exact-covers-dl" => xc::<exact_covers::DlSolver<usize, ()>>(problem, &os),
        _ => panic!("unknown solver {solver}"),
    }
}

fn xc<'i, S: exact_covers::Solver<'i, usize, ()>>(problem: &Problem, os: &[Vec<usize>]) -> (u64, Option<u64>, Times) {
    let (np, n) = (problem.primary(), problem.items());
    let items: &'static [usize] = Vec::leak((0..n).collect());
    let mut s = S::new(&items[..np], &items[np..]);
    for o in os {
        let primary: Vec<usize> = o.iter().copied().filter(|&i| i < np).collect();
        let secondary: Vec<(usize, Option<()>)> = o.iter().filter(|&&i| i >= np).map(|&i| (i, None)).collect();
        s.add_option(primary, secondary);
    }
    let t = Clock::start();
    let mut found = 0;
    s.solve(|_| {
        found += 1;
        ControlFlow::Continue(())
    });
    (found, None, t.stop())
}

/// A problem for `dancing-links`, which asks whether each option satisfies each item.
struct Generic {
    primary: usize,
    options: Vec<Vec<usize>>,
    items: Vec<usize>,
}

impl dancing_links::ExactCover for Generic {
    type Possibility = Vec<usize>;
    type Constraint = usize;
    fn satisfies(&self, option: &Vec<usize>, item: &usize) -> bool {
        option.contains(item)
    }
    fn is_optional(&self, item: &usize) -> bool {
        *item >= self.primary
    }
    fn possibilities(&self) -> &[Vec<usize>] {
        &self.options
    }
    fn constraints(&self) -> &[usize] {
        &self.items
    }
}

fn median(v: &mut [f64]) -> f64 {
    v.sort_by(|a, b| a.total_cmp(b));
    let k = v.len();
    if k % 2 == 1 {
        v[k / 2]
    } else {
        (v[k / 2 - 1] + v[k / 2]) / 2.0
    }
}

/// Reads lines `ROUND PROBLEM SOLVER solutions=N [nodes=M] seconds=S` and prints, per problem,
/// each solver's median time, its nodes/s (with our tree's node count: DLX1 and ours walk the
/// same tree), and the median over rounds of (its time / our time): how many times faster we are.
/// DLX1, SSXC1 and our CLIs (`ours-cli`, `cells-cli`) are timed as whole processes, so they
/// are compared with `ours-cli`.
fn summary(log: &str) {
    // problem -> solver -> round -> seconds
    let mut times: BTreeMap<String, BTreeMap<String, BTreeMap<u32, f64>>> = BTreeMap::new();
    let mut counts: BTreeMap<(String, String), String> = BTreeMap::new();
    let mut nodes: BTreeMap<String, u64> = BTreeMap::new();
    for line in log.lines() {
        let words: Vec<&str> = line.split_whitespace().collect();
        if words.len() < 5 {
            continue;
        }
        let (round, problem, solver) = (words[0].parse::<u32>().unwrap(), words[1], words[2]);
        let field = |name: &str| words.iter().find_map(|w| w.strip_prefix(name));
        let seconds: f64 = field("seconds=").unwrap().parse().unwrap();
        counts.insert(
            (problem.into(), solver.into()),
            field("solutions=").unwrap().to_string(),
        );
        if solver == "ours" {
            if let Some(n) = field("nodes=") {
                nodes.insert(problem.into(), n.parse().unwrap());
            }
        }
        times
            .entry(problem.into())
            .or_default()
            .entry(solver.into())
            .or_default()
            .insert(round, seconds);
    }
    println!("| problem | solver | solutions | median s | nodes/s | its time / ours (median of rounds) |");
    println!("|---|---|---:|---:|---:|---:|");
    for (problem, solvers) in &times {
        let (ours, cli) = (solvers.get("ours"), solvers.get("ours-cli"));
        let mut rows: Vec<(f64, String)> = solvers
            .iter()
            .map(|(solver, rounds)| {
                let mut all: Vec<f64> = rounds.values().copied().collect();
                let med = median(&mut all);
                let rate = match (nodes.get(problem), solver.as_str()) {
                    (Some(&n), "ours" | "ours-cli" | "dlx1") => format!("{:.2} M", n as f64 / med / 1e6),
                    _ => "—".into(),
                };
                let process = matches!(solver.as_str(), "dlx1" | "ssxc1" | "cells-cli" | "dlx2" | "ssxcc");
                let reference = if process { cli } else { ours };
                let mut ratios: Vec<f64> = rounds
                    .iter()
                    .filter_map(|(r, &t)| reference.and_then(|o| o.get(r)).map(|&o| t / o))
                    .collect();
                let ratio = if ratios.is_empty() {
                    "—".into()
                } else {
                    format!("{:.2}×", median(&mut ratios))
                };
                let count = &counts[&(problem.clone(), solver.clone())];
                (
                    med,
                    format!("| {problem} | {solver} | {count} | {med:.3} | {rate} | {ratio} |"),
                )
            })
            .collect();
        rows.sort_by(|a, b| a.0.total_cmp(&b.0));
        for (_, row) in rows {
            println!("{row}");
        }
    }
}

/// The columns of [`families`]: our CLI with each engine, then Knuth's four programs.
const FAMILY_SOLVERS: [&str; 7] = ["auto", "dlx", "cells", "dlx1", "ssxc1", "dlx2", "ssxcc"];

/// Reads lines `ROUND PROBLEM SOLVER solutions=N seconds=S wall=W` (the solvers of
/// [`FAMILY_SOLVERS`], every one a whole process) and prints one table, a row per problem in
/// the order of the log: the count, each solver's median CPU seconds, the median over rounds
/// of (the fastest of Knuth's programs that round / `auto`: above 1, ours is faster), and of
/// (the faster of our engines / `auto`: 1.00 when auto picks the faster). A count that differs
/// between solvers stops it with both counts.
fn families(log: &str) {
    // problem -> solver -> round -> seconds, problems in the order first seen.
    let mut order: Vec<String> = Vec::new();
    let mut times: BTreeMap<String, BTreeMap<String, BTreeMap<u32, f64>>> = BTreeMap::new();
    let mut counts: BTreeMap<String, (String, String)> = BTreeMap::new();
    for line in log.lines() {
        let words: Vec<&str> = line.split_whitespace().collect();
        if words.len() < 5 {
            continue;
        }
        let (round, problem, solver) = (words[0].parse::<u32>().unwrap(), words[1], words[2]);
        let field = |name: &str| words.iter().find_map(|w| w.strip_prefix(name));
        let seconds: f64 = field("seconds=").unwrap().parse().unwrap();
        let count = field("solutions=").unwrap().to_string();
        match counts.get(problem) {
            Some((first, by)) if *first != count => {
                eprintln!("families: {problem}: {by} counted {first}, {solver} {count}");
                std::process::exit(1);
            }
            Some(_) => {}
            None => {
                counts.insert(problem.into(), (count, solver.into()));
                order.push(problem.into());
            }
        }
        times
            .entry(problem.into())
            .or_default()
            .entry(solver.into())
            .or_default()
            .insert(round, seconds);
    }
    let knuth = &FAMILY_SOLVERS[3..];
    println!(
        "| problem | solutions | {} | Knuth's fastest / auto | faster of ours / auto |",
        FAMILY_SOLVERS.map(|s| format!("{s} s")).join(" | ")
    );
    println!("|---|---:|{}---:|---:|", "---:|".repeat(FAMILY_SOLVERS.len()));
    for problem in &order {
        let solvers = &times[problem];
        let cells: Vec<String> = FAMILY_SOLVERS
            .iter()
            .map(|s| match solvers.get(*s) {
                Some(rounds) => format!("{:.3}", median(&mut rounds.values().copied().collect::<Vec<_>>())),
                None => "—".into(),
            })
            .collect();
        // Per round: the fastest of `among` that ran that round, over auto's time.
        let ratio = |among: &[&str]| {
            let mut ratios: Vec<f64> = solvers
                .get("auto")
                .into_iter()
                .flatten()
                .filter_map(|(round, &ours)| {
                    among
                        .iter()
                        .filter_map(|s| solvers.get(*s).and_then(|r| r.get(round)))
                        .copied()
                        .reduce(f64::min)
                        .map(|best| best / ours)
                })
                .collect();
            if ratios.is_empty() {
                "—".to_string()
            } else {
                format!("{:.2}×", median(&mut ratios))
            }
        };
        println!(
            "| {} | {} | {} | {} | {} |",
            problem.replace(':', " "),
            counts[problem].0,
            cells.join(" | "),
            ratio(knuth),
            ratio(&["dlx", "cells"])
        );
    }
}
