// "Compose an email to X with subject S and body B, and send it": the control that opens a new
// message, its recipient and fields (a contenteditable body among them), then Send; in real Chromium,
// and replayed on a fresh page.
import { expect } from 'chai';
import { useAgentPages } from '../../helpers/agent-pages.js';
import { html } from '../../helpers/site.js';

const MAIL = html(
  'Mail',
  `<button id="compose">✎ Compose</button><ul id="sent"></ul><p id="toast" role="status"></p>
  <div id="composer" role="dialog" aria-label="New message" hidden>
    <input id="to" aria-label="To" placeholder="Recipients">
    <input id="subject" placeholder="Subject">
    <div id="body" contenteditable="true" role="textbox" aria-multiline="true" aria-label="Message body"></div>
    <button id="send">Send</button>
  </div>
  <script>
    compose.onclick = () => { composer.hidden = false; };
    send.onclick = () => {
      if (!to.value) { toast.textContent = 'Add a recipient'; return; }
      const li = document.createElement('li');
      li.textContent = to.value + ' | ' + subject.value + ' | ' + body.innerText;
      sent.append(li);
      composer.hidden = true;
      toast.textContent = 'Message sent';
    };
  </script>`,
);

describe('built-in agent: composing a new message', function () {
  const pages = useAgentPages({ '/mail': MAIL });

  it('opens the composer, fills the recipient, subject and body, sends it; and replays', async () => {
    const goal =
      "Compose an email to sam@example.com with subject Standup and body 'Running 10 minutes late', and send it";
    const steps = await pages.burnIn('/mail', goal);
    const sent = 'sam@example.com | Standup | Running 10 minutes late';
    expect(await pages.page.locator('#sent li').allInnerTexts()).to.deep.equal([sent]);
    const fresh = await pages.replay('/mail', steps);
    expect(await fresh.locator('#sent li').allInnerTexts()).to.deep.equal([sent]);
    expect(await fresh.locator('#toast').innerText()).to.equal('Message sent');
  });

  it('"Send a message to X, subject S" sends it in one sentence', async () => {
    await pages.burnIn('/mail', 'Send a message to priya@example.com, subject Budget');
    expect(await pages.page.locator('#sent li').allInnerTexts()).to.deep.equal(['priya@example.com | Budget |']);
  });

  it('"Write a new message" finds the "✎ Compose" button by another of its names: an icon is no part of a name', async () => {
    await pages.burnIn('/mail', 'Write a new message with the subject Hello and hit Send without adding a recipient');
    expect(await pages.page.locator('#toast').innerText()).to.equal('Add a recipient');
    expect(await pages.page.locator('#sent li').count()).to.equal(0);
  });
});
