//! The one file that knows JavaScript: the wasm-bindgen surface of the crate.
//!
//! Puzzles cross as strings in any format the CLI reads; results cross as strings,
//! numbers and typed arrays; errors cross as JS `Error`s whose message names the
//! line and cell. The trace's event encoding is documented in [`crate::trace`]; its
//! kinds (`EventKind`), its word layout (`EventWord`), and the [`view`](crate::view)'s
//! `ItemFlag` and `OptionState` are the Rust enums themselves, exported as they are.
//!
//! The page holds no numbering and no search state of its own: it reads the Sudoku
//! numbering once ([`sudoku_tables`]) and the search's state after each movement
//! ([`Trace::refresh`] and the arrays after it).

use crate::dlx1::examples::Example;
use crate::dlx1::pictures::Drawing;
use crate::dlx1::Problem;
use crate::exact_cover::{Matrix, Search, Status};
use crate::formats;
use crate::formats::boards;
use crate::matrix_view::{Layout, MatrixView};
use crate::pieces;
use crate::sudoku::{
    model, Alphabet, Board, BoardEngine, BoardPuzzle, Clash, Dlx, Engine, Grid, Plain, PlainEvent, Puzzle, Shape,
    Verdict,
};
use crate::trace::{self, Kind};
use crate::view::Shown;
use js_sys::{Array, Object, Reflect, Uint16Array, Uint32Array, Uint8Array};
use wasm_bindgen::prelude::*;
use wasm_bindgen::Clamped;
use web_sys::{CanvasRenderingContext2d, HtmlCanvasElement, ImageData};

pub use crate::matrix_view::Paint;
pub use crate::trace::EventWord;
pub use crate::view::{ItemFlag, OptionState};
/// The kinds of trace event (`trace::Kind`, exported to JavaScript as `EventKind`).
pub type EventKind = Kind;

#[wasm_bindgen(start)]
fn start() {
    console_error_panic_hook::set_once();
}

/// The text of a JS argument that must be a string. (Taking `&str` directly would let
/// a number or an object reach wasm-bindgen's string glue, which traps.)
fn text(value: &JsValue, what: &str) -> Result<String, JsError> {
    value
        .as_string()
        .ok_or_else(|| JsError::new(&format!("the {what} must be a string")))
}

/// Reads exactly one puzzle, in any format, and checks its givens.
fn one_puzzle(value: &JsValue) -> Result<Puzzle, JsError> {
    puzzle_in(&text(value, "puzzle")?)
}

/// [`one_puzzle`] of text already read (a JS string crosses into wasm once, not twice).
fn puzzle_in(text: &str) -> Result<Puzzle, JsError> {
    let parsed = formats::parse(text, None);
    if let Some(e) = parsed.error {
        return Err(JsError::new(&e.to_string()));
    }
    match parsed.cases.len() {
        1 => parsed.puzzle(0).map_err(|e| JsError::new(&e.to_string())),
        0 => Err(JsError::new("no puzzle found")),
        n => Err(JsError::new(&format!("expected one puzzle, found {n}"))),
    }
}

/// A puzzle of any size as the page gives it: 9×9 ones go to the 9×9 engine as always.
enum AnyPuzzle {
    Nine(Puzzle),
    /// Another size, and the alphabet it was written in (answers are written in it too).
    Board(BoardPuzzle, Alphabet),
}

/// Reads exactly one puzzle of any size (4×4 to 25×25) in any format, and checks its givens.
fn any_puzzle(value: &JsValue) -> Result<AnyPuzzle, JsError> {
    let text = text(value, "puzzle")?;
    if !boards::detect(&text, None).is_some_and(|(_, shape)| shape != Shape::NINE) {
        return puzzle_in(&text).map(AnyPuzzle::Nine);
    }
    let parsed = boards::parse_boards(&text, None, None);
    if let Some(e) = parsed.error {
        return Err(JsError::new(&e.to_string()));
    }
    match &parsed.cases[..] {
        [case] => {
            let p = case.puzzle(parsed.format).map_err(|e| JsError::new(&e.to_string()))?;
            Ok(AnyPuzzle::Board(p, case.alphabet))
        }
        cases => Err(JsError::new(&format!("expected one puzzle, found {}", cases.len()))),
    }
}

thread_local! {
    static ENGINE: std::cell::RefCell<Dlx> = std::cell::RefCell::new(Dlx::new());
}

fn with_engine<T>(f: impl FnOnce(&mut Dlx) -> T) -> T {
    ENGINE.with(|e| f(&mut e.borrow_mut()))
}

/// The first solution as a line (81 digits for a 9×9; another size's cells in the puzzle's
/// alphabet), or `undefined` if there is none.
#[wasm_bindgen]
pub fn solve(puzzle: &JsValue) -> Result<Option<String>, JsError> {
    let solution = match any_puzzle(puzzle)? {
        AnyPuzzle::Nine(p) => with_engine(|e| e.solve(&p)).map(|s| s.map(|g| g.to_line())),
        AnyPuzzle::Board(p, a) => with_engine(|e| e.solve_board(&p)).map(|s| s.map(|b| b.to_line(a))),
    };
    solution.map_err(|e| JsError::new(&e.to_string()))
}

/// The number of solutions, counting no further than `limit` (at most 2^53).
#[wasm_bindgen(js_name = countSolutions)]
pub fn count_solutions(puzzle: &JsValue, limit: f64) -> Result<f64, JsError> {
    let p = any_puzzle(puzzle)?;
    if limit.is_nan() || limit < 0.0 {
        return Err(JsError::new("the limit must be a number ≥ 0"));
    }
    let limit = limit.min(9_007_199_254_740_992.0) as u64;
    let count = match p {
        AnyPuzzle::Nine(p) => with_engine(|e| e.count(&p, limit)),
        AnyPuzzle::Board(p, _) => with_engine(|e| e.count_board(&p, limit)),
    };
    let count = count.map_err(|e| JsError::new(&e.to_string()))?;
    Ok(count as f64)
}

/// `{kind: "none" | "unique" | "multiple", solutions: [line, …]}` with no, one or two
/// solutions (the search stops at the second).
#[wasm_bindgen]
pub fn verdict(puzzle: &JsValue) -> Result<Object, JsError> {
    fn lines<G>(verdict: Verdict<G>, line: impl Fn(G) -> String) -> (&'static str, Array) {
        let (kind, grids) = match verdict {
            Verdict::None => ("none", vec![]),
            Verdict::Unique(a) => ("unique", vec![a]),
            Verdict::Multiple(a, b) => ("multiple", vec![a, b]),
        };
        (kind, grids.into_iter().map(|g| JsValue::from(line(g))).collect())
    }
    let (kind, solutions) = match any_puzzle(puzzle)? {
        AnyPuzzle::Nine(p) => lines(with_engine(|e| e.verdict(&p)).map_err(js_error)?, |g| g.to_line()),
        AnyPuzzle::Board(p, a) => lines(with_engine(|e| e.verdict_board(&p)).map_err(js_error)?, |b| {
            b.to_line(a)
        }),
    };
    object(&[("kind", kind.into()), ("solutions", solutions.into())])
}

fn js_error(e: impl std::fmt::Display) -> JsError {
    JsError::new(&e.to_string())
}

/// For each of the 81 cells, a bit set of the digits that clash with no given
/// (bit `d` for digit `d`); a given's cell has its own digit only.
#[wasm_bindgen]
pub fn candidates(puzzle: &JsValue) -> Result<Vec<u16>, JsError> {
    Ok(one_puzzle(puzzle)?.givens().candidates().to_vec())
}

/// `{format, side, alphabet, puzzles: [line, …]}` for text in any format the CLI reads, at
/// any size: `format` is "line" | "hdu" | "hiho" for 9×9 and "line" | "poj" for the others,
/// `side` 4, 9, 16 or 25, `alphabet` "digits" or "letters" (as the text was written; each
/// line is written in it, `.` for a blank). Malformed text throws, naming the line and cell;
/// clashing givens are not checked here (the grid itself is well formed).
#[wasm_bindgen]
pub fn parse(input: &JsValue) -> Result<Object, JsError> {
    let text = text(input, "text")?;
    if let Some((_, shape)) = boards::detect(&text, None).filter(|&(_, shape)| shape != Shape::NINE) {
        let parsed = boards::parse_boards(&text, None, Some(shape));
        if let Some(e) = parsed.error {
            return Err(js_error(e));
        }
        let alphabet = parsed
            .cases
            .first()
            .map_or(Alphabet::default_for(shape), |c| c.alphabet);
        let puzzles: Array = parsed
            .cases
            .iter()
            .map(|c| JsValue::from(c.board.to_line(c.alphabet)))
            .collect();
        return object(&[
            ("format", parsed.format.name().into()),
            ("side", (shape.side() as u32).into()),
            ("alphabet", alphabet_name(alphabet).into()),
            ("puzzles", puzzles.into()),
        ]);
    }
    let parsed = formats::parse(&text, None);
    if let Some(e) = parsed.error {
        return Err(JsError::new(&e.to_string()));
    }
    let puzzles: Array = parsed.cases.iter().map(|c| JsValue::from(c.grid.to_line())).collect();
    object(&[
        ("format", parsed.format.name().into()),
        ("side", 9u32.into()),
        ("alphabet", "digits".into()),
        ("puzzles", puzzles.into()),
    ])
}

fn alphabet_name(a: Alphabet) -> &'static str {
    match a {
        Alphabet::Digits => "digits",
        Alphabet::Letters => "letters",
    }
}

/// The alphabet the page names ("digits" or "letters"), if it fits `shape`; `None` when
/// it named none.
fn alphabet_arg(name: Option<String>, shape: Shape) -> Result<Option<Alphabet>, JsError> {
    let Some(name) = name else { return Ok(None) };
    let a = match name.as_str() {
        "digits" => Alphabet::Digits,
        "letters" => Alphabet::Letters,
        _ => return Err(JsError::new(&format!("no alphabet {name:?} (digits or letters)"))),
    };
    if !a.allowed(shape) {
        let side = shape.side();
        return Err(JsError::new(&format!("a {side}×{side} grid is not written in {name}")));
    }
    Ok(Some(a))
}

/// The checked form of a puzzle: its 81-character line, or an error naming the clash.
#[wasm_bindgen(js_name = checkPuzzle)]
pub fn check_puzzle(puzzle: &JsValue) -> Result<String, JsError> {
    Ok(one_puzzle(puzzle)?.givens().to_line())
}

/// What the givens of a line of 16, 81, 256 or 625 cells (`.`, `0` or `-` for a blank) do
/// wrong, as the
/// user types: `{clashes: [{cell, other, message}], stuck: [cell]}`. A clash names the
/// later cell and the earlier one of its unit; a stuck cell is an empty cell in which
/// no digit fits the givens (only looked for when nothing clashes). `alphabet` ("digits" or
/// "letters", for 16×16 where both are allowed) says how the line is written; without it,
/// as the line reads (letters unless it holds a digit 1–9).
/// How a grid names a cell: "r1c2".
type CellName = fn(Shape, usize) -> String;

#[wasm_bindgen(js_name = checkGivens)]
pub fn check_givens(line: &JsValue, alphabet: Option<String>) -> Result<Object, JsError> {
    let text = text(line, "puzzle")?;
    let cells = text.trim_end();
    let (clashes, candidates, name): (Vec<(Clash, String)>, Vec<u32>, CellName) =
        match Shape::of_cells(cells.chars().count()).filter(|&s| s != Shape::NINE) {
            Some(shape) => {
                let alphabet = alphabet_arg(alphabet, shape)?.unwrap_or_else(|| Alphabet::detect(shape, cells));
                let board = Board::parse(shape, alphabet, cells).map_err(js_error)?;
                let clashes = board
                    .clashes()
                    .into_iter()
                    .map(|c| (c, c.describe(shape, alphabet)))
                    .collect();
                (clashes, board.candidates(), |shape, cell| shape.cell_name(cell))
            }
            None => {
                let grid = Grid::parse_line(&text).map_err(js_error)?;
                // 9×9 has one alphabet; another one named is an error, as at the other sizes.
                alphabet_arg(alphabet, Shape::NINE)?;
                let clashes = grid.clashes().into_iter().map(|c| (c, c.to_string())).collect();
                let candidates = grid.candidates().iter().map(|&c| u32::from(c)).collect();
                (clashes, candidates, |_, cell| crate::sudoku::cell_name(cell))
            }
        };
    let shape = Shape::of_cells(candidates.len()).expect("a grid of some size");
    let clashes: Array = clashes
        .iter()
        .map(|(c, words)| {
            let message = format!("{words} ({})", name(shape, c.other));
            object(&[
                ("cell", (c.cell as u32).into()),
                ("other", (c.other as u32).into()),
                ("message", message.into()),
            ])
            .map(JsValue::from)
        })
        .collect::<Result<_, _>>()?;
    let stuck: Array = if clashes.length() > 0 {
        Array::new()
    } else {
        (0..candidates.len())
            .filter(|&c| candidates[c] == 0)
            .map(|c| JsValue::from(c as u32))
            .collect()
    };
    object(&[("clashes", clashes.into()), ("stuck", stuck.into())])
}

/// The next logical step for a board (`sudoku::logic::hint`), without taking it. `puzzle`
/// holds the digits on the board; `marks`, if given, the user's pencil marks: 81 bit sets
/// (bit `d` for digit `d`, 0 for a cell without marks). Always `{kind, why}` (`why` one
/// sentence), and for `kind`:
/// - "step": `technique, cells, digits, place: [cell, digit] | null, remove: [[cell, digit], …]`;
/// - "stuck": `open` (logic finds no step: it takes search from here);
/// - "markedOut": `cell, digit` (the marks leave out the solution's digit there);
/// - "solved", or "noSolution" (the digits on the board have none).
///
/// Clashing digits throw, naming the clash.
#[wasm_bindgen]
pub fn hint(puzzle: &JsValue, marks: Option<Vec<u16>>) -> Result<Object, JsError> {
    use crate::sudoku::logic::{self, Hint};
    let p = one_puzzle(puzzle)?;
    let marks: [u16; 81] = match marks {
        None => [0; 81],
        Some(m) => m
            .try_into()
            .map_err(|m: Vec<u16>| JsError::new(&format!("the pencil marks must be 81 numbers, not {}", m.len())))?,
    };
    let verdict = with_engine(|e| e.verdict(&p)).map_err(|e| JsError::new(&e.to_string()))?;
    let solution = match verdict {
        Verdict::None => {
            let why = "No solution from here: a digit on the board is wrong (or the puzzle has none). Undo back to where it went wrong.";
            return object(&[("kind", "noSolution".into()), ("why", why.into())]);
        }
        Verdict::Unique(s) => Some(s),
        Verdict::Multiple(..) => None,
    };
    let h = logic::hint(p.givens(), &marks, solution.as_ref());
    let pair = |(c, d): (usize, u8)| -> JsValue { Array::of2(&(c as u32).into(), &u32::from(d).into()).into() };
    let why = ("why", JsValue::from(h.why()));
    match h {
        Hint::Step(step) => {
            let cells: Array = step.cells.iter().map(|&c| JsValue::from(c as u32)).collect();
            let digits: Array = step.digits.iter().map(|&d| JsValue::from(u32::from(d))).collect();
            let remove: Array = step.remove.iter().map(|&r| pair(r)).collect();
            object(&[
                ("kind", "step".into()),
                why,
                ("technique", step.technique.name().into()),
                ("cells", cells.into()),
                ("digits", digits.into()),
                ("place", step.place.map_or(JsValue::NULL, pair)),
                ("remove", remove.into()),
            ])
        }
        Hint::Solved => object(&[("kind", "solved".into()), why]),
        Hint::Stuck { open } => object(&[("kind", "stuck".into()), why, ("open", (open as u32).into())]),
        Hint::MarkedOut { cell, digit } => object(&[
            ("kind", "markedOut".into()),
            why,
            ("cell", (cell as u32).into()),
            ("digit", u32::from(digit).into()),
        ]),
    }
}

/// A new puzzle with exactly one solution: `{line, level, logic, effort}` (`effort`: the
/// mean DLX nodes over relabellings, measured only when logic stalls). `level` is one of
/// "easy" … "extreme" or undefined for any; `symmetry` "none", "rotational", "diagonal" or
/// "mirror"; the same `seed` gives the same puzzle as `dlx-sudoku generate` on any machine.
#[wasm_bindgen(js_name = generatePuzzle)]
pub fn generate_puzzle(level: &JsValue, symmetry: &JsValue, seed: f64) -> Result<Object, JsError> {
    use crate::sudoku::generate::{puzzle_seed, Generator, Level, Symmetry};
    let level = match level.as_string() {
        None if level.is_undefined() || level.is_null() => None,
        None => return Err(JsError::new("the level must be a string")),
        Some(l) => Some(l.parse::<Level>().map_err(|e| JsError::new(&e))?),
    };
    let symmetry = match symmetry.as_string() {
        None if symmetry.is_undefined() || symmetry.is_null() => Symmetry::None,
        None => return Err(JsError::new("the symmetry must be a string")),
        Some(s) => s.parse::<Symmetry>().map_err(|e| JsError::new(&e))?,
    };
    if !(seed >= 0.0 && seed.fract() == 0.0 && seed <= 9_007_199_254_740_991.0) {
        return Err(JsError::new("the seed must be a whole number from 0 to 2^53 - 1"));
    }
    thread_local! {
        static GENERATOR: std::cell::RefCell<Generator> = std::cell::RefCell::new(Generator::new(0));
    }
    let made = GENERATOR.with(|g| {
        let mut g = g.borrow_mut();
        g.reseed(puzzle_seed(seed as u64, 0));
        g.generate(level, symmetry, false)
    });
    let logic = match made.rating.hardest {
        _ if !made.rating.solved() => format!("needs search ({} cells open)", made.rating.open),
        Some(t) => t.name().to_owned(),
        None => "none".to_owned(),
    };
    object(&[
        ("line", made.puzzle.givens().to_line().into()),
        ("level", made.level.name().into()),
        ("logic", logic.into()),
        ("effort", made.effort.map_or(JsValue::UNDEFINED, JsValue::from)),
    ])
}

/// The Sudoku numbering of [`model`] for a grid of `side` (4, 9, 16 or 25; 9 when
/// undefined), handed to the page once as tables: `{order, side, cells, items, options,
/// symbols (the side's usual alphabet, one character per digit), optionCell, optionDigit,
/// optionItems (4 per option, in node order), itemOptions (side per item, top to bottom),
/// itemKind (index into kindNames), kindNames, itemUnit (the row, column or box; the cell
/// for a cell item), itemDigit (0 for a cell item), itemNames, optionNames, cellNames
/// ("r3c4")}`. `alphabet` ("digits" or "letters") writes `symbols` and the names in it
/// (16×16 has both: `1`–`9A`–`G` and POJ 3076's `A`–`P`); by default, the side's usual one.
#[wasm_bindgen(js_name = sudokuTables)]
pub fn sudoku_tables(side: Option<u32>, alphabet: Option<String>) -> Result<Object, JsError> {
    let side = side.unwrap_or(9);
    let shape = Shape::of_side(side as usize)
        .ok_or_else(|| JsError::new(&format!("no Sudoku of side {side} (4, 9, 16 or 25)")))?;
    let alphabet = alphabet_arg(alphabet, shape)?.unwrap_or(Alphabet::default_for(shape));
    let sym = |d| alphabet.symbol(d);
    let (items, options, cells) = (shape.items(), shape.options(), shape.cells());
    let mut option_cell = Vec::with_capacity(options);
    let mut option_digit = Vec::with_capacity(options);
    let mut option_items = Vec::with_capacity(4 * options);
    for o in 0..options {
        let (cell, digit) = shape.placement(o);
        option_cell.push(cell as u16);
        option_digit.push(digit);
        option_items.extend(shape.option_items(o).iter().map(|&i| i as u16));
    }
    let mut item_options = Vec::with_capacity(shape.side() * items);
    let (mut kind, mut unit, mut digit) = (vec![], vec![], vec![]);
    for i in 0..items {
        item_options.extend(shape.item_options(i).map(|o| o as u16));
        let (k, u, d) = match shape.item(i) {
            model::Item::Cell(c) => (0u8, c, 0),
            model::Item::RowDigit(r, d) => (1, r, d),
            model::Item::ColumnDigit(c, d) => (2, c, d),
            model::Item::BoxDigit(b, d) => (3, b, d),
        };
        kind.push(k);
        unit.push(u as u16);
        digit.push(d);
    }
    let names = |n: usize, f: &dyn Fn(usize) -> String| -> Array { (0..n).map(|k| JsValue::from(f(k))).collect() };
    let kind_names: Array = ["cell", "row", "column", "box"]
        .iter()
        .map(|&k| JsValue::from(k))
        .collect();
    let symbols: String = (1..=shape.side() as u8).map(sym).collect();
    object(&[
        ("order", (shape.order() as u32).into()),
        ("side", (shape.side() as u32).into()),
        ("cells", (cells as u32).into()),
        ("items", (items as u32).into()),
        ("options", (options as u32).into()),
        ("symbols", symbols.into()),
        ("optionCell", Uint16Array::from(&option_cell[..]).into()),
        ("optionDigit", Uint8Array::from(&option_digit[..]).into()),
        ("optionItems", Uint16Array::from(&option_items[..]).into()),
        ("itemOptions", Uint16Array::from(&item_options[..]).into()),
        ("itemKind", Uint8Array::from(&kind[..]).into()),
        ("kindNames", kind_names.into()),
        ("itemUnit", Uint16Array::from(&unit[..]).into()),
        ("itemDigit", Uint8Array::from(&digit[..]).into()),
        ("itemNames", names(items, &|i| shape.describe_item_in(i, sym)).into()),
        (
            "optionNames",
            names(options, &|o| shape.describe_option_in(o, sym)).into(),
        ),
        ("cellNames", names(cells, &|c| shape.cell_name(c)).into()),
    ])
}

/// What a DLX1 text ([`crate::dlx1`]) is, as the user types it: `{error: null, items,
/// primary, options, entries}` for a problem, or `{error: {line, column, message}}` (line and
/// column from 1, column 0 when the error has none; `message` names them too).
#[wasm_bindgen(js_name = checkCover)]
pub fn check_cover(input: &JsValue) -> Result<Object, JsError> {
    match Problem::parse(&text(input, "problem")?) {
        Ok(p) => {
            let entries: usize = (0..p.options()).map(|o| p.option_items(o).count()).sum();
            object(&[
                ("error", JsValue::NULL),
                ("items", (p.items() as u32).into()),
                ("primary", (p.primary() as u32).into()),
                ("options", (p.options() as u32).into()),
                ("entries", (entries as u32).into()),
            ])
        }
        Err(e) => {
            let error = object(&[
                ("line", (e.line as u32).into()),
                ("column", (e.column as u32).into()),
                ("message", e.to_string().into()),
            ])?;
            object(&[("error", error.into())])
        }
    }
}

/// The number of solutions of a problem in DLX1 text, counting no further than `limit` (at
/// most 2^53): the plain search with no trace, as `dlx-sudoku cover --count` runs it. A
/// malformed text throws, naming the line and the column.
#[wasm_bindgen(js_name = countCover)]
pub fn count_cover(input: &JsValue, limit: f64) -> Result<f64, JsError> {
    let p = Problem::parse(&text(input, "problem")?).map_err(|e| JsError::new(&e.to_string()))?;
    let limit = count_arg(limit);
    let mut search = p.search();
    let mut found = 0u64;
    while found < limit {
        match pieces::step(&mut search) {
            Status::Solution => found += 1,
            Status::Done => break,
            Status::Running => {}
        }
    }
    Ok(found as f64)
}

/// The DLX1 text of one of `dlx-sudoku cover --example`'s problems ([`Example`]), e.g.
/// `coverExample("queens", "5")`; `arg` is undefined for `knuth`. A bad name or argument
/// throws, saying what was expected.
#[wasm_bindgen(js_name = coverExample)]
pub fn cover_example(name: &JsValue, arg: &JsValue) -> Result<String, JsError> {
    let arg = match arg.as_string() {
        None if arg.is_undefined() || arg.is_null() => None,
        None => return Err(JsError::new("the argument must be a string")),
        Some(a) => Some(a),
    };
    let example = Example::from_args(&text(name, "example's name")?, arg.as_deref()).map_err(|e| JsError::new(&e))?;
    Ok(example.to_dlx1())
}

fn object(fields: &[(&str, JsValue)]) -> Result<Object, JsError> {
    let o = Object::new();
    for (k, v) in fields {
        Reflect::set(&o, &JsValue::from_str(k), v).map_err(|_| JsError::new("cannot build the result"))?;
    }
    Ok(o)
}

/// One Web Worker's part of a count that several share ([`crate::pieces`]): its own copy of the
/// problem, the pieces it was handed and what they found. The page's count pool
/// (`www/wasm/count-pool.js`) has one worker split the tree ([`PieceCounter::split`]), hands the
/// pieces out one at a time, moves the ones a busy worker has not started to an idle one
/// ([`PieceCounter::take`], [`PieceCounter::give`]) and adds up what each found. A piece crosses
/// as a `Uint32Array` the page does not read.
#[wasm_bindgen]
pub struct PieceCounter {
    matrix: Matrix,
    counter: pieces::Counter,
}

#[wasm_bindgen]
impl PieceCounter {
    /// The count of a Sudoku of any size, in any format the CLI reads, givens placed.
    pub fn sudoku(puzzle: &JsValue) -> Result<PieceCounter, JsError> {
        let matrix = match any_puzzle(puzzle)? {
            AnyPuzzle::Nine(p) => crate::sudoku::dlx::start(&p).into_matrix(),
            AnyPuzzle::Board(p, _) => crate::sudoku::dlx::start_board(&p).into_matrix(),
        };
        Ok(PieceCounter::of(matrix))
    }

    /// The count of a problem in DLX1 text. A malformed text throws, naming the line and the
    /// column.
    pub fn cover(text: &JsValue) -> Result<PieceCounter, JsError> {
        let p = Problem::parse(&self::text(text, "problem")?).map_err(|e| JsError::new(&e.to_string()))?;
        Ok(PieceCounter::of(p.matrix().clone()))
    }

    fn of(matrix: Matrix) -> PieceCounter {
        PieceCounter {
            counter: pieces::Counter::new(&matrix),
            matrix,
        }
    }

    /// The top of the tree, for the whole count to start from: the search runs down to the
    /// shallowest depth with at least `wanted` nodes (or `limit` solutions). `{pieces: [a
    /// Uint32Array for each node there], solutions, nodes, done}`: solutions found above that
    /// depth, the nodes searched, and the share of the tree done (0 to 1).
    pub fn split(&self, wanted: u32, limit: f64) -> Result<Object, JsError> {
        let top = pieces::first_split(&Search::new(self.matrix.clone()), wanted as usize, count_arg(limit));
        let list: Array = top
            .pieces()
            .iter()
            .map(|p| JsValue::from(u32s(pieces::encode(std::slice::from_ref(p)))))
            .collect();
        object(&[
            ("pieces", list.into()),
            ("solutions", (top.by_depth.iter().sum::<u64>() as f64).into()),
            ("nodes", (top.counters.nodes as f64).into()),
            ("done", share(top.done()).into()),
        ])
    }

    /// Pieces to run after those this counter has: words as `split` and `take` give them.
    pub fn give(&mut self, words: &[u32]) -> Result<(), JsError> {
        let more = pieces::decode(words).map_err(|e| JsError::new(&e.to_string()))?;
        self.counter.give(more);
        Ok(())
    }

    /// Runs pieces until about `nodes` nodes are searched, none is left, or `limit` more
    /// solutions are found (then it drops the rest: the count is over). A piece that is not
    /// one of this problem's throws.
    pub fn work(&mut self, nodes: f64, limit: f64) -> Result<(), JsError> {
        self.counter
            .work(count_arg(nodes), count_arg(limit))
            .map_err(|e| JsError::new(&format!("a piece that is not one of this problem's: {e}")))
    }

    /// Up to `n` pieces not started, the largest first (one is always kept), each a
    /// `Uint32Array`, taken from this counter to give to another.
    pub fn take(&mut self, n: u32) -> Array {
        self.counter
            .take(n as usize)
            .iter()
            .map(|p| JsValue::from(u32s(pieces::encode(std::slice::from_ref(p)))))
            .collect()
    }

    /// Pieces given and not run yet.
    #[wasm_bindgen(getter)]
    pub fn queued(&self) -> u32 {
        self.counter.queued() as u32
    }

    /// Solutions found so far.
    #[wasm_bindgen(getter)]
    pub fn solutions(&self) -> f64 {
        self.counter.found() as f64
    }

    /// Search-tree nodes so far (options tried).
    #[wasm_bindgen(getter)]
    pub fn nodes(&self) -> f64 {
        self.counter.tally().counters.nodes as f64
    }

    /// The share of the whole tree this counter has searched, from 0 to 1.
    #[wasm_bindgen(getter)]
    pub fn done(&self) -> f64 {
        share(self.counter.done())
    }
}

/// Units of [`pieces::WHOLE`] as a share from 0 to 1.
fn share(units: u64) -> f64 {
    units as f64 / pieces::WHOLE as f64
}

/// The step-by-step search of a Sudoku or of any exact-cover problem, forwards and
/// backwards; and what a viewer draws of it, read from the search's own state.
#[wasm_bindgen]
pub struct Trace {
    inner: trace::Trace,
    shown: Shown,
    /// Item names of a generic problem (numbers if it has none); `None` for Sudoku.
    names: Option<Vec<String>>,
    /// The names of a problem's colours (DLX2's `item:colour`), colour 1 first; empty for none.
    colours: Vec<String>,
    /// The size of a Sudoku search (9×9 for the others, whose names come from `names`).
    shape: Shape,
    givens: Option<String>,
    run: trace::Run,
    buf: Vec<u32>,
    /// The picture of a workbench problem's placements, if one fits ([`Drawing::of`]).
    drawing: Option<Drawing>,
}

/// Batches are capped so that one call never holds the page for long.
const MAX_BATCH: u32 = 1 << 20;
/// The node arrays are handed out for matrices small enough to draw.
const MAX_DRAWN_NODES: usize = 4096;

/// A count from JS: a whole number ≥ 0, at most 2^53 (negatives are 0, NaN too: `as`
/// turns it into 0, and cuts off the fraction).
fn count_arg(x: f64) -> u64 {
    x.clamp(0.0, 9_007_199_254_740_992.0) as u64
}

fn u32s(v: impl IntoIterator<Item = u32>) -> Uint32Array {
    let v: Vec<u32> = v.into_iter().collect();
    Uint32Array::from(&v[..])
}

#[wasm_bindgen]
impl Trace {
    /// The Sudoku search of `puzzle` (any format), givens already placed.
    #[wasm_bindgen(constructor)]
    pub fn new(puzzle: &JsValue) -> Result<Trace, JsError> {
        Ok(match any_puzzle(puzzle)? {
            AnyPuzzle::Nine(p) => Trace::of(trace::Trace::sudoku(&p), None, Some(p.givens().to_line())),
            AnyPuzzle::Board(p, a) => {
                let mut t = Trace::of(trace::Trace::board(&p), None, Some(p.givens().to_line(a)));
                t.shape = p.shape();
                t
            }
        })
    }

    /// The side of a Sudoku search's grid (4, 9, 16 or 25).
    #[wasm_bindgen(getter)]
    pub fn side(&self) -> u32 {
        self.shape.side() as u32
    }

    fn of(inner: trace::Trace, names: Option<Vec<String>>, givens: Option<String>) -> Trace {
        Trace {
            inner,
            shown: Shown::new(),
            names,
            colours: Vec::new(),
            shape: Shape::NINE,
            givens,
            run: trace::Run::default(),
            buf: Vec::new(),
            drawing: None,
        }
    }

    /// The search of a generic exact-cover problem: items `0..primary` are primary,
    /// the next `secondary` secondary; `options` is an array of arrays of item numbers;
    /// `names` (optional) an array of the items' names.
    #[wasm_bindgen(js_name = exactCover)]
    pub fn exact_cover(primary: u32, secondary: u32, options: Array, names: Option<Array>) -> Result<Trace, JsError> {
        // In u64: on wasm32 the usize sum of two u32s can overflow (a panic in debug, a
        // wrapped-around small number that passes the check in release).
        if u64::from(primary) + u64::from(secondary) > 1 << 20 {
            return Err(JsError::new("too many items (at most 1048576)"));
        }
        let items = (primary + secondary) as usize;
        let names = match names {
            None => (0..items).map(|i| i.to_string()).collect(),
            Some(a) => {
                if a.length() as usize != items {
                    return Err(JsError::new(&format!("{} names for {items} items", a.length())));
                }
                a.iter()
                    .enumerate()
                    .map(|(k, v)| {
                        v.as_string()
                            .ok_or_else(|| JsError::new(&format!("the name of item {k} is not a string")))
                    })
                    .collect::<Result<Vec<_>, _>>()?
            }
        };
        let mut m = Matrix::new(primary as usize, secondary as usize);
        // Checked casts: `Array::try_from` is the unchecked blanket `From<JsValue>`, and
        // `.length` of a non-array is `undefined` (or a TypeError on null).
        if !Array::is_array(&options) {
            return Err(JsError::new("the options must be an array of arrays of item numbers"));
        }
        for (k, option) in options.iter().enumerate() {
            let option: Array = option
                .dyn_into()
                .map_err(|_| JsError::new(&format!("option {k} is not an array")))?;
            let items = option
                .iter()
                .map(|v| match v.as_f64() {
                    Some(x) if x >= 0.0 && x.fract() == 0.0 && x < u32::MAX as f64 => Ok(x as usize),
                    _ => Err(JsError::new(&format!("option {k}: {v:?} is not an item number"))),
                })
                .collect::<Result<Vec<_>, _>>()?;
            m.add_option(&items).map_err(|e| JsError::new(&e.to_string()))?;
        }
        Ok(Trace::of(trace::Trace::exact_cover(m), Some(names), None))
    }

    /// The search of a problem in Knuth's DLX1 text format ([`crate::dlx1`]). A malformed
    /// text throws, naming the line and the column (`checkCover` gives them as numbers).
    pub fn cover(text: &JsValue) -> Result<Trace, JsError> {
        let p = Problem::parse(&self::text(text, "problem")?).map_err(|e| JsError::new(&e.to_string()))?;
        let names = (0..p.items()).map(|i| p.item_name(i).to_owned()).collect();
        let mut t = Trace::of(trace::Trace::exact_cover(p.matrix().clone()), Some(names), None);
        t.colours = p.colour_names().to_vec();
        t.drawing = Drawing::of(&p);
        Ok(t)
    }

    /// The picture that fits a workbench problem (`dlx1::pictures`), or null: `{kind, rows,
    /// cols, heads, cells, starts, labels, groups}`, option `o` filling cells
    /// `cells[starts[o]..starts[o + 1]]` (each `row * cols + col`) with `labels[o]`, coloured
    /// as `groups[o]`.
    pub fn drawing(&self) -> Result<JsValue, JsError> {
        let Some(d) = &self.drawing else {
            return Ok(JsValue::NULL);
        };
        let strings = |v: &mut dyn Iterator<Item = &str>| v.map(JsValue::from_str).collect::<Array>();
        let mut starts = vec![0u32];
        for p in &d.places {
            starts.push(starts[starts.len() - 1] + p.cells.len() as u32);
        }
        Ok(object(&[
            ("kind", d.kind.name().into()),
            ("rows", (d.rows as u32).into()),
            ("cols", (d.cols as u32).into()),
            ("heads", strings(&mut d.heads.iter().map(String::as_str)).into()),
            (
                "cells",
                u32s(d.places.iter().flat_map(|p| p.cells.iter().copied())).into(),
            ),
            ("starts", Uint32Array::from(&starts[..]).into()),
            ("labels", strings(&mut d.places.iter().map(|p| p.label.as_str())).into()),
            ("groups", u32s(d.places.iter().map(|p| p.group)).into()),
        ])?
        .into())
    }

    /// Knuth's 7-item example from "Dancing Links": items A–G, six options, one solution.
    pub fn knuth() -> Trace {
        let m = crate::exact_cover::knuth_example();
        let names = ["A", "B", "C", "D", "E", "F", "G"].map(String::from).to_vec();
        Trace::of(trace::Trace::exact_cover(m), Some(names), None)
    }

    // --- moving ------------------------------------------------------------------------------

    /// The next events, at most `max` (two words each); fewer only when the search ends.
    #[wasm_bindgen(js_name = nextBatch)]
    pub fn next_batch(&mut self, max: u32) -> Uint32Array {
        self.buf.clear();
        self.inner.next_batch(max.min(MAX_BATCH) as usize, &mut self.buf);
        Uint32Array::from(&self.buf[..])
    }

    /// Undoes at most `max` events and returns them, most recent first; fewer only at the start.
    #[wasm_bindgen(js_name = prevBatch)]
    pub fn prev_batch(&mut self, max: u32) -> Uint32Array {
        self.buf.clear();
        self.inner.prev_batch(max.min(MAX_BATCH) as usize, &mut self.buf);
        Uint32Array::from(&self.buf[..])
    }

    /// Runs at most `max` events, stopping right after one whose kind is in `stopAfter`
    /// (bit `1 << kind` per `EventKind`), or at the end. Returns the events run; then
    /// `stopped`, `runMinDepth` and `runMaxDepth` tell the rest.
    pub fn run(&mut self, max: f64, stop_after: u32) -> f64 {
        self.run = self.inner.run(count_arg(max), stop_after);
        self.run.events as f64
    }

    /// Undoes at most `max` events, stopping at the start or before undoing a second
    /// event whose kind is in `stopBefore` (which stays done and is the last event).
    #[wasm_bindgen(js_name = runBack)]
    pub fn run_back(&mut self, max: f64, stop_before: u32) -> f64 {
        self.run = self.inner.run_back(count_arg(max), stop_before);
        self.run.events as f64
    }

    /// Undoes at most `max` events, stopping right after the search tried the last option
    /// of `path` (options from level 0) below the others: the moment of a search tree node
    /// made again from a fold. `stopped`: found, or at the start with nothing found.
    #[wasm_bindgen(js_name = backTo)]
    pub fn back_to(&mut self, path: &[u32], max: f64) -> f64 {
        self.run = self.inner.back_to(count_arg(max), path);
        self.run.events as f64
    }

    /// The event a step forward would do next, its two words in one (`a << 32 | kind | b <<
    /// 4`, a BigInt), or 2^64−1 at the end (no event's: kind 15 is none); the search left
    /// where it is: predict mode's answer is the search's own next move.
    pub fn peek(&mut self) -> u64 {
        self.inner.peek().map_or(u64::MAX, |e| {
            let [w, a] = trace::encode(e);
            u64::from(a) << 32 | u64::from(w)
        })
    }

    /// Did the last `run`/`runBack` stop for a kind asked, or at the end or the start?
    #[wasm_bindgen(getter)]
    pub fn stopped(&self) -> bool {
        self.run.stopped
    }

    /// The least depth the last `run`/`runBack` passed.
    #[wasm_bindgen(getter, js_name = runMinDepth)]
    pub fn run_min_depth(&self) -> u32 {
        self.run.min_depth as u32
    }

    #[wasm_bindgen(getter, js_name = runMaxDepth)]
    pub fn run_max_depth(&self) -> u32 {
        self.run.max_depth as u32
    }

    /// The kind of the event that brought the search where it is, or -1 at the start.
    #[wasm_bindgen(getter, js_name = lastKind)]
    pub fn last_kind(&self) -> i32 {
        self.inner.last().map_or(-1, |e| Kind::of(e) as i32)
    }

    /// Its `a` field (an item or an option; see `trace`), 0 at the start.
    #[wasm_bindgen(getter, js_name = lastA)]
    pub fn last_a(&self) -> u32 {
        self.inner.last().map_or(0, |e| trace::fields(e).0)
    }

    /// Its `b` field (a length or a level), 0 at the start.
    #[wasm_bindgen(getter, js_name = lastB)]
    pub fn last_b(&self) -> u32 {
        self.inner.last().map_or(0, |e| trace::fields(e).1)
    }

    /// The line of Algorithm X (`AlgorithmStep`) that did the last event; `Start` at the start.
    #[wasm_bindgen(getter, js_name = algorithmStep)]
    pub fn algorithm_step(&self) -> u32 {
        self.inner.step() as u32
    }

    /// After a movement backwards, the line of Algorithm X (`AlgorithmStep`) whose event it
    /// undid last; -1 after a movement forwards.
    #[wasm_bindgen(getter, js_name = undoneStep)]
    pub fn undone_step(&self) -> i32 {
        self.inner.undone().map_or(-1, |s| s as i32)
    }

    /// True right after a level ended (a solution, a dead end, or an item with no branch
    /// left uncovered), before the search backs up.
    #[wasm_bindgen(getter, js_name = levelEnded)]
    pub fn level_ended(&self) -> bool {
        self.inner.search().level_ended()
    }

    /// The search tree (`crate::tree`), its nodes from `from` on, in one array: the number of
    /// nodes kept, how many times the tree folded (the node numbers of an older array are
    /// stale when it changes), the path's length and its nodes (root first), then eleven words
    /// a node: its parent, the option tried, the item chosen below it (or a dead end's item),
    /// that item's branches, how it ended (0 open, 1 dead end, 2 solution), the event count
    /// right after it was tried, its rank among its parent's branches (from 0), the branches
    /// it has tried, and the nodes, dead ends and solutions folded below it. 2^32−1 stands for none (the root's parent and
    /// option, an item not yet chosen, an event count not kept); counts stop at 2^32−1.
    pub fn tree(&self, from: u32) -> Uint32Array {
        let t = self.inner.tree();
        let sat = |x: u64| x.min(u64::from(u32::MAX)) as u32;
        let (nodes, path) = (t.nodes(), t.path());
        let mut v = Vec::with_capacity(3 + path.len() + 11 * nodes.len());
        v.extend([nodes.len() as u32, t.folds(), path.len() as u32]);
        v.extend_from_slice(path);
        for n in nodes.get(from as usize..).unwrap_or(&[]) {
            let b = n.below;
            v.extend([
                n.parent,
                n.option,
                n.item,
                n.branches,
                n.end as u32,
                sat(n.at),
                n.rank,
                n.tried,
            ]);
            v.extend([sat(b.nodes), sat(b.dead_ends), sat(b.solutions)]);
        }
        Uint32Array::from(&v[..])
    }

    // --- what a viewer draws -----------------------------------------------------------------

    /// Takes a picture of the search for the arrays below, and works out which items and
    /// options changed since the last one (`changedItems`, `changedOptions`). Returns true
    /// when everything must be redrawn (the first picture, or after `forget`).
    pub fn refresh(&mut self) -> bool {
        self.shown.refresh(self.inner.search())
    }

    /// The next `refresh` reports every item and option as changed.
    pub fn forget(&mut self) {
        self.shown.forget();
    }

    #[wasm_bindgen(js_name = changedItems)]
    pub fn changed_items(&self) -> Uint32Array {
        Uint32Array::from(self.shown.changed_items())
    }

    #[wasm_bindgen(js_name = changedOptions)]
    pub fn changed_options(&self) -> Uint32Array {
        Uint32Array::from(self.shown.changed_options())
    }

    /// Options left in each item's list at the last `refresh` (a covered item keeps the
    /// length it had when covered).
    #[wasm_bindgen(js_name = itemLengths)]
    pub fn item_lengths(&self) -> Uint32Array {
        Uint32Array::from(&self.shown.picture().len[..])
    }

    /// `ItemFlag` bits of each item at the last `refresh`.
    #[wasm_bindgen(js_name = itemFlags)]
    pub fn item_flags(&self) -> Uint8Array {
        Uint8Array::from(&self.shown.picture().flags[..])
    }

    /// `OptionState` of each option at the last `refresh`.
    #[wasm_bindgen(js_name = optionStates)]
    pub fn option_states(&self) -> Uint8Array {
        Uint8Array::from(&self.shown.picture().options[..])
    }

    /// The open levels at the last `refresh`, level 0 first, five numbers each: the item
    /// chosen, the option tried (or 2^32 − 1 between tries), its rank among the item's
    /// branches (from 1; one past the last when none is left), how many branches there
    /// are, and 1 while the option is in the partial solution.
    pub fn choices(&self) -> Uint32Array {
        u32s(self.shown.picture().choices.iter().flat_map(|c| {
            let option = if c.trying { c.branches[c.at] } else { u32::MAX };
            [
                c.item,
                option,
                c.at as u32 + 1,
                c.branches.len() as u32,
                u32::from(c.trying),
            ]
        }))
    }

    /// The branches of the open level `level` at the last `refresh`, top to bottom.
    pub fn branches(&self, level: u32) -> Result<Uint32Array, JsError> {
        let choices = &self.shown.picture().choices;
        let c = choices
            .get(level as usize)
            .ok_or_else(|| JsError::new(&format!("level {level} is not open ({} are)", choices.len())))?;
        Ok(Uint32Array::from(&c.branches[..]))
    }

    /// The options in an item's list, top to bottom: its live options, or for a covered
    /// item the ones its cover hid.
    #[wasm_bindgen(js_name = itemOptions)]
    pub fn item_options(&self, item: u32) -> Result<Uint32Array, JsError> {
        let m = self.inner.search().matrix();
        if item as usize >= m.items() {
            return Err(JsError::new(&format!("there is no item {item}")));
        }
        Ok(u32s(m.item_options(item as usize).map(|o| o as u32)))
    }

    /// The items of an option, in node order.
    #[wasm_bindgen(js_name = optionItems)]
    pub fn option_items(&self, option: u32) -> Result<Uint32Array, JsError> {
        let m = self.inner.search().matrix();
        if option as usize >= m.options() {
            return Err(JsError::new(&format!("there is no option {option}")));
        }
        Ok(u32s(m.option_items(option as usize).map(|i| i as u32)))
    }

    /// An item's name: for Sudoku in words ("row 3 has 7"), else as given.
    #[wasm_bindgen(js_name = itemName)]
    pub fn item_name(&self, item: u32) -> String {
        let i = item as usize;
        match &self.names {
            _ if i >= self.inner.search().matrix().items() => format!("item {item}"),
            None => self.shape.describe_item(i),
            Some(names) => names[i].clone(),
        }
    }

    /// An option's name: for Sudoku "r3c4 = 7", else the names of its items.
    #[wasm_bindgen(js_name = optionName)]
    pub fn option_name(&self, option: u32) -> String {
        let (o, m) = (option as usize, self.inner.search().matrix());
        match &self.names {
            _ if o >= m.options() => format!("option {option}"),
            None => self.shape.describe_option(o),
            Some(names) => m
                .option_items(o)
                .zip(m.option_colours(o))
                .map(|(i, c)| match c {
                    0 => names[i].clone(),
                    c => format!("{}:{}", names[i], self.colour_name(c)),
                })
                .collect::<Vec<_>>()
                .join(" "),
        }
    }

    /// The colour each item is purified with at the last `refresh` (a problem with colours:
    /// an option of the partial solution gave it that colour; `colourName` names it), 0 for none.
    #[wasm_bindgen(js_name = itemColours)]
    pub fn item_colours(&self) -> Uint32Array {
        Uint32Array::from(&self.shown.picture().colours[..])
    }

    /// The name of colour `colour` (from 1), as the problem's text gives it; "" for 0 or a
    /// colour the problem does not have.
    #[wasm_bindgen(js_name = colourName)]
    pub fn colour_name(&self, colour: u32) -> String {
        match colour {
            0 => String::new(),
            c => self.colours.get(c as usize - 1).cloned().unwrap_or_default(),
        }
    }

    /// True if the problem has colours (DLX2's `item:colour`).
    #[wasm_bindgen(getter)]
    pub fn coloured(&self) -> bool {
        self.inner.search().matrix().is_coloured()
    }

    /// DLX2's cleansings so far (a problem with colours; see `Counters::cleansings`).
    #[wasm_bindgen(getter)]
    pub fn cleansings(&self) -> f64 {
        self.inner.search().counters().cleansings as f64
    }

    /// The links of every node, four numbers each, `[up, down, top, right]` (Knuth's
    /// drawing of a small matrix; `top` is 2^32 − 1 for a spacer). Nodes `0..items` head
    /// the items' lists; option nodes follow, with a spacer before, between and after
    /// the options. Only for matrices of at most 4096 nodes.
    #[wasm_bindgen(js_name = nodeLinks)]
    pub fn node_links(&self) -> Result<Uint32Array, JsError> {
        let m = self.inner.search().matrix();
        if m.node_options().len() > MAX_DRAWN_NODES {
            return Err(JsError::new(&format!(
                "too many nodes to draw (more than {MAX_DRAWN_NODES})"
            )));
        }
        Ok(u32s(m.node_links().flatten()))
    }

    /// The option of each node (2^32 − 1 for headers and spacers).
    #[wasm_bindgen(js_name = nodeOptions)]
    pub fn node_options(&self) -> Uint32Array {
        Uint32Array::from(self.inner.search().matrix().node_options())
    }

    /// The horizontal list of items, `[prev, next]` for each item, then for the primary
    /// root (index `items`) and the secondary root (`items + 1`).
    #[wasm_bindgen(js_name = itemLinks)]
    pub fn item_links(&self) -> Uint32Array {
        u32s(self.inner.search().item_links().flat_map(|(p, n)| [p, n]))
    }

    // --- the search's numbers -----------------------------------------------------------------

    /// The givens as a line of the grid's cells (Sudoku traces only).
    #[wasm_bindgen(getter)]
    pub fn givens(&self) -> Option<String> {
        self.givens.clone()
    }

    #[wasm_bindgen(getter)]
    pub fn items(&self) -> u32 {
        self.inner.search().matrix().items() as u32
    }

    #[wasm_bindgen(getter)]
    pub fn primary(&self) -> u32 {
        self.inner.search().matrix().primary() as u32
    }

    #[wasm_bindgen(getter)]
    pub fn options(&self) -> u32 {
        self.inner.search().matrix().options() as u32
    }

    #[wasm_bindgen(getter)]
    pub fn events(&self) -> f64 {
        self.inner.search().counters().events as f64
    }

    #[wasm_bindgen(getter)]
    pub fn nodes(&self) -> f64 {
        self.inner.search().counters().nodes as f64
    }

    #[wasm_bindgen(getter)]
    pub fn updates(&self) -> f64 {
        self.inner.search().counters().updates as f64
    }

    #[wasm_bindgen(getter)]
    pub fn solutions(&self) -> f64 {
        self.inner.search().counters().solutions as f64
    }

    #[wasm_bindgen(getter, js_name = deadEnds)]
    pub fn dead_ends(&self) -> f64 {
        self.inner.search().counters().dead_ends as f64
    }

    /// Options in the partial solution.
    #[wasm_bindgen(getter)]
    pub fn depth(&self) -> u32 {
        self.inner.search().depth() as u32
    }

    #[wasm_bindgen(getter)]
    pub fn done(&self) -> bool {
        self.inner.search().is_done()
    }

    #[wasm_bindgen(getter, js_name = atStart)]
    pub fn at_start(&self) -> bool {
        self.inner.search().is_at_start()
    }

    /// The options of the partial solution, level 0 first.
    pub fn solution(&self) -> Uint32Array {
        u32s(self.inner.search().solution().map(|o| o as u32))
    }

    /// The items covered now (the givens' items included), in increasing order.
    #[wasm_bindgen(js_name = coveredItems)]
    pub fn covered_items(&self) -> Uint32Array {
        let m = self.inner.search().matrix();
        u32s((0..m.items()).filter(|&i| m.is_covered(i)).map(|i| i as u32))
    }
}

/// The whole matrix of a Sudoku search of any size on a canvas (`setShape`), one row per
/// option and one column per item ([`crate::matrix_view`]): Rust draws the pixels into a buffer in wasm memory and
/// puts them on the canvas itself, at (`x`, `y`) of `setOrigin`, with strips of marks
/// `gutter` pixels wide left of and above them; the page draws the labels around those,
/// from `visibleRows`, the viewport getters and `optionLabel`/`itemLabel`.
#[wasm_bindgen]
pub struct MatrixCanvas {
    view: MatrixView,
    ctx: CanvasRenderingContext2d,
    origin: (f64, f64),
    /// The colours last set, for a view of a new size.
    palette: Vec<u32>,
}

#[wasm_bindgen]
impl MatrixCanvas {
    #[wasm_bindgen(constructor)]
    pub fn new(canvas: &HtmlCanvasElement) -> Result<MatrixCanvas, JsError> {
        let ctx = canvas
            .get_context("2d")
            .ok()
            .flatten()
            .and_then(|c| c.dyn_into::<CanvasRenderingContext2d>().ok())
            .ok_or_else(|| JsError::new("the canvas has no 2d context"))?;
        Ok(MatrixCanvas {
            view: MatrixView::new(Layout::sudoku()),
            ctx,
            origin: (0.0, 0.0),
            palette: vec![],
        })
    }

    /// Draws the matrix of a grid of `side` (4, 9, 16 or 25) from now on, naming its digits in
    /// `alphabet` ("digits" or "letters"; the size's usual one if left out); false (and
    /// nothing changes) when it already does. A new size starts with the whole matrix, its
    /// colours kept; `resize` it then.
    #[wasm_bindgen(js_name = setShape)]
    pub fn set_shape(&mut self, side: u32, alphabet: Option<String>) -> Result<bool, JsError> {
        let shape = Shape::of_side(side as usize)
            .ok_or_else(|| JsError::new(&format!("no Sudoku of side {side} (4, 9, 16 or 25)")))?;
        let alphabet = alphabet_arg(alphabet, shape)?.unwrap_or_else(|| Alphabet::default_for(shape));
        let l = self.view.layout();
        if (l.shape(), l.alphabet()) == (shape, alphabet) {
            return Ok(false);
        }
        let mut view = MatrixView::new(Layout::of(shape, alphabet));
        view.set_palette(&self.palette);
        self.view = view;
        Ok(true)
    }

    /// Fits the whole matrix into `width` × `height` device pixels, `scale` device pixels
    /// per CSS pixel, a readable label needing `label` pixels of row (0: no labels in the
    /// whole view): a small matrix gets labelled cells, a big one is downsampled. Then
    /// `width` and `height` say the size it takes.
    pub fn resize(&mut self, width: u32, height: u32, scale: u32, label: u32) {
        self.view.fit(width, height, scale, label);
    }

    /// The grid's side (4, 9, 16 or 25), and the matrix's options and items.
    #[wasm_bindgen(getter)]
    pub fn side(&self) -> u32 {
        self.view.layout().shape().side() as u32
    }

    #[wasm_bindgen(getter)]
    pub fn options(&self) -> u32 {
        self.view.layout().options() as u32
    }

    #[wasm_bindgen(getter)]
    pub fn items(&self) -> u32 {
        self.view.layout().items() as u32
    }

    /// Whether the whole view has room to name every row and column (a small matrix).
    #[wasm_bindgen(getter)]
    pub fn labelled(&self) -> bool {
        self.view.labelled()
    }

    /// Rows and columns per pixel: more than 1 in a downsampled whole view.
    #[wasm_bindgen(getter, js_name = perRow)]
    pub fn per_row(&self) -> u32 {
        self.view.viewport().per_y
    }

    #[wasm_bindgen(getter, js_name = perColumn)]
    pub fn per_column(&self) -> u32 {
        self.view.viewport().per_x
    }

    /// Where the matrix goes on the canvas (the labels' margins are left and above it).
    #[wasm_bindgen(js_name = setOrigin)]
    pub fn set_origin(&mut self, x: f64, y: f64) {
        self.origin = (x, y);
    }

    /// The colours, `0xRRGGBBAA` per `Paint`; the next `draw` repaints.
    #[wasm_bindgen(js_name = setPalette)]
    pub fn set_palette(&mut self, colors: Vec<u32>) {
        self.view.set_palette(&colors);
        self.palette = colors;
    }

    /// Tints the rows of `options` and the columns of `items`.
    pub fn select(&mut self, options: Vec<u32>, items: Vec<u32>) {
        self.view.select(&options, &items);
    }

    /// Rows by cell (`false`, the option order) or by digit (`true`).
    #[wasm_bindgen(js_name = setByDigit)]
    pub fn set_by_digit(&mut self, by_digit: bool) {
        self.view.set_order(usize::from(by_digit));
    }

    #[wasm_bindgen(getter, js_name = byDigit)]
    pub fn by_digit(&self) -> bool {
        self.view.order() == 1
    }

    /// Zoom level `zoom` (0: the whole matrix; at most `zoomLevels`), keeping the cell
    /// under pixel (`x`, `y`) of the matrix where it is.
    #[wasm_bindgen(js_name = setZoom)]
    pub fn set_zoom(&mut self, zoom: u32, x: u32, y: u32) {
        self.view.set_zoom(zoom, x, y);
    }

    #[wasm_bindgen(getter, js_name = zoomLevels)]
    pub fn zoom_levels(&self) -> u32 {
        self.view.zoom_sizes().len() as u32
    }

    /// Moves the window by whole columns and rows, staying inside the matrix.
    pub fn pan(&mut self, cols: i32, rows: i32) {
        self.view.pan(cols, rows);
    }

    /// Pans as little as needed to show the row of `option` (if ≥ 0) and the column of
    /// `item` (if ≥ 0).
    pub fn reveal(&mut self, option: i32, item: i32) {
        let l = self.view.layout();
        let row = (option >= 0 && (option as usize) < l.options()).then(|| self.view.row_of(option as usize));
        let col = (item >= 0 && (item as usize) < l.items()).then_some(item as u32);
        self.view.reveal(row, col);
    }

    /// Draws the trace's last picture (`Trace.refresh`) and puts it on the canvas; false
    /// when it would look the same as what is there.
    pub fn draw(&mut self, trace: &Trace) -> Result<bool, JsError> {
        let pic = trace.shown.picture();
        if pic.options.len() != self.view.layout().options() {
            return Err(JsError::new(
                "the matrix view is set for another size: setShape first (Sudoku searches only)",
            ));
        }
        if !self.view.draw(pic) {
            return Ok(false);
        }
        self.put()?;
        Ok(true)
    }

    fn put(&self) -> Result<(), JsError> {
        let (vp, g) = (self.view.viewport(), self.view.gutter());
        let (x, y) = self.origin;
        self.put_at(self.view.pixels(), vp.width, vp.height, x, y)?;
        self.put_at(self.view.left_marks(), g, vp.height, x - g as f64, y)?;
        self.put_at(self.view.top_marks(), vp.width, g, x, y - g as f64)
    }

    fn put_at(&self, pixels: &[u8], width: u32, height: u32, x: f64, y: f64) -> Result<(), JsError> {
        // A view of the buffer in wasm memory, copied onto the canvas at once.
        let image = ImageData::new_with_u8_clamped_array_and_sh(Clamped(pixels), width, height)
            .map_err(|_| JsError::new("cannot make the image"))?;
        self.ctx
            .put_image_data(&image, x, y)
            .map_err(|_| JsError::new("cannot put the image on the canvas"))
    }

    /// What the view shows now, in words (for the canvas's text alternative).
    pub fn describe(&self, trace: &Trace) -> String {
        self.view.describe(trace.shown.picture())
    }

    /// The options of the rows in view, top to bottom.
    #[wasm_bindgen(js_name = visibleRows)]
    pub fn visible_rows(&self) -> Vec<u32> {
        let (rows, _) = self.view.shown();
        let row0 = self.view.viewport().row0;
        (row0..row0 + rows).map(|r| self.view.option_at(r as usize)).collect()
    }

    /// The row of an option in the current order.
    #[wasm_bindgen(js_name = rowOf)]
    pub fn row_of(&self, option: u32) -> u32 {
        self.view
            .row_of((option as usize).min(self.view.layout().options() - 1))
    }

    /// The option of row `row` in the current order.
    #[wasm_bindgen(js_name = optionAt)]
    pub fn option_at(&self, row: u32) -> u32 {
        self.view
            .option_at((row as usize).min(self.view.layout().options() - 1))
    }

    /// The bands of rows of the current order, `[start, length]` each; their labels by `rowBandLabel`.
    #[wasm_bindgen(js_name = rowBands)]
    pub fn row_bands(&self) -> Vec<u32> {
        let bands = &self.view.layout().orders()[self.view.order()].bands;
        bands.iter().flat_map(|b| [b.start, b.len]).collect()
    }

    #[wasm_bindgen(js_name = rowBandLabel)]
    pub fn row_band_label(&self, k: u32) -> String {
        let bands = &self.view.layout().orders()[self.view.order()].bands;
        bands.get(k as usize).map_or_else(String::new, |b| b.label.clone())
    }

    /// The bands of columns, `[start, length]` each (cell, row, column and box items).
    #[wasm_bindgen(js_name = colBands)]
    pub fn col_bands(&self) -> Vec<u32> {
        self.view
            .layout()
            .col_bands()
            .iter()
            .flat_map(|b| [b.start, b.len])
            .collect()
    }

    #[wasm_bindgen(js_name = colBandLabel)]
    pub fn col_band_label(&self, k: u32) -> String {
        self.view
            .layout()
            .col_bands()
            .get(k as usize)
            .map_or_else(String::new, |b| b.label.clone())
    }

    /// One column of each kind, to explain the headings (9×9: the items of "r4c5", "r3#7",
    /// "c5#7" and "b2#7"; the same places at other sizes).
    #[wasm_bindgen(js_name = columnKey)]
    pub fn column_key(&self) -> Vec<u32> {
        self.view.layout().column_key().map(|i| i as u32).to_vec()
    }

    /// A column's item in words ("r4c5 is filled", "row 3 has 7").
    #[wasm_bindgen(js_name = itemWords)]
    pub fn item_words(&self, item: u32) -> String {
        let l = self.view.layout();
        l.item_name((item as usize).min(l.items() - 1)).to_string()
    }

    /// A column's heading ("r4c5", "r3#7", "c5#7", "b2#7").
    #[wasm_bindgen(js_name = itemLabel)]
    pub fn item_label(&self, item: u32) -> String {
        let l = self.view.layout();
        l.item_label((item as usize).min(l.items() - 1)).to_string()
    }

    /// A row's heading ("r3c4 = 7").
    #[wasm_bindgen(js_name = optionLabel)]
    pub fn option_label(&self, option: u32) -> String {
        let l = self.view.layout();
        l.option_label((option as usize).min(l.options() - 1)).to_string()
    }

    /// The row of the option tried last and the column of the item chosen last, as of the
    /// last `draw`, as `[row, column]` (−1 for none): where zooming in with no point goes.
    pub fn focus(&self) -> Vec<i32> {
        let (row, col) = self.view.focus();
        vec![row.map_or(-1, |r| r as i32), col.map_or(-1, |c| c as i32)]
    }

    /// The row and the column under pixel (`x`, `y`) of the matrix, or nothing.
    #[wasm_bindgen(js_name = cellAt)]
    pub fn cell_at(&self, x: u32, y: u32) -> Option<Vec<u32>> {
        self.view.cell_at(x, y).map(|(r, c)| vec![r, c])
    }

    // --- the viewport, in pixels of the matrix and in cells ---------------------------------
    #[wasm_bindgen(getter)]
    pub fn width(&self) -> u32 {
        self.view.viewport().width
    }

    #[wasm_bindgen(getter)]
    pub fn height(&self) -> u32 {
        self.view.viewport().height
    }

    /// The strips of marks left of the rows and above the columns: this many pixels across,
    /// just outside the matrix (put there by `draw`).
    #[wasm_bindgen(getter)]
    pub fn gutter(&self) -> u32 {
        self.view.gutter()
    }

    #[wasm_bindgen(getter)]
    pub fn zoom(&self) -> u32 {
        self.view.viewport().zoom
    }

    #[wasm_bindgen(getter, js_name = cellWidth)]
    pub fn cell_width(&self) -> u32 {
        self.view.viewport().cell_w
    }

    #[wasm_bindgen(getter, js_name = cellHeight)]
    pub fn cell_height(&self) -> u32 {
        self.view.viewport().cell_h
    }

    /// The first row and column in view.
    #[wasm_bindgen(getter)]
    pub fn row0(&self) -> u32 {
        self.view.viewport().row0
    }

    #[wasm_bindgen(getter)]
    pub fn col0(&self) -> u32 {
        self.view.viewport().col0
    }

    /// The number of rows in view (the last perhaps in part).
    #[wasm_bindgen(getter, js_name = shownRows)]
    pub fn shown_rows(&self) -> u32 {
        self.view.shown().0
    }

    /// The number of columns in view (the last perhaps in part).
    #[wasm_bindgen(getter, js_name = visibleCols)]
    pub fn visible_cols(&self) -> u32 {
        self.view.shown().1
    }
}

/// Plain backtracking beside dancing links ([`Plain`]): the same puzzle searched cell by
/// cell in reading order, digits in order from 1, stepped forwards and backwards.
#[wasm_bindgen]
pub struct PlainSearch {
    inner: Plain,
}

#[wasm_bindgen]
impl PlainSearch {
    /// The plain search of `puzzle` (any size, any format).
    #[wasm_bindgen(constructor)]
    pub fn new(puzzle: &JsValue) -> Result<PlainSearch, JsError> {
        let inner = match any_puzzle(puzzle)? {
            AnyPuzzle::Nine(p) => Plain::new(Shape::NINE, p.givens().cells()),
            AnyPuzzle::Board(p, _) => Plain::new(p.shape(), p.givens().cells()),
        };
        Ok(PlainSearch { inner })
    }

    /// Moves toward just after the `nodes`-th digit placed (the end if there are fewer:
    /// `Infinity` runs to the end), at most `max` events; true once there
    /// ([`Plain::seek_nodes`]).
    pub fn seek(&mut self, nodes: f64, max: f64) -> bool {
        self.inner.seek_nodes(count_arg(nodes), count_arg(max))
    }

    /// `[nodes, dead ends, solutions, events, done (1 or 0), kind, cell, digit]`, then the
    /// cells as they stand (0 for empty). The last event is `kind` 0 none (the start), 1 a
    /// digit placed in `cell`, 2 taken back, 3 a dead end (`cell` has no digit left), 4 a
    /// solution, 5 done.
    pub fn state(&self) -> Vec<f64> {
        let c = self.inner.counters();
        let (k, cell, digit) = match self.inner.previous() {
            None => (0, 0, 0),
            Some(PlainEvent::Place { cell, digit }) => (1, cell, digit),
            Some(PlainEvent::TakeBack { cell, digit }) => (2, cell, digit),
            Some(PlainEvent::DeadEnd { cell }) => (3, cell, 0),
            Some(PlainEvent::Solution) => (4, 0, 0),
            Some(PlainEvent::Done) => (5, 0, 0),
        };
        let head = [
            c.nodes,
            c.dead_ends,
            c.solutions,
            c.events,
            u64::from(self.inner.is_done()),
            k,
            cell as u64,
            u64::from(digit),
        ];
        head.iter()
            .map(|&n| n as f64)
            .chain(self.inner.cells().iter().map(|&d| f64::from(d)))
            .collect()
    }
    /// The cells at the first solution the search has reached (0 for none: empty before it),
    /// what the page shows once the search has ended with every digit taken back.
    pub fn solution(&self) -> Vec<u8> {
        self.inner.first_solution().map(<[u8]>::to_vec).unwrap_or_default()
    }
}
