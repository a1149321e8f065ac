// The one way a page links a URL that came from outside (a deployment, a pull or merge request, a
// crawled page, a repository host's address): checked again as it is shown, so a row stored before
// the check at entry, or written some other way, is text rather than a `javascript:` link.
// test/unit/dashboard/outside-links.test.ts refuses any other href made from a value.
import type { ComponentChildren } from 'preact';
import { outsideUrl } from '../../domain/outside-url.js';

/**
 * A link to `href` when it is an http(s) URL without user or password. Otherwise `fallback`, which
 * is the children (default: the URL itself) as text unless given.
 */
export function OutsideLink(props: {
  href: string | null | undefined;
  children?: ComponentChildren;
  fallback?: ComponentChildren;
}) {
  const safe = outsideUrl(props.href);
  const shown = props.children ?? props.href ?? '';
  if (safe) return <a href={safe}>{shown}</a>;
  return <>{'fallback' in props ? props.fallback : shown}</>;
}
