// Registers the service worker that keeps Sheetwright working offline, and tells the
// app when a new version is waiting ("Update available — reload").
(function () {
  if (!('serviceWorker' in navigator)) return;
  var announce = function () {
    window.sheetwrightUpdateReady = true;
    window.dispatchEvent(new CustomEvent('sheetwright-update'));
  };
  window.addEventListener('load', function () {
    navigator.serviceWorker.register('./sw.js').then(function (reg) {
      if (reg.waiting && navigator.serviceWorker.controller) announce();
      reg.addEventListener('updatefound', function () {
        var worker = reg.installing;
        if (!worker) return;
        worker.addEventListener('statechange', function () {
          if (worker.state === 'installed' && navigator.serviceWorker.controller) announce();
        });
      });
      var reloading = false;
      navigator.serviceWorker.addEventListener('controllerchange', function () {
        if (window.sheetwrightUpdating && !reloading) {
          reloading = true;
          location.reload();
        }
      });
      window.sheetwrightApplyUpdate = function () {
        window.sheetwrightUpdating = true;
        if (reg.waiting) reg.waiting.postMessage('skip-waiting');
        else location.reload();
      };
      // The first install may finish while the app is moving from one of its pages to
      // another; a page that loaded just then is not claimed, so it asks to be.
      navigator.serviceWorker.ready.then(function (ready) {
        if (!navigator.serviceWorker.controller && ready.active) ready.active.postMessage('claim');
      });
      // Look for a new version whenever the app comes back to the foreground.
      document.addEventListener('visibilitychange', function () {
        if (document.visibilityState === 'visible') reg.update().catch(function () {});
      });
    }).catch(function (e) {
      console.warn('Sheetwright: offline support is unavailable:', e && e.message);
    });
  });
})();
