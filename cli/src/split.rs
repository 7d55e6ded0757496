//! `cover FILE --split DEPTH --out DIR` and `cover --sum DIR`: a problem's search tree cut into
//! subproblems that any machine, or any batch engine, can count on its own.
//!
//! The folder holds one DLX1 file per node at depth DEPTH (`sub-000001.dlx`, …, numbered in the search's order): the problem with
//! the options chosen on the way to that node put into every solution: their items are gone,
//! and so is every option that shares an item with them. Each solution of a subproblem, with
//! those options, is a solution of the problem, and each solution of the problem is found in
//! exactly one subproblem, or above them all (with DEPTH options or fewer: the manifest counts
//! those). So the counts add.
//!
//! `manifest.txt` says what each file is. Lines starting with `|` are comments; then
//! `solved<TAB>N`, the solutions found at depth DEPTH or above; then one line per subproblem:
//! its file, and for each choice above it, tab-separated, the item branched on, the line of the
//! option in the problem, and the option's items.
//!
//! A subproblem's result is its `cover FILE --count` output saved as `FILE.count` beside it
//! (`sub-000001.dlx.count`); `cover --sum DIR` adds them up, with the solved ones, and says which
//! are missing.

use std::fmt::Write as _;
use std::fs;
use std::io::{self, Write};
use std::path::{Path, PathBuf};

use dlx_sudoku::cells::Cells;
use dlx_sudoku::dlx1::Problem;
use dlx_sudoku::exact_cover::Search;
use dlx_sudoku::pieces;

use super::args::CoverEngine;
use super::numbers::{count_message, plural};
use super::Failure;

/// The manifest's name in the folder.
pub const MANIFEST: &str = "manifest.txt";
/// What a subproblem's result file adds to its name.
pub const RESULT: &str = ".count";

/// Writes the subproblems at `depth` of `problem`'s search tree by `engine` (read from
/// `source`, named in comments) into the new folder `out`. Nothing is left behind on failure: they are written into a folder
/// beside it, renamed `out` at the end.
pub fn split(problem: &Problem, source: &str, depth: usize, out: &Path, engine: CoverEngine) -> Result<(), Failure> {
    let shown = out.display();
    match fs::read_dir(out).map(|mut entries| entries.next().is_some()) {
        Ok(true) => return Err(Failure::Input(format!("--out {shown}: the folder is not empty"))),
        Ok(false) => {}
        Err(e) if e.kind() == io::ErrorKind::NotFound => {}
        Err(_) if out.exists() && !out.is_dir() => {
            return Err(Failure::Input(format!("--out {shown}: not a folder")));
        }
        Err(e) => return Err(Failure::Input(format!("--out {shown}: {e}"))),
    }
    let name = out
        .file_name()
        .ok_or_else(|| Failure::Input(format!("--out {shown}: not a folder's name")))?;
    let parent = match out.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    };
    let temp = parent.join(format!(".{}.partial-{}", name.to_string_lossy(), std::process::id()));
    fs::create_dir(&temp).map_err(|e| Failure::Input(format!("--out {shown}: cannot create it: {e}")))?;
    let written = write_all(problem, source, depth, &temp, engine)
        .and_then(|()| fs::rename(&temp, out).map_err(|e| Failure::Input(format!("--out {shown}: {e}"))));
    if written.is_err() {
        // What went wrong is the error to report; a failing clean-up adds nothing to it.
        let _ = fs::remove_dir_all(&temp);
    }
    written
}

/// Writes the subproblems and the manifest into `dir`: the nodes at `depth` of `engine`'s
/// search tree (the engines choose their items differently), each written as the problem
/// with its path's options applied by the links engine, which covers their items.
fn write_all(problem: &Problem, source: &str, depth: usize, dir: &Path, engine: CoverEngine) -> Result<(), Failure> {
    let failed = |e: io::Error| Failure::Input(format!("writing the subproblems: {e}"));
    let m = problem.matrix();
    let top = match engine {
        CoverEngine::Cells => pieces::top(&Cells::new(m), depth, u64::MAX),
        _ => pieces::top(&Search::new(m.clone()), depth, u64::MAX),
    };
    let mut solved: u64 = top.by_depth.iter().sum();
    let mut search = Search::new(m.clone());
    let mut lines = Vec::new();
    let mut text = String::new();
    for (path, _) in &top.nodes {
        search
            .start_below(path, false)
            .expect("a node's path is a path of the search tree");
        if search.matrix().is_solved() {
            solved += 1;
        } else {
            let file = format!("sub-{:06}.dlx", lines.len() + 1);
            let mut line = file.clone();
            let mut about = String::new();
            for b in path {
                let option = b.option as usize;
                let (item, at, items) = (
                    problem.item_name(b.item as usize),
                    problem.option_line(option).unwrap_or(0),
                    problem.option_text(option),
                );
                let _ = write!(line, "\t{item}\t{at}\t{items}");
                let _ = write!(about, "\n|   {item}: line {at}: {items}");
            }
            text.clear();
            let _ = writeln!(
                text,
                "| {source} below depth {depth}, subproblem {}: the options chosen above it{about}",
                lines.len() + 1,
            );
            subproblem(problem, &search, &mut text);
            fs::write(dir.join(&file), &text).map_err(failed)?;
            lines.push(line);
        }
        search.lift(path);
    }
    if lines.is_empty() {
        return Err(Failure::Input(format!(
            "--split {depth}: the search tree has no node at depth {depth}: every branch ends above it ({})",
            count_message(solved, u64::MAX)
        )));
    }
    let mut manifest = format!(
        "| dlx-sudoku cover --split {depth} of {source}: {}, and {} found at depth {depth} or above\n\
         | Count each (dlx-sudoku cover FILE --count > FILE{RESULT}), then: dlx-sudoku cover --sum DIR\n\
         | Each line: a subproblem's file, then for each choice above it: the item, the option's line, the option\n\
         solved\t{solved}\n",
        plural(lines.len() as u64, "subproblem"),
        count_message(solved, u64::MAX),
    );
    for line in lines {
        manifest.push_str(&line);
        manifest.push('\n');
    }
    fs::write(dir.join(MANIFEST), manifest).map_err(failed)
}

/// Appends the DLX1 text of the problem below where `search` paused: the items not covered,
/// and the options that use none of the covered ones (nor give a purified item another colour),
/// in the problem's order.
fn subproblem(problem: &Problem, search: &Search, text: &mut String) {
    let m = search.matrix();
    let open = |items: std::ops::Range<usize>| -> Vec<&str> {
        items
            .filter(|&i| !m.is_covered(i))
            .map(|i| problem.item_name(i))
            .collect()
    };
    text.push_str(&open(0..problem.primary()).join(" "));
    let secondary = open(problem.primary()..problem.items());
    if !secondary.is_empty() {
        text.push_str(" | ");
        text.push_str(&secondary.join(" "));
    }
    text.push('\n');
    // With colours, an option is out too where an item is purified with another colour.
    for option in 0..problem.options() {
        if m.blocked_by(option).is_none() {
            problem.write_option(option, text);
            text.push('\n');
        }
    }
}

/// `cover --sum DIR`: adds the subproblems' results (each `FILE.count`) and the solutions the
/// manifest counts above them, and prints the total as `cover --count` would.
pub fn sum(dir: &Path, out: &mut impl Write) -> Result<(), Failure> {
    let manifest_path = dir.join(MANIFEST);
    let shown = manifest_path.display();
    let manifest = fs::read_to_string(&manifest_path).map_err(|e| Failure::Input(format!("{shown}: {e}")))?;
    let mut total = None::<u64>;
    let mut partial = false;
    let mut missing = Vec::new();
    let mut files = 0;
    for (n, line) in manifest.lines().enumerate() {
        if line.starts_with('|') || line.trim().is_empty() {
            continue;
        }
        let mut fields = line.split('\t');
        let first = fields.next().unwrap_or_default();
        let add = if first == "solved" {
            let value = fields.next().unwrap_or_default();
            value
                .parse::<u64>()
                .map_err(|_| Failure::Input(format!("{shown}, line {}: {value:?} is not a number", n + 1)))?
        } else {
            if first.contains('/') || !first.ends_with(".dlx") {
                return Err(Failure::Input(format!(
                    "{shown}, line {}: {first:?} is not a subproblem's file",
                    n + 1
                )));
            }
            files += 1;
            let result = dir.join(format!("{first}{RESULT}"));
            match fs::read_to_string(&result) {
                Err(e) if e.kind() == io::ErrorKind::NotFound => {
                    missing.push(format!("{first}{RESULT}"));
                    continue;
                }
                Err(e) => return Err(Failure::Input(format!("{}: {e}", result.display()))),
                Ok(text) => {
                    let (found, at_least) = parse_result(&text).ok_or_else(|| {
                        Failure::Input(format!(
                            "{}: {:?} is not the output of cover --count",
                            result.display(),
                            text.trim()
                        ))
                    })?;
                    partial |= at_least;
                    found
                }
            }
        };
        let sum = total.unwrap_or(0).checked_add(add);
        total = Some(sum.ok_or_else(|| Failure::Input(format!("{shown}: the total is past {}", u64::MAX)))?);
    }
    let Some(total) = total.filter(|_| files > 0) else {
        return Err(Failure::Input(format!("{shown}: no subproblem listed")));
    };
    if !missing.is_empty() {
        let more = missing.len().saturating_sub(3);
        let mut names = missing[..missing.len().min(3)].join(", ");
        if more > 0 {
            let _ = write!(names, " and {more} more");
        }
        return Err(Failure::Input(format!(
            "{}: {} of {files} subproblems have no result yet: {names}",
            dir.display(),
            missing.len(),
        )));
    }
    let message = if partial {
        format!("at least {}", count_message(total, u64::MAX))
    } else {
        count_message(total, u64::MAX)
    };
    writeln!(out, "{message}").map_err(Failure::write)?;
    out.flush().map_err(Failure::write)
}

/// A `cover --count` output: the number, and whether it was cut at a limit (`at least`).
fn parse_result(text: &str) -> Option<(u64, bool)> {
    let line = text.trim();
    let (line, at_least) = match line.strip_prefix("at least ") {
        Some(rest) => (rest, true),
        None => (line, false),
    };
    let (n, noun) = line.split_once(' ')?;
    let n: u64 = n.parse().ok()?;
    (noun == if n == 1 { "solution" } else { "solutions" }).then_some((n, at_least))
}

#[cfg(test)]
mod tests {
    use super::parse_result;

    #[test]
    fn results_are_read_as_cover_count_writes_them() {
        assert_eq!(parse_result("92 solutions\n"), Some((92, false)));
        assert_eq!(parse_result("1 solution\n"), Some((1, false)));
        assert_eq!(parse_result("0 solutions\n"), Some((0, false)));
        assert_eq!(parse_result("at least 5 solutions\n"), Some((5, true)));
        for bad in [
            "",
            "\n",
            "92",
            "92 solution",
            "1 solutions",
            "x solutions",
            "-1 solutions",
        ] {
            assert_eq!(parse_result(bad), None, "{bad:?}");
        }
    }
}
