// "Log in with config 'admin'": which keys of the config hold the user name and the password, and the
// placeholders the recorded steps keep instead of the values.
import type { ConfigValues } from '../steps.js';

const USER_EXACT =
  /^(?:user(?:[\s_-]?name)?|e-?mail(?:[\s_-]?address)?|login|account|user[\s_-]?id|phone|identifier)$/i;
const USER_LOOSE = /user|e-?mail|login|account|phone/i;
const PASSWORD_EXACT = new Set(['password', 'passwd', 'pass', 'pwd', 'secret', 'pin', 'passphrase']);
const PASSWORD_LOOSE = /pass|pwd|secret/i;

export interface LoginKeys {
  user: string | null;
  password: string | null;
}

export function pickLoginKeys(values: Record<string, string>): LoginKeys {
  const keys = Object.keys(values);
  const password =
    keys.find((k) => PASSWORD_EXACT.has(k.toLowerCase())) ?? keys.find((k) => PASSWORD_LOOSE.test(k)) ?? null;
  const others = keys.filter((k) => k !== password);
  const user = others.find((k) => USER_EXACT.test(k)) ?? others.find((k) => USER_LOOSE.test(k)) ?? null;
  return { user, password };
}

/** The config a sentence names: exactly, else ignoring case. */
export function findConfig(configs: ConfigValues, name: string): string | null {
  if (name in configs) return name;
  return Object.keys(configs).find((n) => n.toLowerCase() === name.toLowerCase()) ?? null;
}

/**
 * `{{config.email}}`; `{{config.admin.email}}` when another config of the test case also has the
 * key (with another value), so the placeholder cannot pick the wrong one at replay.
 */
export function placeholderFor(configs: ConfigValues, configName: string, key: string): string {
  const clash = Object.entries(configs).some(
    ([name, values]) => name !== configName && key in values && values[key] !== configs[configName]![key],
  );
  return clash && /^[A-Za-z_][A-Za-z0-9_.-]*$/.test(configName)
    ? `{{config.${configName}.${key}}}`
    : `{{config.${key}}}`;
}
