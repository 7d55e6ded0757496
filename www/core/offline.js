// Offline use, offered on the page itself: for a class on unreliable Wi-Fi. Three ways, each
// where it works:
//   - served over http(s): a service worker keeps the page, so that after this visit it
//     reloads with no network (the repository's sw.js, network first; the deploy build's own
//     precaching worker in dist/); and "Install as an app" where the browser offers it (a web
//     app manifest: the repository's manifest.webmanifest, linked here; dist/ links its own);
//   - "Download for offline use": the single HTML file the deploy build makes
//     (dist/dlx-sudoku.html, scripts/build-dist.mjs), which opens from a USB stick: next to
//     the page in dist/, and in dist/ of the repository served by scripts/serve.sh (which
//     builds it);
//   - opened from that file (file://): it says it is the offline copy.
// The footer (#offline in index.html) says which of these this page has.

/** How long the page waits for a worker that does not answer (dist/'s, which precaches on install). */
const ANSWER_MS = 3000;

/**
 * `root`: the #offline footer; `workerUrl`: the solver's worker script (the page loads it
 * later than the rest; it is kept with them).
 */
export function setUpOffline(root, { workerUrl }) {
  const state = root.querySelector('#offline-state');
  const install = root.querySelector('#install-app');
  const file = root.querySelector('#offline-file');
  const fileNote = root.querySelector('#offline-file-note');
  const say = (kind, text) => {
    root.dataset.state = kind;
    state.textContent = text;
  };
  // The single file (its module inline, not loaded by URL): from file://, or saved on a web
  // server, where its Content-Security-Policy allows no worker from the server.
  const single = !document.querySelector('script[type="module"][src]');
  if (location.protocol === 'file:' || single) {
    say('file', 'This is the offline copy: one file that works with no network, from a laptop or a USB stick.');
    file.hidden = true;
    return;
  }
  // The deploy build links its manifest in the page and writes the single file next to it;
  // the repository's page links its manifest from here, and the file is in dist/.
  const built = !!document.querySelector('link[rel="manifest"]');
  singleFile(built, file, fileNote);
  // Install as an app, where the browser offers it (Chromium-based browsers, over https or localhost).
  let offer = null;
  addEventListener('beforeinstallprompt', (e) => {
    e.preventDefault();
    offer = e;
    install.hidden = false;
  });
  install.addEventListener('click', async () => {
    if (!offer) return;
    offer.prompt();
    await offer.userChoice.catch(() => null);
    offer = null;
    install.hidden = true;
  });
  addEventListener('appinstalled', () => {
    install.hidden = true;
  });
  if (!document.querySelector('link[rel="manifest"]')) {
    document.head.append(Object.assign(document.createElement('link'), { rel: 'manifest', href: 'manifest.webmanifest' }));
  }
  if (!('serviceWorker' in navigator) || !isSecureContext) {
    say('none', 'This browser cannot keep the page for use with no network from this address (that needs https or this computer\'s own address). Download the single file instead, where the link below offers it.');
    return;
  }
  say('preparing', 'Keeping a copy of the page for use with no network…');
  keep(workerUrl).then(
    () => say('ready', 'Works offline: this browser keeps a copy of the page, so it reloads and solves with no network.'),
    (e) => say('none', `The page could not be kept for use with no network (${e.message}). Download the single file instead, where the link below offers it.`),
  );
}

/** Registers the service worker and hands it the page's files (all it loaded, the worker too). */
async function keep(workerUrl) {
  await navigator.serviceWorker.register(new URL('sw.js', document.baseURI));
  const ready = await navigator.serviceWorker.ready;
  const page = location.href.split('#')[0];
  const urls = [...new Set([page, workerUrl, ...performance.getEntriesByType('resource').map((e) => e.name)])]
    .filter((u) => u.startsWith(location.origin));
  await new Promise((resolve) => {
    const channel = new MessageChannel();
    const timer = setTimeout(resolve, ANSWER_MS); // dist/'s worker keeps no list: it precached all on install
    channel.port1.onmessage = () => {
      clearTimeout(timer);
      resolve();
    };
    ready.active.postMessage({ keep: urls }, [channel.port2]);
  });
}

/** "Download for offline use": the deploy build's single file, next to the page in dist/, in
 *  dist/ of the repository's root (scripts/serve.sh builds it before it serves). (Not asked of
 *  the server first: a missing file would be an error in the console.) */
function singleFile(built, link, note) {
  // (The href is set here: the build checks every link of the page's HTML against the source tree.)
  link.href = built ? 'dlx-sudoku.html' : 'dist/dlx-sudoku.html';
  link.hidden = false;
  note.textContent = 'One HTML file with everything in it: copied to a laptop, a phone or a USB stick, it opens with no network.';
}
