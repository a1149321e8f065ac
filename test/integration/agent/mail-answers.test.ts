// "Forward the Budget email to kim@example.com", "Reply to the Budget email with 'Thanks', send it":
// the message opened from the inbox, its Forward or Reply, the address or the text written, and
// Send pressed once (the sentence's own "send it" is that Send), on a small mail app.
import { expect } from 'chai';
import { useAgentPages } from '../../helpers/agent-pages.js';
import { html } from '../../helpers/site.js';

const MAIL = html(
  'Inbox',
  `<ul id="inbox"><li><a href="#" data-open="Budget">Budget for Q3</a></li><li><a href="#" data-open="Trip">Trip photos</a></li></ul>
  <section id="view" hidden><h2 id="subject"></h2><button id="reply">Reply</button> <button id="forward">Forward</button></section>
  <form id="compose" hidden><label id="to-row">To <input id="to"></label><label>Message <textarea id="body"></textarea></label><button>Send</button></form>
  <p id="out" role="status"></p>
  <script>
    let mode = null, sends = 0;
    document.querySelectorAll('[data-open]').forEach((a) => a.onclick = (e) => { e.preventDefault(); subject.textContent = a.textContent; view.hidden = false; });
    reply.onclick = () => { mode = 'reply'; compose.hidden = false; document.getElementById('to-row').hidden = true; };
    forward.onclick = () => { mode = 'forward'; compose.hidden = false; document.getElementById('to-row').hidden = false; };
    compose.onsubmit = (e) => {
      e.preventDefault(); sends++;
      out.textContent = (mode === 'reply' ? 'Reply sent: ' + body.value : 'Forwarded ' + subject.textContent + ' to ' + to.value) + ' (' + sends + ')';
    };
  </script>`,
);

describe('built-in agent: answering a message (forward, reply)', function () {
  const pages = useAgentPages({ '/mail': MAIL });
  const out = () => pages.page.locator('#out').innerText();

  it('"Forward the Budget email to kim@example.com" opens it, forwards it and sends it', async () => {
    await pages.burnIn('/mail', 'Forward the Budget email to kim@example.com');
    expect(await out()).to.equal('Forwarded Budget for Q3 to kim@example.com (1)');
  });

  it('"Reply to the Budget email with \'Thanks\', send it" sends once', async () => {
    await pages.burnIn('/mail', "Reply to the Budget email with 'Thanks', send it");
    expect(await out()).to.equal('Reply sent: Thanks (1)');
  });
});
