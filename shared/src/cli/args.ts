// Command-line parsing shared by the client commands: node:util parseArgs with messages that say
// how to fix the call, a single-valued option given twice refused, and durations like 30m.
import { parseArgs, type ParseArgsConfig } from 'node:util';

/** A mistake in how a command was called: exit code 2, the message and the command's usage. */
export class UsageError extends Error {
  constructor(
    message: string,
    readonly command?: string,
  ) {
    super(message);
    this.name = 'UsageError';
  }
}

/** Options every client command takes. */
export const COMMON_OPTIONS = {
  'api-url': { type: 'string' },
  token: { type: 'string' },
  json: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

type OptionsConfig = NonNullable<ParseArgsConfig['options']>;

export function parseCommandArgs<const O extends OptionsConfig>(command: string, args: string[], options: O) {
  const all = { ...COMMON_OPTIONS, ...options };
  let parsed;
  try {
    parsed = parseArgs({ args, options: all, allowPositionals: true, strict: true, tokens: true });
  } catch (error) {
    throw new UsageError(explainParseError(error as Error), command);
  }
  const seen = new Set<string>();
  // `tokens` is Node 18.7+; older Nodes skip this check.
  for (const token of parsed.tokens ?? []) {
    if (token.kind !== 'option') continue;
    const config = (all as OptionsConfig)[token.name];
    if (!config || config.multiple || config.type === 'boolean') continue;
    if (seen.has(token.name)) throw new UsageError(`--${token.name} is given more than once; give it once`, command);
    seen.add(token.name);
  }
  return { values: parsed.values, positionals: parsed.positionals };
}

/** node:util's messages are about its own syntax; these say what to type instead. */
function explainParseError(error: Error & { code?: string }): string {
  const name = /'(-{1,2}[^' ]+)/.exec(error.message)?.[1] ?? 'an option';
  if (error.code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') return `unknown option ${name}`;
  if (/argument missing/.test(error.message)) return `${name} needs a value`;
  if (/ambiguous/.test(error.message))
    return `${name} needs a value, but the next word is an option; to pass a value that starts with "-", write ${name}=VALUE`;
  if (/does not take an argument/.test(error.message)) return `${name} takes no value`;
  return error.message;
}

/** Exactly one positional argument, named `what` in the message. */
export function onePositional(command: string, positionals: string[], what: string): string {
  if (positionals.length === 0) throw new UsageError(`give ${what}: goalie ${command} <${what}>`, command);
  if (positionals.length > 1)
    throw new UsageError(
      `unexpected argument ${JSON.stringify(positionals[1])}; ${command} takes one ${what}`,
      command,
    );
  return positionals[0]!;
}

export function noPositionals(command: string, positionals: string[]): void {
  if (positionals.length > 0) throw new UsageError(`unexpected argument ${JSON.stringify(positionals[0])}`, command);
}

const UNIT_MS: Record<string, number> = { s: 1000, m: 60_000, h: 3_600_000 };

/** `90s`, `30m`, `1h`, `1.5h`, or a bare number of minutes. */
export function parseTimeout(text: string, command?: string): number {
  const match = /^\s*(\d+(?:\.\d+)?)\s*([smh]?)\s*$/i.exec(text);
  if (!match)
    throw new UsageError(
      `--timeout ${JSON.stringify(text)} is not a duration: write 90s, 30m, 1h, or a number of minutes`,
      command,
    );
  const ms = Math.round(Number(match[1]) * UNIT_MS[(match[2] || 'm').toLowerCase()]!);
  if (ms < 1000) throw new UsageError(`--timeout ${JSON.stringify(text)} is too short: give at least 1s`, command);
  return ms;
}

/** 5000 -> "5s", 90000 -> "1m30s", 3600000 -> "1h". */
export function formatDuration(ms: number): string {
  const total = Math.round(ms / 1000);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  if (h) return `${h}h${m ? `${String(m).padStart(2, '0')}m` : ''}`;
  if (m) return `${m}m${s ? `${String(s).padStart(2, '0')}s` : ''}`;
  return `${s}s`;
}
