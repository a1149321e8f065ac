// Goalie's dashboard works without this script; with it, live pages update in place instead of
// reloading, a try of a goal follows itself, copy buttons copy, and forms marked data-confirm ask first.
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
  // A try of a goal (the test case form): its section is fetched again from its own address until
  // the try has ended; the form around it, and what is typed there, stay as they are.
  function pollTry() {
    var section = document.querySelector('[data-try-poll]');
    if (!section) return;
    setTimeout(function () {
      fetch(section.getAttribute('data-try-poll'), { headers: { 'X-Goalie-Live': '1' }, credentials: 'same-origin' })
        .then(function (response) {
          return response.ok ? response.text() : null;
        })
        .then(function (text) {
          if (text === null) return pollTry();
          var next = new DOMParser().parseFromString(text, 'text/html').getElementById(section.id);
          if (!next) return;
          if (next.innerHTML !== section.innerHTML) section.innerHTML = next.innerHTML;
          if (next.hasAttribute('data-try-poll')) pollTry();
          else section.removeAttribute('data-try-poll');
        })
        .catch(function () {
          pollTry();
        });
    }, 1500);
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
  document.addEventListener('DOMContentLoaded', pollTry);
})();
