// `/contact`: Name, Email, Message, Newsletter (checked by default) and "Send"; then a thank-you.
import { html, raw, type SafeHtml } from '../html.js';
import { alertBox, layout } from './layout.js';

export interface ContactView {
  signedIn: boolean;
  name?: string;
  email?: string;
  message?: string;
  newsletter?: boolean;
  errors?: readonly string[];
}

export function contactPage(view: ContactView): SafeHtml {
  return layout({
    title: 'Contact',
    path: '/contact',
    signedIn: view.signedIn,
    main: html`<h1>Contact</h1>
${alertBox(view.errors ?? [])}
<form method="post" action="/contact" novalidate>
<label for="contact-name">Name</label>
<input type="text" id="contact-name" name="name" autocomplete="name" value="${view.name ?? ''}">
<label for="contact-email">Email</label>
<input type="email" id="contact-email" name="email" autocomplete="email" value="${view.email ?? ''}">
<label for="contact-message">Message</label>
<textarea id="contact-message" name="message" rows="5">${view.message ?? ''}</textarea>
<p><input type="checkbox" id="contact-newsletter" name="newsletter"${view.newsletter === false ? '' : raw(' checked')}> <label class="inline" for="contact-newsletter">Newsletter</label></p>
<button type="submit">Send</button>
</form>`,
  });
}

export function contactSentPage(signedIn: boolean, name: string, newsletter: boolean): SafeHtml {
  return layout({
    title: 'Contact',
    path: '/contact',
    signedIn,
    main: html`<h1>Contact</h1>
<p class="notice" role="status">Thanks, we will get back to you</p>
<p>${name}, we have your message.</p>
<p>${newsletter ? 'You will receive the newsletter.' : 'You will not receive the newsletter.'}</p>
<p><a href="/contact">Write another message</a></p>`,
  });
}
