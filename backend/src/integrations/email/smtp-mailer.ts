// Email through an SMTP server (GOALIE_SMTP_URL) with nodemailer. No retries here: the notification
// job is retried with backoff by the queue; a 5xx answer (a refused recipient, refused credentials)
// is a definite no and is not tried again.
import nodemailer from 'nodemailer';
import { PermanentDeliveryFailure, type Mailer } from '../../app/ports/notifiers.js';

export function smtpMailer(options: { url: string; from: string; timeoutMs?: number }): Mailer {
  // Each wait (connecting, the greeting, an answer) at most 15 s: an attempt ends well within the
  // notify job's 60 s expiry.
  const timeout = options.timeoutMs ?? 15_000;
  // Host and port only: the URL may hold the SMTP password.
  const server = new URL(options.url).host;
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
        const { responseCode, code } = error as { responseCode?: number; code?: string };
        if (responseCode && responseCode >= 500 && responseCode < 600)
          throw new PermanentDeliveryFailure(`the SMTP server refused it: ${(error as Error).message}`);
        // The greeting and socket timers are equal and race; which one fires says nothing useful,
        // so every timeout reads the same (and is retried by the queue).
        if (code === 'ETIMEDOUT')
          throw new Error(`the SMTP server ${server} did not answer within ${timeout / 1000} s`, { cause: error });
        throw error;
      }
    },
  };
}
