// Evidence is masked before it is stored: every secret config value in a text file, and in every
// entry of a Playwright trace (its actions, such as a fill's value; network requests, such as a POST
// body; DOM snapshots, such as an input's value; and the resources it keeps), becomes its
// placeholder. Images are kept as they are: a secret typed into a plain text field is visible in a
// screenshot (a password field shows bullets).
import { secretMasker, WHOLE_WORD_BELOW, type SecretValue } from '../domain/mask-secrets.js';
import { rewriteZip } from '../zip.js';

const utf8 = new TextDecoder('utf-8', { fatal: true });

function maskBuffer(data: Buffer, mask: (text: string) => string, maskBinary: (text: string) => string): Buffer {
  let text: string;
  try {
    text = utf8.decode(data);
  } catch {
    // Not UTF-8 (an image, a font, compressed bytes): replace the values' bytes as they are, the
    // short ones left alone since they are likely to occur by chance and would corrupt the file.
    const bytes = data.toString('latin1');
    const masked = maskBinary(bytes);
    return masked === bytes ? data : Buffer.from(masked, 'latin1');
  }
  const masked = mask(text);
  return masked === text ? data : Buffer.from(masked, 'utf8');
}

/** The evidence as it may be stored. Rejects when a trace cannot be read: storing it unmasked is no option. */
export async function maskEvidence(
  data: Buffer | string,
  contentType: string,
  secrets: readonly SecretValue[],
): Promise<Buffer | string> {
  const present = secrets.filter((s) => s.value);
  if (!present.length || contentType.startsWith('image/')) return data;
  const mask = secretMasker(present);
  if (typeof data === 'string') return mask(data);
  // The bytes of each value's UTF-8 forms, read as latin1 the way maskBuffer reads a binary.
  const maskBinary = secretMasker(
    present
      .filter((s) => s.value.length >= WHOLE_WORD_BELOW)
      .map((s) => ({ value: Buffer.from(s.value, 'utf8').toString('latin1'), placeholder: s.placeholder })),
  );
  if (contentType === 'application/zip') {
    return rewriteZip(data, (_name, entry) => maskBuffer(entry, mask, maskBinary));
  }
  return maskBuffer(data, mask, maskBinary);
}
