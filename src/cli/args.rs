//! Turns the arguments into a [`Command`], or a message saying what is wrong with them.

use dlx_sudoku::formats::Format;

/// The engines, in the order `--engine all` runs them.
pub const ENGINES: [&str; 3] = ["dlx", "bitmask", "dfs"];

/// The limit `--count` uses when no number follows it.
pub const DEFAULT_COUNT_LIMIT: u64 = 1_000_000;

const DEFAULT_REPEAT: usize = 5;

#[derive(Debug)]
pub enum Command {
    Help,
    Solve(Solve),
    Bench(Bench),
}

/// `dlx-sudoku solve`.
#[derive(Debug)]
pub struct Solve {
    /// `None` for `auto`.
    pub format: Option<Format>,
    pub engine: &'static str,
    /// Count solutions up to this limit instead of answering.
    pub count: Option<u64>,
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
    pub fn name(self) -> &'static str {
        match self {
            Mode::Unique => "unique",
            Mode::First => "first",
        }
    }
}

/// `dlx-sudoku bench`.
#[derive(Debug)]
pub struct Bench {
    pub engines: Vec<&'static str>,
    pub modes: Vec<Mode>,
    pub jobs: usize,
    pub repeat: usize,
    pub files: Vec<String>,
}

/// Reads the arguments after the program name.
pub fn parse(args: &[String]) -> Result<Command, String> {
    if args.iter().any(|a| a == "--help" || a == "-h") {
        return Ok(Command::Help);
    }
    let mut args = Args { rest: args, at: 0 };
    match args.next() {
        Some(Arg::Word("solve")) => parse_solve(args).map(Command::Solve),
        Some(Arg::Word("bench")) => parse_bench(args).map(Command::Bench),
        Some(Arg::Word("help")) => Ok(Command::Help),
        Some(Arg::Word(other)) => Err(format!("unknown command {other:?} (expected solve or bench)")),
        Some(Arg::Flag(flag, _)) => Err(format!("unknown option {flag:?} before the command")),
        None => Err("no command given".to_string()),
    }
}

fn parse_solve(mut args: Args) -> Result<Solve, String> {
    let mut solve = Solve {
        format: None,
        engine: ENGINES[0],
        count: None,
    };
    while let Some(arg) = args.next() {
        match arg {
            Arg::Flag("--format", inline) => solve.format = format(args.value("--format", inline)?)?,
            Arg::Flag("--engine", inline) => solve.engine = engine(args.value("--engine", inline)?)?,
            Arg::Flag("--count", inline) => {
                let limit = args.optional_number("--count", inline)?;
                solve.count = Some(limit.unwrap_or(DEFAULT_COUNT_LIMIT));
            }
            other => return Err(other.unexpected()),
        }
    }
    Ok(solve)
}

fn parse_bench(mut args: Args) -> Result<Bench, String> {
    let jobs = std::thread::available_parallelism().map_or(1, |n| n.get());
    let mut bench = Bench {
        engines: ENGINES.to_vec(),
        modes: vec![Mode::Unique],
        jobs,
        repeat: DEFAULT_REPEAT,
        files: vec![],
    };
    while let Some(arg) = args.next() {
        match arg {
            Arg::Flag("--engine", inline) => bench.engines = engines(args.value("--engine", inline)?)?,
            Arg::Flag("--mode", inline) => bench.modes = modes(args.value("--mode", inline)?)?,
            Arg::Flag("--jobs", inline) => bench.jobs = positive("--jobs", args.value("--jobs", inline)?)? as usize,
            Arg::Flag("--repeat", inline) => {
                bench.repeat = positive("--repeat", args.value("--repeat", inline)?)? as usize
            }
            Arg::Word(file) => bench.files.push(file.to_string()),
            other => return Err(other.unexpected()),
        }
    }
    if bench.files.is_empty() {
        return Err("bench needs at least one puzzle file".to_string());
    }
    Ok(bench)
}

fn format(name: &str) -> Result<Option<Format>, String> {
    match name {
        "auto" => Ok(None),
        _ => name
            .parse()
            .map(Some)
            .map_err(|_| format!("unknown format {name:?} (expected auto, line, hdu or hiho)")),
    }
}

fn engine(name: &str) -> Result<&'static str, String> {
    ENGINES
        .into_iter()
        .find(|&e| e == name)
        .ok_or_else(|| format!("unknown engine {name:?} (expected dlx, bitmask or dfs)"))
}

fn engines(name: &str) -> Result<Vec<&'static str>, String> {
    match name {
        "all" => Ok(ENGINES.to_vec()),
        _ => engine(name)
            .map(|e| vec![e])
            .map_err(|_| format!("unknown engine {name:?} (expected dlx, bitmask, dfs or all)")),
    }
}

fn modes(name: &str) -> Result<Vec<Mode>, String> {
    match name {
        "unique" => Ok(vec![Mode::Unique]),
        "first" => Ok(vec![Mode::First]),
        "both" => Ok(vec![Mode::Unique, Mode::First]),
        _ => Err(format!("unknown mode {name:?} (expected unique, first or both)")),
    }
}

fn positive(flag: &str, value: &str) -> Result<u64, String> {
    match value.parse::<u64>() {
        Ok(n) if n > 0 => Ok(n),
        _ => Err(format!("{flag} needs a positive number, found {value:?}")),
    }
}

/// One argument: an option (`--name`, or `--name=value` split in two) or a plain word.
enum Arg<'a> {
    Flag(&'a str, Option<&'a str>),
    Word(&'a str),
}

impl Arg<'_> {
    fn unexpected(&self) -> String {
        match self {
            Arg::Flag(flag, _) => format!("unknown option {flag:?}"),
            Arg::Word(word) => format!("unexpected argument {word:?}"),
        }
    }
}

struct Args<'a> {
    rest: &'a [String],
    at: usize,
}

impl<'a> Args<'a> {
    fn next(&mut self) -> Option<Arg<'a>> {
        let arg = self.rest.get(self.at)?.as_str();
        self.at += 1;
        Some(match arg.split_once('=') {
            Some((flag, value)) if flag.starts_with("--") => Arg::Flag(flag, Some(value)),
            _ if arg.starts_with('-') && arg.len() > 1 => Arg::Flag(arg, None),
            _ => Arg::Word(arg),
        })
    }

    /// The value of `flag`: the part after `=`, or the next argument.
    fn value(&mut self, flag: &str, inline: Option<&'a str>) -> Result<&'a str, String> {
        if let Some(value) = inline {
            return Ok(value);
        }
        let value = self.rest.get(self.at).ok_or_else(|| format!("{flag} needs a value"))?;
        self.at += 1;
        Ok(value)
    }

    /// A positive number after `flag`, if the next argument (or the part after `=`) is one.
    fn optional_number(&mut self, flag: &str, inline: Option<&str>) -> Result<Option<u64>, String> {
        if let Some(value) = inline {
            return positive(flag, value).map(Some);
        }
        match self.rest.get(self.at) {
            Some(next) if next.bytes().all(|b| b.is_ascii_digit()) => {
                self.at += 1;
                positive(flag, next).map(Some)
            }
            _ => Ok(None),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse_words(line: &str) -> Result<Command, String> {
        let args: Vec<String> = line.split_whitespace().map(String::from).collect();
        parse(&args)
    }

    #[test]
    fn solve_options() {
        let Ok(Command::Solve(s)) = parse_words("solve --format=hdu --engine bitmask --count") else {
            panic!()
        };
        assert_eq!(
            (s.format, s.engine, s.count),
            (Some(Format::Hdu), "bitmask", Some(DEFAULT_COUNT_LIMIT))
        );
        let Ok(Command::Solve(s)) = parse_words("solve --count 5 --format auto") else {
            panic!()
        };
        assert_eq!((s.format, s.engine, s.count), (None, "dlx", Some(5)));
        assert_eq!(
            parse_words("solve --count 0").unwrap_err(),
            "--count needs a positive number, found \"0\""
        );
        assert_eq!(parse_words("solve --engine").unwrap_err(), "--engine needs a value");
        assert_eq!(
            parse_words("solve --engine all").unwrap_err(),
            "unknown engine \"all\" (expected dlx, bitmask or dfs)"
        );
        assert_eq!(parse_words("solve -x").unwrap_err(), "unknown option \"-x\"");
        assert!(matches!(parse_words("solve --nope --help"), Ok(Command::Help)));
    }

    #[test]
    fn bench_options() {
        let Ok(Command::Bench(b)) = parse_words("bench --engine all --mode both --jobs 2 --repeat=3 a.txt b.txt")
        else {
            panic!()
        };
        assert_eq!(b.engines, ENGINES);
        assert_eq!(b.modes, [Mode::Unique, Mode::First]);
        assert_eq!(
            (b.jobs, b.repeat, b.files),
            (2, 3, vec!["a.txt".to_string(), "b.txt".to_string()])
        );
        assert_eq!(
            parse_words("bench --jobs 0 a").unwrap_err(),
            "--jobs needs a positive number, found \"0\""
        );
        assert_eq!(
            parse_words("bench --engine dlx").unwrap_err(),
            "bench needs at least one puzzle file"
        );
        assert_eq!(parse_words("").unwrap_err(), "no command given");
        assert_eq!(
            parse_words("frobnicate").unwrap_err(),
            "unknown command \"frobnicate\" (expected solve or bench)"
        );
    }
}
