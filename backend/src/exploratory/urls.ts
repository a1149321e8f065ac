// Which links exploration follows, and the one spelling of a URL it remembers them by. Pure.
//
// Followed: http(s) links on the start URL's origin. Skipped: other schemes (mailto:, tel:,
// javascript:, data:), other origins (never requested at all), links to a spot on the same page,
// downloads (by the `download` attribute or the file extension), and logout-like URLs, so that
// exploring does not end the session it explores with.

export type SkipReason = 'invalid' | 'not-http' | 'external' | 'same-page' | 'download' | 'logout';
export type LinkDecision = { follow: true; url: string } | { follow: false; reason: SkipReason };

export interface LinkToClassify {
  /** The link's target; resolved against `pageUrl` when relative. */
  href: string;
  /** The attribute as written, when known (`#top` is a spot on the same page). */
  raw?: string | null;
  /** The `download` attribute is present. */
  download?: boolean;
}

const DOWNLOAD_EXTENSIONS = new Set([
  'pdf',
  'zip',
  'gz',
  'tgz',
  'bz2',
  'xz',
  'tar',
  'rar',
  '7z',
  'dmg',
  'exe',
  'msi',
  'pkg',
  'deb',
  'rpm',
  'apk',
  'iso',
  'bin',
  'png',
  'jpg',
  'jpeg',
  'gif',
  'webp',
  'avif',
  'svg',
  'ico',
  'bmp',
  'tif',
  'tiff',
  'heic',
  'mp3',
  'mp4',
  'm4a',
  'mov',
  'avi',
  'mkv',
  'webm',
  'wav',
  'ogg',
  'flac',
  'csv',
  'xls',
  'xlsx',
  'doc',
  'docx',
  'ppt',
  'pptx',
  'odt',
  'ods',
  'odp',
  'rtf',
  'epub',
  'woff',
  'woff2',
  'ttf',
  'otf',
  'eot',
]);

// log-out, logout, log_out, logoff, sign-out, signout, sign_out, signoff as a word of the path or query.
const LOGOUT = /(^|[^a-z0-9])(log|sign)[-_]?(out|off)([^a-z0-9]|$)/i;

/** The URL without its fragment; the query is kept as written. */
export function normaliseUrl(url: string | URL): string {
  const parsed = new URL(url);
  parsed.hash = '';
  return parsed.href;
}

/** Path and query, for titles: `/orders?page=2`. */
export function displayPath(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.pathname}${parsed.search}`;
  } catch {
    return url;
  }
}

export function isDownload(url: URL): boolean {
  const last = url.pathname.split('/').pop() ?? '';
  const dot = last.lastIndexOf('.');
  return dot > 0 && DOWNLOAD_EXTENSIONS.has(last.slice(dot + 1).toLowerCase());
}

export function isLogoutLike(url: URL): boolean {
  return LOGOUT.test(decodeSafely(url.pathname)) || LOGOUT.test(decodeSafely(url.search));
}

export function classifyLink(link: LinkToClassify, pageUrl: string, origin: string): LinkDecision {
  const raw = (link.raw ?? '').trim();
  if (raw.startsWith('#')) return { follow: false, reason: 'same-page' };
  let target: URL;
  try {
    target = new URL(link.href.trim(), pageUrl);
  } catch {
    return { follow: false, reason: 'invalid' };
  }
  if (target.protocol !== 'http:' && target.protocol !== 'https:') return { follow: false, reason: 'not-http' };
  if (target.origin !== origin) return { follow: false, reason: 'external' };
  const url = normaliseUrl(target);
  if (target.hash && url === safeNormalise(pageUrl)) return { follow: false, reason: 'same-page' };
  if (link.download || isDownload(target)) return { follow: false, reason: 'download' };
  if (isLogoutLike(target)) return { follow: false, reason: 'logout' };
  return { follow: true, url };
}

/**
 * The URLs exploration has met, and a cap on how many query variants of one path it takes
 * (`/items?page=1`, `/items?page=2`, ...): the path without a query is not counted.
 */
export class SeenUrls {
  private readonly seen = new Set<string>();
  private readonly variants = new Map<string, number>();

  constructor(private readonly maxQueryVariants: number) {}

  /** 'new' the first time a URL is admitted; 'seen' after; 'too-many-variants' past the cap (not remembered). */
  admit(url: string): 'new' | 'seen' | 'too-many-variants' {
    if (this.seen.has(url)) return 'seen';
    const parsed = new URL(url);
    if (parsed.search) {
      const path = `${parsed.origin}${parsed.pathname}`;
      const count = this.variants.get(path) ?? 0;
      if (count >= this.maxQueryVariants) return 'too-many-variants';
      this.variants.set(path, count + 1);
    }
    this.seen.add(url);
    return 'new';
  }

  has(url: string): boolean {
    return this.seen.has(url);
  }
}

function decodeSafely(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

function safeNormalise(url: string): string | null {
  try {
    return normaliseUrl(url);
  } catch {
    return null;
  }
}
