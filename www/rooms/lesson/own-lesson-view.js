// "Make your own lesson" (issue 33 part 6): a teacher steps any search to a moment, writes a
// sentence for it and adds it; the moments (each the view's own link, with its sentence)
// are listed, can be taken out, and travel as one link (www/rooms/lesson/own-lesson.js packs them) that
// opens as a lesson in the lesson's panel. A <details> under the search tree, closed at first.

import { MAX_MOMENTS, MAX_SENTENCE, MAX_TITLE, whereWords } from './own-lesson.js';

const el = (tag, props = {}, ...kids) => {
  const e = Object.assign(document.createElement(tag), props);
  e.append(...kids);
  return e;
};

export class OwnLessonView {
  /** `root`: an empty <details>; `actions`: `{moment()}` (a promise of the shown view's link
   *  at its step, without #, or a rejection saying why it has none), `{pack(moments)}` (a promise of
   *  the lesson's link, or a rejection saying why it has none). */
  constructor(root, actions) {
    Object.assign(this, { root, actions });
    this.moments = [];
    const summary = el('summary', { textContent: 'Make your own lesson' });
    const help = el('p', { className: 'help', textContent: 'Step any search (any puzzle, example or problem) to a moment, write a sentence about it, and add it. The link opens your moments as a lesson.' });
    this.title = el('input', { type: 'text', id: 'own-title', maxLength: MAX_TITLE, placeholder: 'where it is, if left empty' });
    const titleLabel = el('label', { htmlFor: 'own-title', textContent: 'A title for this moment (optional)' });
    this.text = el('textarea', { id: 'own-text', rows: 2, maxLength: MAX_SENTENCE });
    const label = el('label', { htmlFor: 'own-text', textContent: 'Your sentence for this moment' });
    this.add = el('button', { type: 'button', id: 'own-add', textContent: 'Add this moment' });
    this.list = el('ol', { className: 'own-moments' });
    this.list.setAttribute('aria-label', 'Your lesson\'s moments');
    this.copy = el('button', { type: 'button', id: 'own-copy', textContent: 'Copy lesson link' });
    this.status = el('p', { className: 'own-status', id: 'own-status' });
    this.status.setAttribute('role', 'status');
    this.link = el('input', { type: 'text', id: 'own-link', readOnly: true, hidden: true });
    this.link.setAttribute('aria-label', 'Your lesson\'s link');
    root.append(summary, help, titleLabel, this.title, label, this.text, el('div', { className: 'own-row' }, this.add, this.copy), this.list, this.status, this.link);
    this.add.addEventListener('click', () => this.addMoment());
    this.copy.addEventListener('click', () => this.copyLink());
    this.draw();
  }

  say(text) {
    this.status.textContent = text;
  }

  async addMoment() {
    const text = this.text.value.trim();
    if (!text) return this.say('Write a sentence for this moment first.');
    if (this.moments.length >= MAX_MOMENTS) return this.say(`A lesson holds at most ${MAX_MOMENTS} moments.`);
    let hash;
    try {
      hash = await this.actions.moment();
    } catch (e) {
      return this.say(e.message);
    }
    const title = this.title.value.trim();
    this.moments.push({ hash, text, title });
    this.text.value = '';
    this.title.value = '';
    this.link.hidden = true;
    this.draw();
    this.say(`Moment ${this.moments.length} added: ${title ? `"${title}", ` : ''}${whereWords(hash)}.`);
  }

  draw() {
    this.list.replaceChildren(...this.moments.map((m, k) => {
      const remove = el('button', { type: 'button', className: 'own-remove', textContent: '×' });
      remove.setAttribute('aria-label', `Take out moment ${k + 1}`);
      remove.addEventListener('click', () => {
        this.moments.splice(k, 1);
        this.link.hidden = true;
        this.draw();
        this.say(`Moment ${k + 1} taken out.`);
      });
      return el('li', {}, el('span', { className: 'own-where', textContent: `${m.title ? `${m.title} (${whereWords(m.hash)})` : whereWords(m.hash)}: ` }), el('span', { textContent: m.text }), ' ', remove);
    }));
    this.copy.disabled = this.moments.length === 0;
  }

  async copyLink() {
    if (!this.moments.length) return;
    let url;
    try {
      url = await this.actions.pack(this.moments);
    } catch (e) {
      return this.say(`No link: ${e.message}.`);
    }
    this.link.value = url;
    this.link.hidden = false;
    try {
      await navigator.clipboard.writeText(url);
      this.say(`Link copied: it opens your ${this.moments.length} moment${this.moments.length === 1 ? '' : 's'} as a lesson.`);
    } catch {
      this.say('Copy this link (it is selected):');
      this.link.select();
    }
  }
}
