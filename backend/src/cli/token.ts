import { parseArgs } from 'node:util';
import { createToken, listTokens, revokeToken, tokenScope } from '../app/tokens.js';
import { UsageError } from '../../../shared/src/cli/args.js';
import { withRuntime } from './with-runtime.js';

export async function tokenCommand(args: string[]): Promise<number> {
  const [sub, ...rest] = args;
  const { values, positionals } = parseArgs({
    args: rest,
    allowPositionals: true,
    options: {
      project: { type: 'string' },
      name: { type: 'string' },
      scope: { type: 'string' },
      json: { type: 'boolean' },
    },
  });
  const project = values.project;
  switch (sub) {
    case 'create': {
      if (!project) throw new UsageError('token create needs --project <name>');
      let scope;
      try {
        scope = tokenScope(values.scope);
      } catch (error) {
        throw new UsageError((error as Error).message);
      }
      const { token, record } = await withRuntime((rt) => createToken(rt.app, project, values.name ?? '', scope), {
        command: 'token create',
      });
      if (values.json)
        process.stdout.write(
          JSON.stringify({ token, prefix: record.prefix, id: record.id, scope, createdAt: record.createdAt }) + '\n',
        );
      else
        process.stdout.write(
          `${token}\n\nThis token is shown once. Use it as: Authorization: Bearer <token>\n` +
            (scope === 'admin'
              ? 'Scope admin: it also applies the project YAML over the API (goalie apply --api-url); keep it out of jobs that only run tests.\n'
              : scope === 'plan'
                ? 'Scope plan: it also plans the project YAML over the API (goalie apply --dry-run --api-url), and applies nothing.\n'
                : ''),
        );
      return 0;
    }
    case 'list': {
      if (!project) throw new UsageError('token list needs --project <name>');
      const tokens = await withRuntime((rt) => listTokens(rt.app, project), { command: 'token list' });
      if (values.json) {
        process.stdout.write(JSON.stringify(tokens) + '\n');
      } else if (tokens.length === 0) {
        process.stdout.write(
          `Project ${project} has no API tokens. Create one with: goalie token create --project ${project}\n`,
        );
      } else {
        for (const t of tokens) {
          const state = t.revokedAt
            ? `revoked ${t.revokedAt.toISOString()}`
            : t.lastUsedAt
              ? `last used ${t.lastUsedAt.toISOString()}`
              : 'never used';
          process.stdout.write(
            `${t.prefix}…  ${t.name || '-'}  ${t.scope}  created ${t.createdAt.toISOString()}  ${state}\n`,
          );
        }
      }
      return 0;
    }
    case 'revoke': {
      const prefix = positionals[0];
      if (!prefix) throw new UsageError('token revoke needs the token prefix shown by `goalie token list`');
      const revoked = await withRuntime((rt) => revokeToken(rt.app, prefix), { command: 'token revoke' });
      process.stdout.write(`Revoked ${revoked.prefix}…\n`);
      return 0;
    }
    default:
      throw new UsageError(
        'use `goalie token create --project <name>`, `goalie token list --project <name>` or `goalie token revoke <prefix>`',
      );
  }
}
