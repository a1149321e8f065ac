// Email and Microsoft Teams notifications of a test plan (and the project's defaults): lists, so a
// plan can mail several groups and post to several channels, each with its own `notifyOn`.
// A Teams URL's network rules (https, no metadata or link-local address, private ranges only where
// the project allows them) need the server's defaults: apply checks them (plan-notification-channels.ts).
import { z } from 'zod';

/** When a channel hears of runs: every run, or runs that did not pass. */
export const notifyOn = z.enum(['always', 'failure']).default('always');

/** One address, without a display name: what a person would type in an email's To field. */
export const EMAIL_ADDRESS =
  /^[^\s@<>()[\]",;:\\]+@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)+$/;

const emailAddress = z
  .string()
  .max(254)
  .transform((value) => value.trim())
  .refine((value) => EMAIL_ADDRESS.test(value), {
    error: (iss) => `must be an email address such as qa@example.com, not ${JSON.stringify(iss.input)}`,
  });

export const emailChannels = z.array(
  z.strictObject({
    to: z.array(emailAddress).min(1, { error: 'must list at least one address' }).max(50),
    notifyOn,
  }),
);

export const teamsChannels = z.array(
  z.strictObject({
    /** The Workflows "When a Teams webhook request is received" URL: a secret, stored encrypted. */
    webhookUrl: z
      .string()
      .max(2048)
      .refine(
        (value) => {
          try {
            return ['https:', 'http:'].includes(new URL(value).protocol);
          } catch {
            return false;
          }
        },
        { error: 'must be the https URL of a Teams workflow ("When a Teams webhook request is received")' },
      ),
    notifyOn,
  }),
);

/** `project.notifications`: used by plans that declare no channel of that kind. */
export const projectNotificationChannels = z.strictObject({
  email: emailChannels.optional(),
  teams: teamsChannels.optional(),
});

export type EmailChannels = z.infer<typeof emailChannels>;
export type TeamsChannels = z.infer<typeof teamsChannels>;
