//! What the fuzz targets share: a reader of the fuzzer's bytes, small exact-cover problems
//! built from them, and a brute-force oracle to check the engine against.

use dlx_sudoku::exact_cover::Matrix;

/// The fuzzer's bytes, read as small numbers. Past the end every read is 0, so any input
/// (even an empty one) decodes to something.
pub struct Bytes<'a>(&'a [u8]);

impl<'a> Bytes<'a> {
    pub fn new(data: &'a [u8]) -> Bytes<'a> {
        Bytes(data)
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    pub fn byte(&mut self) -> u8 {
        match self.0.split_first() {
            Some((&b, rest)) => {
                self.0 = rest;
                b
            }
            None => 0,
        }
    }

    /// A number in `0..n` (`n` ≤ 256).
    pub fn below(&mut self, n: usize) -> usize {
        usize::from(self.byte()) % n
    }

    /// The bytes not read yet.
    pub fn rest(&self) -> &'a [u8] {
        self.0
    }
}

/// A small exact-cover problem: the options as given to [`Matrix::add_option`] (the
/// accepted ones), and the options committed before the search.
#[derive(Clone, Debug)]
pub struct Problem {
    pub primary: usize,
    pub secondary: usize,
    pub options: Vec<Vec<usize>>,
    pub committed: Vec<usize>,
    /// Each option's colours, an item's at its place in the option (0: none); empty for an
    /// option without colours.
    pub colours: Vec<Vec<u32>>,
}

impl Problem {
    pub fn items(&self) -> usize {
        self.primary + self.secondary
    }
}

/// Reads a problem of 1..=6 primary items, 0..=2 secondary items and up to 12 options
/// (usually fewer: the inputs are short), each option's items in an order the bytes choose;
/// one of them may be added 17 times, so that an item has more than 15 options. Options that [`Matrix::add_option`] must refuse (an item out of range or twice,
/// no primary item, an item already committed) are offered too: the refusal is checked,
/// and so is that the matrix did not change. Some options are committed on the way, and
/// every commit is checked the same way.
pub fn read_problem(bytes: &mut Bytes) -> (Matrix, Problem) {
    let primary = 1 + bytes.below(6);
    let secondary = bytes.below(3);
    let items = primary + secondary;
    let mut m = Matrix::new(primary, secondary);
    let mut p = Problem {
        primary,
        secondary,
        options: Vec::new(),
        committed: Vec::new(),
        colours: Vec::new(),
    };
    let count = bytes.below(13);
    let mut widened = false;
    for _ in 0..count {
        let mask = bytes.byte();
        let order = bytes.byte();
        let how = bytes.byte();
        let kind = how % 16;
        // Items out of range only when asked for (kind 2); otherwise the high bits of the
        // mask would make most options bad.
        let span = if kind == 2 { 8 } else { items };
        let mut option: Vec<usize> = (0..span).filter(|i| mask >> i & 1 == 1).collect();
        // An option with no primary item only when asked for (kind 3).
        if kind != 3 && !option.iter().any(|&i| i < primary) {
            option.push(usize::from(mask) % primary);
        }
        // Rotate, then maybe swap the first two, so that node order differs from item order.
        if !option.is_empty() {
            let r = usize::from(order) % option.len();
            option.rotate_left(r);
            if order & 0x80 != 0 && option.len() > 1 {
                option.swap(0, 1);
            }
        }
        match kind {
            // An item twice.
            0 if !option.is_empty() => option.push(option[0]),
            // Committing an option (one already added) before the next is added.
            1 if m.options() == 0 => {}
            1 => {
                let k = usize::from(how / 16) % m.options();
                let before = m.clone();
                let taken: Vec<usize> = p.committed.iter().flat_map(|&c| p.options[c].clone()).collect();
                let fits = p.committed.iter().all(|&c| c != k) && p.options[k].iter().all(|i| !taken.contains(i));
                match m.commit(k) {
                    Ok(()) => {
                        assert!(fits, "commit({k}) accepted an option whose item is covered");
                        p.committed.push(k);
                    }
                    Err(e) => {
                        assert!(!fits, "commit({k}) refused: {e}");
                        assert_eq!(m, before, "a refused commit changed the matrix");
                    }
                }
            }
            _ => {}
        }
        let taken: Vec<usize> = p.committed.iter().flat_map(|&c| p.options[c].clone()).collect();
        let valid = option.iter().all(|&i| i < items)
            && option.iter().enumerate().all(|(k, i)| !option[..k].contains(i))
            && option.iter().any(|&i| i < primary)
            && option.iter().all(|i| !taken.contains(i));
        // Kind 4 adds the option 17 times (once per problem): an item with more than 15
        // options makes the matrix wide (not `narrow`), which takes other paths in the engine.
        let copies = if kind == 4 && !widened { 17 } else { 1 };
        widened |= copies > 1;
        for _ in 0..copies {
            let before = m.clone();
            match m.add_option(&option) {
                Ok(k) => {
                    assert!(valid, "add_option({option:?}) accepted a bad option");
                    assert_eq!(k, p.options.len());
                    assert!(
                        m.option_items(k).eq(option.iter().copied()),
                        "option {k} reads back as given"
                    );
                    p.options.push(option.clone());
                    p.colours.push(Vec::new());
                }
                Err(e) => {
                    assert!(!valid, "add_option({option:?}) refused a good option: {e}");
                    assert_eq!(m, before, "a refused option changed the matrix");
                }
            }
        }
        assert_eq!(m.sanity(), Ok(()), "after building option {}", p.options.len());
    }
    (m, p)
}

/// Reads a problem with colours (DLX2's XCC): 1..=5 primary items, 1..=3 secondary ones and
/// up to 12 options, each secondary item of an option given colour 1, 2 or none as the bytes
/// say. Some options put a colour on a primary item, which [`Matrix::add_coloured_option`]
/// must refuse (checked, with the matrix unchanged); none is committed.
pub fn read_coloured_problem(bytes: &mut Bytes) -> (Matrix, Problem) {
    let primary = 1 + bytes.below(5);
    let secondary = 1 + bytes.below(3);
    let items = primary + secondary;
    let mut m = Matrix::new(primary, secondary);
    let mut p = Problem {
        primary,
        secondary,
        options: Vec::new(),
        committed: Vec::new(),
        colours: Vec::new(),
    };
    for _ in 0..bytes.below(13) {
        let (mask, order, paint) = (bytes.byte(), bytes.byte(), bytes.byte());
        let mut option: Vec<usize> = (0..items).filter(|i| mask >> i & 1 == 1).collect();
        if !option.iter().any(|&i| i < primary) {
            option.push(usize::from(mask) % primary);
        }
        let r = usize::from(order) % option.len();
        option.rotate_left(r);
        // Two bits of `paint` per place: 0 or 3 none, 1 and 2 those colours.
        let colours: Vec<u32> = (0..option.len())
            .map(|k| u32::from(paint >> (2 * (k % 4)) & 3) % 3)
            .collect();
        let valid = option.iter().zip(&colours).all(|(&i, &c)| c == 0 || i >= primary);
        let before = m.clone();
        match m.add_coloured_option(&option, &colours) {
            Ok(k) => {
                assert!(
                    valid,
                    "add_coloured_option({option:?}, {colours:?}) took a colour on a primary item"
                );
                assert!(
                    m.option_colours(k).eq(colours.iter().copied()),
                    "option {k}'s colours read back"
                );
                p.options.push(option);
                p.colours.push(colours);
            }
            Err(e) => {
                assert!(!valid, "add_coloured_option({option:?}, {colours:?}) refused: {e}");
                assert_eq!(m, before, "a refused option changed the matrix");
            }
        }
        assert_eq!(m.sanity(), Ok(()));
    }
    (m, p)
}

/// Every solution of `p`, each the sorted list of its options (the committed ones left out),
/// the list sorted: all subsets of the options, pruned as soon as an item is used twice (or,
/// with colours, a secondary item is given two colours, or one and none).
pub fn brute_force(p: &Problem) -> Vec<Vec<usize>> {
    // Per item: FREE, TAKEN (used without a colour), or the colour it was given.
    let mut used = vec![FREE; p.items()];
    for &c in &p.committed {
        // A committed option gives its items its colours (purifies them) or takes them.
        for (j, &i) in p.options[c].iter().enumerate() {
            let colour = p.colours.get(c).and_then(|cs| cs.get(j)).copied().unwrap_or(0);
            used[i] = if colour == 0 { TAKEN } else { colour };
        }
    }
    let mut out = Vec::new();
    let mut chosen = Vec::new();
    subsets(p, 0, &mut used, &mut chosen, &mut out);
    out.sort();
    out
}

const FREE: u32 = 0;
const TAKEN: u32 = u32::MAX;

fn subsets(p: &Problem, k: usize, used: &mut [u32], chosen: &mut Vec<usize>, out: &mut Vec<Vec<usize>>) {
    if k == p.options.len() {
        if used[..p.primary].iter().all(|&u| u != FREE) {
            out.push(chosen.clone());
        }
        return;
    }
    subsets(p, k + 1, used, chosen, out);
    let colour = |j: usize| p.colours[k].get(j).copied().unwrap_or(0);
    let fits = p.options[k]
        .iter()
        .enumerate()
        .all(|(j, &i)| used[i] == FREE || (colour(j) != 0 && used[i] == colour(j)));
    if !p.committed.contains(&k) && fits {
        let saved: Vec<u32> = p.options[k].iter().map(|&i| used[i]).collect();
        for (j, &i) in p.options[k].iter().enumerate() {
            used[i] = if colour(j) == 0 { TAKEN } else { colour(j) };
        }
        chosen.push(k);
        subsets(p, k + 1, used, chosen, out);
        chosen.pop();
        for (&i, &u) in p.options[k].iter().zip(&saved) {
            used[i] = u;
        }
    }
}
