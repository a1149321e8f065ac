// An error's message as it may be logged or stored: its secret values masked. Should masking fail
// (it is not expected to: domain/mask-secrets.ts never throws by design), the message is not
// repeated at all, since it may quote a value.
import { maskSecrets, type SecretValue } from '../domain/mask-secrets.js';

/** The error's message, masked; a fixed sentence if it cannot be. */
export function safelyMasked(
  error: unknown,
  secrets: readonly SecretValue[],
  field: 'message' | 'stack' = 'message',
): string {
  try {
    const text = error instanceof Error ? (error[field] ?? '') : String(error);
    return maskSecrets(text, secrets);
  } catch {
    return '(the error message is not shown: it could not be checked for secret values)';
  }
}
