// Prefixed short IDs of the API: `<prefix>_<suffix>` or `<prefix>-<slug>_<suffix>`.
// Patterns are exactly those of the spec; generation lives in the backend.

export const SHORT_ID_PREFIXES = {
  testPlan: 'pln',
  application: 'app',
  environment: 'env',
  config: 'cfg',
  devicePreset: 'preset',
  scenario: 'scenario',
} as const;

export type ShortIdKind = keyof typeof SHORT_ID_PREFIXES;

export const SHORT_ID_PATTERNS: Record<ShortIdKind, RegExp> = {
  testPlan: /^pln(-.+_.+|_.+)$/,
  application: /^app(-.+_.+|_.+)$/,
  environment: /^env(-.+_.+|_.+)$/,
  config: /^cfg(-.+_.+|_.+)$/,
  devicePreset: /^preset(-.+_.+|_.+)$/,
  scenario: /^scenario(-.+_.+|_.+)$/,
};

/** An example used in error messages, so the fix is obvious. */
export function shortIdExample(kind: ShortIdKind): string {
  return `${SHORT_ID_PREFIXES[kind]}_4kq8z1`;
}

export function isShortId(kind: ShortIdKind, value: string): boolean {
  return SHORT_ID_PATTERNS[kind].test(value);
}

// Lenient on version and variant nibbles: clients send UUIDs they got from us or from the dashboard.
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
