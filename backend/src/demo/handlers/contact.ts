// The contact form: every field but Newsletter is needed; nothing is sent anywhere.
import { contactPage, contactSentPage } from '../pages/contact.js';
import { htmlResponse } from '../responses.js';
import type { Handler } from '../router.js';

export const showContact: Handler = (request) => htmlResponse(contactPage({ signedIn: request.user !== null }));

export const sendContact: Handler = (request) => {
  const name = (request.form.get('name') ?? '').trim();
  const email = (request.form.get('email') ?? '').trim();
  const message = (request.form.get('message') ?? '').trim();
  const newsletter = request.form.has('newsletter');
  const missing = [!name && 'Name', !email && 'Email', !message && 'Message'].filter((m): m is string => Boolean(m));
  const problems = missing.length ? [`Please fill in ${missing.join(', ')}.`] : [];
  if (email && !/^[^\s@]+@[^\s@]+$/.test(email)) problems.push('Please enter an Email such as ada@example.com.');
  if (problems.length)
    return htmlResponse(
      contactPage({ signedIn: request.user !== null, name, email, message, newsletter, errors: problems }),
      422,
    );
  return htmlResponse(contactSentPage(request.user !== null, name, newsletter));
};
