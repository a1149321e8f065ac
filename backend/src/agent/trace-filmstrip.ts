// The trace viewer's filmstrip, from the screenshots Goalie takes anyway (after each step and at
// the end), added to the trace as its screencast frames. Playwright's own screencast
// (tracing.start({ screenshots: true })) fills the filmstrip too, but it nearly doubled a replay's
// time and made the trace about 19 times larger (docs/runs.md has the figures); these frames cost
// a zip rewrite once the test case is over.
import { readZipEntry, rewriteZip } from '../zip.js';

export interface FilmstripFrame {
  /** A JPEG. */
  data: Buffer;
  /** When it was taken (Date.now()). */
  wallTime: number;
}

interface TraceEvent {
  type?: string;
  wallTime?: number;
  monotonicTime?: number;
  pageId?: string;
  snapshot?: { pageId?: string };
}

/** Width and height of a JPEG, from its start-of-frame marker; null when it is no JPEG. */
export function jpegSize(data: Buffer): { width: number; height: number } | null {
  if (data.length < 4 || data[0] !== 0xff || data[1] !== 0xd8) return null;
  let at = 2;
  while (at + 9 < data.length) {
    if (data[at] !== 0xff) return null;
    const marker = data[at + 1]!;
    // SOF0..SOF15, except DHT (C4), JPG (C8) and DAC (CC), carry the frame's size.
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return { height: data.readUInt16BE(at + 5), width: data.readUInt16BE(at + 7) };
    }
    at += 2 + data.readUInt16BE(at + 2);
  }
  return null;
}

/**
 * The trace (a Playwright trace.zip) with `frames` as screencast frames of its page, each at the
 * time it was taken on the trace's clock. A trace that already has a screencast is left as it is.
 */
export async function addFilmstrip(trace: Buffer, frames: readonly FilmstripFrame[]): Promise<Buffer> {
  if (!frames.length) return trace;
  const data = await readZipEntry(trace, 'trace.trace');
  if (!data) return trace;
  const all = data
    .toString('utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as TraceEvent);
  if (all.some((e) => e.type === 'screencast-frame')) return trace;
  const start = all.find((e) => e.type === 'context-options');
  if (start?.wallTime === undefined || start.monotonicTime === undefined) return trace;
  const pageId = all.map((e) => e.pageId ?? e.snapshot?.pageId).find((id) => id !== undefined) ?? 'page@goalie';

  const added: { name: string; data: Buffer }[] = [];
  const lines: string[] = [];
  frames.forEach((frame, i) => {
    const size = jpegSize(frame.data);
    if (!size) return;
    const file = `screencast/${pageId}-goalie-${String(i).padStart(3, '0')}.jpeg`;
    added.push({ name: file, data: frame.data });
    const timestamp = start.monotonicTime! + (frame.wallTime - start.wallTime!);
    lines.push(
      JSON.stringify({ type: 'screencast-frame', pageId, file, width: size.width, height: size.height, timestamp }),
    );
  });
  if (!added.length) return trace;
  const appended = Buffer.concat([data, Buffer.from(`${data.at(-1) === 0x0a ? '' : '\n'}${lines.join('\n')}\n`)]);
  return rewriteZip(trace, (name, entry) => (name === 'trace.trace' ? appended : entry), added);
}
