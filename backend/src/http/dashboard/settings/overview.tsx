// Settings' overview: every settings page by group, with what it holds and its state in a few words.
import { settingsPath } from './frame.js';
import { SETTINGS_GROUPS, SETTINGS_SECTIONS } from './sections.js';

export function SettingsOverview(props: {
  slug: string;
  projectName: string;
  organizationName: string;
  states: (string | null)[];
}) {
  return (
    <>
      <h1>Settings</h1>
      <p>
        The settings of the project <strong>{props.projectName}</strong> and of its organization{' '}
        <strong>{props.organizationName}</strong>. Admins and owners of the organization see them.
      </p>
      {SETTINGS_GROUPS.filter((g) => SETTINGS_SECTIONS.some((s) => s.group === g)).map((group) => (
        <section aria-labelledby={`group-${group}`}>
          <h2 id={`group-${group}`}>{group}</h2>
          <div class="cards">
            {SETTINGS_SECTIONS.map((s, i) => [s, props.states[i]] as const)
              .filter(([s]) => s.group === group)
              .map(([s, state]) => (
                <section class="card" aria-labelledby={`settings-${s.path}`}>
                  <h3 id={`settings-${s.path}`}>
                    <a href={settingsPath(props.slug, s.path)}>{s.title}</a>
                  </h3>
                  <p>{s.description}</p>
                  {state ? <p class="muted">{state}</p> : null}
                </section>
              ))}
          </div>
        </section>
      ))}
    </>
  );
}
