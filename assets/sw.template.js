// Sheetwright's service worker. Generated at build time by scripts/build-sw.mjs from
// assets/sw.template.js: VERSION and FILES are filled in with the build's own files.
const VERSION = '__VERSION__';
const FILES = __FILES__;
const CACHE = 'sheetwright-' + VERSION;

self.addEventListener('install', (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(FILES)));
  // No skipWaiting here: a new version waits until the page offers the reload, so a
  // sheet being edited is never swapped out from under the player.
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((k) => k.startsWith('sheetwright-') && k !== CACHE).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('message', (event) => {
  if (event.data === 'skip-waiting') self.skipWaiting();
  // A page of the app that loaded during the first install asks to be controlled.
  if (event.data === 'claim') event.waitUntil(self.clients.claim());
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === 'navigate') {
    // The app is one page with hash routes; the build's other HTML files send old
    // per-tab links on to it. Any other address gets 404.html, which opens the app's
    // list with a "no such page" message.
    const name = url.pathname.slice(new URL(self.registration.scope).pathname.length);
    const known = name === '' || (/^[\w-]+\.html$/.test(name) && FILES.includes('./' + name));
    const page = known ? name || 'index.html' : '404.html';
    const shell = new URL(page, self.registration.scope).href;
    event.respondWith(
      caches.open(CACHE).then((cache) => cache.match(shell)).then((hit) => hit || fetch(request)),
    );
    return;
  }
  event.respondWith(
    caches.open(CACHE).then((cache) => cache.match(request, { ignoreSearch: true })).then((hit) => hit || fetch(request)),
  );
});
