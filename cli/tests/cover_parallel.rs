//! `cover --count --jobs N`: the same count, nodes and updates on any number of threads, the
//! split's statistics, limits that stop every thread, and the progress on a terminal.

// Built for wasm32 too (its tests are skipped there).
#![cfg(not(target_arch = "wasm32"))]

mod common;
use common::{run, BIN};

/// `cover --example ARGS`.
fn example(args: &[&str]) -> String {
    let mut all = vec!["cover", "--example"];
    all.extend(args);
    let out = run(&all, "");
    assert_eq!(out.code, 0, "{args:?}");
    out.stdout
}

/// A random problem in DLX1 format (xorshift from `seed`): 3-9 primary items, 0-3 secondary
/// ones, up to 40 options of 1-4 items, each with a primary item.
pub fn random_problem(seed: u64) -> String {
    let mut state = seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1;
    let mut below = |n: u64| {
        state ^= state >> 12;
        state ^= state << 25;
        state ^= state >> 27;
        (state.wrapping_mul(0x2545_f491_4f6c_dd1d) >> 33) % n
    };
    let primary = 3 + below(7) as usize;
    let secondary = below(4) as usize;
    let name = |i: usize| {
        if i < primary {
            format!("p{i}")
        } else {
            format!("s{}", i - primary)
        }
    };
    let mut text = (0..primary).map(name).collect::<Vec<_>>().join(" ");
    if secondary > 0 {
        text.push_str(" | ");
        text.push_str(&(primary..primary + secondary).map(name).collect::<Vec<_>>().join(" "));
    }
    text.push('\n');
    for _ in 0..below(41) {
        let mut items = vec![below(primary as u64) as usize];
        for _ in 0..below(4) {
            let i = below((primary + secondary) as u64) as usize;
            if !items.contains(&i) {
                items.push(i);
            }
        }
        text.push_str(&items.into_iter().map(name).collect::<Vec<_>>().join(" "));
        text.push('\n');
    }
    text
}

/// `cover --count --stats --jobs N --engine dlx` on `problem`: stdout, and the stats line's
/// nodes and updates, and the whole of stderr.
fn count(problem: &str, jobs: &str) -> (String, String, String) {
    count_with("dlx", problem, jobs)
}

/// `cover --count --stats --jobs N --engine ENGINE` on `problem`, as [`count`].
fn count_with(engine: &str, problem: &str, jobs: &str) -> (String, String, String) {
    let out = run(
        &["cover", "--count", "--stats", "--jobs", jobs, "--engine", engine],
        problem,
    );
    assert_eq!(out.code, 0, "{}", out.stderr);
    let line = out.stderr.lines().nth(1).unwrap_or_default().to_string();
    // "stats: 92 solutions, 1198 nodes, 5000 updates, 0.001 s, ...": up to the time.
    let work = line.splitn(4, ", ").take(3).collect::<Vec<_>>().join(", ");
    (out.stdout, work, out.stderr)
}

/// Five examples and 40 random problems.
fn problems() -> Vec<String> {
    let mut problems: Vec<String> = [
        &["queens", "8"][..],
        &["langford", "8"],
        &["pentominoes", "3x5"],
        &["knuth"],
        &["queens", "3"],
    ]
    .iter()
    .map(|args| example(args))
    .collect();
    problems.extend((0..40).map(random_problem));
    problems
}

#[test]
fn counts_and_work_are_the_same_on_any_number_of_threads() {
    let problems = problems();
    for problem in &problems {
        let one = count(problem, "1");
        for jobs in ["2", "3", "7"] {
            let many = count(problem, jobs);
            assert_eq!((&many.0, &many.1), (&one.0, &one.1), "--jobs {jobs} on\n{problem}");
            assert_eq!(many.2.lines().nth(2), one.2.lines().nth(2), "solutions by depth");
        }
    }
    assert_eq!(count(&problems[0], "2").0, "92 solutions\n");
}

/// Dancing cells on threads: the count and the solutions by depth of one thread (and of
/// the links engine); the nodes and updates of its tree in pieces, the same on 2, 3 and 7
/// threads (each piece starts from the arrays as built, and the first split does not depend
/// on the threads), though not node for node one thread's SSXC1 tree.
#[test]
fn the_cells_engine_counts_the_same_on_any_number_of_threads() {
    for problem in &problems() {
        let one = count_with("cells", problem, "1");
        let two = count_with("cells", problem, "2");
        assert_eq!(two.0, one.0, "{problem}");
        assert_eq!(two.2.lines().nth(2), one.2.lines().nth(2), "solutions by depth");
        assert_eq!(count_with("dlx", problem, "2").0, one.0, "the links engine's count");
        assert!(
            two.2.starts_with("stats: ")
                && two
                    .2
                    .lines()
                    .next()
                    .unwrap()
                    .ends_with("; engine cells (dancing cells)")
        );
        for jobs in ["3", "7"] {
            let many = count_with("cells", problem, jobs);
            assert_eq!((&many.0, &many.1), (&two.0, &two.1), "--jobs {jobs} on\n{problem}");
            assert_eq!(many.2.lines().nth(2), two.2.lines().nth(2), "solutions by depth");
        }
    }
}

#[test]
fn stats_on_threads_say_how_the_tree_was_split_and_what_it_allows() {
    let (out, _, stderr) = count(&example(&["queens", "10"]), "2");
    assert_eq!(out, "724 solutions\n");
    let lines: Vec<&str> = stderr.lines().collect();
    assert_eq!(lines.len(), 5, "{stderr}");
    // At depth 1 10 queens have 10 nodes, at depth 2 more than 16 per thread.
    assert!(
        lines[3].starts_with("stats: 2 threads; split at depth 2 into "),
        "{}",
        lines[3]
    );
    assert!(lines[3].contains(" pieces (largest "), "{}", lines[3]);
    assert!(
        lines[4].starts_with("stats: a greedy schedule of the pieces would run ")
            && lines[4].contains("× as fast on 16 cores, "),
        "{}",
        lines[4]
    );
    // One thread runs the plain search: no split to tell of.
    let (_, _, stderr) = count(&example(&["queens", "10"]), "1");
    assert_eq!(stderr.lines().count(), 3, "{stderr}");
}

#[test]
fn a_limit_stops_every_thread() {
    // 12 queens: 14,200 solutions, some seconds in a debug build; the limit ends it at once.
    let problem = example(&["queens", "12"]);
    let start = std::time::Instant::now();
    let out = run(&["cover", "--count", "--max-solutions", "10", "--jobs", "2"], &problem);
    assert_eq!((out.code, out.stdout.as_str()), (0, "at least 10 solutions\n"));
    let whole = run(&["cover", "--count", "--jobs", "1"], &example(&["queens", "9"]));
    assert_eq!(whole.stdout, "352 solutions\n");
    assert!(start.elapsed().as_secs() < 20, "{:?}", start.elapsed());
    for (limit, expect) in [("352", "at least 352 solutions\n"), ("353", "352 solutions\n")] {
        let out = run(
            &["cover", "--count", "--max-solutions", limit, "--jobs", "3"],
            &example(&["queens", "9"]),
        );
        assert_eq!(out.stdout, expect, "limit {limit}");
    }
}

#[test]
fn jobs_out_of_range_are_usage_errors() {
    let problem = example(&["knuth"]);
    for (jobs, message) in [
        ("0", "error: invalid value '0' for '--jobs <N>': 0 is not in 1..=256"),
        (
            "100000",
            "error: invalid value '100000' for '--jobs <N>': 100000 is not in 1..=256",
        ),
        ("two", "error: invalid value 'two' for '--jobs <N>'"),
    ] {
        let out = run(&["cover", "--count", "--jobs", jobs], &problem);
        assert_eq!((out.code, out.stdout.as_str()), (2, ""), "--jobs {jobs}");
        assert!(out.stderr.starts_with(message), "{}", out.stderr);
    }
    let out = run(&["cover", "--jobs", "2"], &problem);
    assert_eq!(out.code, 2);
    assert!(out.stderr.contains("--count"), "--jobs without --count: {}", out.stderr);
}

#[test]
#[cfg(target_os = "linux")]
fn threads_show_the_share_of_the_tree_done_on_a_terminal() {
    if !std::path::Path::new("/usr/bin/script").exists() {
        eprintln!("no /usr/bin/script: this test is skipped");
        return;
    }
    // Over the 250 ms before the first progress line: 13 queens in a debug build, 14 in
    // release, as in tests/cover.rs.
    let (n, solutions) = if cfg!(debug_assertions) {
        ("13", 73712)
    } else {
        ("14", 365596)
    };
    let path = std::env::temp_dir().join(format!("dlx-sudoku-jobs-progress-{}.dlx", std::process::id()));
    std::fs::write(&path, example(&["queens", n])).unwrap();
    let out = std::process::Command::new("/usr/bin/script")
        .args([
            "-qec",
            &format!("{BIN} cover {} --count --jobs 2", path.display()),
            "/dev/null",
        ])
        .output()
        .unwrap();
    std::fs::remove_file(&path).unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{text}");
    let shares: Vec<f64> = text
        .split('\r')
        .filter_map(|line| line.split_once("% of the tree: "))
        .map(|(share, _)| share.parse().unwrap())
        .collect();
    assert!(!shares.is_empty(), "{text:?}");
    assert!(
        shares.windows(2).all(|w| w[0] <= w[1]),
        "the share done only grows: {shares:?}"
    );
    assert!(shares.iter().all(|&s| (0.0..=100.0).contains(&s)), "{shares:?}");
    assert!(
        text.ends_with(&format!("\r\x1b[K{solutions} solutions\r\n")),
        "{text:?}"
    );
}

/// A new empty folder for a test, removed (with what it holds) when dropped.
struct Scratch(std::path::PathBuf);

impl Scratch {
    fn new(tag: &str) -> Scratch {
        let path = std::env::temp_dir().join(format!("dlx-sudoku-{tag}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&path);
        std::fs::create_dir(&path).unwrap();
        Scratch(path)
    }

    fn join(&self, name: &str) -> String {
        self.0.join(name).to_str().unwrap().to_string()
    }

    /// The names in the folder, sorted.
    fn names(&self) -> Vec<String> {
        let mut names: Vec<String> = std::fs::read_dir(&self.0)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        names
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// Runs a shell command line, which must succeed.
fn shell(line: &str) {
    let out = std::process::Command::new("sh").args(["-c", line]).output().unwrap();
    assert!(out.status.success(), "{line}: {}", String::from_utf8_lossy(&out.stderr));
}

#[test]
fn the_subproblems_counts_add_up_to_the_whole() {
    let scratch = Scratch::new("split-sums");
    let mut problems: Vec<String> = [
        &["queens", "6"][..],
        &["langford", "7"],
        &["pentominoes", "3x5"],
        &["knuth"],
    ]
    .iter()
    .map(|args| example(args))
    .collect();
    problems.extend((100..130).map(random_problem));
    let (mut split, mut past) = (0, 0);
    for (k, problem) in problems.iter().enumerate() {
        let file = scratch.join(&format!("p{k}.dlx"));
        std::fs::write(&file, problem).unwrap();
        let whole = run(&["cover", &file, "--count", "--jobs", "1"], "").stdout;
        // The split follows the engine's tree: each in turn.
        let engine = ["cells", "dlx"][k % 2];
        for depth in ["1", "2", "3"] {
            let dir = scratch.join(&format!("p{k}-{depth}"));
            let out = run(
                &["cover", &file, "--split", depth, "--out", &dir, "--engine", engine],
                "",
            );
            if out.code == 2 && out.stderr.contains("has no node at depth") {
                // Every branch ends above: the error says what was found there.
                assert!(
                    out.stderr.ends_with(&format!("({})\n", whole.trim_end())),
                    "{}",
                    out.stderr
                );
                past += 1;
                continue;
            }
            assert_eq!(
                (out.code, out.stderr.as_str(), out.stdout.as_str()),
                (0, "", ""),
                "{problem}"
            );
            split += 1;
            // Plain `cover SUB --count`, one after another.
            shell(&format!(
                "for f in '{dir}'/*.dlx; do '{BIN}' cover \"$f\" --count > \"$f.count\"; done"
            ));
            let sum = run(&["cover", "--sum", &dir], "");
            assert_eq!(
                (sum.code, &sum.stdout),
                (0, &whole),
                "depth {depth} of\n{problem}\n{}",
                sum.stderr
            );
        }
    }
    assert!(
        split > 40 && past > 5,
        "{split} split, {past} past the tree: the problems test both"
    );
}

/// `--split` enumerates the nodes of the engine's tree: the engines break ties between
/// items differently (cells by the order its search leaves the active items in), and the
/// cells engine tries an item's options in the order its sets are in.
#[test]
fn a_split_follows_the_engine_s_tree() {
    let scratch = Scratch::new("split-engines");
    let mut orders = Vec::new();
    for engine in ["dlx", "cells"] {
        let dir = scratch.join(engine);
        let out = run(
            &["cover", "--split", "2", "--out", &dir, "--engine", engine],
            &example(&["langford", "7"]),
        );
        assert_eq!((out.code, out.stderr.as_str()), (0, ""));
        let manifest = std::fs::read_to_string(format!("{dir}/manifest.txt")).unwrap();
        let lines: Vec<String> = manifest
            .lines()
            .filter(|l| l.starts_with("sub-"))
            .map(|l| l.split_once('\t').unwrap().1.to_string())
            .collect();
        shell(&format!(
            "for f in '{dir}'/*.dlx; do '{BIN}' cover \"$f\" --count > \"$f.count\"; done"
        ));
        assert_eq!(run(&["cover", "--sum", &dir], "").stdout, "52 solutions\n", "{engine}");
        orders.push(lines);
    }
    // Both branch on 7 first, and on 6 below 7's first option, tried in another order.
    let first = |o: &[String]| {
        o[..5]
            .iter()
            .map(|l| l.strip_prefix("7\t60\t7 s1 s9\t").unwrap().to_string())
            .collect::<Vec<_>>()
    };
    assert_eq!(first(&orders[0])[0], "6\t55\t6 s3 s10");
    assert_eq!(first(&orders[1])[0], "6\t59\t6 s7 s14");
    let sorted = |mut o: Vec<String>| {
        o.sort();
        o
    };
    assert_eq!(sorted(first(&orders[0])), sorted(first(&orders[1])));
    assert_ne!(orders[0], orders[1]);
}

#[test]
fn a_subproblem_is_the_problem_with_the_choices_above_it_applied() {
    let scratch = Scratch::new("split-files");
    let dir = scratch.join("out");
    let out = run(&["cover", "--split", "1", "--out", &dir], &example(&["knuth"]));
    assert_eq!((out.code, out.stderr.as_str()), (0, ""));
    // Knuth's example branches first on a (options `a d g`, line 4 after the comment, and `a d`, line 6).
    let manifest = std::fs::read_to_string(format!("{dir}/manifest.txt")).unwrap();
    let lines: Vec<&str> = manifest.lines().filter(|l| !l.starts_with('|')).collect();
    assert_eq!(
        lines,
        ["solved\t0", "sub-000001.dlx\ta\t4\ta d g", "sub-000002.dlx\ta\t6\ta d"]
    );
    let sub = std::fs::read_to_string(format!("{dir}/sub-000002.dlx")).unwrap();
    let body: Vec<&str> = sub.lines().filter(|l| !l.starts_with('|')).collect();
    // a and d gone; so are `a d g` and `d e g`, which clash with `a d`.
    assert_eq!(body, ["b c e f g", "c e f", "b c f", "b g"]);
    assert!(sub.contains("|   a: line 6: a d\n"), "{sub}");
    assert_eq!(run(&["cover", "--count"], &sub).stdout, "1 solution\n");
}

#[test]
fn gnu_parallel_counts_the_subproblems_as_the_docs_say() {
    if std::process::Command::new("parallel")
        .arg("--version")
        .output()
        .is_err()
    {
        eprintln!("GNU parallel is not installed (apt-get install parallel): this test is skipped");
        return;
    }
    let scratch = Scratch::new("split-parallel");
    let dir = scratch.join("sub");
    let out = run(&["cover", "--split", "2", "--out", &dir], &example(&["langford", "8"]));
    assert_eq!(out.code, 0, "{}", out.stderr);
    // The command of the docs, with the binary's path for `dlx-sudoku`.
    shell(&format!(
        "parallel '{BIN} cover {{}} --count > {{}}.partial && mv {{}}.partial {{}}.count' ::: '{dir}'/*.dlx"
    ));
    assert_eq!(run(&["cover", "--sum", &dir], "").stdout, "300 solutions\n");
}

#[test]
fn the_slurm_array_script_counts_one_subproblem_per_task() {
    let scratch = Scratch::new("split-slurm");
    let dir = scratch.join("sub");
    let out = run(&["cover", "--split", "2", "--out", &dir], &example(&["queens", "8"]));
    assert_eq!(out.code, 0, "{}", out.stderr);
    let manifest = std::fs::read_to_string(format!("{dir}/manifest.txt")).unwrap();
    let n = manifest.lines().filter(|l| l.starts_with("sub-")).count();
    // A stand-in for srun that runs the command here, and records that it was used.
    let bin = scratch.join("bin");
    std::fs::create_dir(&bin).unwrap();
    let srun = format!("{bin}/srun");
    std::fs::write(
        &srun,
        format!("#!/bin/sh\necho \"$@\" >> '{bin}/srun.log'\nexec \"$@\"\n"),
    )
    .unwrap();
    shell(&format!("chmod +x '{srun}'"));
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/../scripts/slurm-count.sh");
    let task = |id: usize| {
        std::process::Command::new("bash")
            .arg(script)
            .arg(&dir)
            .env("SLURM_ARRAY_TASK_ID", id.to_string())
            .env("DLX_SUDOKU", BIN)
            .env("PATH", format!("{bin}:{}", std::env::var("PATH").unwrap()))
            .output()
            .unwrap()
    };
    let before = run(&["cover", "--sum", &dir], "");
    assert_eq!(before.code, 2);
    assert!(
        before
            .stderr
            .contains(&format!("{n} of {n} subproblems have no result yet")),
        "{}",
        before.stderr
    );
    for id in 1..=n {
        let out = task(id);
        assert!(
            out.status.success(),
            "task {id}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
    assert_eq!(run(&["cover", "--sum", &dir], "").stdout, "92 solutions\n");
    let log = std::fs::read_to_string(format!("{bin}/srun.log")).unwrap();
    assert_eq!(log.lines().count(), n, "each task ran its count under srun");
    // A task past the manifest's end says so.
    let out = task(n + 1);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains(&format!("has no subproblem {}", n + 1)));
}

#[test]
fn bad_splits_are_clear_errors_that_leave_nothing_behind() {
    let scratch = Scratch::new("split-errors");
    let problem = scratch.join("q6.dlx");
    std::fs::write(&problem, example(&["queens", "6"])).unwrap();
    std::fs::create_dir(scratch.join("full")).unwrap();
    std::fs::write(scratch.join("full/keep"), "").unwrap();
    let before = scratch.names();
    for (args, message) in [
        (
            vec!["--split", "0", "--out", "new"],
            "error: invalid value '0' for '--split <DEPTH>': 0 is not in 1..=",
        ),
        (
            vec!["--split", "7", "--out", "new"],
            "dlx-sudoku: --split 7: the search tree has no node at depth 7: every branch ends above it (4 solutions)",
        ),
        (vec!["--split", "2", "--out", "full"], "dlx-sudoku: --out "),
        // Under a file: no one can make a folder there, root included.
        (vec!["--split", "2", "--out", "q6.dlx/sub"], "dlx-sudoku: --out "),
        (
            vec!["--split", "2"],
            "error: the following required arguments were not provided",
        ),
        (
            vec!["--out", "new"],
            "error: the following required arguments were not provided",
        ),
        (
            vec!["--split", "2", "--out", "new", "--count"],
            "error: the argument '--split <DEPTH>' cannot be used with '--count'",
        ),
        (vec!["--sum", "nowhere"], "dlx-sudoku: nowhere/manifest.txt: "),
    ] {
        let mut all = vec!["cover"];
        if args[0] != "--sum" {
            all.push(&problem);
        }
        let args: Vec<String> = args
            .iter()
            .map(|a| {
                if ["new", "full", "q6.dlx/sub"].contains(a) {
                    scratch.join(a)
                } else {
                    a.to_string()
                }
            })
            .collect();
        all.extend(args.iter().map(String::as_str));
        let out = run(&all, "");
        assert_eq!((out.code, out.stdout.as_str()), (2, ""), "{args:?}");
        assert!(out.stderr.starts_with(message), "{args:?}: {}", out.stderr);
        assert_eq!(scratch.names(), before, "{args:?} left something behind");
    }
    let full = run(&["cover", &problem, "--split", "2", "--out", &scratch.join("full")], "");
    assert!(full.stderr.ends_with("the folder is not empty\n"), "{}", full.stderr);
    // An empty folder is taken, and filled.
    std::fs::create_dir(scratch.join("empty")).unwrap();
    let out = run(
        &["cover", &problem, "--split", "2", "--out", &scratch.join("empty")],
        "",
    );
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert!(std::path::Path::new(&scratch.join("empty/manifest.txt")).exists());
}

#[test]
fn solve_counts_a_grid_on_threads_as_on_one() {
    // The empty 4×4 grid has 288 solutions; a 9×9 with two givens taken away from a solved
    // grid's box has 2 at most; an empty 16×16 more than any limit.
    let empty_four = ".".repeat(16);
    let nine = "..2469358365287194498513672924156837576398241183724965231975486647832519859641723";
    let empty_sixteen = ".".repeat(256);
    for (grid, limit) in [
        (empty_four.as_str(), "1000000"),
        (empty_four.as_str(), "100"),
        (nine, "1000000"),
        (empty_sixteen.as_str(), "2000"),
    ] {
        let input = format!("{grid}\n");
        let one = run(&["solve", "--count", "--max-solutions", limit], &input);
        assert_eq!(one.code, 0, "{}", one.stderr);
        for jobs in ["2", "3"] {
            let many = run(&["solve", "--count", "--max-solutions", limit, "--jobs", jobs], &input);
            assert_eq!((many.code, &many.stdout), (0, &one.stdout), "{grid} --jobs {jobs}");
        }
    }
    assert_eq!(
        run(&["solve", "--count", "--jobs", "2"], &format!("{empty_four}\n")).stdout,
        "288 solutions\n"
    );
    for args in [
        &["solve", "--count", "--jobs", "2", "--engine", "bitmask"][..],
        &["solve", "--count", "--jobs", "2", "--max-nodes", "100"],
    ] {
        let out = run(args, &format!("{empty_four}\n"));
        assert_eq!(out.code, 2, "{args:?}");
        assert!(out.stderr.contains("takes the dlx engine"), "{}", out.stderr);
    }
}
