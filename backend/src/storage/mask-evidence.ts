// Evidence is masked before it is stored: every secret config value in a text file, and in every
// entry of a Playwright trace (its actions, such as a fill's value; network requests, such as a POST
// body; DOM snapshots, such as an input's value; and the resources it keeps), becomes its
// placeholder. Images are kept as they are: a secret typed into a plain text field is visible in a
// screenshot (a password field shows bullets). The masker works a window at a time; between windows
// the event loop runs, so a trace of many megabytes never holds up the API or the other work.
import { setImmediate } from 'node:timers/promises';
import { steppedMasker, type SecretValue } from '../domain/mask-secrets.js';
import { rewriteZip } from '../zip.js';

const utf8 = new TextDecoder('utf-8', { fatal: true });

type Stepped = (text: string) => Generator<void, string, void>;

/** Runs the masker's steps, letting the event loop run between them. */
async function run(steps: Generator<void, string, void>): Promise<string> {
  for (let step = steps.next(); ; step = steps.next()) {
    if (step.done) return step.value;
    await setImmediate();
  }
}

async function maskBuffer(data: Buffer, mask: Stepped, maskBinary: Stepped): Promise<Buffer> {
  let text: string;
  try {
    text = utf8.decode(data);
  } catch {
    // Not UTF-8 (an image, a font, compressed bytes, a UTF-16 or legacy-charset body): the values'
    // byte forms are looked for in the bytes as they are, the short values left alone since they
    // are likely to occur by chance and would corrupt the file.
    const bytes = data.toString('latin1');
    const masked = await run(maskBinary(bytes));
    return masked === bytes ? data : Buffer.from(masked, 'latin1');
  }
  const masked = await run(mask(text));
  return masked === text ? data : Buffer.from(masked, 'utf8');
}

/**
 * The evidence as it may be stored. Rejects when it cannot be masked (a trace that cannot be read,
 * or anything going wrong in the masker): the caller stores nothing then, never the evidence in clear.
 */
export async function maskEvidence(
  data: Buffer | string,
  contentType: string,
  secrets: readonly SecretValue[],
): Promise<Buffer | string> {
  const present = secrets.filter((s) => s.value);
  if (!present.length || contentType.startsWith('image/')) return data;
  const mask = steppedMasker(present);
  if (typeof data === 'string') return run(mask(data));
  const maskBinary = steppedMasker(present, true);
  if (contentType === 'application/zip') {
    return rewriteZip(data, (_name, entry) => maskBuffer(entry, mask, maskBinary));
  }
  return maskBuffer(data, mask, maskBinary);
}
