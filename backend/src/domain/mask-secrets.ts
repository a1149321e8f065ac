// Secret config values never leave in clear: every output (run results, evidence, API answers,
// prompts) replaces each value by its `{{config.key}}` placeholder, the same placeholder a recorded
// step keeps, so a reader still sees which secret was there. A value is recognised in every
// encoding a browser, a URL parser or a serializer may give it, one encoding inside another too:
// the text's encodings are taken off layer by layer (decode-layer.ts) and each layer is searched for
// the value's byte forms (secret-forms.ts) with plain string search. Nothing here depends on the
// values' length or shape for its time: a text is read a window at a time, each window in linear
// time and memory, whatever it holds; no regular expression is built from a value. Pure.
import { byteString, decodeLayer, type Layer } from './decode-layer.js';
import { secretForms } from './secret-forms.js';

export interface SecretValue {
  value: string;
  /** What the value becomes, e.g. `{{config.password}}`. */
  placeholder: string;
}

/** Values this short are replaced only as whole words, so a PIN "42" does not eat every "420". */
export const WHOLE_WORD_BELOW = 4;

/** A byte string to look for, where, and what it becomes. */
interface Needle {
  bytes: string;
  placeholder: string;
  /** Masked only with no letter or digit on either side. */
  whole: boolean;
  /** A base64 core: the whole base64 token around it is masked. */
  base64: boolean;
}

interface Compiled {
  /** By layer: 0 the text as written, 1 and 2 with one and two layers of encoding taken off. */
  layers: [Needle[], Needle[], Needle[]];
  /** Base64 cores, looked for in each layer with line breaks taken out (base64 wrapped at 76). */
  base64: Needle[];
  /** The longest a value's form may be written, so a window's overlap holds it. */
  reach: number;
}

/** A stretch of the text that holds a value, and the placeholder it becomes. */
interface Found {
  start: number;
  end: number;
  placeholder: string;
  base64: boolean;
}

const utf8 = new TextEncoder();

/** The needles of all values, binary: for bytes that are no UTF-8 text, where short values are left alone. */
function compile(secrets: readonly SecretValue[], binary: boolean): Compiled | null {
  const byValue = new Map<string, string>();
  for (const { value, placeholder } of secrets) if (value && !byValue.has(value)) byValue.set(value, placeholder);
  const compiled: Compiled = { layers: [[], [], []], base64: [], reach: 0 };
  for (const [value, placeholder] of byValue) {
    const whole = value.length < WHOLE_WORD_BELOW;
    if (whole && binary) continue;
    const forms = secretForms(value, whole);
    const needle = (bytes: Uint8Array, base64 = false): Needle => ({
      bytes: byteString(bytes),
      placeholder,
      whole,
      base64,
    });
    for (const form of forms.everywhere.map((bytes) => needle(bytes))) {
      // A value written partly as it is and partly encoded (`a\b%20c`) has its own `\b` decoded
      // with the rest in the layers below: there it reads as the value decoded as often.
      const once = selfDecoded(form);
      const twice = selfDecoded(once);
      compiled.layers[0].push(form);
      compiled.layers[1].push(...distinct([form, once]));
      compiled.layers[2].push(...distinct([form, once, twice]));
    }
    compiled.layers[0].push(...forms.asWritten.map((bytes) => needle(bytes)));
    compiled.layers[0].push(...forms.firstLayer.map((bytes) => needle(bytes)));
    compiled.layers[1].push(...forms.firstLayer.map((bytes) => needle(bytes)));
    compiled.base64.push(...forms.base64.map((bytes) => needle(bytes, true)));
    // A character's longest form, twice over (one encoding inside another: `&amp;#x1F600;`), and then some.
    compiled.reach = Math.max(compiled.reach, 4096 + 48 * utf8.encode(value).length);
  }
  return compiled.reach ? compiled : null;
}

/** The needle with its own characters decoded as a layer would decode them. */
function selfDecoded(needle: Needle): Needle {
  const decoded = decodeLayer({ text: needle.bytes, origin: new Int32Array(needle.bytes.length + 1) });
  return decoded ? { ...needle, bytes: decoded.text } : needle;
}

const distinct = (needles: Needle[]) => needles.filter((n, i) => needles.findIndex((m) => m.bytes === n.bytes) === i);

const WORD = /[\p{L}\p{N}]/u;

/** Whether the character whose UTF-8 bytes end just before `at` (or begin at `at`) is a letter or a digit. */
function wordAt(text: string, at: number, before: boolean): boolean {
  if (at < 0 || at >= text.length) return false;
  const c = text.charCodeAt(at);
  if (c < 0x80) return (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a);
  let start = at;
  if (before) while (start > 0 && start > at - 3 && (text.charCodeAt(start) & 0xc0) === 0x80) start--;
  const lead = text.charCodeAt(start);
  const length = lead >= 0xf0 ? 4 : lead >= 0xe0 ? 3 : lead >= 0xc0 ? 2 : 1;
  const bytes = Uint8Array.from(text.slice(start, start + length), (ch) => ch.charCodeAt(0));
  return WORD.test(new TextDecoder().decode(bytes));
}

/** Every occurrence of each needle in `layer`, none overlapping another of the same needle (linear). */
function search(layer: Layer, needles: Needle[], found: Found[]): void {
  const { text, origin } = layer;
  for (const needle of needles) {
    const { bytes } = needle;
    for (let at = text.indexOf(bytes); at >= 0; at = text.indexOf(bytes, at + bytes.length)) {
      if (needle.whole && (wordAt(text, at - 1, true) || wordAt(text, at + bytes.length, false))) continue;
      found.push({
        start: origin[at]!,
        end: origin[at + bytes.length]!,
        placeholder: needle.placeholder,
        base64: needle.base64,
      });
    }
  }
}

/** `layer` without its line breaks: base64 in a mail or a PEM block is wrapped every 64 or 76 characters. */
function withoutLineBreaks(layer: Layer): Layer {
  const { text, origin } = layer;
  if (!/[\r\n]/.test(text)) return layer;
  const out: string[] = [];
  const origins = new Int32Array(text.length + 1);
  let length = 0;
  let from = 0;
  for (let i = 0; i <= text.length; i++) {
    const c = text.charCodeAt(i);
    if (i < text.length && c !== 10 && c !== 13) continue;
    out.push(text.slice(from, i));
    origins.set(origin.subarray(from, i), length);
    length += i - from;
    from = i + 1;
  }
  origins[length] = origin[text.length]!;
  return { text: out.join(''), origin: origins.subarray(0, length + 1) };
}

/** The UTF-8 bytes of `text` as a byte string, each remembering the index of its character in `text`. */
function utf8Layer(text: string): Layer {
  const bytes = new Uint8Array(text.length * 3);
  const origin = new Int32Array(text.length * 3 + 1);
  let length = 0;
  for (let i = 0; i < text.length; i++) {
    let point = text.charCodeAt(i);
    const at = i;
    if (point >= 0xd800 && point <= 0xdbff && i + 1 < text.length) {
      const low = text.charCodeAt(i + 1);
      if (low >= 0xdc00 && low <= 0xdfff) {
        point = 0x10000 + ((point - 0xd800) << 10) + (low - 0xdc00);
        i++;
      }
    }
    if (point >= 0xd800 && point <= 0xdfff) point = 0xfffd;
    const count = point < 0x80 ? 1 : point < 0x800 ? 2 : point < 0x10000 ? 3 : 4;
    if (count === 1) bytes[length] = point;
    else {
      bytes[length] = ((0xf00 >> count) & 0xff) | (point >> (6 * (count - 1)));
      for (let k = 1; k < count; k++) bytes[length + k] = 0x80 | ((point >> (6 * (count - 1 - k))) & 63);
    }
    for (let k = 0; k < count; k++) origin[length++] = at;
  }
  origin[length] = text.length;
  return { text: byteString(bytes.subarray(0, length)), origin: origin.subarray(0, length + 1) };
}

function identity(length: number): Int32Array {
  const origin = new Int32Array(length);
  for (let i = 0; i < length; i++) origin[i] = i;
  return origin;
}

/** Every stretch of `text` (a window of it) holding a value. */
function findIn(compiled: Compiled, text: string, binary: boolean): Found[] {
  const found: Found[] = [];
  let layer: Layer | null = binary ? { text, origin: identity(text.length + 1) } : utf8Layer(text);
  for (let depth = 0; depth < 3 && layer; depth++) {
    search(layer, compiled.layers[depth as 0 | 1 | 2], found);
    search(withoutLineBreaks(layer), compiled.base64, found);
    layer = depth < 2 ? decodeLayer(layer) : null;
  }
  return found;
}

const isBase64 = (c: number) =>
  (c >= 0x30 && c <= 0x39) ||
  (c >= 0x41 && c <= 0x5a) ||
  (c >= 0x61 && c <= 0x7a) ||
  c === 43 ||
  c === 47 ||
  c === 45 ||
  c === 95;
const isBreak = (c: number) => c === 10 || c === 13;
/** The shortest line base64 is wrapped at (PEM's 64, MIME's 76): a shorter line before a break ends the token. */
const WRAPPED_LINE = 60;

/** Whether the WRAPPED_LINE characters before `at` are all base64 (a full line of a wrapped token). */
function fullLineBefore(text: string, at: number): boolean {
  if (at < WRAPPED_LINE) return false;
  for (let i = at - WRAPPED_LINE; i < at; i++) if (!isBase64(text.charCodeAt(i))) return false;
  return true;
}

/** Past the line break at `at` (`\n` or `\r\n`). */
const pastBreak = (text: string, at: number) =>
  text.charCodeAt(at) === 13 && text.charCodeAt(at + 1) === 10 ? at + 2 : at + 1;

/** Where the base64 token holding `at` begins, over the breaks of a wrapped one. */
function tokenStart(text: string, at: number, floor: number): number {
  let start = at;
  for (;;) {
    while (start > floor && isBase64(text.charCodeAt(start - 1))) start--;
    if (start <= floor || !isBreak(text.charCodeAt(start - 1))) return start;
    let before = start - 1;
    if (before > 0 && text.charCodeAt(before) === 10 && text.charCodeAt(before - 1) === 13) before--;
    if (!fullLineBefore(text, before)) return start;
    start = before;
  }
}

/** Where the base64 token holding `at` ends (its padding included), over the breaks of a wrapped one. */
function tokenEnd(text: string, at: number): number {
  let end = at;
  for (;;) {
    while (end < text.length && isBase64(text.charCodeAt(end))) end++;
    if (end >= text.length || !isBreak(text.charCodeAt(end)) || !fullLineBefore(text, end)) break;
    const next = pastBreak(text, end);
    if (!isBase64(text.charCodeAt(next))) break;
    end = next;
  }
  while (end < text.length && text[end] === '=') end++;
  return end;
}

/**
 * Each base64 stretch widened to its whole token (its edges hold bits of the value). In order, and
 * never back over what an earlier one covered, so many cores in one long token stay linear.
 */
function widenBase64(text: string, found: Found[]): void {
  const cores = found.filter((f) => f.base64).sort((a, b) => a.start - b.start);
  let reach = 0;
  for (const core of cores) {
    if (core.start >= reach) core.start = tokenStart(text, core.start, reach);
    core.end = Math.max(core.end, tokenEnd(text, Math.max(core.end, reach)));
    reach = Math.max(reach, core.end);
  }
}

/** `text` with each stretch found replaced; overlapping stretches become one, named after the longest. */
function replace(text: string, found: Found[]): string {
  if (!found.length) return text;
  found.sort((a, b) => a.start - b.start || b.end - a.end);
  const out: string[] = [];
  let copied = 0;
  for (let i = 0; i < found.length;) {
    const first = found[i]!;
    let { end, placeholder } = first;
    let longest = end - first.start;
    for (i++; i < found.length && found[i]!.start < end; i++) {
      const next = found[i]!;
      if (next.end - next.start > longest) {
        longest = next.end - next.start;
        placeholder = next.placeholder;
      }
      end = Math.max(end, next.end);
    }
    out.push(text.slice(copied, first.start), placeholder);
    copied = end;
  }
  out.push(text.slice(copied));
  return out.join('');
}

/** How much text one step reads: big enough to be quick, small enough that a step is short and its memory bounded. */
export const WINDOW = 1 << 18;

/**
 * A masker that works a window at a time, yielding after each (so a caller may let other work
 * run), and returns the masked text. `binary`: texts are bytes (one character each) that are no
 * UTF-8, such as a compressed or UTF-16 body; values shorter than WHOLE_WORD_BELOW are left alone
 * there, since they occur in bytes by chance.
 */
export function steppedMasker(
  secrets: readonly SecretValue[],
  binary = false,
): (text: string) => Generator<void, string, void> {
  const compiled = compile(secrets, binary);
  return function* (text) {
    if (!compiled) return text;
    const found: Found[] = [];
    for (let from = 0; from < text.length; from += WINDOW) {
      // Each window is read with an overlap on either side, so a value across its edge is whole in
      // it; a stretch is kept by the window it begins in.
      const start = Math.max(0, from - compiled.reach);
      const end = Math.min(text.length, from + WINDOW + compiled.reach);
      for (const f of findIn(compiled, text.slice(start, end), binary)) {
        f.start += start;
        f.end += start;
        if (f.start >= from && f.start < from + WINDOW) found.push(f);
      }
      if (from + WINDOW < text.length) yield;
    }
    widenBase64(text, found);
    return replace(text, found);
  };
}

/** A masker for many texts with the same secrets. */
export function secretMasker(secrets: readonly SecretValue[]): (text: string) => string {
  const steps = steppedMasker(secrets);
  return (text) => {
    const stepping = steps(text);
    for (let step = stepping.next(); ; step = stepping.next()) if (step.done) return step.value;
  };
}
/** Every secret value in `text` (in any of its forms) replaced by its placeholder. */
export function maskSecrets(text: string, secrets: readonly SecretValue[]): string {
  return secretMasker(secrets)(text);
}

/** The same for every string inside a JSON-like value (keys stay). */
export function maskDeep<T>(value: T, secrets: readonly SecretValue[]): T {
  const mask = secretMasker(secrets);
  const walk = (item: unknown): unknown => {
    if (typeof item === 'string') return mask(item);
    if (Array.isArray(item)) return item.map(walk);
    if (item && typeof item === 'object' && !(item instanceof Date))
      return Object.fromEntries(Object.entries(item).map(([key, inner]) => [key, walk(inner)]));
    return item;
  };
  return walk(value) as T;
}
