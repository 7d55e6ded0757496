//! The cells engine against SSXC1's own counts, the brute-force oracle and the links engine.

use super::in_pieces::search_in_pieces;
use super::*;
use crate::dlx1::examples;
use crate::exact_cover::tests::{brute_force, random_options, rounds, sorted, Rng};
use crate::exact_cover::{knuth_example, Branch, Matrix, MatrixError};

/// Every solution, its counters, and whether the sizes were restored at the end.
fn run_all(m: &Matrix) -> (Vec<Vec<usize>>, Counters) {
    let mut c = Cells::new(m);
    let found = c.solutions(usize::MAX);
    assert!(c.is_done());
    for i in 0..m.items() {
        assert_eq!(
            c.dance.size_of(i) as usize,
            m.len(i),
            "item {i}'s size after the search"
        );
    }
    assert!(!c.next_solution(), "a finished search stays finished");
    (found, c.counters())
}

#[cfg_attr(not(target_arch = "wasm32"), test)]
#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
fn knuths_example_as_ssxc1_counts_it() {
    let (found, c) = run_all(&knuth_example());
    assert_eq!(sorted(found), vec![vec![0, 3, 4]]);
    // SSXC1: "Altogether 1 solution, ..., 27 updates, ..., 5 nodes."
    assert_eq!((c.solutions, c.nodes, c.updates), (1, 5, 27));
}

/// The counts of `ssxc1` (built by ../shared/peers/build-knuth.sh) on the DLX1 text of
/// `cover --example`: solutions, nodes and updates agree exactly, so this is SSXC1's tree.
#[cfg_attr(not(target_arch = "wasm32"), test)]
#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
fn examples_count_what_ssxc1_counts() {
    let cases = if cfg!(miri) {
        // Under Miri (scripts/miri.sh) without the 8 queens, whose 18,412 updates walk the
        // same code as the others' and as the 6 queens of the tests below, and with the
        // Langford pairs for n = 4, not 7: the only options of width 3 Miri meets (`dance::<false, 3>`),
        // where 7's 7,690 updates took most of the test's time on Miri's clock for the same
        // lines (SSXC1 on `cover --example langford 4`: 2 solutions, 160 updates, 13 nodes).
        vec![
            (examples::langford(4), 2, 13, 160),
            (examples::pentomino_set(3, 5, "LNV"), 4, 13, 1474),
        ]
    } else {
        vec![
            (examples::queens(8), 92, 890, 18412),
            (examples::langford(7), 52, 459, 7690),
            (examples::pentomino_set(3, 5, "LNV"), 4, 13, 1474),
        ]
    };
    for (p, solutions, nodes, updates) in cases {
        let (found, c) = run_all(p.matrix());
        assert_eq!(found.len() as u64, solutions);
        assert_eq!((c.solutions, c.nodes, c.updates), (solutions, nodes, updates), "{p:?}");
    }
}

#[cfg_attr(not(target_arch = "wasm32"), test)]
#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
#[cfg_attr(
    miri,
    ignore = "Miri: the lines of the engine it runs, knuths_example_as_ssxc1_counts_it, options_of_one_width_are_walked_as_by_spacers run there (docs/testing.md, Miri)"
)]
fn small_random_problems_match_brute_force() {
    let mut rng = Rng(0x5eed_ce11);
    // Under Miri (scripts/miri.sh) 20 rounds, not a fiftieth (40, about 19 s of its clock):
    // the brute-force oracle's share of the work is safe code, and the rounds are fewer
    // cases of the same small matrices, through the same paths of the engine.
    for round in 0..if cfg!(miri) { 20 } else { rounds(2000) } {
        let (m, options) = random_options(&mut rng, 7, 2, 12, 3);
        let (found, c) = run_all(&m);
        let expected = sorted(brute_force(m.primary(), m.items(), &options));
        assert_eq!(sorted(found.clone()), expected, "round {round}: {options:?}");
        assert_eq!(c.solutions, expected.len() as u64);
        // Each solution once, and each a list of options in the order chosen.
        assert_eq!(found.len(), expected.len());
    }
}

#[cfg_attr(not(target_arch = "wasm32"), test)]
#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
#[cfg_attr(
    miri,
    ignore = "Miri: the lines of the engine it runs, knuths_example_as_ssxc1_counts_it, the_nodes_at_a_depth_are_subproblems_whose_counts_add_up, options_of_one_width_are_walked_as_by_spacers run there (docs/testing.md, Miri)"
)]
fn random_problems_match_the_links_engine() {
    let mut rng = Rng(0xd1ce_5eed);
    for round in 0..rounds(300) {
        let (mut m, options) = random_options(&mut rng, 20, 6, 50, 5);
        let (found, c) = run_all(&m);
        let links = m.solutions(usize::MAX);
        assert_eq!(sorted(found), sorted(links), "round {round}: {options:?}");
        // A search stopped at a limit counts no further.
        let mut limited = Cells::new(&m);
        assert_eq!(limited.count(2), c.solutions.min(2));
    }
}

/// `Cells::tally`, which counts each solution inside the search, against the solutions
/// `run` stops at: the same number at each depth, the same nodes and updates, the sizes
/// restored; straight through and paused every few nodes; with colours and without, and
/// with options of one width (two and more) and of several.
#[cfg_attr(not(target_arch = "wasm32"), test)]
#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
fn a_tally_counts_what_the_solutions_found_are() {
    let mut rng = Rng(0x7a11_7a11);
    for round in 0..if cfg!(miri) { 6 } else { rounds(300) } {
        let m = match round % 3 {
            0 => random_options(&mut rng, 12, 4, 30, 4).0,
            1 => random_coloured_wide(&mut rng, 9, 24, 4, None),
            _ => random_coloured_wide(&mut rng, 10, 20, 0, Some(2 + round % 4)),
        };
        let (found, counters) = run_all(&m);
        let mut expected = vec![0u64; m.primary() + 1];
        for s in &found {
            expected[s.len()] += 1;
        }
        for step in [u64::MAX, 1 + rng.below(7)] {
            let mut c = Cells::new(&m);
            let mut by_depth = vec![0; c.primary() + 1];
            let mut pauses = 0;
            loop {
                let limit = c.counters().nodes.saturating_add(step);
                match c.tally(limit, &mut by_depth) {
                    Status::Running => pauses += 1,
                    Status::Done => break,
                    Status::Solution => panic!("round {round}: a tally stopped at a solution"),
                }
            }
            assert_eq!(by_depth, expected, "round {round}, step {step}");
            assert_eq!(c.counters(), counters, "round {round}, step {step}");
            assert!(step == u64::MAX || counters.nodes <= step || pauses > 0);
            for i in 0..m.items() {
                assert_eq!(c.dance.size_of(i) as usize, m.len(i), "round {round}: item {i}'s size");
            }
        }
        assert_eq!(Cells::new(&m).count(u64::MAX), counters.solutions);
    }
}

#[cfg_attr(not(target_arch = "wasm32"), test)]
#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
fn a_search_paused_at_node_limits_goes_on_where_it_stopped() {
    // Under Miri (scripts/miri.sh) 5 queens, not 6: the same width-4 walk and its pauses
    // (over 10 of them), 14.1 -> 8.1 s of Miri's clock.
    let p = examples::queens(if cfg!(miri) { 5 } else { 6 });
    let (straight, counters) = run_all(p.matrix());
    let mut c = Cells::new(p.matrix());
    let (mut found, mut pauses) = (Vec::new(), 0);
    loop {
        let limit = c.counters().nodes + 3;
        match c.run(limit) {
            Status::Running => {
                assert_eq!(c.counters().nodes, limit, "paused at the limit");
                pauses += 1;
            }
            Status::Solution => found.push(c.solution().collect::<Vec<_>>()),
            Status::Done => break,
        }
    }
    assert!(pauses > 10);
    assert_eq!(found, straight, "the same solutions in the same order");
    assert_eq!(c.counters(), counters);
}

#[cfg_attr(not(target_arch = "wasm32"), test)]
#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
fn edge_cases() {
    // A primary item with no option: no search at all, as SSXC1.
    let mut m = Matrix::new(2, 0);
    m.add_option(&[0]).unwrap();
    let (found, c) = run_all(&m);
    assert_eq!((found.len(), c.nodes, c.updates), (0, 0, 0));
    // No primary item: the empty solution, at the root.
    let (found, c) = run_all(&Matrix::new(0, 3));
    assert_eq!((found, c.nodes), (vec![vec![]], 1));
    // One option covering everything, secondary items too.
    let mut m = Matrix::new(2, 2);
    m.add_option(&[3, 0, 1]).unwrap();
    m.add_option(&[0, 2]).unwrap();
    let (found, _) = run_all(&m);
    assert_eq!(found, vec![vec![0]]);
}

/// Options of one width are walked by arithmetic (`K` > 0), others by Knuth's spacers: the
/// two walks visit the same nodes in the same order, so they grow the same tree, node for
/// node, and meet the solutions in the same order.
#[cfg_attr(not(target_arch = "wasm32"), test)]
#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
fn options_of_one_width_are_walked_as_by_spacers() {
    let mut rng = Rng(0x0057_1de5);
    for round in 0..rounds(200) {
        let width = 2 + rng.below(8) as usize;
        let primary = width + rng.below(12) as usize;
        let secondary = rng.below(6) as usize;
        let mut m = Matrix::new(primary, secondary);
        // Under Miri (scripts/miri.sh) up to 20 options, not 40: two whole searches a round.
        for _ in 0..rng.below(if cfg!(miri) { 20 } else { 40 }) {
            let mut option: Vec<usize> = (0..primary + secondary).collect();
            for k in (1..option.len()).rev() {
                option.swap(k, rng.below(k as u64 + 1) as usize);
            }
            option.truncate(width);
            if option.iter().any(|&i| i < primary) {
                m.add_option(&option).unwrap();
            }
        }
        let mut fast = Cells::new(&m);
        assert!(m.options() == 0 || fast.dance.width() == width as u32);
        let mut slow = Cells::new(&m);
        slow.dance = slow.dance.by_spacers();
        let (a, b) = (fast.solutions(usize::MAX), slow.solutions(usize::MAX));
        assert_eq!(a, b, "round {round}");
        assert_eq!(fast.counters(), slow.counters(), "round {round}");
    }
    // The examples' options are of one width: pentominoes' 6, queens' 4, Langford's 3.
    for (p, width) in [
        (examples::pentomino_set(3, 5, "LNV"), 6),
        (examples::queens(5), 4),
        (examples::langford(4), 3),
    ] {
        assert_eq!(Cells::new(p.matrix()).dance.width(), width);
    }
}

/// Options committed in the matrix (as a Sudoku's clues are) are out of the search, with
/// their items and every option that uses one: the same solutions as the links engine's.
#[cfg_attr(not(target_arch = "wasm32"), test)]
#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
#[cfg_attr(
    miri,
    ignore = "Miri: the lines of the engine it runs, options_of_one_width_are_walked_as_by_spacers, knuths_example_as_ssxc1_counts_it run there (docs/testing.md, Miri)"
)]
fn a_matrix_s_commits_are_kept() {
    let mut rng = Rng(0xc0_3317);
    // Under Miri (scripts/miri.sh), smaller matrices: 6 rounds of 12 items took it most of a
    // minute, and a commit takes the same paths in a matrix of 7.
    let primary = if cfg!(miri) { 7 } else { 12 };
    for round in 0..rounds(300) {
        let (mut m, options) = random_options(&mut rng, primary, 4, 30, 4);
        for _ in 0..rng.below(3) {
            if !options.is_empty() {
                let _ = m.commit(rng.below(options.len() as u64) as usize);
            }
        }
        let mut c = Cells::new(&m);
        let found = sorted(c.solutions(usize::MAX));
        assert_eq!(found, sorted(m.solutions(usize::MAX)), "round {round}");
    }
}

/// A tree searched in pieces, each started from the arrays as built, holds every solution
/// once, as the whole search and the links engine find them; the pieces' shares add up to
/// the tree. Each piece's work depends only on its path: taken in another order (as
/// threads take them), the pieces are the same and count the same nodes and updates.
#[cfg_attr(not(target_arch = "wasm32"), test)]
#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
#[cfg_attr(
    miri,
    ignore = "Miri: the lines of the engine it runs, the_nodes_at_a_depth_are_subproblems_whose_counts_add_up, a_coloured_search_in_pieces_finds_each_solution_once_in_any_order run there (docs/testing.md, Miri)"
)]
fn a_search_in_pieces_finds_each_solution_once_in_any_order() {
    let mut rng = Rng(0x09a7_ce15);
    // Under Miri, smaller matrices and fewer budgets: a piece copies the arrays, and hundreds
    // of pieces of a node or two took Miri minutes.
    let (primary, options, budgets) = if cfg!(miri) {
        (7, 16, &[1, 3][..])
    } else {
        (12, 40, &[1, 2, 3, 7][..])
    };
    let mut matrices: Vec<Matrix> = (0..rounds(100))
        .map(|_| random_options(&mut rng, primary, 4, options, 4).0)
        .collect();
    if !cfg!(miri) {
        for p in [
            examples::queens(6),
            examples::langford(5),
            examples::pentomino_set(3, 5, "LNV"),
        ] {
            matrices.push(p.matrix().clone());
        }
    }
    for (round, mut m) in matrices.into_iter().enumerate() {
        let start = Cells::new(&m);
        let whole = sorted(start.clone().solutions(usize::MAX));
        assert_eq!(whole, sorted(m.solutions(usize::MAX)), "round {round}");
        for &budget in budgets {
            let pieces = search_in_pieces(&start, budget, true);
            assert_eq!(pieces.solutions, whole, "round {round}, budget {budget}");
            assert_eq!(pieces.counters.solutions, whole.len() as u64);
            assert!((pieces.done - 1.0).abs() < 1e-9, "round {round}: {} done", pieces.done);
            let other = search_in_pieces(&start, budget, false);
            assert_eq!(
                (other.solutions, other.counters, other.pieces),
                (pieces.solutions, pieces.counters, pieces.pieces),
                "round {round}, budget {budget}: pieces taken first in, first out"
            );
        }
    }
}

/// One piece that never pauses is the whole search: SSXC1's tree, node for node.
#[cfg_attr(not(target_arch = "wasm32"), test)]
#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
#[cfg_attr(
    miri,
    ignore = "Miri: the lines of the engine it runs, the_nodes_at_a_depth_are_subproblems_whose_counts_add_up, a_coloured_search_in_pieces_finds_each_solution_once_in_any_order, examples_count_what_ssxc1_counts run there (docs/testing.md, Miri)"
)]
fn a_piece_that_never_pauses_is_the_whole_search() {
    // SSXC1's counts, as in `examples_count_what_ssxc1_counts`; under Miri (scripts/miri.sh)
    // the pentominoes only, a fifth of the Langford pairs' updates on the same code.
    let cases = [
        (examples::langford(7), (52, 459, 7690)),
        (examples::pentomino_set(3, 5, "LNV"), (4, 13, 1474)),
    ];
    for (p, expected) in cases.into_iter().skip(usize::from(cfg!(miri))) {
        let pieces = search_in_pieces(&Cells::new(p.matrix()), u64::MAX, true);
        assert_eq!(pieces.pieces, 1);
        let c = pieces.counters;
        assert_eq!((c.solutions, c.nodes, c.updates), expected, "{p:?}");
    }
}

/// The nodes at a depth, enumerated by a search that pauses there and skips each, are
/// subproblems whose counts add up to the whole (with the solutions found above them).
#[cfg_attr(not(target_arch = "wasm32"), test)]
#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
fn the_nodes_at_a_depth_are_subproblems_whose_counts_add_up() {
    let mut rng = Rng(0xde97_ce11);
    // Under Miri (scripts/miri.sh) 2 matrices, not 4: each is searched again below each node
    // at depths 1 to 3.
    for round in 0..if cfg!(miri) { 2 } else { rounds(200) } {
        let (m, _) = random_options(&mut rng, if cfg!(miri) { 7 } else { 12 }, 4, 40, 4);
        let start = Cells::new(&m);
        let whole = start.clone().count(u64::MAX);
        for depth in 1..4 {
            let mut top = start.clone();
            top.set_pause(u64::MAX, depth);
            let (mut paths, mut found, mut shares) = (Vec::new(), 0, 0.0);
            loop {
                match top.resume() {
                    Status::Solution => {
                        assert!(top.depth() < depth);
                        found += 1;
                    }
                    Status::Running => {
                        assert_eq!(top.depth(), depth);
                        assert_eq!(top.path().len(), depth);
                        paths.push(top.path());
                        shares += top.share_below();
                        top.skip();
                    }
                    Status::Done => break,
                }
            }
            assert!(shares <= 1.0 + 1e-9);
            let mut sub = start.clone();
            for path in &paths {
                sub.restart(&start);
                assert_eq!(sub.start_below(path, false).unwrap(), Counters::default());
                found += sub.count(u64::MAX);
            }
            assert_eq!(found, whole, "round {round}, depth {depth}");
        }
    }
}

/// A path the search could not have taken is refused, and the search then ends.
#[cfg_attr(not(target_arch = "wasm32"), test)]
#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
fn a_path_that_clashes_is_refused() {
    let m = knuth_example();
    let start = Cells::new(&m);
    let mut search = start.clone();
    let b = |item, option| Branch { item, option };
    // Options 1 (a d g) and 3 (a d) share a; option 0 (c e f) has no item a; there is no
    // option 6; g (6) is primary but option 3 does not have it.
    for (path, error) in [
        (vec![b(0, 1), b(3, 3)], MatrixError::Conflict { option: 3, item: 3 }),
        (vec![b(0, 0)], MatrixError::NoSuchItem { option: 0, item: 0 }),
        (vec![b(0, 6)], MatrixError::NoSuchOption { option: 6 }),
        (vec![b(9, 3)], MatrixError::NoSuchItem { option: 3, item: 9 }),
    ] {
        search.restart(&start);
        assert_eq!(search.start_below(&path, false), Err(error), "{path:?}");
        assert_eq!(search.resume(), Status::Done, "{path:?}");
    }
    // Option 3 (a d) tried for a: a's cover (the level's, not counted here) hides option 1
    // (a d g) and option 3's d; the try swaps d out of the active items and hides option 5
    // (d e g): its nodes in e and g.
    search.restart(&start);
    let tried = search.start_below(&[b(0, 3)], true).unwrap();
    assert_eq!((tried.nodes, tried.updates), (0, 3));
    // Below it the one solution: c e f, b g.
    let mut found = search.solutions(2);
    found.iter_mut().for_each(|s| s.sort());
    assert_eq!(found, vec![vec![0, 3, 4]]);
}

// --- colours (Knuth's SSXCC) -----------------------------------------------------------------

use crate::dlx1::examples::{graceful, word_list, word_squares, Graph};
use crate::exact_cover::tests::{brute_force_coloured, dlx2_example, random_coloured};

/// The counts of `ssxcc` (built by ../shared/peers/build-knuth.sh) on DLX2's example and on
/// the DLX2 text of `cover --example`: solutions, nodes and updates agree exactly, so this is
/// SSXCC's tree, its forced moves and its choice's ties included.
#[cfg_attr(not(target_arch = "wasm32"), test)]
#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
#[cfg_attr(
    miri,
    ignore = "Miri: the lines of the engine it runs, random_coloured_problems_match_the_links_engine, coloured_options_of_one_width_are_walked_as_by_spacers run there (docs/testing.md, Miri)"
)]
fn colour_examples_count_what_ssxcc_counts() {
    // SSXCC on DLX2's example: "Altogether 1 solution, ..., 16 updates, ..., 3 nodes".
    let (found, c) = run_all(&dlx2_example());
    assert_eq!(sorted(found), vec![vec![1, 2]]);
    assert_eq!((c.solutions, c.nodes, c.updates), (1, 3, 16));
    let graph = |s| graceful(Graph::parse(s).unwrap());
    let words = word_list(include_str!("../../tests/data/words3.txt")).unwrap();
    let mut cases = vec![(graph("P6"), 12, 48, 4132)];
    // Under Miri (scripts/miri.sh) the smallest graph only: the others' thousands (K4's
    // 10,338, about 55 s of Miri's clock) to hundreds of thousands of updates walk the same
    // code at many times the cost.
    if !cfg!(miri) {
        cases.push((graph("K4"), 24, 127, 10338));
        cases.push((graph("W5"), 120, 1731, 275_083));
        cases.push((word_squares(&words), 69, 493, 160_578));
    }
    for (p, solutions, nodes, updates) in cases {
        let (found, c) = run_all(p.matrix());
        assert_eq!(found.len() as u64, solutions);
        assert_eq!((c.solutions, c.nodes, c.updates), (solutions, nodes, updates), "{p:?}");
    }
}

#[cfg_attr(not(target_arch = "wasm32"), test)]
#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
#[cfg_attr(
    miri,
    ignore = "Miri: the lines of the engine it runs, random_coloured_problems_match_the_links_engine, options_of_one_width_are_walked_as_by_spacers run there (docs/testing.md, Miri)"
)]
fn small_coloured_problems_match_brute_force() {
    let mut rng = Rng(0xc01_0e5);
    // Under Miri (scripts/miri.sh) 4 rounds, not 40: the oracle tries every subset of up to
    // 12 options, many times the engine's work there (8 rounds took about 23 s of its clock).
    for round in 0..if cfg!(miri) { 4 } else { rounds(2000) } {
        let (m, options) = random_coloured(&mut rng);
        let (found, c) = run_all(&m);
        let expected = sorted(brute_force_coloured(m.primary(), m.items(), &options));
        assert_eq!(found.len(), expected.len(), "round {round}: each solution once");
        assert_eq!(sorted(found), expected, "round {round}: {options:?}");
        assert_eq!(c.solutions, expected.len() as u64);
    }
}

/// A random problem with colours larger than `random_coloured`'s: `primary` primary items,
/// up to 5 secondary ones, `options` options of up to `spread` + 1 items, each secondary item
/// given colour 1, 2 or 3, or none; with `width`, every option has that many items.
fn random_coloured_wide(rng: &mut Rng, primary: usize, options: usize, spread: u64, width: Option<usize>) -> Matrix {
    let secondary = 1 + rng.below(5) as usize;
    let mut m = Matrix::new(primary, secondary);
    for _ in 0..options {
        let mut all: Vec<usize> = (0..primary + secondary).collect();
        for k in (1..all.len()).rev() {
            all.swap(k, rng.below(k as u64 + 1) as usize);
        }
        all.truncate(width.unwrap_or_else(|| 1 + rng.below(spread) as usize));
        if !all.iter().any(|&i| i < primary) {
            // (None of them primary, so this one is not there yet.)
            all[0] = rng.below(primary as u64) as usize;
        }
        let colours: Vec<u32> = all
            .iter()
            .map(|&i| if i < primary { 0 } else { rng.below(4) as u32 })
            .collect();
        m.add_coloured_option(&all, &colours).unwrap();
    }
    m
}

#[cfg_attr(not(target_arch = "wasm32"), test)]
#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
fn random_coloured_problems_match_the_links_engine() {
    let mut rng = Rng(0xc0_1075);
    // Under Miri (scripts/miri.sh) 4 matrices of 12 options, not 6 of 16: every engine line
    // the 6 ran still runs (docs/testing.md, Miri), 20.0 -> 9.2 s of Miri's clock.
    let (primary, options) = if cfg!(miri) { (7, 12) } else { (14, 45) };
    for round in 0..if cfg!(miri) { 4 } else { rounds(300) } {
        let mut m = random_coloured_wide(&mut rng, primary, options, 5, None);
        let (found, c) = run_all(&m);
        assert_eq!(sorted(found), sorted(m.solutions(usize::MAX)), "round {round}");
        let mut limited = Cells::new(&m);
        assert_eq!(limited.count(2), c.solutions.min(2));
    }
}

/// With colours too, options of one width are walked by arithmetic as by spacers: the same
/// tree, node for node.
#[cfg_attr(not(target_arch = "wasm32"), test)]
#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
fn coloured_options_of_one_width_are_walked_as_by_spacers() {
    let mut rng = Rng(0x0c01_de55);
    for round in 0..rounds(200) {
        let width = 2 + rng.below(5) as usize;
        let primary = width + rng.below(8) as usize;
        let m = random_coloured_wide(&mut rng, primary, if cfg!(miri) { 16 } else { 40 }, 0, Some(width));
        let mut fast = Cells::new(&m);
        assert!(m.options() == 0 || fast.dance.width() == width as u32);
        let mut slow = Cells::new(&m);
        slow.dance = slow.dance.by_spacers();
        let (a, b) = (fast.solutions(usize::MAX), slow.solutions(usize::MAX));
        assert_eq!(a, b, "round {round}");
        assert_eq!(fast.counters(), slow.counters(), "round {round}");
    }
}

/// Paused at node limits, a search with colours goes on where it stopped: its stack of
/// forced moves is kept with the rest.
#[cfg_attr(not(target_arch = "wasm32"), test)]
#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
#[cfg_attr(
    miri,
    ignore = "Miri: the lines of the engine it runs, random_coloured_problems_match_the_links_engine, coloured_options_of_one_width_are_walked_as_by_spacers, a_coloured_search_in_pieces_finds_each_solution_once_in_any_order run there (docs/testing.md, Miri)"
)]
fn a_coloured_search_paused_at_node_limits_goes_on_where_it_stopped() {
    // Under Miri (scripts/miri.sh) the path P6 (48 nodes, 23 pauses), not K4 (127 nodes):
    // K4 searched twice was the longest test there (about 80 s of Miri's clock, measured by
    // its instruction count), for the same forced moves, purifications and pauses.
    let p = graceful(Graph::parse(if cfg!(miri) { "P6" } else { "K4" }).unwrap());
    let (straight, counters) = run_all(p.matrix());
    let mut c = Cells::new(p.matrix());
    let (mut found, mut pauses) = (Vec::new(), 0);
    loop {
        let limit = c.counters().nodes + 2;
        match c.run(limit) {
            Status::Running => pauses += 1,
            Status::Solution => found.push(c.solution().collect::<Vec<_>>()),
            Status::Done => break,
        }
    }
    assert!(pauses > 10);
    assert_eq!(found, straight, "the same solutions in the same order");
    assert_eq!(c.counters(), counters);
}

/// Options committed in a matrix with colours are out of the search, the items they
/// purified too (the options kept agree with their colours): the links engine's solutions.
#[cfg_attr(not(target_arch = "wasm32"), test)]
#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
#[cfg_attr(
    miri,
    ignore = "Miri: the lines of the engine it runs, random_coloured_problems_match_the_links_engine, options_of_one_width_are_walked_as_by_spacers run there (docs/testing.md, Miri)"
)]
fn a_coloured_matrix_s_commits_are_kept() {
    let mut rng = Rng(0xc0_c0c0);
    let (primary, options) = if cfg!(miri) { (6, 14) } else { (10, 30) };
    let mut purified = 0;
    for round in 0..rounds(300) {
        let mut m = random_coloured_wide(&mut rng, primary, options, 4, None);
        for _ in 0..1 + rng.below(2) {
            let _ = m.commit(rng.below(m.options() as u64) as usize);
        }
        purified += usize::from((m.primary()..m.items()).any(|i| m.item_colour(i) != 0));
        let mut c = Cells::new(&m);
        let found = sorted(c.solutions(usize::MAX));
        assert_eq!(found, sorted(m.solutions(usize::MAX)), "round {round}");
    }
    assert!(purified > rounds(300) / 10, "{purified} rounds with an item purified");
}

/// With colours, a tree searched in pieces holds every solution once, the links engine's,
/// and the pieces are the same in any order.
#[cfg_attr(not(target_arch = "wasm32"), test)]
#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
fn a_coloured_search_in_pieces_finds_each_solution_once_in_any_order() {
    let mut rng = Rng(0x0c01_9a7c);
    let (primary, options, budgets) = if cfg!(miri) {
        (6, 14, &[1, 3][..])
    } else {
        (12, 40, &[1, 2, 3, 7][..])
    };
    let mut matrices: Vec<Matrix> = (0..rounds(100))
        .map(|_| random_coloured_wide(&mut rng, primary, options, 4, None))
        .collect();
    matrices.extend((0..rounds(100)).map(|_| random_coloured(&mut rng).0));
    if !cfg!(miri) {
        matrices.push(graceful(Graph::parse("K4").unwrap()).matrix().clone());
    }
    for (round, mut m) in matrices.into_iter().enumerate() {
        let start = Cells::new(&m);
        let whole = sorted(start.clone().solutions(usize::MAX));
        assert_eq!(whole, sorted(m.solutions(usize::MAX)), "round {round}");
        for &budget in budgets {
            let pieces = search_in_pieces(&start, budget, true);
            assert_eq!(pieces.solutions, whole, "round {round}, budget {budget}");
            assert!((pieces.done - 1.0).abs() < 1e-9, "round {round}: {} done", pieces.done);
            let other = search_in_pieces(&start, budget, false);
            assert_eq!(
                (other.solutions, other.counters, other.pieces),
                (pieces.solutions, pieces.counters, pieces.pieces),
                "round {round}, budget {budget}: pieces taken first in, first out"
            );
        }
    }
}
