// GOALIE_SMTP_URL and GOALIE_SMTP_FROM: the SMTP server email notifications go through, and their
// sender. Both or neither; checked at startup so a typo is a message, not a silent lack of email.
import { EMAIL_ADDRESS } from '../../shared/src/project-file/notification-channels.js';

export interface SmtpConfig {
  /** smtp://user:pass@host:587 (STARTTLS when the server offers it) or smtps://… (TLS from the start). */
  url: string;
  /** `goalie@example.com` or `Goalie <goalie@example.com>`. */
  from: string;
}

type Env = Record<string, string | undefined>;

export function parseSmtp(env: Env): SmtpConfig | null {
  const raw = env.GOALIE_SMTP_URL?.trim();
  const from = env.GOALIE_SMTP_FROM?.trim();
  if (!raw) {
    if (from)
      throw new Error(
        'GOALIE_SMTP_FROM is set but GOALIE_SMTP_URL is not: set GOALIE_SMTP_URL to smtp://user:password@host:587 (or unset GOALIE_SMTP_FROM)',
      );
    return null;
  }
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error(
      'GOALIE_SMTP_URL must be a URL such as smtp://user:password@smtp.example.com:587 or smtps://…:465 (percent-encode special characters in the password)',
    );
  }
  if (url.protocol !== 'smtp:' && url.protocol !== 'smtps:')
    throw new Error(`GOALIE_SMTP_URL must start with smtp:// or smtps://, not ${url.protocol}//`);
  if (!url.hostname)
    throw new Error('GOALIE_SMTP_URL names no host: write it as smtp://user:password@smtp.example.com:587');
  if (url.pathname.replace(/\/$/, '') || url.hash)
    throw new Error(
      'GOALIE_SMTP_URL must be smtp(s)://user:password@host:port with nothing after the port but ?options',
    );
  if (!from)
    throw new Error(
      'GOALIE_SMTP_URL is set but GOALIE_SMTP_FROM is not: set it to the sender address, such as "Goalie <goalie@example.com>"',
    );
  const address = /<([^<>]+)>\s*$/.exec(from)?.[1] ?? from;
  if (!EMAIL_ADDRESS.test(address.trim()))
    throw new Error(
      `GOALIE_SMTP_FROM must be an email address such as goalie@example.com or "Goalie <goalie@example.com>", not ${JSON.stringify(from)}`,
    );
  return { url: raw, from };
}
