// What every settings page shares: the settings' side navigation (grouped as sections.ts lists
// them) beside the page's own content, and the trail "Settings › Integrations › API".
import type { ComponentChildren } from 'preact';
import { SETTINGS_GROUPS, SETTINGS_SECTIONS } from './sections.js';

export const settingsPath = (slug: string, path = '') => `/p/${slug}/settings${path ? `/${path}` : ''}`;

export function SettingsFrame({
  slug,
  current,
  children,
}: {
  slug: string;
  current: string | null;
  children: ComponentChildren;
}) {
  const section = SETTINGS_SECTIONS.find((s) => s.path === current);
  return (
    <div class="settings">
      <nav class="settings-nav" aria-label="Settings">
        <a href={settingsPath(slug)} aria-current={current === null ? 'page' : undefined}>
          Overview
        </a>
        {SETTINGS_GROUPS.filter((g) => SETTINGS_SECTIONS.some((s) => s.group === g)).map((group) => (
          <>
            <p class="group">{group}</p>
            <ul>
              {SETTINGS_SECTIONS.filter((s) => s.group === group).map((s) => (
                <li>
                  <a href={settingsPath(slug, s.path)} aria-current={s.path === current ? 'page' : undefined}>
                    {s.title}
                  </a>
                </li>
              ))}
            </ul>
          </>
        ))}
      </nav>
      <div class="settings-page">
        {section ? (
          <p class="trail">
            <a href={settingsPath(slug)}>Settings</a> › {section.group} › {section.title}
          </p>
        ) : null}
        {children}
      </div>
    </div>
  );
}
