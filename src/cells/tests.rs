//! The cells engine against SSXC1's own counts, the brute-force oracle and the links engine.

use super::*;
use crate::dlx1::examples;
use crate::exact_cover::tests::{brute_force, random_options, rounds, sorted, Rng};
use crate::exact_cover::{knuth_example, Matrix};

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
    let cases = [
        (examples::queens(8), 92, 890, 18412),
        (examples::langford(7), 52, 459, 7690),
        (examples::pentomino_set(3, 5, "LNV"), 4, 13, 1474),
    ];
    for (p, solutions, nodes, updates) in cases {
        let (found, c) = run_all(p.matrix());
        assert_eq!(found.len() as u64, solutions);
        assert_eq!((c.solutions, c.nodes, c.updates), (solutions, nodes, updates), "{p:?}");
    }
}

#[cfg_attr(not(target_arch = "wasm32"), test)]
#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
fn small_random_problems_match_brute_force() {
    let mut rng = Rng(0x5eed_ce11);
    for round in 0..rounds(2000) {
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

#[cfg_attr(not(target_arch = "wasm32"), test)]
#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
fn a_search_paused_at_node_limits_goes_on_where_it_stopped() {
    let p = examples::queens(6);
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
        for _ in 0..rng.below(40) {
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
        let mut slow = Cells {
            dance: Cells::new(&m).dance.by_spacers(),
            solutions: 0,
        };
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
fn a_matrix_s_commits_are_kept() {
    let mut rng = Rng(0xc0_3317);
    for round in 0..rounds(300) {
        let (mut m, options) = random_options(&mut rng, 12, 4, 30, 4);
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
