// The examples menu. Sources: ../shared/data/puzzles (SOURCES.md) and the judges'
// samples of the seeds (tests/data: POJ 3074 for seeds 000, 002 and 003, HDU 1426 for 001,
// hihoCoder 102 for 004; the first two POJ 3074's, also AcWing 166's; the 16×16 sample is
// POJ 3076's and SPOJ SUDOKU's), and the project's 4×4, 16×16 and 25×25 sets (tests/data:
// sudoku4.txt; sudoku16.txt, line 95; the first of sudoku25.txt, made by `dlx-sudoku generate`).
// The menu names them in words a class reads; the notes say where they come from, in the
// same words (no judge's problem number, file or command: a class reads them).

import { sideOfLine, givensCount } from '../../core/puzzle.js';

const LIST = [
  // 4×4 (2×2 boxes): the teaching size. No uniquely solvable 4×4 makes DLX backtrack, and
  // none we tried (100,000 random ones) makes it branch and then reach a dead end: the dead
  // end comes after forced moves on one with no solution, the branches on one with several
  // (both checked in www/test).
  { group: '4×4: to learn on', id: 'four', name: '4×4, {clues} clues (singles only)', line: '..2.4......1.4..', note: 'The fewest clues of this project\'s 4×4 puzzles: every step is forced, so the search never branches.' },
  { group: '4×4: to learn on', id: 'four5', name: '4×4, {clues} clues (singles only)', line: '..2..4...14....1', note: 'One of this project\'s 4×4 puzzles: one solution, found without a wrong guess.' },
  { group: '4×4: to learn on', id: 'four-play1', name: '4×4, {clues} clues: to play', line: '1..3.....32.....', note: 'One solution, and every clue is needed: take one away and it has more.' },
  { group: '4×4: to learn on', id: 'four-play2', name: '4×4, {clues} clues: to play (another)', line: '...2...3.1...2..', note: 'One solution, and every clue is needed: take one away and it has more.' },
  { group: '4×4: to learn on', id: 'four-play3', name: '4×4, {clues} clues: to play (a third)', line: '...2..4.12...3..', note: 'One solution, and every clue is needed: take one away and it has more.' },
  { group: '4×4: to learn on', id: 'four-dead', name: '4×4, no solution: a dead end and the take-backs', line: '....2..3.4.....1', note: 'Nothing clashes and every cell has a candidate, yet there is no solution: after three forced moves, column 4 has no place left for a 4 (a dead end), and the search takes the moves back. Try "Next dead end", then step back and forward.' },
  { group: '4×4: to learn on', id: 'four-many', name: '4×4, {clues} clues, 6 solutions: branches and backtracks', line: '1..4..3.........', note: 'Exactly 6 solutions: the search branches, and after each solution backs up to try the next branch. Try "Next solution".' },
  { group: '16×16', id: 'poj3076', name: '16×16 contest puzzle (A–P)', line: '..A....C.....O.I.J..A.B.P.CGF.H...D..F.I.E....P..G.EL.H....M.J......E....C..G....I..K.GA.B...E.JD.GP..J.F....A...E...C.B..DP..O.E..F.M..D..L.K.A.C........O.I.L.H.P.C..F.A..B......G.OD...J....HK...J....H.A.P.L..B..P..E..K..A..H..B..K..FI.C....F...C..D..H.N.', note: 'The sample puzzle of a programming contest\'s 16×16 Sudoku problem: 16 lines of 16 letters A–P, - for a blank.' },
  { group: '16×16', id: 'hard16', name: '16×16, hard for DLX ({clues} clues)', line: '.BE.......I.....A....D.O....JBEP.K.J.NBE..L.A..HFGHOA.C.....N...E.A.G.....N....J...N.FJL........OI.MDP...L...C....J....I..FGB....C.I..AD.H....BL...ANE..OI.L....DE....OH.....M..NM..B...G..F.O.........K.O.NM....L....M..FAJOG..J...F.GB..DC..K.MONC.J..E..B....', note: 'Of 1,005 16×16 puzzles made by this project\'s generator, the slowest for dancing links.' },
  { group: '25×25', id: 'first25', name: '25×25, {clues} clues (A–Y)', line: 'B.E.IJ.HM..............YO.AT..BGDK..EI.J.Q..LRPF..GYU.WFC.O...K..E...X..A.L...HN.VE..YM.X.O.KAJGDS..OV.F.....YGP.A.NR....I.UM...P..L.R.SX.O.TEJBQ.YMN...S..DMT....WY..PF..V..OXEQ.J.....U..R.KM....H.T....IMU...YWP.CTN.V..D....K..W...K...F..BQRA...PG..U.UN.....H...TQ.DX..IO.R...M.D....EF.O.P..KG.T..IH.W.X.ES.N.RL......Q..K...YH.O....Y.DKN...S..V..JW.C.L..B..WXJR.E...F.O....MGQF..S....PI.L..X.D..T..B..E.N..B......V.UL.S.....A...IPY..VTDRG.EJH......LF..LR.QA.F...H..V.......S.CHVB.E...I.QOWA..R...MG..XBF.K..U..C..MS...W...OVD.......QWV.BU....XJ..FNTH.O...N.FTK........HU..P..N.A.HX.CG...Q.TFOPY.L.E...W...L.....F.GD..V.MY.UC.', note: 'Made by this project\'s generator: the first of its 25×25 puzzles.' },
  { group: 'To solve', id: 'easy', name: 'Easy ({clues} clues, singles only)', line: '..43..2.9..5..9..1.7..6..43..6..2.8719...74...5..83...6.....1.5..35.869..4291.3..', note: 'Kaggle "1 million Sudoku games", first puzzle: naked singles solve it, so the search never branches.' },
  { group: 'From programming contests', id: 'poj1', name: 'Contest puzzle 1', line: '.2738..1..1...6735.......293.5692.8...........6.1745.364.......9518...7..8..6534.', note: 'The first sample puzzle of a programming contest\'s Sudoku problem, given there as one line of 81 cells.' },
  { group: 'From programming contests', id: 'poj2', name: 'Contest puzzle 2 (hard)', line: '......52..8.4......3...9...5.1...6..2..7........3.....6...1..........7.4.......3.', note: 'The harder of the two sample puzzles of the contest problem that Contest puzzle 1 comes from.' },
  { group: 'From programming contests', id: 'hdu', name: 'Contest puzzle 3', line: '712.6.358.652.71.4..8513672924.56.375.6...2411.372.9.5..19754866.783.519859.4..23', note: 'The sample puzzle of a programming contest\'s "Sudoku Killer" problem, given as 9 rows of 9 tokens, ? for blanks.' },
  { group: 'From programming contests', id: 'hiho', name: 'Contest puzzle 4', line: '4...7.1....19.46.5.....1......7....2..2.3....847..6....14...8.6.2....3..6...9....', note: 'The sample puzzle of a programming contest\'s weekly problem, given as a count, then 9 rows of integers, 0 for blanks.' },
  { group: 'Famous and hard', id: '17', name: '{clues} clues (Royle\'s list, first)', line: '.................1.....2.3......3.2...1.4......5....6..3......4.7..8...962...7...', note: 'The fewest clues a proper Sudoku can have.' },
  { group: 'Famous and hard', id: 'escargot', name: 'AI Escargot (Inkala, 2006)', line: '1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3..', note: '' },
  { group: 'Famous and hard', id: 'easter', name: 'Easter Monster (2007)', line: '1.......2.9.4...5...6...7...5.9.3.......7.......85..4.7.....6...3...9.8...2.....1', note: '' },
  { group: 'Famous and hard', id: 'nugget', name: 'Golden Nugget (2007)', line: '.......39.....1..5..3.5.8....8.9...6.7...2...1..4.......9.8..5..2....6..4..7.....', note: '' },
  { group: 'Famous and hard', id: 'everest', name: '"World\'s hardest" (Inkala, 2012)', line: '8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..', note: '' },
  { group: 'Famous and hard', id: 'antibrute', name: 'Anti brute force ({clues} clues)', line: '..............3.85..1.2.......5.7.....4...1...9.......5......73..2.1........4...9', note: 'Hard for a solver that fills cells in order; easy for dancing links.' },
  { group: 'Edge cases', id: 'empty', name: 'Empty grid', line: '.'.repeat(81), note: '6,670,903,752,021,072,936,960 solutions.' },
  { group: 'Edge cases', id: 'clash', name: 'Contradictory: two 1s in row 1', line: '11' + '.'.repeat(79), note: 'Rejected before any search.' },
  { group: 'Edge cases', id: 'impossible', name: 'No solution, nothing clashes (Norvig)', line: '.....5.8....6.1.43..........1.5........1.6...3.......553.....61........4.........', note: 'The search has to exhaust the tree to prove it.' },
  { group: 'Edge cases', id: 'multi', name: 'Several solutions: {clues} clues (1,158)', line: '.................1.....2.3......3.2...1.4......5....6..3......4.7..8...962.......', note: 'Exactly 1,158 solutions.' },
  { group: 'Edge cases', id: 'many', name: 'Very many solutions (Norvig "hard1")', line: '.....6....59.....82....8....45........3........6..3.54...325..6..................', note: 'At least 100,000,000 solutions: try Count, then Cancel.' },
];

/** The examples, their names' clue counts computed from the puzzles themselves, and each one's
 *  side (from its length: 16, 81, 256 or 625 cells). */
export const EXAMPLES = LIST.map((e) => ({ ...e, side: sideOfLine(e.line), name: e.name.replace('{clues}', String(givensCount(e.line))) }));

/** The examples of one side, for the picker. */
export const examplesOf = (side) => EXAMPLES.filter((e) => e.side === side);

export const exampleById = (id) => EXAMPLES.find((e) => e.id === id);
