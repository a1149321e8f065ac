// Small pieces shared by the dashboard's pages.
import type { ComponentChildren } from 'preact';
import { CSRF_FIELD } from './csrf.js';

/** The hidden CSRF field every form carries. */
export function Csrf({ token }: { token: string }) {
  return <input type="hidden" name={CSRF_FIELD} value={token} />;
}

/** A POST form with its CSRF token. */
export function PostForm(props: {
  action: string;
  csrf: string;
  class?: string;
  confirm?: string;
  children: ComponentChildren;
}) {
  return (
    <form method="post" action={props.action} class={props.class} data-confirm={props.confirm}>
      <Csrf token={props.csrf} />
      {props.children}
    </form>
  );
}

export function Notice({ kind, children }: { kind?: 'error' | 'ok'; children: ComponentChildren }) {
  return (
    <div class={`notice ${kind ?? ''}`} role={kind === 'error' ? 'alert' : 'status'}>
      {children}
    </div>
  );
}

/**
 * A state or result as a coloured label; the word itself carries the meaning (not only the colour).
 * `label`: the words shown, when the value itself is a code (SUPERSEDED reads "superseded").
 */
export function Badge({ value, label }: { value: string | null | undefined; label?: string }) {
  if (!value) return null;
  return <span class={`badge ${value.replace(/\s+/g, '')}`}>{label ?? value}</span>;
}

/** A point in time: the machine-readable value, shown in UTC to the minute. */
export function Time({ at }: { at: Date | null | undefined }) {
  if (!at) return <span class="muted">—</span>;
  return <time dateTime={at.toISOString()}>{at.toISOString().slice(0, 16).replace('T', ' ')} UTC</time>;
}

export function duration(from: Date | null | undefined, to: Date | null | undefined): string {
  if (!from || !to) return '';
  const ms = to.getTime() - from.getTime();
  if (ms < 1000) return `${ms} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`;
  const minutes = Math.floor(ms / 60_000);
  return `${minutes} min ${Math.round((ms % 60_000) / 1000)} s`;
}

/** Only local paths are followed after signing in (never another site, never //host). */
export function safeNext(next: string | null | undefined): string {
  return next && next.startsWith('/') && !next.startsWith('//') && !next.startsWith('/\\') ? next : '/';
}

/** A value to copy (a new token, an invitation link): selectable text, and a Copy button with JavaScript. */
export function CopyField({ id, label, value }: { id: string; label: string; value: string }) {
  return (
    <div class="copy">
      <label for={id}>{label}</label>
      <div class="copy-row">
        <input id={id} type="text" readOnly value={value} spellcheck={false} autoComplete="off" />
        <button type="button" class="secondary" data-copy={value} aria-label={`Copy: ${label}`}>
          Copy
        </button>
      </div>
    </div>
  );
}

/**
 * A table with its caption (read by screen readers; `class` may show it) and its column headers
 * (scope="col"); a column named '' holds a row's buttons and is called "Actions" for screen readers.
 */
export function Table(props: { caption: string; columns: string[]; class?: string; children: ComponentChildren }) {
  return (
    <table class={props.class}>
      <caption class="visually-hidden">{props.caption}</caption>
      <thead>
        <tr>
          {props.columns.map((c) => (
            <th scope="col">{c || <span class="visually-hidden">Actions</span>}</th>
          ))}
        </tr>
      </thead>
      <tbody>{props.children}</tbody>
    </table>
  );
}

/** A table's header row: every column a `scope="col"` header. */
export function TableHead({ columns }: { columns: ComponentChildren[] }) {
  return (
    <thead>
      <tr>
        {columns.map((column) => (
          <th scope="col">{column}</th>
        ))}
      </tr>
    </thead>
  );
}
