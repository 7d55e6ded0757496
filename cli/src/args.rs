//! The command line's grammar, declared for clap: [`Cli`] and the values its options take.

use std::ffi::OsString;
use std::fmt;
use std::path::{Path, PathBuf};
use std::str::FromStr;

use clap::builder::{PossibleValue, PossibleValuesParser, RangedU64ValueParser, TypedValueParser};
use clap::error::ErrorKind;
use clap::{Args, CommandFactory, Parser, Subcommand};
use dlx_sudoku::dlx1::examples::Example;
pub use dlx_sudoku::formats::reader::InputFormat;
use dlx_sudoku::formats::Format;
use dlx_sudoku::sudoku::generate::EFFORT_SAMPLES;
use dlx_sudoku::sudoku::{EngineKind, Shape};

/// How far `solve --count` counts without `--max-solutions`.
const DEFAULT_COUNT_LIMIT: u64 = 1_000_000;

/// More threads than this would only take turns on the cores of any machine we know.
pub const MAX_JOBS: usize = 256;
/// More timed runs than this add nothing to a median but time.
pub const MAX_REPEAT: usize = 1000;

/// The exit status of solve and bench, a literal for `concat!`.
macro_rules! exit_status {
    () => {
        "\
Exit status: 0 on success (a puzzle given up on at --max-nodes is an answer); 1 when reading
or writing fails; 2 on a usage error or bad input, after answering the puzzles before it."
    };
}
const EXIT_STATUS: &str = exit_status!();

/// Each example is run by the tests (tests/cli.rs), and what it prints checked where shown.
const SOLVE_AFTER_HELP: &str = concat!(
    "Examples:\n",
    "  dlx-sudoku generate --count 3 | cut -f1 > puzzles.txt\n",
    "  dlx-sudoku solve < puzzles.txt\n",
    "  dlx-sudoku solve --count < puzzles.txt\n",
    "  echo ................ | dlx-sudoku solve --count                      288 solutions\n",
    "  echo ................ | dlx-sudoku solve --count --max-solutions 10   at least 10 solutions\n",
    "\n",
    exit_status!()
);

/// `EXIT_STATUS` for generate, which reads nothing and gives up on no puzzle.
const EXIT_STATUS_GENERATE: &str = "Exit status: 0 on success; 1 when writing fails; 2 on a usage error.";

/// `EXIT_STATUS` for rate, which has no `--max-nodes`.
const EXIT_STATUS_RATE: &str = "\
Exit status: 0 on success; 1 when reading or writing fails; 2 on a usage error or bad input,
after rating the puzzles before it.";

#[derive(Parser, Debug)]
#[command(
    name = "dlx-sudoku",
    version,
    about = "Solves Sudoku puzzles in the online judges' formats with dancing links, and times its engines.",
    after_help = EXIT_STATUS
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Answers every puzzle on stdin in its judge format.
    ///
    /// Each answer is the solution grid, or a line `no solution`, `multiple solutions` or `gave up
    /// after N nodes` in its place, byte for byte as the judges expect. Each is written as soon as
    /// its puzzle has been read, so solve works in a pipe or at a terminal and memory stays flat.
    /// A line longer than 4096 bytes is an error.
    #[command(after_help = SOLVE_AFTER_HELP)]
    Solve(Solve),
    /// Times the engines on files of puzzles: one per line, or at 4×4, 16×16 and 25×25 also
    /// grids (POJ 3076's).
    ///
    /// Prints one line per file, engine and mode: the median rate over the runs, the slowest and
    /// fastest, and the verdicts. Every file is read and checked before anything is timed.
    #[command(after_help = EXIT_STATUS)]
    Bench(Bench),
    /// Writes new puzzles with exactly one solution, one per line with its level and measures.
    ///
    /// Each is a random solved grid thinned a symmetry orbit at a time while DLX still counts
    /// one solution. The same --seed gives the same puzzles on every machine, whatever --jobs.
    #[command(after_help = EXIT_STATUS_GENERATE)]
    Generate(Generate),
    /// Rates every puzzle on stdin: its level, the hardest technique logic needs (or "needs
    /// search" and the cells left open), and its search effort.
    ///
    /// Search effort is the mean number of DLX nodes to prove the puzzle unique over K random
    /// relabellings (digits, rows within bands, bands, columns, stacks, transposition), drawn from
    /// a seed taken from the puzzle, as generate draws them, or from --seed. Output: the puzzle's line, then `level=`, `logic=`, `steps=`,
    /// `effort=`, tab-separated. A puzzle with no solution or several has no level: its line is
    /// followed by `no solution` or `multiple solutions` instead.
    #[command(after_help = EXIT_STATUS_RATE)]
    Rate(Rate),
    /// Solves any exact-cover problem given in Knuth's DLX1 format, or writes an example one.
    ///
    /// The input: lines starting with `|` are comments; the first other line names the items,
    /// primary ones first, then `|` and the secondary ones; every further line is an option, the
    /// names of its items. A primary item must be covered exactly once, a secondary one at most
    /// once. DLX2's colours: `item:colour` on a secondary item in an option; options may then share
    /// the item if they give it the same colour.
    ///
    /// Each solution is printed as its options' lines (names as in the input, one space apart), in
    /// the order of the input, with a blank line between solutions; each goes out as soon as it is
    /// found. A problem with no solution prints nothing (`--count` prints `0 solutions`).
    #[command(after_help = COVER_AFTER_HELP)]
    Cover(Cover),
    /// Writes the completion script of a shell to stdout.
    #[command(after_help = COMPLETIONS_AFTER_HELP)]
    Completions(Completions),
    /// Writes the manual pages into DIR: dlx-sudoku.1 and one per command (scripts/docs.sh).
    #[command(hide = true)]
    Man(Man),
}

const COMPLETIONS_AFTER_HELP: &str = concat!(
    "To install, write the script where the shell looks for it:\n",
    "  dlx-sudoku completions bash > ~/.local/share/bash-completion/completions/dlx-sudoku\n",
    "  dlx-sudoku completions zsh > ~/.zfunc/_dlx-sudoku   (with fpath+=~/.zfunc before compinit)\n",
    "  dlx-sudoku completions fish > ~/.config/fish/completions/dlx-sudoku.fish\n",
    "\n",
    "Exit status: 0 on success; 1 when writing fails; 2 on a usage error."
);

/// `dlx-sudoku completions`.
#[derive(Args, Debug)]
pub struct Completions {
    /// The shell.
    #[arg(value_name = "SHELL")]
    pub shell: clap_complete::Shell,
}

/// `dlx-sudoku man`, hidden: the docs build's.
#[derive(Args, Debug)]
pub struct Man {
    /// The directory to write the pages into (made if missing).
    #[arg(value_name = "DIR")]
    pub dir: PathBuf,
}

/// A usage error of `command` (`cover`, `solve`…), as clap reports them: `error: MESSAGE`,
/// the command's usage, and where to read on.
fn usage_error(command: &str, kind: ErrorKind, message: String) -> clap::Error {
    let mut cli = Cli::command();
    cli.build();
    let command = cli.find_subcommand_mut(command).expect("a command of the grammar");
    command.error(kind, message)
}

/// The old form `--count N` of solve and cover (before `--count` was a flag and the limit
/// `--max-solutions N`): a usage error that says what to write instead, or `None`.
///
/// Clap alone would read the number as cover's FILE ("No such file or directory") or, in
/// solve, as an unexpected argument: neither says what to type. A number that is the name
/// of an existing file is cover's FILE (`cover --count 12` counts the file `12`).
pub fn old_count_form(args: &[OsString]) -> Option<clap::Error> {
    let command = args.get(1)?.to_str().filter(|c| matches!(*c, "solve" | "cover"))?;
    let words = &args[2..];
    let is_number = |word: &str| !word.is_empty() && word.bytes().all(|b| b.is_ascii_digit());
    for (i, word) in words.iter().enumerate() {
        let Some(word) = word.to_str() else { continue };
        if word == "--" {
            break;
        }
        let (number, not_a_file) = match word.strip_prefix("--count") {
            Some("") => match words.get(i + 1).and_then(|w| w.to_str()) {
                Some(n) if is_number(n) && command == "cover" && Path::new(n).exists() => continue,
                Some(n) if is_number(n) => (n, command == "cover"),
                _ => continue,
            },
            Some(tail) => match tail.strip_prefix('=') {
                Some(n) if is_number(n) => (n, false),
                _ => continue,
            },
            None => continue,
        };
        let n = if number.bytes().all(|b| b == b'0') { "N" } else { number };
        let file = if not_a_file {
            format!(", and no file is named '{number}'")
        } else {
            String::new()
        };
        let message = format!(
            "--count takes no number{file}: to count no further than {n} solutions, write `--count --max-solutions {n}`"
        );
        return Some(usage_error(command, ErrorKind::UnknownArgument, message));
    }
    None
}

/// `dlx-sudoku generate`.
#[derive(Args, Debug)]
pub struct Generate {
    /// How many puzzles.
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = RangedU64ValueParser::<u64>::new().range(1..=10_000_000))]
    pub count: u64,

    /// The level: easy (singles), medium (locked candidates, pairs), hard (triples, quads,
    /// X-Wing, Swordfish, XY-Wing, colouring), expert (logic stalls, search effort under 110
    /// nodes), extreme (logic stalls, effort 110 and up). Default: any.
    #[arg(long, value_name = "LEVEL")]
    pub difficulty: Option<dlx_sudoku::sudoku::generate::Level>,

    /// Which clues go together: none, rotational (180°), diagonal, mirror (left-right).
    #[arg(long, value_name = "SYMMETRY", default_value = "none")]
    pub symmetry: dlx_sudoku::sudoku::generate::Symmetry,

    /// Only puzzles from which no clue can be removed (with no symmetry, every puzzle is).
    #[arg(long)]
    pub minimal: bool,

    /// The seed of the random numbers.
    #[arg(long, value_name = "S", default_value_t = 1)]
    pub seed: u64,

    /// Threads (default: the available parallelism); the output is the same for any number.
    #[arg(long, value_name = "N", default_value_t = default_jobs(), hide_default_value = true,
          value_parser = RangedU64ValueParser::<usize>::new().range(1..=MAX_JOBS as u64))]
    pub jobs: usize,

    /// The grid's side: 4, 9 (the default), 16 or 25. Other sizes than 9×9 are thinned to
    /// minimal where a uniqueness check within --max-nodes DLX nodes can tell, and written with
    /// their clue count and the DLX nodes that prove them unique.
    #[arg(long, value_name = "N", value_parser = size_parser())]
    pub size: Option<Shape>,

    /// For sizes other than 9×9: the DLX nodes each uniqueness check may take while thinning
    /// (more: fewer clues, harder puzzles, slower to make); 0 for no limit, as for solve:
    /// minimal puzzles, which at 25×25 can take more than 5 minutes each.
    #[arg(long, value_name = "N", default_value_t = dlx_sudoku::sudoku::generate::BoardGenerator::MAX_NODES)]
    max_nodes: u64,
}

impl Generate {
    /// The DLX nodes each uniqueness check may take; for no limit, more than any search counts.
    pub fn max_nodes(&self) -> u64 {
        match self.max_nodes {
            0 => u64::MAX,
            n => n,
        }
    }
}

/// `dlx-sudoku rate`.
#[derive(Args, Debug)]
pub struct Rate {
    /// The input format (as for solve).
    #[arg(long, value_name = "FORMAT", default_value_t = InputFormat::Auto, value_parser = input_format_parser())]
    pub format: InputFormat,

    /// Random relabellings averaged for the search effort.
    #[arg(short, long = "samples", value_name = "K", default_value_t = EFFORT_SAMPLES, value_parser = RangedU64ValueParser::<usize>::new().range(1..=10_000))]
    pub k: usize,

    /// The seed of the relabellings [default: one taken from each puzzle, as generate takes
    /// it, so that a generated puzzle is rated at the level it was made for]
    #[arg(long, value_name = "S")]
    pub seed: Option<u64>,

    /// The grid's side: only 9 is rated.
    #[arg(long, value_name = "N", value_parser = size_parser())]
    pub size: Option<Shape>,
}

const COVER_AFTER_HELP: &str = concat!(
    "Limits: item names of at most 64 bytes; at most 100000 items, 256 items in an option and\n",
    "10000000 entries (item names in options, all options together). Errors name the line and column.\n",
    "\n",
    "Examples:\n",
    "  dlx-sudoku cover --example queens 8 | dlx-sudoku cover --count      92 solutions\n",
    "  dlx-sudoku cover --example pentominoes 3x20 | dlx-sudoku cover --count --stats\n",
    "  dlx-sudoku cover --example langford 7 > langford7.dlx\n",
    "  dlx-sudoku cover --count langford7.dlx                              52 solutions\n",
    "  dlx-sudoku cover --count --max-solutions 10 langford7.dlx           at least 10 solutions\n",
    "  dlx-sudoku cover --example knuth | dlx-sudoku cover\n",
    "  dlx-sudoku cover --example graceful W5 | dlx-sudoku cover --count    120 solutions\n",
    "  dlx-sudoku cover --example tiling dominoes 6x6 | dlx-sudoku cover --count     6728 solutions\n",
    "  dlx-sudoku cover --example tiling LNV 3x5 | dlx-sudoku cover --count          4 solutions\n",
    "  dlx-sudoku cover --example polycubes soma 3x3x3 > soma.dlx\n",
    "  dlx-sudoku cover --example matching K10 | dlx-sudoku cover --count       945 solutions\n",
    "  dlx-sudoku cover --example latin 4 | dlx-sudoku cover --count           576 solutions\n",
    "\n",
    "Exit status: 0 on success; 1 when reading or writing fails; 2 on a usage error or bad input."
);

/// `dlx-sudoku cover`.
#[derive(Args, Debug)]
pub struct Cover {
    /// The problem, in DLX1 format (default: stdin; `-` is stdin too).
    #[arg(value_name = "FILE")]
    pub file: Option<PathBuf>,

    /// Stop after the first solution (the same as --max-solutions 1).
    #[arg(long, conflicts_with_all = ["count", "max_solutions"])]
    pub first: bool,

    /// Print the number of solutions instead of the solutions: `N solutions`, or `at least N
    /// solutions` when it stops at --max-solutions. While counting, the count so far is shown
    /// on stderr when stderr is a terminal.
    #[arg(long)]
    pub count: bool,

    /// Stop after N solutions (with --count: count no further than N).
    #[arg(long, value_name = "N", value_parser = RangedU64ValueParser::<u64>::new().range(1..))]
    pub max_solutions: Option<u64>,

    /// Print on stderr the problem's size (options, primary+secondary items) and the engine,
    /// then at the end the search's statistics: solutions, nodes, updates, time, nodes per
    /// second, and the number of solutions at each depth. The dlx engine counts as DLX1 does
    /// (nodes: options tried; updates: nodes unlinked), cells as SSXC1 does (nodes: levels
    /// entered, the root and solutions too; updates: items and nodes swapped out of a set). With
    /// --count on more than one thread, also the split: its depth, its subproblems, the pieces
    /// the threads ran and the largest, and the speed-up a greedy schedule of those pieces
    /// would reach on 16 and 64 cores.
    #[arg(long)]
    pub stats: bool,

    /// Threads sharing the count (default: the available parallelism). The tree is split
    /// into subproblems, and those that turn out large are split again as they run; the
    /// count is the same for any N. With --count only.
    #[arg(long, value_name = "N", requires = "count",
          value_parser = RangedU64ValueParser::<usize>::new().range(1..=MAX_JOBS as u64))]
    pub jobs: Option<usize>,

    /// Write the subproblems at depth DEPTH of the search tree into the new folder --out DIR
    /// instead of solving: one DLX1 file per node at that depth, the problem with the options
    /// chosen above the node put into every solution (their items gone, options that clash
    /// removed), and manifest.txt, which lists each file with the choices above it and counts
    /// the solutions found above them all. Their counts add up to the problem's: count each
    /// (`cover FILE --count > FILE.count`, on any machine), then `cover --sum DIR`.
    #[arg(long, value_name = "DEPTH", requires = "out",
          conflicts_with_all = ["first", "count", "max_solutions", "stats"],
          value_parser = RangedU64ValueParser::<usize>::new().range(1..=dlx_sudoku::dlx1::MAX_ITEMS as u64))]
    pub split: Option<usize>,

    /// The folder --split writes: new, or empty.
    #[arg(long, value_name = "DIR", requires = "split")]
    pub out: Option<PathBuf>,

    /// Add up the results in a folder --split wrote: each subproblem's `cover FILE --count`
    /// output saved as FILE.count, and the solutions found above them. Prints the problem's
    /// count as --count does.
    #[arg(long, value_name = "DIR",
          conflicts_with_all = ["file", "first", "count", "max_solutions", "stats", "split"])]
    pub sum: Option<PathBuf>,

    /// The engine that searches: `dlx` (dancing links, the one the page traces), `cells`
    /// (dancing cells, Knuth's SSXC1: sparse sets), or `auto`, which picks by the problem's
    /// shape. Both find the same solutions, in another order; `--stats` names the one used.
    #[arg(long, value_name = "ENGINE", value_enum, default_value_t = CoverEngine::Auto)]
    pub engine: CoverEngine,

    /// Write an example problem in DLX1 format instead of solving: `queens N` (1-1000),
    /// `pentominoes 6x10|5x12|4x15|3x20|3x5`, `langford N` (1-1000), `knuth`, `sudoku PUZZLE`
    /// (81 characters, or 16 for a 4×4; '.', '0' or '-' blank), `tiling PIECES BOARD`
    /// (PIECES: dominoes, trominoes, pentominoes or pentomino letters such as LNV, each once;
    /// BOARD: RxC, or RxC-HxW with an HxW hole in the middle), `polycubes PIECES BOX` (soma or
    /// pentominoes; XxYxZ), `matching GRAPH` (perfect matchings of Kn, the complete graph, or
    /// Qd, the hypercube), and with colours (DLX2's format) `word-squares FILE` (a word list,
    /// one word of 2-16 letters a line), `graceful GRAPH` (Pn, Cn, Kn or Wn: path, cycle,
    /// complete graph, wheel) or `latin N` (Latin squares, 2-7). Pipe it back into `cover`.
    #[arg(long, value_names = EXAMPLE_VALUES, num_args = 1..=3,
          conflicts_with_all = ["file", "first", "count", "max_solutions", "stats", "split", "sum", "engine"])]
    pub example: Option<Vec<String>>,
}

/// `cover --engine`.
#[derive(clap::ValueEnum, Clone, Copy, PartialEq, Eq, Debug)]
pub enum CoverEngine {
    Dlx,
    Cells,
    Auto,
}

/// `--example`'s value names; the second and third are optional (`knuth` takes none, most
/// one, `tiling` and `polycubes` two: the pieces and the board).
const EXAMPLE_VALUES: [&str; 3] = ["NAME", "ARG", "BOARD"];

/// clap's text (help, usage, an error) with `--example`'s ARG and BOARD shown as optional.
///
/// clap 4.5 writes each value name of an option in angle brackets, however few of them
/// `num_args` requires, so `--example <NAME> <ARG>` said `knuth` needed an ARG (clap 4.6
/// brackets the optional ones, but needs Rust 1.85 and syn 3). The names are ours, so the
/// text clap writes for them is known exactly, and `[ARG]` is as wide: columns stay aligned.
pub fn show_optional_values(text: &str) -> String {
    let [name, arg, board] = EXAMPLE_VALUES;
    // clap_mangen's roff puts each name in italics, and the spaces between them too.
    let roff = |arg: &str, board: &str| format!("\\fI<{name}>\\fR\\fI \\fR\\fI{arg}\\fR\\fI \\fR\\fI{board}\\fR");
    text.replace(
        &format!("<{name}> <{arg}> <{board}>"),
        &format!("<{name}> [{arg}] [{board}]"),
    )
    .replace(
        &roff(&format!("<{arg}>"), &format!("<{board}>")),
        &roff(&format!("[{arg}]"), &format!("[{board}]")),
    )
}

impl Cover {
    /// The threads that count.
    pub fn jobs(&self) -> usize {
        self.jobs.unwrap_or_else(default_jobs)
    }

    /// The example asked for, if any; an unknown one is a usage error, as clap reports them.
    pub fn example(&self) -> Result<Option<Example>, clap::Error> {
        let Some(args) = &self.example else {
            return Ok(None);
        };
        // `tiling PIECES BOARD`: the two words are the example's one argument.
        let (name, arg) = (&args[0], (args.len() > 1).then(|| args[1..].join(" ")));
        let arg = arg.as_ref();
        Example::from_args(name, arg.map(String::as_str))
            .map(Some)
            .map_err(|message| match arg {
                // `cover --example knuth p.dlx`: the file was taken for knuth's ARG.
                Some(arg) if Example::from_args(name, None).is_ok() => format!(
                    "--example {name} takes nothing more, and --example reads no FILE: to solve '{arg}', write `dlx-sudoku cover {arg}`"
                ),
                _ => format!("--example: {message}"),
            })
            .map_err(|message| usage_error("cover", ErrorKind::InvalidValue, message))
    }
}

/// `dlx-sudoku solve`.
#[derive(Args, Debug)]
pub struct Solve {
    /// The input format. Lines end in `\n`, `\r\n` or `\r`; blank lines, spaces around a line and a
    /// byte-order mark at the start are skipped.
    #[arg(long, value_name = "FORMAT", default_value_t = InputFormat::Auto, value_parser = input_format_parser())]
    pub format: InputFormat,

    /// The engine that solves.
    #[arg(long, value_name = "ENGINE", default_value_t = EngineKind::Dlx, value_parser = one_of::<EngineKind>(EngineKind::ALL.map(engine_value)))]
    pub engine: EngineKind,

    /// Print each puzzle's number of solutions instead of its answer: `N solutions`, or `at
    /// least N solutions` when the count reaches --max-solutions.
    #[arg(long)]
    pub count: bool,

    /// With --count: count no further than N solutions.
    #[arg(long, value_name = "N", requires = "count", default_value_t = DEFAULT_COUNT_LIMIT,
          value_parser = RangedU64ValueParser::<u64>::new().range(1..))]
    max_solutions: u64,

    #[command(flatten)]
    pub limit: NodeLimit,

    /// The grid's side: 4, 9, 16 or 25 (default: from the input).
    #[arg(long, value_name = "N", value_parser = size_parser())]
    pub size: Option<Shape>,

    /// Count each puzzle's solutions on N threads (default 1), splitting its search tree as
    /// `cover --count --jobs` does: for a big grid with many solutions. With --count and the
    /// dlx engine only, and no --max-nodes.
    #[arg(long, value_name = "N", requires = "count",
          value_parser = RangedU64ValueParser::<usize>::new().range(1..=MAX_JOBS as u64))]
    pub jobs: Option<usize>,
}

impl Solve {
    /// With `--count`, how far to count; `None` to answer each puzzle.
    pub fn count_limit(&self) -> Option<u64> {
        self.count.then_some(self.max_solutions)
    }
}

/// `--max-nodes`, shared by `solve` and `bench`.
#[derive(Args, Debug)]
pub struct NodeLimit {
    /// Give up on a puzzle after N search-tree nodes (digits tried), and answer `gave up after N
    /// nodes` in its place (with `, at least K solutions` if it found some); 0 for no limit. Default: none for dlx, whose searches stay small,
    /// and 100000000 for bitmask and dfs, which can search for days.
    #[arg(long, value_name = "N")]
    max_nodes: Option<u64>,
}

impl NodeLimit {
    /// The most nodes the engine `kind` may try on one puzzle; `None` for no limit.
    pub fn max_nodes(&self, kind: EngineKind) -> Option<u64> {
        match (self.max_nodes, kind) {
            (Some(0), _) | (None, EngineKind::Dlx) => None,
            (Some(n), _) => Some(n),
            (None, EngineKind::Bitmask | EngineKind::Dfs) => Some(DEFAULT_ORACLE_MAX_NODES),
        }
    }
}

/// Enough for the bitmask engine to prove Norvig's "impossible" puzzle has no solution
/// (83.6 million nodes, about 5 s); the plain DFS gets the same.
pub const DEFAULT_ORACLE_MAX_NODES: u64 = 100_000_000;

/// `dlx-sudoku bench`.
#[derive(Args, Debug)]
pub struct Bench {
    /// The engines to time.
    #[arg(long, value_name = "ENGINE", default_value_t = Engines::All, value_parser = Engines::parser())]
    pub engine: Engines,

    /// What each run asks of the engine.
    #[arg(long, value_name = "MODE", default_value_t = Modes::One(Mode::Unique), value_parser = Modes::parser())]
    pub mode: Modes,

    /// Threads sharing the puzzles (default: the available parallelism).
    #[arg(long, value_name = "N", default_value_t = default_jobs(), hide_default_value = true,
          value_parser = RangedU64ValueParser::<usize>::new().range(1..=MAX_JOBS as u64))]
    pub jobs: usize,

    /// Timed runs of each file, engine and mode.
    #[arg(long, value_name = "R", default_value_t = 5, value_parser = RangedU64ValueParser::<usize>::new().range(1..=MAX_REPEAT as u64))]
    pub repeat: usize,

    #[command(flatten)]
    pub limit: NodeLimit,

    /// The grid's side: 4, 9, 16 or 25 (default: from the input).
    #[arg(long, value_name = "N", value_parser = size_parser())]
    pub size: Option<Shape>,

    /// Files of puzzles, one per line (at other sizes than 9×9, grids too).
    #[arg(value_name = "FILE", required = true)]
    pub files: Vec<PathBuf>,
}

/// `--size`: a grid's side, 4, 9, 16 or 25.
fn size_parser() -> impl TypedValueParser<Value = Shape> {
    PossibleValuesParser::new(["4", "9", "16", "25"]).map(|side| {
        let side = side.parse().expect("clap accepts only the possible values");
        Shape::of_side(side).expect("each possible value is a side")
    })
}

fn default_jobs() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

/// A parser that accepts exactly `values` and turns the name into a `T` by its `FromStr`.
fn one_of<T>(values: impl IntoIterator<Item = PossibleValue>) -> impl TypedValueParser<Value = T>
where
    T: FromStr + Clone + Send + Sync + 'static,
    T::Err: fmt::Debug,
{
    PossibleValuesParser::new(values).map(|name| name.parse::<T>().expect("clap accepts only the possible values"))
}

fn engine_value(kind: EngineKind) -> PossibleValue {
    PossibleValue::new(kind.name()).help(match kind {
        EngineKind::Dlx => "dancing links (Algorithm X)",
        EngineKind::Bitmask => "bitmask depth-first search, fewest candidates first",
        EngineKind::Dfs => "plain depth-first search in reading order (exponential)",
    })
}

/// `--format`'s values, each with its help: a judge format, `poj`, or `auto` to detect it
/// ([`InputFormat`] is the library's, which reads every one of them).
fn input_format_parser() -> impl TypedValueParser<Value = InputFormat> {
    let help = |format| match format {
        Format::Line => "one puzzle per line: 16, 81 (POJ 3074), 256 or 625 cells, '.', '0' or '-' blank",
        Format::Hdu => "9 lines of 9 tokens, '?' blank, a blank line between cases (HDU 1426)",
        Format::Hiho => "a count t, then t grids of 9 lines of 9 integers, '0' blank (hihoCoder 102)",
    };
    let auto = PossibleValue::new("auto").help("from the first non-blank line (a lone number: hiho)");
    let poj = PossibleValue::new("poj")
        .help("grids of n² lines of n² symbols, '-' blank, blank lines between cases: 16 lines of letters A-P (POJ 3076, SPOJ SUDOKU), also 4×4 and 25×25");
    one_of(
        [auto]
            .into_iter()
            .chain(Format::ALL.map(|f| PossibleValue::new(f.name()).help(help(f))))
            .chain([poj]),
    )
}
/// `bench --engine`: one engine, or all of them.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Engines {
    One(EngineKind),
    All,
}

impl Engines {
    /// The engines, in the order they run.
    pub fn list(self) -> Vec<EngineKind> {
        match self {
            Engines::One(kind) => vec![kind],
            Engines::All => EngineKind::ALL.to_vec(),
        }
    }

    fn parser() -> impl TypedValueParser<Value = Engines> {
        let all = PossibleValue::new("all").help("each of them in turn");
        one_of(EngineKind::ALL.map(engine_value).into_iter().chain([all]))
    }
}

impl fmt::Display for Engines {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Engines::One(kind) => kind.fmt(f),
            Engines::All => f.write_str("all"),
        }
    }
}

impl FromStr for Engines {
    type Err = String;
    fn from_str(name: &str) -> Result<Engines, String> {
        match name {
            "all" => Ok(Engines::All),
            _ => name
                .parse()
                .map(Engines::One)
                .map_err(|_| format!("unknown engine {name:?} (expected dlx, bitmask, dfs or all)")),
        }
    }
}

/// What a timed run asks of the engine.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Mode {
    /// `Engine::verdict`: the search goes on to a second solution.
    Unique,
    /// `Engine::solve`: the search stops at the first solution.
    First,
}

impl Mode {
    pub const ALL: [Mode; 2] = [Mode::Unique, Mode::First];

    pub fn name(self) -> &'static str {
        match self {
            Mode::Unique => "unique",
            Mode::First => "first",
        }
    }
}

impl fmt::Display for Mode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Mode {
    type Err = String;
    fn from_str(name: &str) -> Result<Mode, String> {
        Mode::ALL
            .into_iter()
            .find(|m| m.name() == name)
            .ok_or_else(|| format!("unknown mode {name:?} (expected unique or first)"))
    }
}

/// `bench --mode`: one mode, or both.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Modes {
    One(Mode),
    Both,
}

impl Modes {
    /// The modes, in the order they run.
    pub fn list(self) -> Vec<Mode> {
        match self {
            Modes::One(mode) => vec![mode],
            Modes::Both => Mode::ALL.to_vec(),
        }
    }

    fn parser() -> impl TypedValueParser<Value = Modes> {
        one_of([
            PossibleValue::new("unique").help("stop at a second solution, as a uniqueness check does"),
            PossibleValue::new("first").help("stop at the first solution"),
            PossibleValue::new("both").help("unique, then first"),
        ])
    }
}

impl fmt::Display for Modes {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Modes::One(mode) => mode.fmt(f),
            Modes::Both => f.write_str("both"),
        }
    }
}

impl FromStr for Modes {
    type Err = String;
    fn from_str(name: &str) -> Result<Modes, String> {
        match name {
            "both" => Ok(Modes::Both),
            _ => name
                .parse()
                .map(Modes::One)
                .map_err(|_| format!("unknown mode {name:?} (expected unique, first or both)")),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    fn parse(line: &str) -> Result<Command, clap::Error> {
        Cli::try_parse_from(std::iter::once("dlx-sudoku").chain(line.split_whitespace())).map(|cli| cli.command)
    }

    #[test]
    fn the_grammar_is_consistent() {
        Cli::command().debug_assert();
        let mut command = Cli::command();
        let help = command
            .find_subcommand_mut("solve")
            .unwrap()
            .render_long_help()
            .to_string();
        let limit = format!("longer than {} bytes", dlx_sudoku::formats::MAX_LINE);
        assert!(help.contains(&limit), "{help}");
    }

    #[test]
    fn solve_options() {
        let Ok(Command::Solve(s)) = parse("solve --format=hdu --engine bitmask --count") else {
            panic!()
        };
        assert_eq!(
            (s.format.format(), s.engine, s.count_limit()),
            (Some(Format::Hdu), EngineKind::Bitmask, Some(1_000_000))
        );
        let Ok(Command::Solve(s)) = parse("solve --count --max-solutions 5 --format auto") else {
            panic!()
        };
        assert_eq!(
            (s.format, s.engine, s.count_limit()),
            (InputFormat::Auto, EngineKind::Dlx, Some(5))
        );
        let Ok(Command::Solve(s)) = parse("solve") else {
            panic!()
        };
        assert_eq!(
            (s.format, s.engine, s.count_limit()),
            (InputFormat::Auto, EngineKind::Dlx, None)
        );
        for bad in [
            "solve --count 5",
            "solve --count --max-solutions 0",
            "solve --max-solutions 5",
            "solve --engine",
            "solve --engine all",
            "solve -x",
            "solve x",
        ] {
            assert!(parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn bench_options() {
        let Ok(Command::Bench(b)) = parse("bench --engine all --mode both --jobs 2 --repeat=3 a.txt b.txt") else {
            panic!()
        };
        assert_eq!(b.engine.list(), EngineKind::ALL);
        assert_eq!(b.mode.list(), [Mode::Unique, Mode::First]);
        assert_eq!(
            (b.jobs, b.repeat, b.files),
            (2, 3, vec![PathBuf::from("a.txt"), PathBuf::from("b.txt")])
        );
        let Ok(Command::Bench(b)) = parse("bench --engine dfs --mode first a") else {
            panic!()
        };
        assert_eq!(
            (b.engine.list(), b.mode.list()),
            (vec![EngineKind::Dfs], vec![Mode::First])
        );
        for bad in [
            "bench --jobs 0 a",
            "bench --engine dlx",
            "bench --mode fast a",
            "",
            "frobnicate",
        ] {
            assert!(parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn names_round_trip() {
        for value in [InputFormat::Auto, InputFormat::Given(Format::Hiho)] {
            assert_eq!(value.to_string().parse(), Ok(value));
        }
        for value in [Engines::All, Engines::One(EngineKind::Bitmask)] {
            assert_eq!(value.to_string().parse(), Ok(value));
        }
        for value in [Modes::Both, Modes::One(Mode::First), Modes::One(Mode::Unique)] {
            assert_eq!(value.to_string().parse(), Ok(value));
        }
        assert!("fast".parse::<Modes>().is_err());
    }

    #[test]
    fn cover_options() {
        let Ok(Command::Cover(c)) = parse("cover --count --stats p.dlx") else {
            panic!()
        };
        assert_eq!(
            (c.file, c.count, c.stats, c.first, c.max_solutions),
            (Some(PathBuf::from("p.dlx")), true, true, false, None)
        );
        let Ok(Command::Cover(c)) = parse("cover p.dlx --count --max-solutions 3") else {
            panic!()
        };
        assert_eq!(
            (c.file, c.count, c.max_solutions),
            (Some(PathBuf::from("p.dlx")), true, Some(3))
        );
        let Ok(Command::Cover(c)) = parse("cover --max-solutions 3") else {
            panic!()
        };
        assert_eq!((c.example().unwrap(), c.file, c.max_solutions), (None, None, Some(3)));
        let Ok(Command::Cover(c)) = parse("cover --example queens 8") else {
            panic!()
        };
        assert_eq!(c.example().unwrap(), Some(Example::Queens(8)));
        let Ok(Command::Cover(c)) = parse("cover --example knuth") else {
            panic!()
        };
        assert_eq!(c.example().unwrap(), Some(Example::Knuth));
        // Two words after `tiling` are its one argument; a third too many, for queens too.
        let Ok(Command::Cover(c)) = parse("cover --example tiling dominoes 8x8") else {
            panic!()
        };
        assert_eq!(
            c.example().unwrap(),
            Example::from_args("tiling", Some("dominoes 8x8")).ok()
        );
        let Ok(Command::Cover(c)) = parse("cover --example queens 8 x") else {
            panic!()
        };
        assert!(c.example().is_err());
        let Ok(Command::Cover(c)) = parse("cover --example queens x") else {
            panic!()
        };
        assert!(c.example().is_err());
        for bad in [
            "cover --first --count",
            "cover --first --max-solutions 2",
            "cover --count=3",
            "cover --count 3 p.dlx",
            "cover --max-solutions 0",
            "cover --example",
            "cover --example tiling dominoes 8x8 x",
            "cover --example knuth --count",
            "cover --example knuth --stats",
            "cover a b",
        ] {
            assert!(parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn node_limits() {
        let limit = |line: &str, kind| match parse(line) {
            Ok(Command::Solve(s)) => s.limit.max_nodes(kind),
            Ok(Command::Bench(b)) => b.limit.max_nodes(kind),
            Ok(other) => panic!("{other:?} has no node limit"),
            Err(e) => panic!("{e}"),
        };
        assert_eq!(limit("solve", EngineKind::Dlx), None);
        assert_eq!(limit("solve", EngineKind::Bitmask), Some(DEFAULT_ORACLE_MAX_NODES));
        assert_eq!(limit("bench x", EngineKind::Dfs), Some(DEFAULT_ORACLE_MAX_NODES));
        for kind in EngineKind::ALL {
            assert_eq!(limit("solve --max-nodes 7", kind), Some(7));
            assert_eq!(limit("bench --max-nodes=0 x", kind), None);
        }
        assert!(parse("solve --max-nodes -1").is_err());
        let generate = |line: &str| match parse(line) {
            Ok(Command::Generate(g)) => g.max_nodes(),
            other => panic!("{other:?}"),
        };
        assert_eq!(generate("generate"), 20_000);
        assert_eq!(generate("generate --size 16 --max-nodes 7"), 7);
        assert_eq!(
            generate("generate --max-nodes 0"),
            u64::MAX,
            "0 is no limit, as for solve"
        );
    }
}
