//! New puzzle as the page makes it (`Generator::for_shape` with the page's node budget), timed
//! natively: `cargo run --release --example new_puzzle -- SIDE COUNT [BUDGET]` makes COUNT
//! puzzles of side SIDE (4, 9, 16 or 25) from the seeds 0, 1, … as the page's seeds pick them,
//! and prints each one's time, givens and level, then the median time. `bench/new-puzzle.mjs`
//! times the same in wasm (docs/benchmarks.md, "New puzzle at every size").

use dlx_sudoku::sudoku::generate::{puzzle_seed, Generator, Symmetry};
use dlx_sudoku::sudoku::Shape;
use std::time::Instant;

fn main() {
    let arg = |k: usize| std::env::args().nth(k);
    let usage = "usage: new_puzzle SIDE COUNT [BUDGET]";
    let side: usize = arg(1).and_then(|s| s.parse().ok()).expect(usage);
    let count: u64 = arg(2).and_then(|s| s.parse().ok()).expect(usage);
    let shape = Shape::of_side(side).expect("SIDE: 4, 9, 16 or 25");
    let budget = arg(3).map_or(Generator::page_budget(shape), |b| b.parse().expect(usage));
    let mut times = Vec::new();
    for seed in 0..count {
        let t = Instant::now();
        let mut g = Generator::for_shape(shape, puzzle_seed(seed, 0), budget);
        let made = g.generate(None, Symmetry::None, false);
        let ms = t.elapsed().as_secs_f64() * 1000.0;
        times.push(ms);
        println!(
            "seed {seed}: {ms:.1} ms, {} givens, {} ({})",
            made.puzzle.givens().filled(),
            made.level,
            made.rating.logic_words()
        );
    }
    times.sort_by(f64::total_cmp);
    println!("median of {count}: {:.1} ms", times[times.len() / 2]);
}
