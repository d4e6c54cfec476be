// A deep link to a sheet (#/c/<id>, also an old per-tab link, which lands here):
// fetch the sheet's chunks and stylesheet at once, beside the start path, instead of
// after it has started. scripts/split.mjs puts this into index.html after the chunk
// manifest (#chunks). Which family's chunks: the character's stored ruleset.
(function () {
  var id = /^#\/c\/([^/?#]+)/.exec(location.hash);
  var data = document.getElementById('chunks');
  if (!id || !data) return;
  var m = JSON.parse(data.textContent);
  var heimr = false;
  try {
    var saved = localStorage.getItem('sheetwright.character.' + decodeURIComponent(id[1])) || '';
    heimr = /"ruleset"\s*:\s*"heimr"/.test(saved);
  } catch (e) {}
  var add = function (rel, href, as) {
    var l = document.createElement('link');
    l.rel = rel;
    l.href = href;
    if (as) {
      l.as = as;
      l.crossOrigin = 'anonymous';
    }
    document.head.appendChild(l);
    return l;
  };
  var css = add('stylesheet', m.css);
  css.setAttribute('data-sheet-css', '');
  css.onload = css.onerror = function () {
    css.setAttribute('data-done', '');
  };
  add('modulepreload', m.link);
  (heimr ? m.heimr : m.symbaroum).forEach(function (f) {
    add('preload', f, 'fetch');
  });
})();
