//! The Sudoku functions: solving, counting, checking as the user types, hints, new puzzles,
//! and the numbering handed to the page once as tables.

use super::{alphabet_arg, any_puzzle, js_error, object, optional_text, shape_arg, text};
use crate::formats::any;
use crate::sudoku::check;
use crate::sudoku::logic::{self, Advice, Hint};
use crate::sudoku::{model, Alphabet, Dlx, Engine, Verdict};
use js_sys::{Array, Object, Uint16Array, Uint8Array};
use wasm_bindgen::prelude::*;

thread_local! {
    static ENGINE: std::cell::RefCell<Dlx> = std::cell::RefCell::new(Dlx::new());
}

pub(super) fn with_engine<T>(f: impl FnOnce(&mut Dlx) -> T) -> T {
    ENGINE.with(|e| f(&mut e.borrow_mut()))
}

/// `{kind: "none" | "unique" | "multiple", solutions: [line, …]}` with no, one or two
/// solutions (the search stops at the second).
#[wasm_bindgen]
pub fn verdict(puzzle: &JsValue) -> Result<Object, JsError> {
    let (p, alphabet) = any_puzzle(puzzle)?;
    let (kind, boards) = match with_engine(|e| e.verdict(&p)).map_err(js_error)? {
        Verdict::None => ("none", vec![]),
        Verdict::Unique(a) => ("unique", vec![a]),
        Verdict::Multiple(a, b) => ("multiple", vec![a, b]),
    };
    let solutions: Array = boards.iter().map(|b| JsValue::from(b.to_line(alphabet))).collect();
    object(&[("kind", kind.into()), ("solutions", solutions.into())])
}

/// For each cell of a puzzle of any size, a bit set of the digits that clash with no given
/// (bit `d` for digit `d`); a given's cell has its own digit only.
#[wasm_bindgen]
pub fn candidates(puzzle: &JsValue) -> Result<Vec<u32>, JsError> {
    Ok(any_puzzle(puzzle)?.0.givens().candidates())
}

/// `{format, side, alphabet, puzzles: [line, …], skipped: [line number, …]}` for text in any
/// format the CLI reads, at any size, or for the one puzzle found among a paste's lines
/// ([`any::listing`]): `format` is "line" | "hdu" | "hiho" for 9×9 and "line" | "poj" for the
/// others, or "grid" for a grid found among other lines (its rows drawn, spaced or run
/// together); `side` 4, 9, 16 or 25, `alphabet` "digits" or "letters"; `skipped` the lines
/// (from 1) around a found puzzle that were not read. Malformed text throws, naming the line
/// and cell.
#[wasm_bindgen]
pub fn parse(input: &JsValue) -> Result<Object, JsError> {
    let l = any::listing(&text(input, "text")?).map_err(js_error)?;
    let puzzles: Array = l.puzzles.into_iter().map(JsValue::from).collect();
    object(&[
        ("format", l.format.into()),
        ("side", (l.shape.side() as u32).into()),
        ("alphabet", l.alphabet.name().into()),
        ("puzzles", puzzles.into()),
        (
            "skipped",
            l.skipped
                .into_iter()
                .map(|n| JsValue::from(n as u32))
                .collect::<Array>()
                .into(),
        ),
    ])
}

/// What the givens of a line do wrong, as the user types ([`check::check_givens`]):
/// `{clashes: [{cell, other, message}], stuck: [cell]}`.
#[wasm_bindgen(js_name = checkGivens)]
pub fn check_givens(line: &JsValue, alphabet: Option<String>) -> Result<Object, JsError> {
    let c = check::check_givens(&text(line, "puzzle")?, alphabet.as_deref()).map_err(js_error)?;
    let clashes: Array = c
        .clashes
        .into_iter()
        .map(|c| {
            object(&[
                ("cell", (c.cell as u32).into()),
                ("other", (c.other as u32).into()),
                ("message", c.message.into()),
            ])
            .map(JsValue::from)
        })
        .collect::<Result<_, _>>()?;
    let stuck: Array = c.stuck.into_iter().map(|c| JsValue::from(c as u32)).collect();
    object(&[("clashes", clashes.into()), ("stuck", stuck.into())])
}

/// The next logical step for a board of any size in its usual alphabet
/// ([`logic::advise`]), without taking it: `marks`, if given, are a bit set per cell; the
/// words write digits in `alphabet` (the board's: "hex" for a 16×16 shown in 0–F), by
/// default the one the line is read in. Always `{kind, why}`, and for `kind`: "step" (`technique, cells,
/// digits, place: [cell, digit] | null, remove: [[cell, digit], …]`), "stuck" (`open`),
/// "markedOut" (`cell, digit`), "solved" or "noSolution". Clashing digits throw.
#[wasm_bindgen]
pub fn hint(puzzle: &JsValue, marks: Option<Vec<u32>>, alphabet: Option<String>) -> Result<Object, JsError> {
    let (p, read) = any_puzzle(puzzle)?;
    let alphabet = alphabet_arg(alphabet, p.shape())?.unwrap_or(read);
    let advice = with_engine(|e| logic::advise_in(&p, marks.as_deref(), alphabet, e)).map_err(js_error)?;
    let why = ("why", JsValue::from(advice.why()));
    let pair = |(c, d): (usize, u8)| -> JsValue { Array::of2(&(c as u32).into(), &u32::from(d).into()).into() };
    match advice {
        Advice::NoSolution => object(&[("kind", "noSolution".into()), why]),
        Advice::Hint(Hint::Step(step)) => {
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
        Advice::Hint(Hint::Solved) => object(&[("kind", "solved".into()), why]),
        Advice::Hint(Hint::Stuck { open }) => object(&[("kind", "stuck".into()), why, ("open", (open as u32).into())]),
        Advice::Hint(Hint::MarkedOut { cell, digit, .. }) => object(&[
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
/// "mirror"; `side` 4, 9 (when undefined), 16 or 25, and `alphabet` the line's (the side's
/// usual one when undefined). At 9×9 the same `seed` gives the same puzzle as `dlx-sudoku
/// generate` on any machine; above 9×9 each uniqueness check has a node budget
/// ([`Generator::page_budget`]).
#[wasm_bindgen(js_name = generatePuzzle)]
pub fn generate_puzzle(
    level: &JsValue,
    symmetry: &JsValue,
    seed: f64,
    side: Option<u32>,
    alphabet: Option<String>,
) -> Result<Object, JsError> {
    use crate::sudoku::generate::{puzzle_seed, Generator, Level, Symmetry};
    let level = optional_text(level, "level")?
        .map(|l| l.parse::<Level>().map_err(|e| JsError::new(&e)))
        .transpose()?;
    let symmetry = optional_text(symmetry, "symmetry")?
        .map(|s| s.parse::<Symmetry>().map_err(|e| JsError::new(&e)))
        .transpose()?
        .unwrap_or(Symmetry::None);
    if !(seed >= 0.0 && seed.fract() == 0.0 && seed <= 9_007_199_254_740_991.0) {
        return Err(JsError::new("the seed must be a whole number from 0 to 2^53 - 1"));
    }
    let shape = shape_arg(side.unwrap_or(9))?;
    let alphabet = alphabet_arg(alphabet, shape)?.unwrap_or(Alphabet::default_for(shape));
    thread_local! {
        static GENERATOR: std::cell::RefCell<Generator> = std::cell::RefCell::new(Generator::new(0));
    }
    let made = GENERATOR.with(|g| {
        let mut g = g.borrow_mut();
        if g.shape() != shape {
            *g = Generator::for_shape(shape, 0, Generator::page_budget(shape));
        }
        g.reseed(puzzle_seed(seed as u64, 0));
        g.generate(level, symmetry, false)
    });
    object(&[
        ("line", made.puzzle.givens().to_line(alphabet).into()),
        ("level", made.level.name().into()),
        ("logic", made.rating.logic_words().into()),
        ("effort", made.effort.map_or(JsValue::UNDEFINED, JsValue::from)),
    ])
}

/// The Sudoku numbering of [`model`] for a grid of `side` (4, 9, 16 or 25; 9 when
/// undefined), handed to the page once as tables: `{order, side, cells, items, options,
/// symbols (the side's usual alphabet, one character per digit), optionCell, optionDigit,
/// optionItems (4 per option, in node order), itemOptions (side per item, top to bottom),
/// itemKind (index into kindNames), kindNames, itemUnit (the row, column or box; the cell
/// for a cell item), itemDigit (0 for a cell item), itemNames, optionNames, cellNames
/// ("r3c4"), alphabet (its name)}`. `alphabet` ("digits", "hex" or "letters", see
/// [`sudoku_alphabets`]) writes `symbols` and the names in it (16×16 has all three:
/// `1`–`9A`–`G`, `0`–`F` and POJ 3076's `A`–`P`); by default, the side's usual one.
#[wasm_bindgen(js_name = sudokuTables)]
pub fn sudoku_tables(side: Option<u32>, alphabet: Option<String>) -> Result<Object, JsError> {
    let shape = shape_arg(side.unwrap_or(9))?;
    let alphabet = alphabet_arg(alphabet, shape)?.unwrap_or(Alphabet::default_for(shape));
    let t = model::Tables::of(shape, alphabet);
    let names = |v: Vec<String>| -> Array { v.into_iter().map(JsValue::from).collect() };
    let kind_names: Array = model::Tables::KIND_NAMES.iter().map(|&k| JsValue::from(k)).collect();
    object(&[
        ("order", (shape.order() as u32).into()),
        ("side", (shape.side() as u32).into()),
        ("cells", (shape.cells() as u32).into()),
        ("items", (shape.items() as u32).into()),
        ("options", (shape.options() as u32).into()),
        ("symbols", t.symbols.into()),
        ("alphabet", alphabet.name().into()),
        ("optionCell", Uint16Array::from(&t.option_cell[..]).into()),
        ("optionDigit", Uint8Array::from(&t.option_digit[..]).into()),
        ("optionItems", Uint16Array::from(&t.option_items[..]).into()),
        ("itemOptions", Uint16Array::from(&t.item_options[..]).into()),
        ("itemKind", Uint8Array::from(&t.item_kind[..]).into()),
        ("kindNames", kind_names.into()),
        ("itemUnit", Uint16Array::from(&t.item_unit[..]).into()),
        ("itemDigit", Uint8Array::from(&t.item_digit[..]).into()),
        ("itemNames", names(t.item_names).into()),
        ("optionNames", names(t.option_names).into()),
        ("cellNames", names(t.cell_names).into()),
    ])
}

/// The alphabets a grid of `side` may be written in, in the order a menu offers them:
/// `[{name, label, symbols}]` ("digits", "1–9, A–G", "123456789ABCDEFG" at 16×16). The one
/// list ([`Alphabet::ALL`]): the page's menu, pad and links read it from here.
#[wasm_bindgen(js_name = sudokuAlphabets)]
pub fn sudoku_alphabets(side: u32) -> Result<Array, JsError> {
    let shape = shape_arg(side)?;
    Alphabet::ALL
        .into_iter()
        .filter(|a| a.allowed(shape))
        .map(|a| {
            let symbols: String = (1..=shape.side() as u8).map(|d| a.symbol(d)).collect();
            object(&[
                ("name", a.name().into()),
                ("label", a.label(shape).into()),
                ("symbols", symbols.into()),
            ])
            .map(JsValue::from)
        })
        .collect()
}
