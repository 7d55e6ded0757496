// The Size menu changes the grid only when a size is chosen: with the pointer (the list closes
// on a choice) or, from the keyboard, with Enter. An arrow key on the closed menu (which the
// browser turns into a change at once) only shows the size it would be, with a line saying
// that Enter switches (and empties the board) and Escape keeps the grid; leaving the menu
// keeps it too. One arrow key used to switch the size and empty the board at once. After a
// change the focus stays on the menu: on the board, its first cell was selected and its rows
// and columns lit up in the item panels, which looked like the search's doing.

/** Keys with which the browser changes a closed <select> at once. */
const MOVES = /^(Arrow(Up|Down|Left|Right)|Home|End|Page(Up|Down))$/;

/**
 * `select`: the Size <select>; `current()`: the side shown; `choose(side)`: changes it;
 * `hint`: an element for the line under the menu.
 */
export function sizeMenu(select, { current, choose, hint }) {
  let keyed = false;
  let pending = null;
  const show = (text) => {
    hint.textContent = text;
    hint.hidden = !text;
  };
  const keep = () => {
    pending = null;
    select.value = String(current());
    show('');
  };
  const apply = (side) => {
    pending = null;
    show('');
    choose(side);
    select.focus({ preventScroll: true });
  };
  select.addEventListener('keydown', (e) => {
    if (e.key === 'Enter' && pending !== null) {
      e.preventDefault();
      apply(pending);
    } else if (e.key === 'Escape' && pending !== null) {
      e.preventDefault();
      keep();
    } else {
      // A key that opens the list (Space, Alt+Down) leads to a choice confirmed in the list.
      keyed = MOVES.test(e.key) && !e.altKey;
    }
  });
  select.addEventListener('change', () => {
    const side = Number(select.value);
    if (!keyed) {
      apply(side);
      return;
    }
    keyed = false;
    if (side === current()) {
      keep();
      return;
    }
    pending = side;
    show(`Enter: switch to an empty ${side}×${side} grid (Undo brings this one back). Esc: keep the ${current()}×${current()}.`);
  });
  select.addEventListener('blur', () => {
    keyed = false;
    if (pending !== null) keep();
  });
}
