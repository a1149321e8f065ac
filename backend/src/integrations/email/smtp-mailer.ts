// Email through an SMTP server (GOALIE_SMTP_URL) with nodemailer. No retries here: the notification
// job is retried with backoff by the queue; a 5xx answer (a refused recipient, refused credentials)
// is a definite no and is not tried again.
import nodemailer from 'nodemailer';
import { PermanentDeliveryFailure, type Mailer } from '../../app/ports/notifiers.js';

export function smtpMailer(options: { url: string; from: string; timeoutMs?: number }): Mailer {
  // Each wait (connecting, the greeting, an answer) at most 15 s: an attempt ends well within the
  // notify job's 60 s expiry.
  const timeout = options.timeoutMs ?? 15_000;
  // The URL's settings (host, port, credentials, smtps) with the timeouts beside them.
  const transport = nodemailer.createTransport({
    url: options.url,
    connectionTimeout: timeout,
    greetingTimeout: timeout,
    socketTimeout: timeout,
  } as Parameters<typeof nodemailer.createTransport>[0]);
  return {
    async send(to, message) {
      try {
        await transport.sendMail({
          from: options.from,
          to: [...to],
          subject: message.subject,
          text: message.text,
          html: message.html,
        });
      } catch (error) {
        const code = (error as { responseCode?: number }).responseCode;
        if (code && code >= 500 && code < 600)
          throw new PermanentDeliveryFailure(`the SMTP server refused it: ${(error as Error).message}`);
        throw error;
      }
    },
  };
}
