// The frame of every dashboard page: a header with the project's sections and the signed-in user,
// skip link, main landmark, and the stylesheet and script served from /assets (no build step).
import type { ComponentChildren } from 'preact';
import type { UserRecord } from '../../app/ports/accounts.js';
import { CSRF_FIELD } from './csrf.js';
import { ASSET_VERSION } from './assets.js';

/** The project whose sections the header shows. */
export interface NavProject {
  slug: string;
  name: string;
  organizationName: string;
}

export type Section = 'home' | 'runs' | 'test-cases' | 'plans' | 'reviews' | 'settings';

export interface LayoutProps {
  title: string;
  user: UserRecord | null;
  csrf: string;
  project?: NavProject | null;
  section?: Section;
  /** Refresh the main content every few seconds (a live run, a burn-in). */
  live?: boolean;
  children: ComponentChildren;
}

const SECTIONS: [Exclude<Section, 'home'>, string][] = [
  ['runs', 'Runs'],
  ['test-cases', 'Test cases'],
  ['plans', 'Plans'],
  ['reviews', 'Reviews'],
  ['settings', 'Settings'],
];

export function Layout({ title, user, csrf, project, section, live, children }: LayoutProps) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{`${title} · Goalie`}</title>
        <link rel="stylesheet" href={`/assets/dashboard.css?v=${ASSET_VERSION}`} />
        <script src={`/assets/dashboard.js?v=${ASSET_VERSION}`} defer></script>
        {live ? (
          <noscript>
            <meta httpEquiv="refresh" content="3" />
          </noscript>
        ) : null}
      </head>
      <body>
        <a class="skip" href="#main">
          Skip to content
        </a>
        <header class="top">
          <nav aria-label="Goalie">
            <a class="brand" href="/" aria-current={section === 'home' ? 'page' : undefined}>
              Goalie
            </a>
            {project ? (
              <>
                <span class="crumb">
                  {project.organizationName} / <a href={`/p/${project.slug}/runs`}>{project.name}</a>
                </span>
                <ul class="sections">
                  {SECTIONS.map(([key, label]) => (
                    <li>
                      <a href={`/p/${project.slug}/${key}`} aria-current={section === key ? 'page' : undefined}>
                        {label}
                      </a>
                    </li>
                  ))}
                </ul>
              </>
            ) : null}
          </nav>
          <div class="who">
            {user ? (
              <form method="post" action="/sign-out">
                <a href="/account">{user.name || user.email}</a> <input type="hidden" name={CSRF_FIELD} value={csrf} />
                <button type="submit" class="link">
                  Sign out
                </button>
              </form>
            ) : (
              <a href="/sign-in">Sign in</a>
            )}
          </div>
        </header>
        <main id="main" data-live={live ? 'true' : undefined}>
          {children}
        </main>
      </body>
    </html>
  );
}
