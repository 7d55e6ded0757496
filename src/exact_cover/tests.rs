use super::*;

/// Knuth's example from "Dancing Links" (2000): items a..g, six options.
pub(crate) fn knuth() -> Matrix {
    knuth_example()
}

/// `n` rounds of a randomised test, or a fiftieth of them under Miri, which interprets every
/// access and runs these tests about a thousand times slower (`scripts/miri.sh`), or a fifth
/// in a debug wasm32 build (the wasm-node stage), which checks the 32-bit target, not more cases.
pub(crate) fn rounds(n: usize) -> usize {
    if cfg!(target_arch = "wasm32") {
        return rounds_or(n / 5, (n / 50).max(1));
    }
    rounds_or(n, (n / 50).max(1))
}

/// `n` rounds, or `miri` rounds under Miri.
fn rounds_or(n: usize, miri: usize) -> usize {
    if cfg!(miri) {
        miri
    } else {
        n
    }
}

/// A tiny deterministic generator (xorshift64*), so the random tests are repeatable.
pub(crate) struct Rng(pub u64);
impl Rng {
    pub fn below(&mut self, n: u64) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        (self.0.wrapping_mul(0x2545_f491_4f6c_dd1d) >> 33) % n
    }
}

/// A random matrix with 1..=`primary` primary items, 0..=`secondary` secondary items and up to
/// `options` options, each item in an option with chance 1 in `spread`, and the options as
/// given (each with a primary item, shuffled so that node order differs from item order).
pub(crate) fn random_options(
    rng: &mut Rng,
    primary: u64,
    secondary: u64,
    options: u64,
    spread: u64,
) -> (Matrix, Vec<Vec<usize>>) {
    let primary = 1 + rng.below(primary) as usize;
    let secondary = rng.below(secondary + 1) as usize;
    let items = primary + secondary;
    let mut m = Matrix::new(primary, secondary);
    let mut all = Vec::new();
    for _ in 0..rng.below(options + 1) {
        let mut option: Vec<usize> = (0..items).filter(|_| rng.below(spread) == 0).collect();
        if !option.iter().any(|&i| i < primary) {
            option.push(rng.below(primary as u64) as usize);
        }
        for k in (1..option.len()).rev() {
            option.swap(k, rng.below(k as u64 + 1) as usize);
        }
        m.add_option(&option).unwrap();
        all.push(option);
    }
    (m, all)
}

/// A random matrix with 1..=7 primary items, 0..=2 secondary items and up to 12 options.
fn random_matrix(rng: &mut Rng) -> (Matrix, Vec<Vec<usize>>) {
    let (mut m, options) = random_options(rng, 7, 2, 12, 3);
    // Half of them keep length buckets, as large matrices such as Sudoku's do.
    if rng.below(2) == 0 {
        m = m.with_keys();
    }
    (m, options)
}

/// Every exact cover, by trying every subset of options whose options share no item (a
/// subset with two that share one covers that item twice, and so does every subset around
/// it: those are not tried one by one), each option an item bit mask. It tried all 2^n
/// subsets, each option's items counted in an array: under Miri that oracle, not the
/// engine, took most of the time of the tests that use it (several minutes of the lane).
pub(crate) fn brute_force(primary: usize, items: usize, options: &[Vec<usize>]) -> Vec<Vec<usize>> {
    assert!(items <= 32, "the oracle's masks hold 32 items");
    // An option that names an item twice is in no cover: no mask.
    let masks: Vec<Option<u32>> = options
        .iter()
        .map(|o| o.iter().try_fold(0u32, |m, &i| (m >> i & 1 == 0).then_some(m | 1 << i)))
        .collect();
    let primaries = if primary == 32 { u32::MAX } else { (1u32 << primary) - 1 };
    fn subsets(
        k: usize,
        used: u32,
        primaries: u32,
        masks: &[Option<u32>],
        chosen: &mut Vec<usize>,
        out: &mut Vec<Vec<usize>>,
    ) {
        if k == masks.len() {
            if used & primaries == primaries {
                out.push(chosen.clone());
            }
            return;
        }
        if let Some(m) = masks[k].filter(|m| m & used == 0) {
            chosen.push(k);
            subsets(k + 1, used | m, primaries, masks, chosen, out);
            chosen.pop();
        }
        subsets(k + 1, used, primaries, masks, chosen, out);
    }
    let mut out = Vec::new();
    subsets(0, 0, primaries, &masks, &mut Vec::new(), &mut out);
    out
}

pub(crate) fn sorted(mut solutions: Vec<Vec<usize>>) -> Vec<Vec<usize>> {
    for s in &mut solutions {
        s.sort();
    }
    solutions.sort();
    solutions
}

#[cfg_attr(not(target_arch = "wasm32"), test)]
#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
fn knuths_example_has_its_one_solution() {
    let mut m = knuth();
    assert_eq!(m.solutions(usize::MAX), vec![vec![3, 0, 4]]);
}

#[cfg_attr(not(target_arch = "wasm32"), test)]
#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
fn knuths_example_events_match_the_hand_worked_sequence() {
    use Event::*;
    let mut events = Vec::new();
    let mut search = Search::new(knuth());
    while search.step(&mut events) != Status::Done {}
    #[rustfmt::skip]
    let expected = vec![
        Choose { item: 0, len: 2 }, Cover { item: 0 }, Try { option: 1, level: 0 },
        Cover { item: 3 }, Cover { item: 6 },
        Choose { item: 1, len: 1 }, Cover { item: 1 }, Try { option: 2, level: 1 },
        Cover { item: 2 }, Cover { item: 5 },
        DeadEnd { item: 4 },
        Uncover { item: 5 }, Uncover { item: 2 }, Untry { option: 2, level: 1 }, Uncover { item: 1 },
        Uncover { item: 6 }, Uncover { item: 3 }, Untry { option: 1, level: 0 },
        Try { option: 3, level: 0 }, Cover { item: 3 },
        Choose { item: 4, len: 1 }, Cover { item: 4 }, Try { option: 0, level: 1 },
        Cover { item: 5 }, Cover { item: 2 },
        Choose { item: 1, len: 1 }, Cover { item: 1 }, Try { option: 4, level: 2 }, Cover { item: 6 },
        Solution,
        Uncover { item: 6 }, Untry { option: 4, level: 2 }, Uncover { item: 1 },
        Uncover { item: 2 }, Uncover { item: 5 }, Untry { option: 0, level: 1 }, Uncover { item: 4 },
        Uncover { item: 3 }, Untry { option: 3, level: 0 }, Uncover { item: 0 },
        Done,
    ];
    assert_eq!(events, expected);
    let c = search.counters();
    assert_eq!((c.events, c.nodes, c.solutions, c.dead_ends), (41, 5, 1, 1));
    // Updates counted by hand: cover a 3, d 2, g 1, b 2, c 2, f 0; d 2, e 2, f 2, c 0, b 1, g 0.
    assert_eq!(c.updates, 17);
    assert_eq!(
        search.step(&mut events),
        Status::Done,
        "a finished search stays finished"
    );
    assert_eq!(events.len(), 41);
}

#[cfg_attr(not(target_arch = "wasm32"), test)]
#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
#[cfg_attr(
    miri,
    ignore = "Miri: the lines of the engine it runs, restart_lists_what_the_commits_leave, the_share_done_only_grows_and_ends_whole run there (docs/testing.md, Miri)"
)]
fn the_matrix_is_restored_after_a_full_search() {
    let mut rng = Rng(7);
    for _ in 0..rounds(500) {
        let (m, _) = random_matrix(&mut rng);
        let before = m.clone();
        let mut search = Search::new(m);
        while search.step(&mut Nothing) != Status::Done {}
        assert_eq!(search.matrix().sanity(), Ok(()));
        assert_eq!(search.matrix(), &before);
    }
}

#[cfg_attr(not(target_arch = "wasm32"), test)]
#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
fn unwinding_mid_search_restores_the_matrix() {
    let mut rng = Rng(11);
    for round in 0..rounds(500) {
        let (m, _) = random_matrix(&mut rng);
        let before = m.clone();
        let mut search = Search::new(m);
        for _ in 0..rng.below(40) {
            search.step(&mut Stepwise);
        }
        let after = search.into_matrix();
        assert_eq!(after.sanity(), Ok(()), "round {round}");
        assert_eq!(after, before, "round {round}");
    }
}

#[cfg_attr(not(target_arch = "wasm32"), test)]
#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
#[cfg_attr(
    miri,
    ignore = "Miri: the lines of the engine it runs, restart_lists_what_the_commits_leave run there (docs/testing.md, Miri)"
)]
fn agrees_with_brute_force_on_random_matrices() {
    let mut rng = Rng(2026);
    let mut nonempty = 0;
    // Under Miri the brute-force oracle, not the engine, takes the time: 10 rounds there.
    for round in 0..rounds_or(5000, 10) {
        let (mut m, options) = random_matrix(&mut rng);
        let expect = brute_force(m.primary(), m.items(), &options);
        nonempty += usize::from(!expect.is_empty());
        let got = m.solutions(usize::MAX);
        for s in &got {
            assert_eq!(s.len(), {
                let mut t = s.clone();
                t.dedup();
                t.len()
            });
        }
        assert_eq!(
            sorted(got),
            sorted(expect.clone()),
            "round {round}: options {options:?}"
        );
    }
    assert!(
        nonempty > rounds_or(500, 1),
        "the generator should make many solvable matrices, made {nonempty}"
    );
}

#[cfg_attr(not(target_arch = "wasm32"), test)]
#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
#[cfg_attr(
    miri,
    ignore = "Miri: the lines of the engine it runs, stepping_back_through_colours_retraces_every_step_exactly, a_search_split_into_pieces_finds_the_same_solutions_and_counts_the_same_work, the_search_says_when_it_is_at_the_start_and_when_a_level_ended run there (docs/testing.md, Miri)"
)]
fn stepping_back_retraces_every_step_exactly() {
    let mut rng = Rng(99);
    // Under Miri (scripts/miri.sh) 4 matrices and 50 moves back and forth on each, not 8 and
    // 200: every state is cloned and compared whole (7.8 s of Miri's clock so).
    let (matrices, moves) = if cfg!(miri) { (4, 50) } else { (rounds(400), 200) };
    for round in 0..matrices {
        let (m, _) = random_matrix(&mut rng);
        let mut search = Search::new(m);
        let mut states = vec![search.clone()];
        let mut events = Vec::new();
        while !search.is_done() {
            search.step(&mut events);
            states.push(search.clone());
        }
        assert_eq!(events.len() as u64, search.counters().events);
        // Back to the start, checking each state and each undone event on the way.
        for k in (0..events.len()).rev() {
            let mut undone = Vec::new();
            let e = search.step_back(&mut undone);
            assert_eq!(e, Some(events[k]), "round {round}, event {k}");
            assert_eq!(undone, vec![events[k]]);
            same_state(&search, &states[k], round, k);
        }
        assert_eq!(search.step_back(&mut Stepwise), None, "nothing before the start");
        // Unwatched, the search runs from solution to solution and counts the same events.
        let mut unwatched = Search::new(search.matrix().clone());
        let mut solutions = 0;
        while unwatched.step(&mut Nothing) != Status::Done {
            solutions += 1;
        }
        assert_eq!(unwatched.counters(), states.last().unwrap().counters(), "round {round}");
        assert_eq!(solutions, unwatched.counters().solutions);
        assert!(search.is_at_start());
        // Any mix of back and forth lands on the same states.
        let mut at = 0usize;
        for _ in 0..moves {
            if rng.below(2) == 0 && at < events.len() {
                search.step(&mut Stepwise);
                at += 1;
            } else if at > 0 {
                search.step_back(&mut Nothing);
                at -= 1;
            }
            same_state(&search, &states[at], round, at);
        }
    }
}

fn same_state(a: &Search, b: &Search, round: usize, k: usize) {
    assert_eq!(a.matrix(), b.matrix(), "round {round}, state {k}: matrix");
    assert_eq!(a.counters(), b.counters(), "round {round}, state {k}: counters");
    assert_eq!(
        a.solution().collect::<Vec<_>>(),
        b.solution().collect::<Vec<_>>(),
        "round {round}, state {k}"
    );
    assert_eq!(a.chosen(), b.chosen(), "round {round}, state {k}: chosen");
    assert_eq!(a.is_done(), b.is_done());
}

#[cfg_attr(not(target_arch = "wasm32"), test)]
#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
fn bad_options_are_refused() {
    let mut m = Matrix::new(2, 1);
    assert_eq!(
        m.add_option(&[0, 3]),
        Err(MatrixError::NoSuchItem { option: 0, item: 3 })
    );
    assert_eq!(
        m.add_option(&[1, 1]),
        Err(MatrixError::RepeatedItem { option: 0, item: 1 })
    );
    assert_eq!(m.add_option(&[2]), Err(MatrixError::NoPrimaryItem { option: 0 }));
    assert_eq!(m.add_option(&[0, 2]), Ok(0));
    assert_eq!(m.add_option(&[1, 2]), Ok(1));
    assert_eq!(m.sanity(), Ok(()));
    m.commit(0).unwrap();
    assert_eq!(m.commit(1), Err(MatrixError::Conflict { option: 1, item: 2 }));
    assert_eq!(m.commit(5), Err(MatrixError::NoSuchOption { option: 5 }));
    assert_eq!(
        m.add_option(&[1, 0]),
        Err(MatrixError::Conflict { option: 2, item: 0 }),
        "no option may join a committed item"
    );
    assert_eq!(m.sanity(), Ok(()));
    assert_eq!(
        m.to_owned().solutions(9),
        Vec::<Vec<usize>>::new(),
        "item 1 cannot be covered"
    );
}

#[cfg_attr(not(target_arch = "wasm32"), test)]
#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
fn secondary_items_are_covered_at_most_once() {
    // Two primary items, one secondary item shared by the only options that cover them.
    let mut m = Matrix::new(2, 1);
    m.add_option(&[0, 2]).unwrap();
    m.add_option(&[1, 2]).unwrap();
    m.add_option(&[1]).unwrap();
    assert_eq!(m.solutions(9), vec![vec![0, 2]]);
}

/// N-queens as exact cover (Knuth's example of secondary items): ranks and files
/// primary, diagonals secondary. Known counts for n = 1..=8.
#[cfg_attr(not(target_arch = "wasm32"), test)]
#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
#[cfg_attr(
    miri,
    ignore = "Miri: the lines of the engine it runs, uniform_options_agree_with_brute_force run there (docs/testing.md, Miri)"
)]
fn n_queens() {
    let known = [(1, 1), (2, 0), (3, 0), (4, 2), (5, 10), (6, 4), (7, 40), (8, 92)];
    // Under Miri (scripts/miri.sh) up to 5 queens, not 6 (the 6 queens took most of about
    // 20 s of its clock by the instruction count): the same options of width 4, with and
    // without buckets.
    for (n, expect) in known.into_iter().take(if cfg!(miri) { 5 } else { 8 }) {
        let mut m = Matrix::new(2 * n, 2 * (2 * n - 1));
        for r in 0..n {
            for c in 0..n {
                let (a, b) = (2 * n + r + c, 2 * n + (2 * n - 1) + (n - 1 + r - c));
                m.add_option(&[r, n + c, a, b]).unwrap();
            }
        }
        // 4n primary items at most: the choice reads the lengths, keeping no buckets.
        assert!(!m.narrow() && m.uniform(), "{n} queens");
        assert_eq!(
            m.clone().with_keys().solutions(usize::MAX).len(),
            expect,
            "{n} queens, buckets"
        );
        assert_eq!(m.solutions(usize::MAX).len(), expect, "{n} queens");
    }
    // Buckets pay from `FEW_PRIMARY` + 1 primary items on.
    assert!(!Matrix::new(FEW_PRIMARY as usize, 10).narrow());
    assert!(Matrix::new(FEW_PRIMARY as usize + 1, 0).narrow());
}

/// Items with `LONG` options or more share one key, so choices among them look at
/// their lengths: each must still be the fewest, leftmost on ties.
#[cfg_attr(not(target_arch = "wasm32"), test)]
#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
#[cfg_attr(
    miri,
    ignore = "Miri: the lines of the engine it runs, unwinding_mid_search_restores_the_matrix, stepping_back_through_colours_retraces_every_step_exactly run there (docs/testing.md, Miri)"
)]
fn long_items_are_chosen_by_length_too() {
    let long = LONG as usize;
    let matrix = |lens: &[usize]| {
        let mut m = Matrix::new(lens.len(), 0);
        for (k, &n) in lens.iter().enumerate() {
            for _ in 0..n {
                m.add_option(&[k]).unwrap();
            }
        }
        m
    };
    let first_choice = |m: Matrix| {
        let mut events = Vec::new();
        Search::new(m).step(&mut events);
        events
    };
    let choose = |item, len| vec![Event::Choose { item, len }];
    assert_eq!(first_choice(matrix(&[long + 5, long + 2, 9])), choose(2, 9));
    assert_eq!(
        first_choice(matrix(&[long + 5, long + 2, long + 3])),
        choose(1, long as u32 + 2)
    );
    assert_eq!(
        first_choice(matrix(&[long + 5, long + 2, long + 2])),
        choose(1, long as u32 + 2),
        "leftmost tie"
    );
    assert_eq!(first_choice(matrix(&[long, long + 2, long])), choose(0, long as u32));

    // A random matrix whose items start with hundreds of options each and lose them as
    // the search covers items, so its choices fall on both sides of `LONG`: check every
    // choice of the first 20,000 events by brute force.
    let mut rng = Rng(7);
    let mut m = Matrix::new(8, 0);
    for _ in 0..4 * long {
        let mut option: Vec<usize> = (0..8).filter(|_| rng.below(3) == 0).collect();
        if option.is_empty() {
            option.push(rng.below(8) as usize);
        }
        m.add_option(&option).unwrap();
    }
    let mut search = Search::new(m);
    let (mut long_choices, mut short_choices) = (0, 0);
    for _ in 0..rounds(20_000) {
        let mut events = Vec::new();
        let before = search.matrix().clone();
        search.step(&mut events);
        if let [Event::Choose { item, len }] = events[..] {
            let fewest = (0..8)
                .filter(|&i| !before.is_covered(i))
                .min_by_key(|&i| before.len(i))
                .unwrap();
            assert_eq!((item as usize, len as usize), (fewest, before.len(fewest)));
            if len >= LONG {
                long_choices += 1;
            } else {
                short_choices += 1;
            }
        }
    }
    assert!(
        long_choices > 0 && short_choices > rounds(100),
        "{long_choices} long, {short_choices} short"
    );
    assert_eq!(search.into_matrix().sanity(), Ok(()));
}

/// Matrices whose options all have the same number of items (1 to 9 here, as Sudoku's 4
/// and pentominoes' 6; from 5 on, a wide matrix walks an option's nodes by index, natively
/// with the count fixed for 5 to 8) must find what brute force finds, and leave the matrix
/// whole. Each width is searched with and without length buckets.
#[cfg_attr(not(target_arch = "wasm32"), test)]
#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
fn uniform_options_agree_with_brute_force() {
    let mut rng = Rng(44);
    let mut solvable = 0;
    for round in 0..rounds_or(2700, 18) {
        let width = 1 + round / 2 % 9;
        let (primary, secondary) = (width.max(4) + rng.below(5) as usize, rng.below(2) as usize);
        let items = primary + secondary;
        let mut m = Matrix::new(primary, secondary);
        let mut options = Vec::new();
        for _ in 0..rng.below(13) {
            let mut all: Vec<usize> = (0..items).collect();
            for k in (1..items).rev() {
                all.swap(k, rng.below(k as u64 + 1) as usize);
            }
            let mut option = all[..width].to_vec();
            if !option.iter().any(|&i| i < primary) {
                option[0] = rng.below(primary as u64) as usize;
                if option[1..].contains(&option[0]) {
                    continue;
                }
            }
            m.add_option(&option).unwrap();
            options.push(option);
        }
        assert_eq!(m.uniform(), !options.is_empty(), "every option has {width} items");
        // Both ways to choose: by length buckets (as Sudoku) and by the lengths (as queens).
        if round % 2 == 0 {
            m = m.with_keys();
            assert!(m.narrow());
        }
        let before = m.clone();
        let expect = brute_force(primary, items, &options);
        solvable += usize::from(!expect.is_empty());
        assert_eq!(
            sorted(m.solutions(usize::MAX)),
            sorted(expect),
            "round {round}: {options:?}"
        );
        assert_eq!(m, before, "round {round}");
    }
    assert!(solvable > rounds_or(20, 0), "only {solvable} solvable");
}

/// `sanity()` is the check behind every "the matrix is as it was" in these tests: it must
/// say no to each kind of broken list, not only yes to good ones.
#[cfg_attr(not(target_arch = "wasm32"), test)]
#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
fn sanity_finds_each_kind_of_broken_list() {
    let broken = |f: &dyn Fn(&mut Matrix)| {
        let mut m = knuth();
        assert_eq!(m.sanity(), Ok(()));
        f(&mut m);
        m.sanity().expect_err("a broken matrix passes sanity()")
    };
    let root = 7;
    // The item list: a prev link that disagrees, two items out of order, a miscount.
    assert!(broken(&|m| m.links.broken_parts().0[3] = 1).starts_with("item list: prev of 3"));
    assert!(broken(&|m| {
        let (prev, next, _) = m.links.broken_parts();
        let (a, b) = (next[root as usize], next[next[root as usize] as usize]);
        next[root as usize] = b;
        prev[b as usize] = root;
        next[b as usize] = a;
        prev[a as usize] = b;
        next[a as usize] = 2;
        prev[2] = a;
    })
    .contains("out of place"));
    // An uncovered primary item taken out of the item list (the search would take the
    // matrix as solved without it).
    assert!(broken(&|m| {
        let (prev, next, _) = m.links.broken_parts();
        let (a, b) = (prev[3], next[3]);
        next[a as usize] = b;
        prev[b as usize] = a;
    })
    .contains("primary items in the list"));
    // The vertical lists: a length that is not the length of its list.
    let e = broken(&|m| m.links.broken_parts().2[4] += 1);
    assert!(e.starts_with("item "), "{e}");
    // Item 3's list is nodes 13, 21 and 26 (options 1, 3 and 5): the last two swapped, with
    // every link agreeing, is out of order; a node that says it is item 4's, or whose up link
    // leads elsewhere, is found too.
    let swapped = broken(&|m| {
        m.links.break_node(3, |n| n.up = 21);
        m.links.break_node(13, |n| n.down = 26);
        m.links.break_node(26, |n| (n.up, n.down) = (13, 21));
        m.links.break_node(21, |n| (n.up, n.down) = (26, 3));
    });
    assert_eq!(swapped, "item 3: node 21 out of order after 26");
    assert_eq!(
        broken(&|m| m.links.break_node(21, |n| n.top = 4)),
        "item 3: node 21 belongs to item 4"
    );
    assert_eq!(
        broken(&|m| m.links.break_node(21, |n| n.up = 8)),
        "item 3: up of node 21 is not 13"
    );
}

/// Each refusal names the option and the item, in words a user of `cover` reads.
#[cfg_attr(not(target_arch = "wasm32"), test)]
#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
fn refusals_say_which_option_and_item() {
    let said = |e: MatrixError| e.to_string();
    assert_eq!(
        said(MatrixError::NoSuchItem { option: 3, item: 9 }),
        "option 3: there is no item 9"
    );
    assert_eq!(
        said(MatrixError::RepeatedItem { option: 1, item: 2 }),
        "option 1: item 2 appears twice"
    );
    assert_eq!(
        said(MatrixError::NoPrimaryItem { option: 4 }),
        "option 4 has no primary item"
    );
    assert_eq!(
        said(MatrixError::Conflict { option: 2, item: 0 }),
        "option 2: item 0 is already covered by an earlier option"
    );
    assert_eq!(said(MatrixError::NoSuchOption { option: 7 }), "there is no option 7");
}

/// The option of each node, as the page's dance view labels the links: headers and spacers
/// belong to none, and each option's nodes, read in order, are its items.
#[cfg_attr(not(target_arch = "wasm32"), test)]
#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
fn each_node_knows_its_option() {
    let m = knuth();
    let (owners, links): (&[u32], Vec<[u32; 4]>) = (m.node_options(), m.node_links().collect());
    assert_eq!(owners.len(), links.len());
    let mut items_of = vec![Vec::new(); KNUTH_EXAMPLE.len()];
    for (q, (&o, l)) in owners.iter().zip(&links).enumerate() {
        if q < 7 || l[2] == u32::MAX {
            assert_eq!(o, u32::MAX, "node {q} is a header or a spacer");
        } else {
            items_of[o as usize].push(l[2] as usize);
        }
    }
    let expect: Vec<Vec<usize>> = KNUTH_EXAMPLE.iter().map(|o| o.to_vec()).collect();
    assert_eq!(items_of, expect);
}

/// A narrow matrix keeps no item list while it searches (its covers touch only nodes and
/// keys): the list a viewer reads is its uncovered items in order, the one a wide matrix keeps,
/// and when an option too long for keys turns it wide, its list and lengths are brought up to
/// date from the keys, covered items out.
#[cfg_attr(not(target_arch = "wasm32"), test)]
#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
fn a_narrow_matrix_lists_its_uncovered_items_and_turns_wide_with_them() {
    let (mut narrow, mut wide) = (knuth().with_keys(), knuth());
    assert!(narrow.narrow() && !wide.narrow());
    for m in [&mut narrow, &mut wide] {
        m.commit(3).unwrap(); // {a d}: items 0 and 3
    }
    let list = |m: &Matrix| m.item_links().collect::<Vec<_>>();
    assert_eq!(list(&narrow), list(&wide));
    assert_eq!(narrow.sanity(), Ok(()));
    assert!(narrow.is_covered(3) && !narrow.is_covered(4) && !narrow.is_solved());
    // Sixteen more options on item b (more than `LONG`): the narrow one turns wide.
    for m in [&mut narrow, &mut wide] {
        for _ in 0..16 {
            m.add_option(&[1]).unwrap();
        }
    }
    assert!(!narrow.narrow());
    assert_eq!(narrow.sanity(), Ok(()));
    assert_eq!(list(&narrow), list(&wide));
    assert_eq!((narrow.len(1), narrow.is_covered(3)), (18, true));
    assert_eq!(narrow.solutions(usize::MAX), wide.solutions(usize::MAX));
}

/// A narrow search's item list, as the dance view draws it, is at every event, forwards and
/// backwards, the list a wide search of the same matrix keeps: covered items' links included
/// (their neighbours when they were covered), with a commit before the search or none.
#[cfg_attr(not(target_arch = "wasm32"), test)]
#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
fn a_narrow_search_lists_the_items_as_a_wide_one_keeps_them() {
    for commit in [None, Some(4)] {
        let (mut narrow, mut wide) = (knuth().with_keys(), knuth());
        if let Some(o) = commit {
            narrow.commit(o).unwrap();
            wide.commit(o).unwrap();
        }
        let (mut n, mut w) = (Search::new(narrow), Search::new(wide));
        assert!(n.matrix().narrow() && !w.matrix().narrow());
        let list = |s: &Search| s.item_links().collect::<Vec<_>>();
        let mut events = 0;
        loop {
            assert_eq!(list(&n), list(&w), "{commit:?}, after {events} events");
            let (mut a, mut b) = (Vec::new(), Vec::new());
            let done = n.step(&mut a) == Status::Done;
            w.step(&mut b);
            assert_eq!(a, b);
            events += 1;
            if done {
                break;
            }
        }
        assert!(events > 15, "{events} events");
        while let Some(e) = n.step_back(&mut Nothing) {
            assert_eq!(w.step_back(&mut Nothing), Some(e));
            assert_eq!(list(&n), list(&w), "{commit:?}, back over {e:?}");
        }
    }
}

/// The horizontal list of items, as the dance view draws it: in order behind the primary
/// root, the secondary root alone, and a committed option's items taken out.
#[cfg_attr(not(target_arch = "wasm32"), test)]
#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
fn the_item_list_links_the_uncovered_items_in_order() {
    let mut m = knuth();
    let links: Vec<(u32, u32)> = m.item_links().collect();
    let expect: Vec<(u32, u32)> = (0..7).map(|i| ((i + 7) % 8, i + 1)).chain([(6, 0), (8, 8)]).collect();
    assert_eq!(
        links, expect,
        "items 0..7, then the primary root 7 and the secondary root 8"
    );
    m.commit(3).unwrap(); // {a d}: items 0 and 3
    let links: Vec<(u32, u32)> = m.item_links().collect();
    let mut walk = vec![];
    let mut i = links[7].1;
    while i != 7 {
        assert_eq!(links[links[i as usize].1 as usize].0, i, "prev of next of {i}");
        walk.push(i);
        i = links[i as usize].1;
    }
    assert_eq!(walk, [1, 2, 4, 5, 6]);
}

/// The first choice of a search, as its event.
fn first_choice(m: Matrix) -> Vec<Event> {
    let mut events = Vec::new();
    Search::new(m).step(&mut events);
    events
}

/// With more than 64 primary items (narrow) the choice is the least key: the leftmost item of
/// least length, wherever it lies (first written for the length buckets the keys replaced,
/// whose words could hold the same bits), and so it stays at every step of a random search.
#[cfg_attr(not(target_arch = "wasm32"), test)]
#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
#[cfg_attr(
    miri,
    ignore = "Miri: the lines of the engine it runs, restart_lists_what_the_commits_leave, stepping_back_through_colours_retraces_every_step_exactly run there (docs/testing.md, Miri)"
)]
fn choices_across_many_bucket_words_are_the_leftmost_shortest() {
    // `short` items have one option, the others two.
    let matrix = |items: usize, short: &[usize]| {
        let mut m = Matrix::new(items, 0);
        for i in 0..items {
            for _ in 0..if short.contains(&i) { 1 } else { 2 } {
                m.add_option(&[i]).unwrap();
            }
        }
        m
    };
    let choose = |item, len| vec![Event::Choose { item, len }];
    assert_eq!(
        first_choice(matrix(128, &[0, 64])),
        choose(0, 1),
        "the same bit in two words"
    );
    assert_eq!(first_choice(matrix(192, &[64, 128])), choose(64, 1));
    assert_eq!(
        first_choice(matrix(130, &[129])),
        choose(129, 1),
        "in the last, partial word"
    );
    assert_eq!(
        first_choice(matrix(130, &[1, 129])),
        choose(1, 1),
        "the same bit in a full word and the last"
    );
    assert_eq!(first_choice(matrix(130, &[])), choose(0, 2));

    let mut rng = Rng(18);
    let n = 150;
    let mut m = Matrix::new(n, 0);
    for i in 0..n {
        m.add_option(&[i]).unwrap();
    }
    for _ in 0..3 * n {
        let mut option: Vec<usize> = (0..3).map(|_| rng.below(n as u64) as usize).collect();
        option.sort_unstable();
        option.dedup();
        m.add_option(&option).unwrap();
    }
    let mut search = Search::new(m);
    let mut choices = 0;
    for _ in 0..rounds(5_000) {
        let mut events = Vec::new();
        if search.step(&mut events) == Status::Done {
            break;
        }
        if let [Event::Choose { item, len }] = events[..] {
            // A choice changes nothing: the matrix is as the choice saw it (no copy of it
            // before each step: under Miri the copies took most of this test's time).
            let before = search.matrix();
            let fewest = (0..n)
                .filter(|&i| !before.is_covered(i))
                .min_by_key(|&i| before.len(i))
                .unwrap();
            assert_eq!((item as usize, len as usize), (fewest, before.len(fewest)));
            choices += 1;
        }
    }
    assert!(choices > rounds(50), "{choices} choices");
}

/// A narrow matrix's choice, the least key of the primary items (one pass of vector code),
/// is the leftmost item of the fewest options wherever it lies in the pass (two items in one
/// lane of two vectors, the tail past the last full vector), and never a covered item, however
/// few its options.
#[cfg_attr(not(target_arch = "wasm32"), test)]
#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
fn the_least_key_is_the_leftmost_of_the_fewest_and_never_a_covered_item() {
    // 100 primary items (six vectors of 16 keys and a tail of 4), each with two one-item
    // options, but one for the `short` ones; the first option of each of `covered` committed.
    let matrix = |short: &[usize], covered: &[usize]| {
        let mut m = Matrix::new(100, 0);
        let mut first = [0; 100];
        for (i, first) in first.iter_mut().enumerate() {
            *first = m.options();
            for _ in 0..if short.contains(&i) { 1 } else { 2 } {
                m.add_option(&[i]).unwrap();
            }
        }
        assert!(m.narrow());
        for &i in covered {
            m.commit(first[i]).unwrap();
        }
        m
    };
    let choose = |item, len| vec![Event::Choose { item, len }];
    assert_eq!(first_choice(matrix(&[], &[])), choose(0, 2));
    assert_eq!(
        first_choice(matrix(&[90, 70], &[])),
        choose(70, 1),
        "a tie: the leftmost"
    );
    assert_eq!(
        first_choice(matrix(&[33, 17], &[])),
        choose(17, 1),
        "one lane of two vectors"
    );
    assert_eq!(first_choice(matrix(&[99], &[])), choose(99, 1), "in the tail");
    assert_eq!(first_choice(matrix(&[98, 3], &[])), choose(3, 1));
    // Item 10 is covered with its one option still in its list.
    assert_eq!(
        first_choice(matrix(&[10, 70], &[10])),
        choose(70, 1),
        "covered: never chosen"
    );
    assert_eq!(
        first_choice(matrix(&[], &[0, 1, 99])),
        choose(2, 2),
        "covered: never chosen"
    );
    // Every primary item covered but one, the last.
    let all_but_last: Vec<usize> = (0..99).collect();
    assert_eq!(first_choice(matrix(&all_but_last, &all_but_last)), choose(99, 2));
}

/// The choice's work (keys and lengths examined): a narrow matrix's choice examines every
/// primary item's key.
#[cfg_attr(not(target_arch = "wasm32"), test)]
#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
#[cfg_attr(
    miri,
    ignore = "Miri: the lines of the engine it runs, a_search_split_into_pieces_finds_the_same_solutions_and_counts_the_same_work, lengths_too_long_for_the_one_pass_choice_go_to_the_list_scan, the_share_done_only_grows_and_ends_whole run there (docs/testing.md, Miri)"
)]
fn the_choice_work_counts_the_keys_and_lengths_looked_at() {
    // Knuth's example with keys (a matrix of 64 primary items or fewer keeps none unless
    // asked): the 7 primary items' keys at each of the 5 choices.
    let mut search = Search::new(knuth().with_keys());
    while search.step(&mut Nothing) != Status::Done {}
    assert_eq!(search.counters().choice_work, 7 * 5);
    // Without buckets: natively, one pass over the 7 primary items' lengths at each of the 5
    // choices; in WebAssembly, a scan of the item list that stops at an empty item: all 7
    // items, then b c e f (after a, d, g), e alone (empty), b c e f g (after a, d), b g
    // (after a, d, e, f, c).
    let mut search = Search::new(knuth());
    while search.step(&mut Nothing) != Status::Done {}
    let work = if cfg!(target_arch = "wasm32") {
        7 + 4 + 1 + 5 + 2
    } else {
        7 * 5
    };
    assert_eq!(search.counters().choice_work, work);
    // Past `SCAN_PRIMARY` primary items, a wide matrix scans its item list, which stops at an
    // empty item: 300 items of one option each, item 0 with 16 more (too long for buckets).
    // Items 1..300 are chosen in turn, each while 300, 299, … 2 items are left, then item 0.
    let mut m = Matrix::new(SCAN_PRIMARY as usize + 44, 0);
    for i in 0..m.primary() {
        m.add_option(&[i]).unwrap();
    }
    for _ in 0..16 {
        m.add_option(&[0]).unwrap();
    }
    assert!(!m.narrow());
    let mut search = Search::new(m);
    assert_eq!(search.step(&mut Nothing), Status::Solution);
    assert_eq!(search.counters().choice_work, (1..=300).sum::<u64>());
    assert_eq!(search.chosen().first(), Some(&1));
    // 130 items of two one-item options each: on the way to the first solution each item is
    // chosen once, looking at all 130 keys.
    let mut m = Matrix::new(130, 0);
    for i in 0..130 {
        m.add_option(&[i]).unwrap();
        m.add_option(&[i]).unwrap();
    }
    let mut search = Search::new(m);
    assert_eq!(search.step(&mut Nothing), Status::Solution);
    assert_eq!(search.counters().choice_work, 130 * 130);
}

/// A wide matrix's one-pass choice packs a length and an item into one word; a length too
/// long for it (2^24 − 1 and up; only a matrix of some 16 million options has one) is left
/// to the item list's scan, which gets it right.
#[cfg_attr(not(target_arch = "wasm32"), test)]
#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
fn lengths_too_long_for_the_one_pass_choice_go_to_the_list_scan() {
    let mut m = Matrix::new(3, 0);
    m.add_option(&[0, 1, 2]).unwrap();
    assert_eq!(
        m.choose(),
        (0, 1, 3),
        "leftmost on a tie; 3 lengths examined either way"
    );
    m.cover(2);
    // Only the choice reads the lengths: set them past the key's room (the lists disagree).
    m.links.broken_parts().2[0] = (1 << 24) + 5;
    m.links.broken_parts().2[1] = (1 << 24) + 3;
    // Natively the pass looked at the 3 lengths first.
    let work = if cfg!(target_arch = "wasm32") { 2 } else { 3 + 2 };
    assert_eq!(m.choose(), (1, (1 << 24) + 3, work), "the list scan: 2 items examined");
    m.links.broken_parts().2[0] = (1 << 24) - 2;
    let work = if cfg!(target_arch = "wasm32") { 2 } else { 3 };
    assert_eq!(
        m.choose(),
        (0, (1 << 24) - 2, work),
        "the longest length the pass takes"
    );
}

/// A wide matrix's choice is the leftmost uncovered primary item of least length. Its work
/// is the lengths it examined: natively, up to `SCAN_PRIMARY` primary items, one pass over
/// all of them; else (and in WebAssembly) a scan of the item list, DLX1's: the uncovered
/// primary items up to the first empty one, or all of them. Random wide matrices on both
/// sides of `SCAN_PRIMARY`.
#[cfg_attr(not(target_arch = "wasm32"), test)]
#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
#[cfg_attr(
    miri,
    ignore = "Miri: the lines of the engine it runs, the_search_says_when_it_is_at_the_start_and_when_a_level_ended, lengths_too_long_for_the_one_pass_choice_go_to_the_list_scan, stepping_back_through_colours_retraces_every_step_exactly run there (docs/testing.md, Miri)"
)]
fn wide_choices_are_the_leftmost_shortest_with_dlx1s_work() {
    let big = SCAN_PRIMARY as usize + 20;
    for (n, secondary, seed) in [(12, 4, 1u64), (SCAN_PRIMARY as usize, 1, 4), (big, 8, 3)] {
        let mut rng = Rng(seed);
        let mut m = Matrix::new(n, secondary);
        // More than `LONG` options on the last (secondary) item keep the matrix wide,
        // whatever its size; at most one of them can be in a solution.
        for k in 0..=LONG as usize {
            m.add_option(&[k * 7 % n, n + secondary - 1]).unwrap();
        }
        // Every item starts with an option, which a cover may take away: dead ends.
        for i in 1..n {
            let mut option = vec![i, rng.below((n + secondary) as u64) as usize];
            option.dedup();
            m.add_option(&option).unwrap();
        }
        for _ in 0..n {
            let mut option = vec![rng.below(n as u64) as usize];
            for _ in 0..rng.below(4) {
                option.push(rng.below((n + secondary) as u64) as usize);
            }
            option.sort_unstable();
            option.dedup();
            m.add_option(&option).unwrap();
        }
        assert!(!m.narrow());
        let mut search = Search::new(m);
        let (mut choices, mut dead_ends) = (0, 0);
        for _ in 0..rounds(40_000) {
            let work = search.counters().choice_work;
            let mut events = Vec::new();
            if search.step(&mut events) == Status::Done {
                break;
            }
            let chosen = match events[..] {
                [Event::Choose { item, len }] => Some((item, len)),
                [Event::DeadEnd { item }] => Some((item, 0)),
                _ => None,
            };
            // Under Miri (scripts/miri.sh) the oracle below, safe code, looks at every dead
            // end and every 4th choice (the engine still takes all 800 steps of each
            // search): checking all of them made this the longest of Miri's tests (about
            // 115 s of its clock by the instruction count).
            let check = !cfg!(miri) || matches!(chosen, Some((_, 0))) || choices % 4 == 0;
            if let (Some((item, len)), true) = (chosen, check) {
                // A choice changes nothing: the matrix is as the choice saw it.
                let before = search.matrix();
                let open: Vec<usize> = (0..n).filter(|&i| !before.is_covered(i)).collect();
                let fewest = *open.iter().min_by_key(|&&i| before.len(i)).unwrap();
                assert_eq!((item as usize, len as usize), (fewest, before.len(fewest)), "{n} items");
                let scanned = open
                    .iter()
                    .position(|&i| before.len(i) == 0)
                    .map_or(open.len(), |k| k + 1);
                let pass = cfg!(not(target_arch = "wasm32")) && n <= SCAN_PRIMARY as usize;
                let expected = if pass { n } else { scanned };
                assert_eq!(search.counters().choice_work - work, expected as u64, "{n} items");
            }
            if let Some((_, len)) = chosen {
                choices += 1;
                dead_ends += usize::from(len == 0);
            }
        }
        assert!(
            choices > rounds(200) && dead_ends > rounds(25) / 2,
            "{n} items: {choices} choices, {dead_ends} dead ends"
        );
    }
}

/// `Links::cover` and `uncover` are safe functions: called out of the search's nesting (an
/// item covered twice, uncovers out of order, the wrong `WIDTH`), they may leave wrong
/// lists but never read or write outside the arrays. Each sequence here once walked past an
/// item's header and hid the header as an option node, far out of bounds (unchecked in
/// release builds). A debug build, as here, checks every index (Miri: asserts it) and every
/// offset's arithmetic, and asserts that a length was its list's after each loop: only that
/// last panic is allowed. (Native and Miri only: a panic on wasm32 aborts.)
#[test]
fn misused_covers_stay_in_bounds() {
    use std::panic::{catch_unwind, AssertUnwindSafe};
    type Step = fn(&mut Links);
    let sequences: [&[Step]; 3] = [
        &[|l| _ = l.cover::<false, 4>(0), |l| _ = l.uncover::<false, ANY_WIDTH>(0)],
        &[
            |l| _ = l.cover::<false, ANY_WIDTH>(0),
            |l| _ = l.cover::<false, ANY_WIDTH>(0),
        ],
        &[
            |l| _ = l.cover::<false, ANY_WIDTH>(1),
            |l| _ = l.cover::<false, ANY_WIDTH>(2),
            |l| _ = l.uncover::<false, ANY_WIDTH>(1),
            |l| _ = l.cover::<false, ANY_WIDTH>(0),
            |l| _ = l.uncover::<false, ANY_WIDTH>(0),
        ],
    ];
    for options in [[[0, 1], [0, 2]], [[1, 0], [2, 0]]] {
        for steps in sequences {
            let mut m = Matrix::new(4, 0);
            for option in options {
                m.add_option(&option).unwrap();
            }
            let run = catch_unwind(AssertUnwindSafe(|| steps.iter().for_each(|step| step(&mut m.links))));
            if let Err(panic) = run {
                let message = panic
                    .downcast_ref::<String>()
                    .cloned()
                    .or_else(|| panic.downcast_ref::<&str>().map(|s| s.to_string()))
                    .unwrap_or_default();
                assert!(message.contains("length is not its list's"), "{options:?}: {message}");
            }
        }
    }
}

/// Two searches' counters add up field by field (the 9×9 engine sums its restarts' so).
#[cfg_attr(not(target_arch = "wasm32"), test)]
#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
fn counters_add_field_by_field() {
    let a = Counters {
        events: 1,
        nodes: 2,
        updates: 3,
        solutions: 4,
        dead_ends: 5,
        choice_work: 6,
        cleansings: 7,
    };
    let b = Counters {
        events: 10,
        nodes: 20,
        updates: 30,
        solutions: 40,
        dead_ends: 50,
        choice_work: 60,
        cleansings: 70,
    };
    let sum = Counters {
        events: 11,
        nodes: 22,
        updates: 33,
        solutions: 44,
        dead_ends: 55,
        choice_work: 66,
        cleansings: 77,
    };
    assert_eq!(a + b, sum);
    assert_eq!(a + Counters::default(), a);
}

/// The search walks the options of one width by index (4 wide with its own copy, five and
/// more in a matrix without buckets) and follows the links for mixed widths, for options of
/// three items or fewer and for narrow matrices whose options are not four wide. Either walk finds the same solutions (the
/// brute-force tests check both): this pins the choice, which only speed shows.
#[cfg_attr(not(target_arch = "wasm32"), test)]
#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
fn the_width_class_picks_the_index_walk_for_options_of_one_width() {
    let matrix = |primary: usize, widths: &[usize]| {
        let mut m = Matrix::new(primary, 0);
        for (k, &w) in widths.iter().enumerate() {
            m.add_option(&(0..w).map(|i| (k + i) % primary).collect::<Vec<_>>())
                .unwrap();
        }
        m
    };
    // 70 primary items: narrow (buckets); 10: not.
    assert_eq!(matrix(70, &[4, 4, 4]).width_class(), 4);
    assert_eq!(matrix(10, &[4, 4, 4]).width_class(), 4);
    assert_eq!(matrix(10, &[6, 6]).width_class(), ANY_WIDTH);
    assert_eq!(matrix(10, &[5, 5, 5]).width_class(), ANY_WIDTH);
    assert_eq!(matrix(10, &[3, 3, 3]).width_class(), MIXED, "three items: the links");
    assert_eq!(matrix(70, &[6, 6]).width_class(), MIXED);
    assert_eq!(matrix(10, &[3, 4]).width_class(), MIXED);
    assert_eq!(matrix(70, &[4, 5]).width_class(), MIXED);
    assert_eq!(matrix(10, &[]).width_class(), MIXED, "no option, no width");
    let mut coloured = Matrix::new(1, 1);
    coloured.add_coloured_option(&[0, 1], &[0, 7]).unwrap();
    assert_eq!(coloured.width_class(), super::COLOURED);
}

/// An item of `LONG` options keeps a matrix narrow (it fits the last length bucket); one more
/// and the matrix reads the lengths for its choice, as one of more than 64 primary items
/// otherwise never does. The count is right either way.
#[cfg_attr(not(target_arch = "wasm32"), test)]
#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
fn an_item_longer_than_the_buckets_makes_the_matrix_wide() {
    for (options, narrow) in [(LONG, true), (LONG + 1, false)] {
        // 70 primary items, each with its own option; item 0 in `options - 1` more.
        let mut m = Matrix::new(70, 0);
        for i in 0..70 {
            m.add_option(&[i]).unwrap();
        }
        for _ in 1..options {
            m.add_option(&[0]).unwrap();
        }
        assert_eq!(m.narrow(), narrow, "{options} options");
        assert_eq!(m.solutions(usize::MAX).len(), options as usize);
    }
}

/// A search reset onto another matrix goes as deep as that one needs: here every option
/// covers one primary item, so a solution fills every level.
#[cfg_attr(not(target_arch = "wasm32"), test)]
#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
fn a_reset_search_reaches_every_level_of_its_new_matrix() {
    let singles = |n: usize| {
        let mut m = Matrix::new(n, 0);
        for i in 0..n {
            m.add_option(&[i]).unwrap();
            m.add_option(&[i]).unwrap();
        }
        m
    };
    let mut search = Search::new(singles(3));
    while search.step(&mut Nothing) != Status::Done {}
    assert_eq!(search.counters().solutions, 8);
    search.reset(&singles(9));
    let mut depths = Vec::new();
    while search.step(&mut Nothing) != Status::Done {
        depths.push(search.depth());
    }
    assert_eq!((depths.len(), depths.iter().all(|&d| d == 9)), (512, true));
}

/// `is_at_start` holds before the first event and after stepping back to it, and only
/// then; `level_ended` holds right after a solution, a dead end or a level's last option
/// (before the search backs up), and only then.
#[cfg_attr(not(target_arch = "wasm32"), test)]
#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
fn the_search_says_when_it_is_at_the_start_and_when_a_level_ended() {
    let mut search = Search::new(knuth());
    assert!(search.is_at_start() && !search.level_ended());
    let mut events = Vec::new();
    let mut ended = Vec::new();
    loop {
        let status = search.step(&mut events);
        assert!(!search.is_at_start(), "after {:?}", events.last());
        ended.push(search.level_ended());
        if status == Status::Done {
            break;
        }
    }
    // Knuth's example (events as in the hand-worked test): the dead end; X7 on b, whose one
    // option led there; the solution; X7 on b, e and a, each out of options; Done.
    let at: Vec<usize> = ended
        .iter()
        .enumerate()
        .filter(|&(_, &e)| e)
        .map(|(k, _)| k + 1)
        .collect();
    let kinds: Vec<Event> = at.iter().map(|&k| events[k - 1]).collect();
    assert_eq!(
        kinds,
        [
            Event::DeadEnd { item: 4 },
            Event::Uncover { item: 1 },
            Event::Solution,
            Event::Uncover { item: 1 },
            Event::Uncover { item: 4 },
            Event::Uncover { item: 0 },
            Event::Done,
        ]
    );
    while search.step_back(&mut Nothing).is_some() {
        assert_eq!(search.is_at_start(), search.counters().events == 0);
    }
    assert!(search.is_at_start() && !search.level_ended());
}

/// What searching a tree in pieces found: each solution's options (sorted), the counters
/// summed over the pieces, the shares of the tree the pieces reported done, and the pieces.
#[derive(Default)]
struct Pieces {
    solutions: Vec<Vec<usize>>,
    counters: Counters,
    done: f64,
    pieces: usize,
}

/// Searches the subtree below `path` as a parallel count does, one piece at a time: a piece
/// pauses once it has tried `budget` options and hands the rest over as subproblems
/// (`split_rest`), which are searched the same way. `share` is the subtree's share of the tree.
fn search_in_pieces(search: &mut Search, path: &[Branch], fresh: bool, share: f64, budget: u64, out: &mut Pieces) {
    let tried = search.start_below(path, fresh).unwrap();
    out.pieces += 1;
    search.set_pause(budget, usize::MAX);
    let mut rest = Vec::new();
    loop {
        match search.step(&mut Pausing) {
            Status::Solution => {
                let mut s: Vec<usize> = path
                    .iter()
                    .map(|b| b.option as usize)
                    .chain(search.solution())
                    .collect();
                s.sort();
                out.solutions.push(s);
            }
            Status::Done => {
                out.counters = out.counters + tried + search.counters();
                break;
            }
            Status::Running => {
                assert!(search.is_entering());
                out.counters = out.counters + tried + search.counters();
                search.split_rest(|below, fresh, part| rest.push(([path, below].concat(), fresh, part)));
                break;
            }
        }
    }
    search.lift(path);
    let handed: f64 = rest.iter().map(|r| r.2).sum();
    out.done += share * (1.0 - handed);
    for (below, fresh, part) in rest {
        search_in_pieces(search, &below, fresh, share * part, budget, out);
    }
}

#[cfg_attr(not(target_arch = "wasm32"), test)]
#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
fn a_search_split_into_pieces_finds_the_same_solutions_and_counts_the_same_work() {
    let mut rng = Rng(0x5eed_5911);
    let mut matrices: Vec<Matrix> = (0..rounds(200)).map(|_| random_matrix(&mut rng).0).collect();
    let mut queens = Matrix::new(12, 22);
    for r in 0..6 {
        for c in 0..6 {
            queens.add_option(&[r, 6 + c, 12 + r + c, 23 + 5 + r - c]).unwrap();
        }
    }
    // 6 queens in pieces of 1 node is thousands of pauses and splits: minutes under Miri,
    // which checks the same code on the random matrices.
    if !cfg!(miri) {
        matrices.push(queens);
    }
    // With colours too: their loop (a width class of its own) must pause as `Pausing` says.
    matrices.extend((0..rounds(100)).map(|_| random_coloured(&mut rng).0));
    for (round, m) in matrices.into_iter().enumerate() {
        let mut whole = Search::new(m.clone());
        let mut expect = Vec::new();
        while whole.step(&mut Nothing) == Status::Solution {
            let mut s: Vec<usize> = whole.solution().collect();
            s.sort();
            expect.push(s);
        }
        expect.sort();
        for budget in [1, 2, 3, 7] {
            let mut search = Search::new(m.clone());
            let mut pieces = Pieces::default();
            search_in_pieces(&mut search, &[], false, 1.0, budget, &mut pieces);
            pieces.solutions.sort();
            assert_eq!(pieces.solutions, expect, "round {round}, budget {budget}");
            let (a, b) = (pieces.counters, whole.counters());
            assert_eq!(
                (a.nodes, a.updates, a.solutions, a.dead_ends),
                (b.nodes, b.updates, b.solutions, b.dead_ends),
                "round {round}, budget {budget}"
            );
            assert!((pieces.done - 1.0).abs() < 1e-9, "round {round}: {} done", pieces.done);
            // A piece of one node pauses on entering the next level: more nodes, more pieces.
            if budget == 1 && b.nodes > 1 {
                assert!(pieces.pieces > 1, "round {round}: {} nodes in one piece", b.nodes);
            }
            assert_eq!(search.into_matrix(), m, "round {round}: not restored");
        }
    }
}

#[cfg_attr(not(target_arch = "wasm32"), test)]
#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
fn the_nodes_at_a_depth_are_subproblems_whose_counts_add_up() {
    let mut rng = Rng(0xde97);
    for round in 0..rounds(200) {
        let (m, _) = random_matrix(&mut rng);
        let whole = m.clone().solutions(usize::MAX).len();
        for depth in 1..4 {
            let mut top = Search::new(m.clone());
            top.set_pause(u64::MAX, depth);
            let (mut paths, mut found) = (Vec::new(), 0);
            loop {
                match top.step(&mut Pausing) {
                    Status::Solution => {
                        assert!(top.depth() < depth);
                        found += 1;
                    }
                    Status::Running => {
                        assert_eq!(top.depth(), depth);
                        paths.push(top.path());
                        top.skip();
                    }
                    Status::Done => break,
                }
            }
            let mut sub = Search::new(m.clone());
            for path in &paths {
                assert_eq!(sub.start_below(path, false).unwrap(), Counters::default());
                while sub.step(&mut Nothing) == Status::Solution {
                    found += 1;
                }
                sub.lift(path);
                assert_eq!(sub.matrix(), &m, "round {round}: lift() left the matrix changed");
            }
            assert_eq!(found, whole, "round {round}, depth {depth}");
        }
    }
}

#[cfg_attr(not(target_arch = "wasm32"), test)]
#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
fn a_path_that_clashes_is_refused_and_leaves_the_matrix_as_it_was() {
    let m = knuth();
    let mut search = Search::new(m.clone());
    // Options 1 (a d g) and 3 (a d) share a; option 0 (c e f) has no item a.
    let clash = [Branch { item: 0, option: 1 }, Branch { item: 3, option: 3 }];
    assert!(matches!(
        search.start_below(&clash, true),
        Err(MatrixError::Conflict { option: 3, .. })
    ));
    assert_eq!(search.matrix(), &m);
    assert!(search.start_below(&[Branch { item: 0, option: 0 }], false).is_err());
    assert_eq!(search.matrix(), &m);
    // Option 3 (a d) tried for a: a's cover (the level's, not counted here) hides option 1
    // (a d g); then d's hides option 5 (d e g), unlinking its two other nodes.
    let tried = search.start_below(&[Branch { item: 0, option: 3 }], true).unwrap();
    assert_eq!((tried.nodes, tried.updates), (1, 2));
    assert!(search.matrix().is_covered(0) && search.matrix().is_covered(3));
    search.lift(&[Branch { item: 0, option: 3 }]);
    assert_eq!(search.matrix(), &m);
}

#[cfg_attr(not(target_arch = "wasm32"), test)]
#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
fn the_share_done_only_grows_and_ends_whole() {
    let mut rng = Rng(0x54a7e);
    let mut matrices: Vec<Matrix> = (0..rounds(100)).map(|_| random_matrix(&mut rng).0).collect();
    matrices.push(knuth());
    for (round, m) in matrices.into_iter().enumerate() {
        let mut search = Search::new(m);
        let mut last = search.share_done();
        assert_eq!(last, 0.0);
        let mut halfway = false;
        while search.step(&mut Stepwise) != Status::Done {
            let share = search.share_done();
            // (Up to rounding: the same share is a sum of different terms as levels close.)
            assert!(share >= last - 1e-12, "round {round}: {last} then {share}");
            halfway |= (0.25..0.75).contains(&share);
            last = share;
        }
        assert_eq!(search.share_done(), 1.0, "round {round}");
        if round == 100 {
            // Knuth's example: a has 2 options, so the second is tried at the half.
            assert!(halfway);
        }
    }
}

// --- colours (DLX2's XCC) --------------------------------------------------------------------

/// An option of a coloured problem: each item with its colour (0: none).
pub(crate) type ColouredOption = Vec<(usize, u32)>;

/// A random problem with colours: 1..=5 primary items, 1..=3 secondary ones, up to 12 options,
/// each secondary item in an option given colour 1 or 2 two times in three, none otherwise.
pub(crate) fn random_coloured(rng: &mut Rng) -> (Matrix, Vec<ColouredOption>) {
    let primary = 1 + rng.below(5) as usize;
    let secondary = 1 + rng.below(3) as usize;
    let items = primary + secondary;
    let mut m = Matrix::new(primary, secondary);
    let mut all = Vec::new();
    for _ in 0..rng.below(13) {
        let mut option: Vec<usize> = (0..items).filter(|_| rng.below(3) == 0).collect();
        if !option.iter().any(|&i| i < primary) {
            option.push(rng.below(primary as u64) as usize);
        }
        for k in (1..option.len()).rev() {
            option.swap(k, rng.below(k as u64 + 1) as usize);
        }
        let option: ColouredOption = option
            .into_iter()
            .map(|i| (i, if i < primary { 0 } else { rng.below(3) as u32 }))
            .collect();
        let (items, colours): (Vec<usize>, Vec<u32>) = option.iter().copied().unzip();
        m.add_coloured_option(&items, &colours).unwrap();
        all.push(option);
    }
    (m, all)
}

/// Every exact cover with colours, by trying all subsets of options: each primary item in
/// exactly one option; each secondary item in at most one option that gives it no colour, or
/// in any number that all give it the same colour.
pub(crate) fn brute_force_coloured(primary: usize, items: usize, options: &[ColouredOption]) -> Vec<Vec<usize>> {
    let mut out = Vec::new();
    for set in 0u32..1 << options.len() {
        // Per item: how many options use it, and the colours they give it (a bit each; bit 0: none).
        let (mut count, mut colours) = ([0u8; 16], [0u8; 16]);
        for (k, option) in options.iter().enumerate() {
            if set >> k & 1 == 1 {
                for &(i, c) in option {
                    count[i] += 1;
                    colours[i] |= 1 << c;
                }
            }
        }
        let secondary_ok =
            (primary..items).all(|i| count[i] <= 1 || (colours[i] & 1 == 0 && colours[i].count_ones() == 1));
        if count[..primary].iter().all(|&c| c == 1) && secondary_ok {
            out.push((0..options.len()).filter(|k| set >> k & 1 == 1).collect());
        }
    }
    out
}

/// DLX2's example of colours (from dlx2.w), as numbers: A B C primary, X Y secondary; colours
/// 0 and 1 are 1 and 2. (Its option `X:0 Y:1` has no primary item; DLX2 drops it.)
pub(crate) fn dlx2_example() -> Matrix {
    let mut m = Matrix::new(3, 2);
    for (items, colours) in [
        (&[0, 1, 3, 4][..], &[0, 0, 1, 1][..]),
        (&[0, 2, 3, 4], &[0, 0, 2, 2]),
        (&[1, 3], &[0, 2]),
        (&[2, 4], &[0, 2]),
    ] {
        m.add_coloured_option(items, colours).unwrap();
    }
    m
}

/// DLX2's example has its one solution, `A C X:1 Y:1` and `B X:1`, and the search counts what
/// DLX2 counts on the same text ("Altogether 1 solution, … 14 updates, 5 cleansings, … 4
/// nodes": DLX2 counts the root as a node, and a cover as an update of its own).
#[cfg_attr(not(target_arch = "wasm32"), test)]
#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
fn dlx2s_example_has_its_one_solution_and_dlx2s_counts() {
    let mut m = dlx2_example();
    assert!(m.is_coloured());
    assert_eq!(sorted(m.solutions(10)), vec![vec![1, 2]]);
    let mut search = Search::new(dlx2_example());
    let mut events = Vec::new();
    while search.step(&mut events) != Status::Done {}
    let c = search.counters();
    assert_eq!((c.solutions, c.nodes + 1, c.updates, c.cleansings), (1, 4, 14, 5));
    assert!(events.contains(&Event::Purify { item: 3, colour: 2 }), "{events:?}");
    assert_eq!(
        events.iter().filter(|e| matches!(e, Event::Purify { .. })).count(),
        events.iter().filter(|e| matches!(e, Event::Unpurify { .. })).count()
    );
}

#[cfg_attr(not(target_arch = "wasm32"), test)]
#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
#[cfg_attr(
    miri,
    ignore = "Miri: the lines of the engine it runs, a_search_split_into_pieces_finds_the_same_solutions_and_counts_the_same_work, dlx2s_example_has_its_one_solution_and_dlx2s_counts run there (docs/testing.md, Miri)"
)]
fn colours_agree_with_brute_force_and_leave_the_matrix_as_it_was() {
    let mut rng = Rng(34);
    let (mut nonempty, mut shared) = (0, 0);
    for round in 0..rounds_or(3000, 10) {
        let (mut m, options) = random_coloured(&mut rng);
        let before = m.clone();
        let expect = brute_force_coloured(m.primary(), m.items(), &options);
        nonempty += usize::from(!expect.is_empty());
        // A solution that puts a secondary item in two options (agreeing on its colour).
        shared += usize::from(expect.iter().any(|s| {
            (m.primary()..m.items()).any(|i| s.iter().filter(|&&o| options[o].iter().any(|&(j, _)| j == i)).count() > 1)
        }));
        let got = m.solutions(usize::MAX);
        assert_eq!(sorted(got), sorted(expect), "round {round}: options {options:?}");
        assert_eq!(m.sanity(), Ok(()), "round {round}");
        assert_eq!(m, before, "round {round}: the search left the matrix as it found it");
    }
    assert!(nonempty > rounds_or(300, 1), "solvable: {nonempty}");
    assert!(
        shared > rounds_or(100, 0),
        "solutions sharing a coloured item: {shared}"
    );
}

#[cfg_attr(not(target_arch = "wasm32"), test)]
#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
fn stepping_back_through_colours_retraces_every_step_exactly() {
    let mut rng = Rng(3434);
    let mut purified = 0;
    // Under Miri (scripts/miri.sh) 4 rounds, not a fiftieth (8, about 30 s of its clock by
    // the instruction count): every state is cloned and compared whole, safe code.
    for round in 0..if cfg!(miri) { 4 } else { rounds(400) } {
        let (m, _) = random_coloured(&mut rng);
        let mut search = Search::new(m);
        let mut states = vec![search.clone()];
        let mut events = Vec::new();
        while !search.is_done() {
            search.step(&mut events);
            assert_eq!(search.matrix().sanity(), Ok(()), "round {round}");
            states.push(search.clone());
        }
        purified += events.iter().filter(|e| matches!(e, Event::Purify { .. })).count();
        for k in (0..events.len()).rev() {
            let e = search.step_back(&mut Stepwise);
            assert_eq!(e, Some(events[k]), "round {round}, event {k}");
            same_state(&search, &states[k], round, k);
        }
        assert_eq!(search.step_back(&mut Stepwise), None);
        let mut unwatched = Search::new(search.matrix().clone());
        while unwatched.step(&mut Nothing) != Status::Done {}
        assert_eq!(unwatched.counters(), states.last().unwrap().counters(), "round {round}");
        // Unwound anywhere: the matrix as at the start.
        let stop = rng.below(events.len() as u64 + 1) as usize;
        let mut s = Search::new(states[0].matrix().clone());
        for _ in 0..stop {
            s.step(&mut Stepwise);
        }
        assert_eq!(
            &s.into_matrix(),
            states[0].matrix(),
            "round {round}: unwound after {stop}"
        );
    }
    // As many as the rounds run: a fifth on wasm32 (`rounds`), one at least under Miri.
    assert!(purified > rounds_or(rounds(300), 1), "purifications: {purified}");
}

/// Each item's colour while an option of the partial solution gives it one, and the options
/// that colour keeps out (`blocked_by`), follow the search; a colour on a primary item, or the
/// engine's own mark, is refused.
#[cfg_attr(not(target_arch = "wasm32"), test)]
#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
fn purified_items_show_their_colour_and_block_the_options_that_disagree() {
    let mut search = Search::new(dlx2_example());
    // A is chosen (two options), covered, then `A B X:0 Y:0` is tried: B covered, X and Y purified.
    let mut events = Vec::new();
    while !events.contains(&Event::Purify { item: 4, colour: 1 }) {
        search.step(&mut events);
    }
    let m = search.matrix();
    assert_eq!((m.item_colour(3), m.item_colour(4)), (1, 1));
    assert_eq!(m.blocked_by(1), Some(0), "option 1 has the covered A");
    assert_eq!(m.blocked_by(2), Some(1), "B is covered");
    assert_eq!(m.blocked_by(3), Some(4), "C Y:1 disagrees with Y's colour");
    assert_eq!(m.option_colours(1).collect::<Vec<_>>(), [0, 0, 2, 2]);
    search.unwind();
    assert_eq!(search.matrix().item_colour(3), 0);
    let mut m = Matrix::new(1, 1);
    assert_eq!(
        m.add_coloured_option(&[0, 1], &[3, 0]),
        Err(MatrixError::ColouredPrimary { option: 0, item: 0 })
    );
    assert_eq!(
        m.add_coloured_option(&[0, 1], &[0, u32::MAX]),
        Err(MatrixError::BadColour { option: 0, item: 1 })
    );
    assert!(!m.is_coloured());
}

/// Options of one width with colours (a `Uniform` width, as graceful labellings and word squares
/// have), passing over purified nodes:
/// random problems whose options all have one primary and two secondary items agree with
/// brute force, and leave the matrix as it was.
#[cfg_attr(not(target_arch = "wasm32"), test)]
#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
#[cfg_attr(
    miri,
    ignore = "Miri: the lines of the engine it runs, stepping_back_through_colours_retraces_every_step_exactly, dlx2s_example_has_its_one_solution_and_dlx2s_counts, secondary_items_are_covered_at_most_once run there (docs/testing.md, Miri)"
)]
fn colours_in_options_of_one_width_agree_with_brute_force() {
    let mut rng = Rng(6);
    let mut solved = 0;
    for round in 0..rounds_or(2000, 10) {
        let (primary, secondary) = (1 + rng.below(4) as usize, 2 + rng.below(2) as usize);
        let mut m = Matrix::new(primary, secondary);
        let mut options = Vec::new();
        for _ in 0..rng.below(12) {
            let p = rng.below(primary as u64) as usize;
            let s = primary + rng.below(secondary as u64) as usize;
            let t = primary + (s - primary + 1 + rng.below(secondary as u64 - 1) as usize) % secondary;
            let option: ColouredOption = vec![(s, rng.below(3) as u32), (p, 0), (t, rng.below(3) as u32)];
            let (items, colours): (Vec<usize>, Vec<u32>) = option.iter().copied().unzip();
            m.add_coloured_option(&items, &colours).unwrap();
            options.push(option);
        }
        let before = m.clone();
        let expect = brute_force_coloured(primary, primary + secondary, &options);
        solved += usize::from(!expect.is_empty());
        assert_eq!(
            sorted(m.solutions(usize::MAX)),
            sorted(expect),
            "round {round}: {options:?}"
        );
        assert_eq!(m, before, "round {round}");
    }
    assert!(solved > rounds_or(200, 1), "{solved}");
}

/// `restart` lists what `clone_from` and the commits leave: the same items covered, the same
/// options in the same order in every uncovered item's list, the same solutions, again and
/// again on one matrix (with and without buckets, after a search has covered items); and a
/// clash fails, leaving a copy of the template.
#[cfg_attr(not(target_arch = "wasm32"), test)]
#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
fn restart_lists_what_the_commits_leave() {
    let mut rng = Rng(0x5eed_0034);
    for _ in 0..rounds(200) {
        let (template, options) = random_matrix(&mut rng);
        let mut search = Search::new(template.clone());
        for _ in 0..3 {
            // Options that share no item, committed; the ones sharing no item with them, listed.
            let mut commit: Vec<usize> = Vec::new();
            for o in 0..options.len() {
                let free = commit
                    .iter()
                    .all(|&c| options[c].iter().all(|i| !options[o].contains(i)));
                if free && rng.below(4) == 0 {
                    commit.push(o);
                }
            }
            let open = (0..options.len())
                .filter(|&o| {
                    commit
                        .iter()
                        .all(|&c| options[c].iter().all(|i| !options[o].contains(i)))
                })
                .filter(|o| !commit.contains(o));
            search.restart(&template, &commit, open).unwrap();
            let mut expected = template.clone();
            for &o in &commit {
                expected.commit(o).unwrap();
            }
            let got = search.matrix();
            assert_eq!(got.sanity(), Ok(()));
            assert_eq!(got.committed(), expected.committed());
            assert_eq!(got.is_solved(), expected.is_solved());
            for i in 0..template.items() {
                assert_eq!(got.is_covered(i), expected.is_covered(i), "item {i}");
                if !got.is_covered(i) {
                    assert_eq!(got.len(i), expected.len(i), "item {i}");
                    assert!(got.item_options(i).eq(expected.item_options(i)), "item {i}");
                }
            }
            assert_eq!(got.clone().solutions(50), expected.solutions(50));
            // A few steps, so that the next restart starts from a matrix with items covered.
            for _ in 0..rng.below(8) {
                search.step(&mut Stepwise);
            }
        }
        // A clash: an option listed with an item of one committed, or two committed options
        // sharing an item.
        if let Some(o) = (0..options.len()).find(|&o| !options[o].is_empty()) {
            let mut m = template.clone();
            let e = m.restart(&template, &[o], [o]);
            assert!(matches!(e, Err(MatrixError::Conflict { .. })), "{e:?}");
            assert_eq!(m, template);
            assert_eq!(
                m.restart(&template, &[o, o], []),
                Err(MatrixError::Conflict {
                    option: o,
                    item: options[o][0]
                })
            );
            assert_eq!(m, template);
        }
    }
}

/// `choose_engine`: dancing links for Sudoku's narrow shape, dancing cells for few primary
/// items, long lists, many items or colours; at a problem's start it is the links' own
/// narrow flag, for a problem without colours.
#[cfg_attr(not(target_arch = "wasm32"), test)]
#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
#[cfg_attr(
    miri,
    ignore = "Miri: no engine path (the choice reads a matrix's shape, after parsing the DLX1 text of seven examples); building matrices runs there in each_node_knows_its_option, bad_options_are_refused (docs/testing.md, Miri)"
)]
fn the_engine_chosen_is_links_for_narrow_matrices_and_cells_elsewhere() {
    use crate::dlx1::{examples::Example, Problem};
    let example = |name: &str, arg: Option<&str>| {
        Problem::parse(&Example::from_args(name, arg).unwrap().to_dlx1())
            .unwrap()
            .matrix()
            .clone()
    };
    let nine = ".2738..1..1...6735.......293.5692.8...........6.1745.364.......9518...7..8..6534.";
    for (what, m, choice) in [
        ("9×9 Sudoku", example("sudoku", Some(nine)), EngineChoice::Links),
        (
            "4×4 Sudoku: 64 primary items",
            example("sudoku", Some("1..4..3.........")),
            EngineChoice::Cells,
        ),
        ("8 queens", example("queens", Some("8")), EngineChoice::Cells),
        ("Langford 7", example("langford", Some("7")), EngineChoice::Cells),
        (
            "pentominoes 6×10",
            example("pentominoes", Some("6x10")),
            EngineChoice::Cells,
        ),
        ("Knuth's", knuth_example(), EngineChoice::Cells),
        (
            "graceful K3: colours",
            example("graceful", Some("K3")),
            EngineChoice::Cells,
        ),
    ] {
        assert_eq!(choose_engine(&m), choice, "{what}");
        if !m.is_coloured() {
            assert_eq!(m.narrow(), choice == EngineChoice::Links, "{what}: the links' flag");
        }
    }
    // 65 primary items of one option each: narrow; an item of 16 options, or 1,025 items: wide.
    let mut m = Matrix::new(65, 0);
    for i in 0..65 {
        m.add_option(&[i]).unwrap();
    }
    assert_eq!(choose_engine(&m), EngineChoice::Links);
    for _ in 0..15 {
        m.add_option(&[0]).unwrap();
    }
    assert_eq!(m.len(0), 16);
    assert_eq!(choose_engine(&m), EngineChoice::Cells, "16 options in an item");
    assert_eq!(choose_engine(&Matrix::new(65, 960)), EngineChoice::Cells, "1,025 items");
    assert_eq!(choose_engine(&Matrix::new(65, 959)), EngineChoice::Links, "1,024 items");
}
