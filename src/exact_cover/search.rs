//! Algorithm X as a resumable, reversible state machine.
//!
//! Knuth's steps X1–X8 with an explicit stack instead of recursion. Every call of
//! [`Search::step`] does the work of exactly one [`Event`] and reports it; every call
//! of [`Search::step_back`] undoes exactly the last event and reports the event it
//! undid. Going back needs no history: the state of the search (the links, the level,
//! and the option tried at each level) determines which event came last, because each
//! cover has an exact inverse and each choice can be recomputed from the links. Memory
//! is the matrix plus two words per level, however long the search runs.

use super::Matrix;

/// One thing the search did. Items and options are numbered as given to the [`Matrix`];
/// levels count from 0.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum Event {
    /// X3: branch on `item`, which has `len` options left (the fewest; never 0).
    Choose { item: u32, len: u32 },
    /// X4 or X5: cover `item` (hide every option still in its list).
    Cover { item: u32 },
    /// X6 or X7: uncover `item`, exactly undoing its cover.
    Uncover { item: u32 },
    /// X5 with colours (DLX2's `purify`): the option tried gives secondary `item` colour
    /// `colour`; every option that gives it another colour, or none, is hidden, and the
    /// others need not cover it again.
    Purify { item: u32, colour: u32 },
    /// X6 with colours: undo the `Purify` of `item`.
    Unpurify { item: u32, colour: u32 },
    /// X5: put `option` into the partial solution at `level`.
    Try { option: u32, level: u32 },
    /// X6: take `option` back out at `level`.
    Untry { option: u32, level: u32 },
    /// X2: every primary item is covered; the options tried at levels `0..level` form a solution.
    Solution,
    /// X3 found `item` with no option left: back up.
    DeadEnd { item: u32 },
    /// X8 at level 0: the search is over.
    Done,
}

/// The line of Algorithm X, as the page prints it, that an event carried out: Knuth's steps
/// X1–X8, with X3, X5 and X6 split where they do two things (exported to JavaScript as
/// `AlgorithmStep`, so that the page's pseudocode marks the line the search is at).
#[cfg_attr(target_arch = "wasm32", wasm_bindgen::prelude::wasm_bindgen(js_name = AlgorithmStep))]
#[repr(u32)]
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum Step {
    /// X1: the lists are set up, level 0, nothing chosen (the search before its first event).
    Start = 0,
    /// X2: every primary item is covered: a solution.
    Solution = 1,
    /// X3: choose the item with the fewest options left.
    Choose = 2,
    /// X3: the item chosen has no option left: a dead end.
    DeadEnd = 3,
    /// X4: cover the item chosen; its options are the branches.
    CoverChosen = 4,
    /// X5: put the next branch into the partial solution.
    Try = 5,
    /// X5: cover the other items of the option tried, rightwards from the chosen item's node,
    /// wrapping around (Knuth's order).
    CoverOthers = 6,
    /// X6: uncover the other items of the option tried, leftwards from the chosen item's node,
    /// wrapping around: X5's order reversed.
    UncoverOthers = 7,
    /// X6: take the option back out; the next branch is next.
    Untry = 8,
    /// X7: no branch left: uncover the item chosen.
    UncoverChosen = 9,
    /// X8 at level 0: the search is over.
    Done = 10,
}

/// Receives each event of a search. The search only builds events when `ENABLED`,
/// so an observer that ignores them ([`Nothing`]) costs nothing.
pub trait Observer {
    const ENABLED: bool = true;
    /// True for an observer whose search pauses where [`Search::set_pause`] says: only those
    /// searches pay for the test, once per node.
    const PAUSES: bool = false;
    fn event(&mut self, event: Event);
}

/// The observer of a plain solver: ignores everything.
pub struct Nothing;

impl Observer for Nothing {
    const ENABLED: bool = false;
    #[inline(always)]
    fn event(&mut self, _: Event) {}
}

/// An observer that ignores events but still wants the search to pause after each
/// one (for stepping a search without looking at what it does).
pub struct Stepwise;

impl Observer for Stepwise {
    #[inline(always)]
    fn event(&mut self, _: Event) {}
}

/// An observer that ignores events, whose search runs on without pausing until a solution,
/// the end, or the pause set by [`Search::set_pause`] (a step that pauses reports
/// [`Status::Running`]).
pub struct Pausing;

impl Observer for Pausing {
    const ENABLED: bool = false;
    const PAUSES: bool = true;
    #[inline(always)]
    fn event(&mut self, _: Event) {}
}

impl Observer for Vec<Event> {
    fn event(&mut self, event: Event) {
        self.push(event);
    }
}

/// One open level of a search (see [`Search::choices`]).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Choice {
    /// The item branched on.
    pub item: u32,
    /// Its options, top to bottom: once the item is covered, the branches of the level.
    pub branches: Vec<u32>,
    /// The index in `branches` of the option being tried, or of the next one to try
    /// (`branches.len()` when none is left).
    pub at: usize,
    /// True while `branches[at]` is in the partial solution.
    pub trying: bool,
}

/// One choice on a path from the root of the search tree: the option tried for the item
/// branched on. A path of them names a subproblem (see [`Search::start_below`]).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub struct Branch {
    pub item: u32,
    pub option: u32,
}

/// What a forward step produced, for drivers that only need to know when to stop.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Status {
    /// An event other than `Solution` or `Done`.
    Running,
    /// A solution: read it with [`Search::solution`] before the next step.
    Solution,
    /// The search is over (this step reported `Done`, or it had already ended).
    Done,
}

/// Where the search is, in terms of Knuth's steps.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Pc {
    /// X2: enter the current level.
    Enter,
    /// X4: cover the item chosen at this level.
    CoverChosen,
    /// X5: try the option `x[level]`, or give up the level if it is the item's header.
    TryNext,
    /// X5: cover the item of node `cursor`, the next one of the option tried.
    CoverOthers,
    /// X6: uncover the item of node `cursor`, going left through the option tried.
    UncoverOthers,
    /// X6: take the option tried out and move down to the next one.
    Untry,
    /// X8: this level is finished (a solution, a dead end, or no option left).
    Leaving,
    /// X8 at level 0: report `Done`.
    EmitDone,
    Finished,
}

/// Algorithm X over a [`Matrix`] it owns, paused between events.
#[derive(Clone, Debug)]
pub struct Search {
    m: Matrix,
    pc: Pc,
    level: usize,
    cursor: u32,
    /// `x[k]`: the node of the option tried at level `k` (Knuth's x_k).
    x: Vec<u32>,
    /// `chosen[k]`: the item branched on at level `k`.
    chosen: Vec<u32>,
    counters: Counters,
    /// A search observed by [`Pausing`] pauses on entering a level once it has tried this
    /// many options, or on entering this level.
    pause_nodes: u64,
    pause_level: usize,
}

/// DLX1's counters, and a few more. Stepping back takes them back too.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Counters {
    /// Events so far.
    pub events: u64,
    /// Options tried (nodes of the search tree below the root).
    pub nodes: u64,
    /// Nodes unlinked by covers (DLX1's "updates").
    pub updates: u64,
    pub solutions: u64,
    pub dead_ends: u64,
    /// The work of the item choice: item keys and lengths examined (a narrow matrix's choice
    /// examines every primary item's key).
    pub choice_work: u64,
    /// DLX2's "cleansings" (a problem with colours): one per purified item, one per option
    /// whose colour agreed, so that it need not be purified again.
    pub cleansings: u64,
}

impl std::ops::Add for Counters {
    type Output = Counters;
    /// The sum of two searches' counters.
    fn add(self, o: Counters) -> Counters {
        Counters {
            events: self.events + o.events,
            nodes: self.nodes + o.nodes,
            updates: self.updates + o.updates,
            solutions: self.solutions + o.solutions,
            dead_ends: self.dead_ends + o.dead_ends,
            choice_work: self.choice_work + o.choice_work,
            cleansings: self.cleansings + o.cleansings,
        }
    }
}

impl Search {
    /// A search at its start, before the first event.
    pub fn new(m: Matrix) -> Search {
        // Each level's option covers a primary item of its own: at most `primary` levels
        // hold one, and the level past them is solved before it chooses.
        let depth = m.primary();
        Search {
            m,
            pc: Pc::Enter,
            level: 0,
            cursor: 0,
            x: vec![0; depth],
            chosen: vec![0; depth],
            counters: Counters::default(),
            pause_nodes: u64::MAX,
            pause_level: usize::MAX,
        }
    }

    /// Starts over on a copy of `template`, reusing this search's memory.
    pub fn reset(&mut self, template: &Matrix) {
        self.m.clone_from(template);
        self.rewind(template.primary());
    }

    /// Back to the first step of a matrix of `depth` primary items, counters at zero.
    fn rewind(&mut self, depth: usize) {
        self.x.resize(depth, 0);
        self.chosen.resize(depth, 0);
        self.pc = Pc::Enter;
        self.level = 0;
        self.counters = Counters::default();
    }

    /// Starts over on `template` with `commit` committed and only `options` listed (see
    /// [`Matrix::restart`]), reusing this search's memory.
    pub fn restart(
        &mut self,
        template: &Matrix,
        commit: &[usize],
        options: impl IntoIterator<Item = usize>,
    ) -> Result<(), super::MatrixError> {
        let done = self.m.restart(template, commit, options);
        self.rewind(template.primary());
        done
    }

    /// Puts an option into every solution before the first step (see [`Matrix::commit`]).
    pub fn commit(&mut self, option: usize) -> Result<(), super::MatrixError> {
        assert!(self.is_at_start(), "commit() after the search started");
        self.m.commit(option)
    }

    /// The matrix as the search has it now.
    pub fn matrix(&self) -> &Matrix {
        &self.m
    }

    /// Undoes whatever the search has covered and returns the matrix as it was at the start.
    pub fn into_matrix(mut self) -> Matrix {
        self.unwind();
        self.m
    }

    pub fn counters(&self) -> Counters {
        self.counters
    }

    /// The number of options in the partial solution.
    pub fn depth(&self) -> usize {
        match self.pc {
            // Levels below `level` each hold a tried option; so does `level` from X5 to X6.
            Pc::CoverOthers | Pc::UncoverOthers | Pc::Untry => self.level + 1,
            Pc::TryNext | Pc::Enter | Pc::CoverChosen | Pc::Leaving | Pc::EmitDone | Pc::Finished => self.level,
        }
    }

    /// The options of the partial solution, from level 0 up. Right after a
    /// [`Status::Solution`], that is the solution.
    pub fn solution(&self) -> impl Iterator<Item = usize> + '_ {
        self.x[..self.depth()]
            .iter()
            .map(|&p| self.m.node_option[p as usize] as usize)
    }

    /// The items branched on at each level so far (the last may not be covered yet).
    pub fn chosen(&self) -> &[u32] {
        let open = match self.pc {
            Pc::Enter | Pc::Leaving | Pc::EmitDone | Pc::Finished => self.level,
            _ => self.level + 1,
        };
        &self.chosen[..open]
    }

    /// The open levels as a viewer sees them, level 0 first: the item chosen, its
    /// branches, and how far the level has got through them.
    pub fn choices(&self) -> Vec<Choice> {
        let open = self.chosen().len();
        (0..open)
            .map(|k| {
                let item = self.chosen[k];
                let branches: Vec<u32> = self.m.item_options(item as usize).map(|o| o as u32).collect();
                // Before X4 covers the item, the level has not started on its branches.
                let at = if k == self.level && self.pc == Pc::CoverChosen {
                    0
                } else {
                    let mut at = 0;
                    let mut p = self.m.links.node(item).down;
                    while p != self.x[k] && p != item {
                        at += 1;
                        p = self.m.links.node(p).down;
                    }
                    at
                };
                Choice {
                    item,
                    trying: k < self.depth(),
                    at,
                    branches,
                }
            })
            .collect()
    }

    /// The horizontal list of items as the search has it (see [`Matrix::item_links`]): a
    /// narrow matrix keeps none, so it is the list its covers would have left, the commits'
    /// then the search's, level by level (what `unwind` undoes, in the order done).
    pub fn item_links(&self) -> impl Iterator<Item = (u32, u32)> {
        let mut covers = Vec::new();
        if self.m.narrow() {
            let l = self.level;
            // The levels whose item is covered, and where the option tried at level `l` is.
            let (open, end) = match self.pc {
                Pc::TryNext | Pc::Untry => (l + 1, None),
                Pc::CoverOthers => (l + 1, Some(self.cursor)),
                Pc::UncoverOthers => (l + 1, Some(self.m.next_in_option(self.cursor))),
                Pc::Enter | Pc::CoverChosen | Pc::Leaving | Pc::EmitDone | Pc::Finished => (l, None),
            };
            for k in 0..open {
                covers.push(self.chosen[k]);
                let p = self.x[k];
                // Below level `l` the whole option; at `l`, up to `end` (none in X5's try and
                // X6's untry).
                let end = if k < l { Some(p) } else { end };
                if let Some(end) = end {
                    let mut q = self.m.next_in_option(p);
                    while q != end {
                        covers.push(self.m.node(q).top);
                        q = self.m.next_in_option(q);
                    }
                }
            }
        }
        self.m.item_links_after(covers)
    }

    /// The line of Algorithm X that did `last`, the event that brought the search where it is
    /// (`None`: the search is at its start, X1). The event alone does not tell X4's cover from
    /// X5's, nor X6's uncover from X7's; where the search goes next does.
    pub fn step_of(&self, last: Option<Event>) -> Step {
        match last {
            None => Step::Start,
            Some(Event::Solution) => Step::Solution,
            Some(Event::Choose { .. }) => Step::Choose,
            Some(Event::DeadEnd { .. }) => Step::DeadEnd,
            // X4 goes on to X5's try; X5's covers go on covering, or enter the next level.
            Some(Event::Cover { .. }) if self.pc == Pc::TryNext => Step::CoverChosen,
            Some(Event::Cover { .. }) => Step::CoverOthers,
            // A colour is only on a secondary item of the option tried: X5's and X6's alone.
            Some(Event::Purify { .. }) => Step::CoverOthers,
            Some(Event::Unpurify { .. }) => Step::UncoverOthers,
            Some(Event::Try { .. }) => Step::Try,
            // X7 ends its level; X6's uncovers go on to the untry.
            Some(Event::Uncover { .. }) if self.level_ended() => Step::UncoverChosen,
            Some(Event::Uncover { .. }) => Step::UncoverOthers,
            Some(Event::Untry { .. }) => Step::Untry,
            Some(Event::Done) => Step::Done,
        }
    }

    /// True right after a level ended (a solution, a dead end, or X7 with no option
    /// left), before the search backs up to the level below.
    pub fn level_ended(&self) -> bool {
        matches!(self.pc, Pc::Leaving | Pc::EmitDone | Pc::Finished)
    }

    pub fn is_at_start(&self) -> bool {
        self.pc == Pc::Enter && self.level == 0
    }

    pub fn is_done(&self) -> bool {
        self.pc == Pc::Finished
    }

    /// Does the work of the next event and reports it to `obs`. With an observer that
    /// ignores events ([`Nothing`]) nobody can tell one event from the next, so the
    /// search runs on without pausing until the next solution or the end.
    ///
    /// Natively always inlined (the loop specialised in each caller). In wasm never: each
    /// observer's copy of the loop is about 18 KB of the module, and inlined it was copied
    /// into every caller (the trace's four ways of stepping, the Sudoku's limited search):
    /// one call per pause costs nothing beside the search it runs.
    ///
    /// In wasm compiled with `simd128` (this function and what is inlined into it only), so
    /// that a narrow matrix's choice, one pass over its keys (`least_key`), is vector code:
    /// nearly as fast as the whole module built with `simd128`, which grew larger, and faster
    /// than `least_key` alone with it, a call per choice (docs/benchmarks.md, "Smaller choices in the loops"). The module then needs WebAssembly SIMD (Chrome 91, Firefox
    /// 89, Safari 16.4, Node 16.4); the page says so where it is missing (index.html).
    #[cfg_attr(not(target_arch = "wasm32"), inline(always))]
    #[cfg_attr(target_arch = "wasm32", inline(never))]
    #[cfg_attr(target_arch = "wasm32", target_feature(enable = "simd128"))]
    pub fn step<O: Observer>(&mut self, obs: &mut O) -> Status {
        // In wasm an observer that sees every event (the page's trace, one event a step) runs
        // three copies of the loop, not six (the unwatched ones, the page's counts and
        // Sudoku's, keep theirs).
        #[cfg(target_arch = "wasm32")]
        if O::ENABLED {
            return by_class!(traced, &self.m, |NARROW, WIDTH| self.advance::<O, NARROW, WIDTH>(obs));
        }
        by_class!(&self.m, |NARROW, WIDTH| self.advance::<O, NARROW, WIDTH>(obs))
    }

    /// Does exactly one event's work; silent transitions (X8) loop on to the next event.
    ///
    /// The steps are laid out in one pass, each falling into the next, in the order
    /// X8 (leaving), X6, X6 (untry), X2–X3, X4, X5, X5 (cover the others): a move to a
    /// later step is a jump forward (`break` out of that step's block), so only a move
    /// back to X2 (a level deeper) or X8 goes round the loop and through the `match`.
    /// An unwatched search then dispatches about twice per node instead of at every
    /// event. That is what WebAssembly needs: its control flow must be structured, and
    /// there each trip through the `match` is an indirect jump (`br_table`), where
    /// native code would jump straight to the next step anyway.
    ///
    /// (Not formatted by rustfmt: it would indent each step one block deeper than the
    /// one before, where the flat layout shows them as the one sequence they are.)
    #[rustfmt::skip]
    #[inline(always)]
    fn advance<O: Observer, const NARROW: bool, const WIDTH: u32>(&mut self, obs: &mut O) -> Status {
        use super::COLOURED;
        let mut pc = self.pc;
        let mut l = self.level;
        // The events done in this call, counted in a register.
        let mut events = u64::from(pc != Pc::Finished);
        macro_rules! leave {
            ($status:expr) => {{
                self.pc = pc;
                self.level = l;
                self.counters.events += events;
                return $status;
            }};
        }
        // After an event, go on to step `$next`: pause if someone watches; else jump
        // there: forward to its block (`break 'label`) or back round the loop
        // (`continue 'run`).
        macro_rules! then {
            ($next:ident; $($jump:tt)+) => {{
                pc = Pc::$next;
                if O::ENABLED {
                    leave!(Status::Running);
                }
                events += 1;
                $($jump)+;
            }};
        }
        'run: loop {
            'cover_others: {
            'try_next: {
            'cover_chosen: {
            'enter: {
            'untry: {
            'uncover_others: {
            'leaving: {
                match pc {
                    Pc::Leaving => break 'leaving,
                    Pc::UncoverOthers => break 'uncover_others,
                    Pc::Untry => break 'untry,
                    Pc::Enter => break 'enter,
                    Pc::CoverChosen => break 'cover_chosen,
                    Pc::TryNext => break 'try_next,
                    Pc::CoverOthers => break 'cover_others,
                    Pc::EmitDone => {
                        pc = Pc::Finished;
                        debug_assert_eq!(self.m.sanity(), Ok(()));
                        emit(obs, || Event::Done);
                        leave!(Status::Done);
                    }
                    // A finished search stays finished, and counts no more events.
                    Pc::Finished => leave!(Status::Done),
                }
            }
                // X8: silent; go on to the first event of the level below.
                if l == 0 {
                    pc = Pc::EmitDone;
                    continue 'run;
                }
                l -= 1;
                let p = self.x[l];
                let last = self.m.prev_live::<WIDTH>(p);
                if last == p {
                    break 'untry;
                }
                self.cursor = last;
            }
                // X6: uncover the items of the option tried, leftwards and around (with colours:
                // unpurify the coloured ones).
                let first = self.x[l];
                loop {
                    let q = self.cursor;
                    let item = self.m.node(q).top;
                    let colour = if WIDTH == COLOURED { self.m.links.colour(q) } else { 0 };
                    if colour == 0 {
                        self.m.uncover_::<NARROW, WIDTH>(item);
                    } else {
                        self.m.links.unpurify(q);
                    }
                    let prev = self.m.prev_live::<WIDTH>(q);
                    let done = prev == first;
                    if !done {
                        self.cursor = prev;
                    }
                    emit(obs, || if colour == 0 { Event::Uncover { item } } else { Event::Unpurify { item, colour } });
                    if done {
                        then!(Untry; break 'untry);
                    }
                    pc = Pc::UncoverOthers;
                    if O::ENABLED {
                        leave!(Status::Running);
                    }
                    events += 1;
                }
            }
                // X6: take the option out, move down to the next.
                let p = self.x[l];
                self.x[l] = self.m.node(p).down;
                emit(obs, || Event::Untry {
                    option: self.m.node_option[p as usize],
                    level: l as u32,
                });
                then!(TryNext; break 'try_next);
            }
                // A search that pauses stops on entering a level, before X2 (the event it
                // counted for X2 is not done yet).
                if O::PAUSES && (self.counters.nodes >= self.pause_nodes || l == self.pause_level) {
                    events -= 1;
                    leave!(Status::Running);
                }
                // X2. A narrow matrix's one pass over its keys tells whether it is solved (the
                // least key is a covered item's) and, if not, X3's choice.
                let least = if NARROW { self.m.least_primary_key() } else { 0 };
                let solved = if NARROW { least & super::KEY_COVERED != 0 } else { self.m.links.primary_list_empty() };
                if solved {
                    self.counters.solutions += 1;
                    pc = Pc::Leaving;
                    emit(obs, || Event::Solution);
                    leave!(Status::Solution);
                }
                // X3
                let (item, len, work) = if NARROW { self.m.choice_by_key(least) } else { self.m.choose_::<false>() };
                self.counters.choice_work += work;
                self.chosen[l] = item;
                if len == 0 {
                    self.counters.dead_ends += 1;
                    // DLX2 covers the item it found empty, and counts that update.
                    self.counters.updates += u64::from(WIDTH == COLOURED);
                    emit(obs, || Event::DeadEnd { item });
                    then!(Leaving; continue 'run);
                }
                emit(obs, || Event::Choose { item, len });
                then!(CoverChosen; break 'cover_chosen);
            }
                // X4
                let item = self.chosen[l];
                self.counters.updates += self.m.cover_::<NARROW, WIDTH>(item);
                self.x[l] = self.m.node(item).down;
                emit(obs, || Event::Cover { item });
                then!(TryNext; break 'try_next);
            }
                // X5, or X7 when the options are used up
                let (item, p) = (self.chosen[l], self.x[l]);
                if p == item {
                    self.m.uncover_::<NARROW, WIDTH>(item);
                    emit(obs, || Event::Uncover { item });
                    then!(Leaving; continue 'run);
                }
                self.counters.nodes += 1;
                let q = self.m.next_live::<WIDTH>(p);
                emit(obs, || Event::Try {
                    option: self.m.node_option[p as usize],
                    level: l as u32,
                });
                if q == p {
                    l += 1;
                    then!(Enter; continue 'run);
                }
                self.cursor = q;
                then!(CoverOthers; break 'cover_others);
            }
            // X5: cover the other items of the option tried, rightwards and around (with colours:
            // purify the coloured ones, and pass over those purified already).
            let first = self.x[l];
            loop {
                let q = self.cursor;
                // A node's item and right neighbour never change: read both before the cover.
                let node = self.m.node(q);
                let (item, mut next) = (node.top, node.right);
                let colour = if WIDTH == COLOURED { self.m.links.colour(q) } else { 0 };
                if colour == 0 {
                    self.counters.updates += self.m.cover_::<NARROW, WIDTH>(item);
                } else {
                    let (updates, cleansings) = self.m.links.purify(q);
                    self.counters.updates += updates;
                    self.counters.cleansings += cleansings;
                }
                if WIDTH == COLOURED {
                    // The others' colours are as they were: purifying changes only this item's list.
                    next = self.m.next_live::<WIDTH>(q);
                }
                let done = next == first;
                if !done {
                    self.cursor = next;
                }
                emit(obs, || if colour == 0 { Event::Cover { item } } else { Event::Purify { item, colour } });
                if done {
                    l += 1;
                    then!(Enter; continue 'run);
                }
                if O::ENABLED {
                    leave!(Status::Running);
                }
                events += 1;
            }
        }
    }

    /// Undoes the last event, reports the event it undid to `obs` and returns it;
    /// `None` at the start. `step` then `step_back` (or the reverse) leaves the search,
    /// matrix and counters exactly as they were.
    pub fn step_back<O: Observer>(&mut self, obs: &mut O) -> Option<Event> {
        let event = self.retreat()?;
        self.counters.events -= 1;
        if O::ENABLED {
            obs.event(event);
        }
        Some(event)
    }

    fn retreat(&mut self) -> Option<Event> {
        let l = self.level;
        match self.pc {
            Pc::Enter => {
                // The last event was the option's try (if it has one node) or its last cover.
                if l == 0 {
                    return None;
                }
                let l = l - 1;
                self.level = l;
                let p = self.x[l];
                let last = self.m.prev_live_any(p);
                if last == p {
                    self.counters.nodes -= 1;
                    self.pc = Pc::TryNext;
                    Some(self.try_event(p, l))
                } else {
                    self.cursor = last;
                    self.pc = Pc::CoverOthers;
                    Some(self.uncover_counted(last))
                }
            }
            Pc::CoverChosen => {
                self.pc = Pc::Enter;
                let (item, len, work) = self.m.choose();
                debug_assert_eq!(item, self.chosen[l]);
                self.counters.choice_work -= work;
                Some(Event::Choose { item, len })
            }
            Pc::TryNext => {
                let (item, p) = (self.chosen[l], self.x[l]);
                if p == self.m.node(item).down {
                    self.counters.updates -= self.m.uncover(item);
                    self.pc = Pc::CoverChosen;
                    Some(Event::Cover { item })
                } else {
                    let p = self.m.node(p).up;
                    self.x[l] = p;
                    self.pc = Pc::Untry;
                    Some(Event::Untry {
                        option: self.m.node_option[p as usize],
                        level: l as u32,
                    })
                }
            }
            Pc::CoverOthers => {
                let p = self.m.prev_live_any(self.cursor);
                if p == self.x[l] {
                    self.counters.nodes -= 1;
                    self.pc = Pc::TryNext;
                    Some(self.try_event(p, l))
                } else {
                    self.cursor = p;
                    Some(self.uncover_counted(p))
                }
            }
            Pc::UncoverOthers => {
                let n = self.m.next_live_any(self.cursor);
                if n == self.x[l] {
                    self.reenter(l + 1)
                } else {
                    self.cursor = n;
                    Some(self.recover(n))
                }
            }
            Pc::Untry => {
                let p = self.x[l];
                let first = self.m.next_live_any(p);
                if first == p {
                    self.reenter(l + 1)
                } else {
                    self.cursor = first;
                    self.pc = Pc::UncoverOthers;
                    Some(self.recover(first))
                }
            }
            Pc::Leaving => {
                // How did this level end? The links are as they were when it was entered,
                // so the same test and the same choice tell.
                self.pc = Pc::Enter;
                if self.m.is_solved() {
                    self.counters.solutions -= 1;
                    return Some(Event::Solution);
                }
                let (item, len, work) = self.m.choose();
                if len == 0 {
                    // The choice that found the dead end is undone with it; after a
                    // `Choose`, its own undoing takes the work back.
                    self.counters.choice_work -= work;
                    self.counters.dead_ends -= 1;
                    self.counters.updates -= u64::from(self.m.is_coloured());
                    return Some(Event::DeadEnd { item });
                }
                self.m.cover(item);
                self.chosen[l] = item;
                self.x[l] = item;
                self.pc = Pc::TryNext;
                Some(Event::Uncover { item })
            }
            Pc::EmitDone => self.reenter(0),
            Pc::Finished => {
                self.pc = Pc::EmitDone;
                Some(Event::Done)
            }
        }
    }

    /// Back over the silent X8 that left level `l`: undo whatever ended that level.
    fn reenter(&mut self, l: usize) -> Option<Event> {
        self.level = l;
        self.pc = Pc::Leaving;
        self.retreat()
    }

    fn try_event(&self, p: u32, l: usize) -> Event {
        Event::Try {
            option: self.m.node_option[p as usize],
            level: l as u32,
        }
    }

    /// Undo the `Cover` (or `Purify`) of node `q`'s item, taking its updates (and
    /// cleansings) off the count.
    fn uncover_counted(&mut self, q: u32) -> Event {
        let item = self.m.node(q).top;
        let colour = self.m.links.colour(q);
        let (updates, cleansings) = self.m.undo_node(q);
        self.counters.updates -= updates;
        self.counters.cleansings -= cleansings;
        if colour == 0 {
            Event::Cover { item }
        } else {
            Event::Purify { item, colour }
        }
    }

    /// Undo an `Uncover` (or `Unpurify`) of node `q`'s item (they count no updates).
    fn recover(&mut self, q: u32) -> Event {
        let item = self.m.node(q).top;
        let colour = self.m.links.colour(q);
        self.m.do_node(q);
        if colour == 0 {
            Event::Uncover { item }
        } else {
            Event::Unpurify { item, colour }
        }
    }

    /// Uncovers everything the search has covered, leaving the matrix as at the start,
    /// and puts the search back at its start: stepping back from there finds nothing to
    /// undo, and stepping on starts the search again.
    pub fn unwind(&mut self) {
        let l = self.level;
        let opened = match self.pc {
            Pc::TryNext | Pc::Untry => None,
            Pc::CoverOthers => Some(self.m.prev_live_any(self.cursor)),
            Pc::UncoverOthers => Some(self.cursor),
            Pc::Enter | Pc::CoverChosen | Pc::Leaving | Pc::EmitDone | Pc::Finished => {
                self.unwind_below(l);
                return;
            }
        };
        if let Some(last) = opened {
            self.uncover_back_from(last, self.x[l]);
        }
        self.m.uncover(self.chosen[l]);
        self.unwind_below(l);
    }

    fn unwind_below(&mut self, l: usize) {
        for k in (0..l).rev() {
            let p = self.x[k];
            self.uncover_back_from(self.m.prev_in_option(p), p);
            self.m.uncover(self.chosen[k]);
        }
        self.level = 0;
        self.pc = Pc::Enter;
        self.counters = Counters::default();
    }

    /// Uncovers (or unpurifies) the items of nodes `q`, `prev(q)`, … down to (not including)
    /// node `p`.
    fn uncover_back_from(&mut self, mut q: u32, p: u32) {
        while q != p {
            self.m.undo_node(q);
            q = self.m.prev_in_option(q);
        }
    }

    /// Makes an observed [`Pausing`] search pause on entering a level (before X2) once it has
    /// tried `nodes` options in all, or on entering level `level`, whichever comes first
    /// (`u64::MAX` and `usize::MAX`: never). A paused search pauses again at once: go on with
    /// [`Search::skip`], [`Search::split_rest`], or a later pause.
    pub fn set_pause(&mut self, nodes: u64, level: usize) {
        self.pause_nodes = nodes;
        self.pause_level = level;
    }

    /// True at a level not yet entered: where a [`Pausing`] search pauses.
    pub fn is_entering(&self) -> bool {
        self.pc == Pc::Enter
    }

    /// The path from the root to where the search is: the option tried at each level, with
    /// the item it was tried for. Paused, the path to the node about to be entered.
    pub fn path(&self) -> Vec<Branch> {
        self.x[..self.depth()]
            .iter()
            .zip(&self.chosen)
            .map(|(&p, &item)| Branch {
                item,
                option: self.m.node_option[p as usize],
            })
            .collect()
    }

    /// Leaves the subtree the search paused at unsearched, as if it had ended there: the next
    /// step backs up to the level above (enumerating the nodes at a depth, with a pause there).
    pub fn skip(&mut self) {
        assert_eq!(self.pc, Pc::Enter, "skip() only where a search pauses");
        self.pc = Pc::Leaving;
    }

    /// The share of the tree searched so far, as Knuth's programs estimate it from "option k of
    /// d" at each open level: each level splits the share of the one above evenly among its
    /// branches, and the branches before the one tried are done.
    ///
    /// A branch whose subtree is searched counts as done from then on, while the search backs
    /// out of it, so the share never goes down from one event to the next.
    pub fn share_done(&self) -> f64 {
        // The level whose option tried has nothing left below it.
        let finishing = match self.pc {
            Pc::EmitDone | Pc::Finished => return 1.0,
            Pc::UncoverOthers | Pc::Untry => Some(self.level),
            // Level 0 ended: the whole tree is searched.
            Pc::Leaving if self.level == 0 => return 1.0,
            Pc::Leaving => Some(self.level - 1),
            _ => None,
        };
        let mut share = 1.0;
        let mut done = 0.0;
        for (k, choice) in self.choices().into_iter().enumerate() {
            let d = choice.branches.len().max(1) as f64;
            share /= d;
            done += share * (choice.at + usize::from(finishing == Some(k))) as f64;
        }
        done.min(1.0)
    }

    /// Hands over the rest of a search paused on entering a level as subproblems, and goes
    /// back to its start ([`Search::unwind`]; read the counters first). `branch(path, fresh,
    /// share)` gets each, the path below this search's own start:
    /// - the node paused at: the options tried on the way, already counted (`fresh` false);
    /// - each option not yet tried at each open level: the path to that level and the
    ///   option, which nobody has tried or counted yet (`fresh` true; its item was covered,
    ///   and counted, here).
    ///
    /// `share` is each one's share of this search's tree, as [`Search::share_done`] estimates
    /// it; what the subproblems leave of 1 is the share done here.
    pub fn split_rest(&mut self, mut branch: impl FnMut(&[Branch], bool, f64)) {
        assert_eq!(self.pc, Pc::Enter, "split_rest() only where a search pauses");
        let mut path = self.path();
        let choices = self.choices();
        let mut share = 1.0;
        let mut shares = Vec::with_capacity(choices.len());
        for choice in &choices {
            share /= choice.branches.len() as f64;
            shares.push(share);
        }
        branch(&path, false, share);
        for (k, choice) in choices.iter().enumerate().rev() {
            path.truncate(k + 1);
            for &option in &choice.branches[choice.at + 1..] {
                path[k] = Branch {
                    item: choice.item,
                    option,
                };
                branch(&path, true, shares[k]);
            }
        }
        self.unwind();
    }

    /// Starts the search (at its start) on the subproblem below `path`: its options are put
    /// into every solution, each covering first the item it is tried for, then its others
    /// left to right from there, as the search tries it. If `fresh`, the last option counts
    /// as tried here (a node and its updates, not those of its item, counted by the level that
    /// branched on it), and the counters returned say so. Fails, leaving the search as it
    /// was, if an option does not have its item, or clashes with one before it.
    pub fn start_below(&mut self, path: &[Branch], fresh: bool) -> Result<Counters, super::MatrixError> {
        assert!(self.is_at_start(), "start_below() after the search started");
        let mut tried = Counters::default();
        for (k, &b) in path.iter().enumerate() {
            match self.m.apply(b) {
                Ok((updates, cleansings)) => {
                    if fresh && k + 1 == path.len() {
                        tried.nodes = 1;
                        tried.updates = updates;
                        tried.cleansings = cleansings;
                    }
                }
                Err(e) => {
                    self.lift(&path[..k]);
                    return Err(e);
                }
            }
        }
        Ok(tried)
    }

    /// Back to the start above `path`, the path [`Search::start_below`] started on: undoes
    /// the search ([`Search::unwind`]) and the path's options.
    pub fn lift(&mut self, path: &[Branch]) {
        self.unwind();
        for &b in path.iter().rev() {
            self.m.unapply(b);
        }
    }
}

#[inline(always)]
fn emit<O: Observer>(obs: &mut O, event: impl FnOnce() -> Event) {
    if O::ENABLED {
        obs.event(event());
    }
}
