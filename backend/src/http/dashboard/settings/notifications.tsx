// Settings › Integrations › Email and Teams: the project's default email recipients and Teams channel
// (plans without channels of their own use them), and a form that changes them. The Teams webhook URL
// is write-only: the page shows its masked label, and a blank field keeps it.
import type { EmailChannel, NotifyOn } from '../../../app/notifications/channels.js';
import { Notice, PostForm } from '../components.js';
import { settingsPath } from './frame.js';

export interface NotificationsPageProps {
  slug: string;
  csrf: string;
  email: EmailChannel[] | null;
  teams: { label: string; notifyOn: NotifyOn }[] | null;
  smtpConfigured: boolean;
  notice?: { kind: 'ok' | 'error'; text: string };
  /** What was typed, when the form was refused (never the Teams URL). */
  typed?: { emails: string; emailNotifyOn: string; teamsNotifyOn: string };
}

function NotifyOnSelect({ name, value }: { name: string; value: string }) {
  return (
    <select name={name}>
      <option value="always" selected={value === 'always'}>
        every run
      </option>
      <option value="failure" selected={value === 'failure'}>
        only runs that did not pass
      </option>
    </select>
  );
}

export function NotificationsPage(props: NotificationsPageProps) {
  const shown = props.typed ?? {
    emails: (props.email ?? []).flatMap((e) => e.to).join(', '),
    emailNotifyOn: props.email?.[0]?.notifyOn ?? 'always',
    teamsNotifyOn: props.teams?.[0]?.notifyOn ?? 'always',
  };
  const teams = props.teams ?? [];
  return (
    <>
      <h1>Email and Teams</h1>
      {props.notice ? <Notice kind={props.notice.kind}>{props.notice.text}</Notice> : null}
      <p>
        Run summaries by email and in a Microsoft Teams channel, for every test plan that names no channel of that kind
        itself (docs/email-and-teams.md).
        {props.smtpConfigured ? null : (
          <strong>
            {' '}
            This server has no SMTP server (GOALIE_SMTP_URL): emails are skipped until one is configured.
          </strong>
        )}
      </p>
      <div class="notice">
        <p>
          These are <code>project.notifications</code> of the project file. Its next <code>goalie apply</code> sets them
          again from the file: a file without <code>notifications</code> removes what is saved here.
        </p>
      </div>
      <h2>Teams now</h2>
      {teams.length ? (
        <ul>
          {teams.map((t) => (
            <li>
              <code>{t.label}</code>, {t.notifyOn === 'always' ? 'every run' : 'runs that did not pass'}
            </li>
          ))}
        </ul>
      ) : (
        <p class="muted">No Teams channel.</p>
      )}
      <PostForm action={settingsPath(props.slug, 'notifications')} csrf={props.csrf} class="stack wide">
        <label>
          Email recipients <span class="hint">addresses separated by commas or spaces; empty: no email</span>
          <textarea name="emails" rows={3} spellcheck={false}>
            {shown.emails}
          </textarea>
        </label>
        <label>
          Email them about <NotifyOnSelect name="emailNotifyOn" value={shown.emailNotifyOn} />
        </label>
        <label>
          Teams webhook URL{' '}
          <span class="hint">
            the URL of a Workflows "When a Teams webhook request is received" flow;{' '}
            {teams.length ? 'leave empty to keep the saved one' : 'empty: no Teams channel'}
          </span>
          <input type="password" name="teamsUrl" autoComplete="off" spellcheck={false} />
        </label>
        <label>
          Post to Teams about <NotifyOnSelect name="teamsNotifyOn" value={shown.teamsNotifyOn} />
        </label>
        <div class="actions">
          <button type="submit">Save</button>
          {teams.length ? (
            <button type="submit" name="removeTeams" value="1" class="danger">
              Remove the Teams channel
            </button>
          ) : null}
        </div>
      </PostForm>
    </>
  );
}
