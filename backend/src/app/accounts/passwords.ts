// Passwords are kept as scrypt hashes (Node's own, memory-hard; parameters stored with each hash so
// they can be raised later without breaking old ones).
import { randomBytes, scrypt as scryptCallback, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { BadRequest } from '../errors.js';

const scrypt = (password: string, salt: Buffer, length: number, options: ScryptOptions) =>
  new Promise<Buffer>((resolve, reject) =>
    scryptCallback(password, salt, length, options, (error, key) => (error ? reject(error) : resolve(key))),
  );

/** N = 2^15, r = 8, p = 1: about 32 MiB and 50–100 ms per hash on the reference machine. */
const PARAMS = { N: 32768, r: 8, p: 1 };
const KEY_LENGTH = 32;

export const PASSWORD_MIN = 10;
export const PASSWORD_MAX = 200;

/** The rule a new password must meet, with a message that says how. */
export function checkNewPassword(password: string): void {
  if (password.length < PASSWORD_MIN)
    throw new BadRequest(
      `The password is too short: use at least ${PASSWORD_MIN} characters (a few words make a good one).`,
    );
  if (password.length > PASSWORD_MAX)
    throw new BadRequest(`The password is too long: use at most ${PASSWORD_MAX} characters.`);
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, KEY_LENGTH, { ...PARAMS, maxmem: 128 * PARAMS.N * PARAMS.r * 2 });
  return ['scrypt', PARAMS.N, PARAMS.r, PARAMS.p, salt.toString('base64'), key.toString('base64')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [kind, n, r, p, salt, key] = stored.split('$');
  if (kind !== 'scrypt' || !salt || !key) return false;
  const expected = Buffer.from(key, 'base64');
  const N = Number(n);
  const options = { N, r: Number(r), p: Number(p), maxmem: 128 * N * Number(r) * 2 };
  const actual = await scrypt(password, Buffer.from(salt, 'base64'), expected.length, options);
  return timingSafeEqual(actual, expected);
}

/** A hash no password matches, checked when the user does not exist, so both take as long. */
let decoy: Promise<string> | null = null;
export function decoyHash(): Promise<string> {
  decoy ??= hashPassword(randomBytes(16).toString('hex'));
  return decoy;
}
