// A deep link to a sheet (#/c/<id>, also an old per-tab link, which lands here):
// fetch the sheet's chunks and stylesheet at once, beside the start path, instead of
// after it has started. scripts/split.mjs puts this into index.html after the chunk
// manifest (#chunks). Which family's chunks: the character's stored ruleset; a link to
// the Combat or Gear & XP tab fetches that tab's chunk as well.
(function () {
  var id = /^#\/c\/([^/?#]+)(?:\/(combat|gear))?/.exec(location.hash);
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
  var family = heimr ? 'heimr' : 'symbaroum';
  // The tab the link opens, if not the first: its chunk too.
  var files = m[family].concat(id[2] ? m[family + '_' + id[2]] || [] : []);
  files.forEach(function (f, i) {
    if (files.indexOf(f) === i) add('preload', f, 'fetch');
  });
})();
