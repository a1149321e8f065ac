// Short IDs and test case UUIDs given in flags, checked before anything is sent.
import { isShortId, shortIdExample, UUID_PATTERN, type ShortIdKind } from '../short-ids.js';
import { UsageError } from './args.js';

const KIND_WORDS: Partial<Record<ShortIdKind, string>> = {
  application: 'an application',
  config: 'a config',
  scenario: 'a scenario',
};

export function shortIdOf(flag: string, kind: ShortIdKind, value: string, command = 'test-case create'): string {
  if (!isShortId(kind, value))
    throw new UsageError(
      `--${flag} ${JSON.stringify(value)} is not ${KIND_WORDS[kind]} short ID such as ${shortIdExample(kind)}`,
      command,
    );
  return value;
}

export function uuidOf(flag: string, value: string, command = 'test-case create'): string {
  if (!UUID_PATTERN.test(value))
    throw new UsageError(
      `--${flag} ${JSON.stringify(value)} is not a test case UUID such as 3f2b8c1e-9a4d-4e7b-8c2a-1d5e6f7a8b9c`,
      command,
    );
  return value;
}
