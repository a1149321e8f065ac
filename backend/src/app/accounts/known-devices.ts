// Device tokens: a browser that signs in with a password gets one for the account (kept in a
// cookie), and is then judged by its own failed attempts only (domain/sign-in-limits.ts). A token is
// a random device id and a MAC of it with the user's id, keyed by the user's password hash, which only
// the database holds: nobody makes one without signing in, no table keeps them, and a new password
// forgets every device.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export interface DeviceHolder {
  id: string;
  passwordHash: string;
}

const TOKEN = /^([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/;

function mac(user: DeviceHolder, device: string): Buffer {
  return createHmac('sha256', user.passwordHash).update(`goalie-device\0${user.id}\0${device}`).digest();
}

/** A new device token for `user`, or the one this browser has for them already. */
export function deviceToken(user: DeviceHolder, device = randomBytes(16).toString('base64url')): string {
  return `${device}.${mac(user, device).toString('base64url')}`;
}

/** The device id of the first of `tokens` made for `user` with their current password, else null. */
export function knownDevice(user: DeviceHolder, tokens: readonly string[]): string | null {
  for (const token of tokens) {
    const [, device, sent] = TOKEN.exec(token) ?? [];
    if (device && sent && timingSafeEqual(Buffer.from(sent, 'base64url'), mac(user, device))) return device;
  }
  return null;
}
