// The service worker of the deployable dist/ folder (template: scripts/build-dist.mjs fills in
// VERSION and ASSETS). It precaches every file the page needs on install, serves them cache
// first, and on activate deletes the caches of older versions of this same copy of the app.
//
// Updates are never half old, half new: every asset but index.html, sw.js and the manifest has
// its content hash in its name; a new build changes VERSION, so the browser installs the new
// worker beside the old one and (no skipWaiting) switches only when no tab runs the old version.
// Until then old tabs keep being served the old cache, whole.

const VERSION = /*VERSION*/ 'dev';
const ASSETS = /*ASSETS*/ [];

// Two copies of the app on one origin (say /a/ and /b/) have separate caches and never delete
// each other's: the cache name carries the scope.
const PREFIX = `dlx-sudoku:${self.registration.scope}:`;
const CACHE = PREFIX + VERSION;

self.addEventListener('install', (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    // cache: 'reload' skips the HTTP cache, so an unhashed file (index.html) is never stale.
    await cache.addAll(ASSETS.map((url) => new Request(url, { cache: 'reload' })));
  })());
});

self.addEventListener('activate', (event) => {
  event.waitUntil((async () => {
    for (const key of await caches.keys()) {
      if (key.startsWith(PREFIX) && key !== CACHE) await caches.delete(key);
    }
    // On the very first install, take over the page that installed us, so that a worker it
    // starts later (the solver is restarted after Cancel) already comes from the cache.
    await self.clients.claim();
  })());
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET' || !request.url.startsWith(self.registration.scope)) return;
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    const navigate = request.mode === 'navigate';
    let response = await cache.match(request, { ignoreSearch: navigate });
    if (!response && navigate && request.url.split(/[?#]/)[0] === self.registration.scope) {
      response = await cache.match(new URL('index.html', self.registration.scope));
    }
    // Not precached (dlx-sudoku.html, say): the network, as if there were no worker.
    return response ?? fetch(request);
  })());
});
