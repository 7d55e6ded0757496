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

/// `cover --count --stats --jobs N` on `problem`: stdout, and the stats line's nodes and
/// updates, and the whole of stderr.
fn count(problem: &str, jobs: &str) -> (String, String, String) {
    let out = run(&["cover", "--count", "--stats", "--jobs", jobs], problem);
    assert_eq!(out.code, 0, "{}", out.stderr);
    let line = out.stderr.lines().nth(1).unwrap_or_default().to_string();
    // "stats: 92 solutions, 1198 nodes, 5000 updates, 0.001 s, ...": up to the time.
    let work = line.splitn(4, ", ").take(3).collect::<Vec<_>>().join(", ");
    (out.stdout, work, out.stderr)
}

#[test]
fn counts_and_work_are_the_same_on_any_number_of_threads() {
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
    let out = run(&["cover", "--count", "10", "--jobs", "2"], &problem);
    assert_eq!((out.code, out.stdout.as_str()), (0, "at least 10 solutions\n"));
    let whole = run(&["cover", "--count", "--jobs", "1"], &example(&["queens", "9"]));
    assert_eq!(whole.stdout, "352 solutions\n");
    assert!(start.elapsed().as_secs() < 20, "{:?}", start.elapsed());
    for (limit, expect) in [("352", "at least 352 solutions\n"), ("353", "352 solutions\n")] {
        let out = run(&["cover", "--count", limit, "--jobs", "3"], &example(&["queens", "9"]));
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
