// `goalie user`: dashboard users from the server's side. The first administrator is made here;
// everyone else joins by invitation. Passwords never pass through the command line: a new user
// gets a link to choose one (or --password-stdin reads it).
import { parseArgs } from 'node:util';
import { createUser, issuePasswordReset, RESET_LINK_HOURS } from '../app/accounts/users.js';
import { linksFor, type AppContext } from '../app/context.js';
import type { Config } from '../config.js';
import type { CoreRuntime } from '../main-core.js';
import { recordedServerUrl } from '../persistence/server-address.js';
import { UsageError } from '../../../shared/src/cli/args.js';
import { withRuntime } from './with-runtime.js';

/**
 * Pure: the base of the links printed. GOALIE_PUBLIC_URL as this command sees it; else the URL the
 * server recorded when it last started (this command may run without the server's PORT); else the
 * default made of PORT.
 */
export function linkBase(config: Pick<Config, 'publicUrl' | 'publicUrlGiven'>, recorded: string | null): string {
  return config.publicUrlGiven ? config.publicUrl : (recorded ?? config.publicUrl);
}

/** The runtime's use cases, with links that lead to the server (linkBase). */
async function withServerLinks(rt: CoreRuntime): Promise<AppContext> {
  return { ...rt.app, links: linksFor(linkBase(rt.config, await recordedServerUrl(rt.dataSource))) };
}

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks)
    .toString('utf8')
    .replace(/\r?\n$/, '');
}

export async function userCommand(args: string[]): Promise<number> {
  const [sub, ...rest] = args;
  const { values } = parseArgs({
    args: rest,
    options: {
      email: { type: 'string' },
      name: { type: 'string' },
      admin: { type: 'boolean' },
      'password-stdin': { type: 'boolean' },
      json: { type: 'boolean' },
      init: { type: 'boolean' },
    },
  });
  switch (sub) {
    case 'create': {
      if (!values.email)
        throw new UsageError('user create needs --email <address> (and --admin for a server administrator)');
      const password = values['password-stdin'] ? await readStdin() : null;
      const { user, link } = await withRuntime(
        async (rt) => {
          const app = await withServerLinks(rt);
          const user = await createUser(app, {
            email: values.email!,
            name: values.name ?? '',
            password,
            isAdmin: values.admin === true,
          });
          return { user, link: password === null ? (await issuePasswordReset(app, user.email)).link : null };
        },
        { command: 'user create', init: values.init },
      );
      if (values.json) {
        process.stdout.write(
          JSON.stringify({ id: user.id, email: user.email, isAdmin: user.isAdmin, passwordLink: link }) + '\n',
        );
      } else {
        process.stdout.write(`Created ${user.isAdmin ? 'the server administrator' : 'the user'} ${user.email}.\n`);
        if (link)
          process.stdout.write(
            `Open this link to choose a password and sign in (valid ${RESET_LINK_HOURS} hours, once):\n\n  ${link}\n`,
          );
      }
      return 0;
    }
    case 'list': {
      const users = await withRuntime((rt) => rt.app.store.accounts.listUsers(), { command: 'user list' });
      if (values.json) process.stdout.write(JSON.stringify(users) + '\n');
      else if (users.length === 0)
        process.stdout.write(
          'No users yet. Create the first administrator with: goalie user create --admin --email you@example.com\n',
        );
      else
        for (const u of users)
          process.stdout.write(
            `${u.email}  ${u.name || '-'}${u.isAdmin ? '  (server administrator)' : ''}${u.hasPassword ? '' : '  (no password)'}\n`,
          );
      return 0;
    }
    case 'reset-link': {
      if (!values.email) throw new UsageError('user reset-link needs --email <address>');
      const { link, expiresAt } = await withRuntime(
        async (rt) => issuePasswordReset(await withServerLinks(rt), values.email!),
        { command: 'user reset-link' },
      );
      if (values.json) process.stdout.write(JSON.stringify({ link, expiresAt }) + '\n');
      else
        process.stdout.write(
          `Give this link to ${values.email}; it sets a new password once, until ${expiresAt.toISOString()}:\n\n  ${link}\n`,
        );
      return 0;
    }
    default:
      throw new UsageError(
        'use `goalie user create --email <address> [--name <name>] [--admin] [--password-stdin] [--init]`, `goalie user list` or `goalie user reset-link --email <address>`',
      );
  }
}
