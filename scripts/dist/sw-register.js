// Registers the service worker (sw.js, next to index.html) once the page has loaded, so that
// after one visit the page works with the network cut. An external file, not an inline script,
// so the Content-Security-Policy can stay `script-src 'self'`.
if ('serviceWorker' in navigator && location.protocol !== 'file:') {
  addEventListener('load', () => {
    navigator.serviceWorker.register(new URL('sw.js', document.baseURI)).catch((e) => {
      console.warn(`Working offline is not available: the service worker did not register (${e.message}).`);
    });
  });
}
