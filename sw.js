// The service worker of the page served from the repository (scripts/serve.sh, or any static
// host of the repository's root): it keeps a copy of every file the page loads, so that after
// one visit the page reloads and works with no network (a class on unreliable Wi-Fi). Network
// first: online, every file is the server's (a rebuilt module shows at once); offline, the copy.
// The page (www/core/offline.js) hands over the files it loaded before this worker ran. The deploy
// build (dist/) has its own precaching worker, scripts/dist/sw.js, and does not ship this file.

const CACHE = `dlx-sudoku-source:${self.registration.scope}`;

self.addEventListener('install', () => self.skipWaiting());

self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
});

/** `{keep: [url…]}`: the page's files, fetched and kept; the reply says how many. */
self.addEventListener('message', (event) => {
  const urls = (event.data?.keep ?? []).filter((u) => typeof u === 'string' && u.startsWith(self.registration.scope));
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    let kept = 0;
    await Promise.all(urls.map(async (url) => {
      try {
        const response = await fetch(url, { cache: 'no-store' });
        if (response.ok) {
          await cache.put(url, response);
          kept++;
        }
      } catch { /* offline already: what is kept stays */ }
    }));
    event.ports[0]?.postMessage({ kept, of: urls.length });
  })());
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET' || !request.url.startsWith(self.registration.scope)) return;
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    try {
      const response = await fetch(request);
      if (response.ok && response.type === 'basic') await cache.put(request, response.clone());
      return response;
    } catch (e) {
      const navigate = request.mode === 'navigate';
      const kept = (await cache.match(request, { ignoreSearch: navigate }))
        ?? (navigate ? (await cache.match(self.registration.scope)) ?? (await cache.match(`${self.registration.scope}index.html`)) : undefined);
      if (kept) return kept;
      throw e;
    }
  })());
});
