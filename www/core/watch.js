// The views every room shares under "Watch the search", made once and wired to the player
// and the shell: the counters, the depth plot, the narration line, the stack of choices, the
// pseudocode, the search tree, predict mode (www/core/predict-gate.js asks before each event
// forward), the transport, the Keys panel and the notice under "Copy link to this step". What they draw is
// read from the shown room's search, by the shell's render.

import { SPEEDS } from './player.js';
import { wordsFor } from './narration.js';
import { CountersView } from '../views/counters.js';
import { DepthPlot } from '../views/plot.js';
import { ControlsView } from '../views/controls.js';
import { StackView } from '../views/stack.js';
import { PseudocodeView } from '../views/pseudocode.js';
import { TreeView } from '../views/tree.js';
import { PredictView } from '../views/predict-view.js';
import { NoticeView } from '../views/result.js';
import { KeysView } from '../views/keys-view.js';

/** `shell`: www/core/shell.js, which calls this from its constructor (the callbacks run later). */
export function watchViews({ $, player, shell }) {
  /** A movement by hand: any answer on show goes first. */
  const moving = (f) => (...args) => {
    shell.moved();
    f(...args);
  };
  return {
    counters: new CountersView($('counters')),
    plot: new DepthPlot($('depth-plot')),
    narration: $('narration'),
    // The Keys panel: the keys for the view shown, beside the search's column.
    keys: new KeysView(document.querySelector('#controls .keys'), document.querySelector('section.right')),
    // Under "Copy link to this step", where the board's notice is out of view.
    watchNotice: new NoticeView($('watch-notice')),
    stack: new StackView($('stack')),
    pseudocode: new PseudocodeView($('algo')),
    // A node picked in the tree: the search goes to the moment it was tried; a branch not yet
    // tried: forward until it is (Rust moves the search, the player drives it).
    tree: new TreeView($('tree'), {
      onPick: moving((step) => shell.seekLink(step)),
      onBack: moving((options) => player.backTo(options)),
      onBranch: moving((level, n) => player.toBranch(level, n)),
    }),
    predict: new PredictView($('predict'), $('predict-toggle'), {
      toggle: () => {
        const g = player.gate;
        g.on = !g.on;
        player.stop();
        if (g.on && shell.trace) g.holds(shell.trace); // at a choice already: ask now
        shell.render();
      },
      answer: (guess) => {
        const g = player.gate, room = shell.room, resume = g.question?.resume;
        if (!room.picture || !g.answer(guess, room.picture, room.trace, wordsFor(room.trace, room.numbering))) return;
        shell.moved();
        player.forward(1); // the search makes its choice (or meets its dead end): the board shows it
        if (resume) player.play();
      },
      skip: () => {
        const resume = player.gate.question?.resume;
        player.gate.skip(shell.trace);
        shell.moved();
        player.forward(1);
        if (resume) player.play();
      },
    }),
    controls: new ControlsView($('controls'), {
      restart: moving(() => shell.restart()),
      prevChoice: moving(() => player.prevChoice()),
      back: moving(() => player.back(1)),
      toggle: moving(() => player.toggle()),
      forward: moving(() => player.forward(1)),
      nextChoice: moving(() => player.nextChoice()),
      nextSolution: moving(() => player.nextSolution()),
      nextDeadEnd: moving(() => player.nextDeadEnd()),
      slower: () => player.setSpeed(player.speed - 1),
      faster: () => player.setSpeed(player.speed + 1),
      stop: () => {
        player.stop();
        shell.render();
      },
      setSpeed: (i) => player.setSpeed(i),
      setStopAtSolution: (on) => {
        player.stopAtSolution = on;
        shell.render();
      },
    }, SPEEDS),
  };
}
