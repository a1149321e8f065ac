// Goalie's dashboard works without this script; with it, live pages update in place instead of
// reloading, copy buttons copy, and forms marked data-confirm ask first.
(function () {
  'use strict';
  function refreshLive() {
    var main = document.querySelector('main[data-live="true"]');
    if (!main) return;
    setTimeout(function () {
      fetch(location.href, { headers: { 'X-Goalie-Live': '1' }, credentials: 'same-origin' })
        .then(function (response) {
          return response.ok ? response.text() : null;
        })
        .then(function (text) {
          if (text === null) return refreshLive();
          var next = new DOMParser().parseFromString(text, 'text/html').querySelector('main');
          if (!next) return;
          // Keep open <details> open across updates.
          var open = Array.prototype.map.call(main.querySelectorAll('details[open][id]'), function (d) {
            return d.id;
          });
          if (next.innerHTML !== main.innerHTML) main.innerHTML = next.innerHTML;
          open.forEach(function (id) {
            var d = document.getElementById(id);
            if (d) d.open = true;
          });
          if (next.getAttribute('data-live') === 'true') refreshLive();
          else main.removeAttribute('data-live');
        })
        .catch(function () {
          refreshLive();
        });
    }, 3000);
  }
  document.addEventListener('click', function (event) {
    var button = event.target.closest && event.target.closest('[data-copy]');
    if (!button || !navigator.clipboard) return;
    navigator.clipboard.writeText(button.getAttribute('data-copy')).then(function () {
      var before = button.textContent;
      button.textContent = 'Copied';
      setTimeout(function () {
        button.textContent = before;
      }, 1500);
    });
  });
  document.addEventListener('submit', function (event) {
    var question = event.target.getAttribute && event.target.getAttribute('data-confirm');
    if (question && !window.confirm(question)) event.preventDefault();
  });
  document.addEventListener('DOMContentLoaded', refreshLive);
})();
