// Settings › Integrations › Slack: whether the project's Slack app is connected, its default channel
// and when that channel hears of runs; a form that changes them (secrets are write-only: a blank field
// keeps the stored one).
import { Notice, PostForm } from '../components.js';
import { settingsPath } from './frame.js';

export interface SlackPageProps {
  slug: string;
  csrf: string;
  connected: boolean;
  defaultChannel: string | null;
  notifyOn: 'always' | 'failure';
  /** Plans with a channel of their own. */
  planChannels: { plan: string; channel: string; notifyOn: 'always' | 'failure' }[];
  notice?: { kind: 'ok' | 'error'; text: string };
  /** What was typed, when the form was refused (never the secrets). */
  typed?: { defaultChannel: string; notifyOn: string };
}

export function SlackPage(props: SlackPageProps) {
  const shown = props.typed ?? { defaultChannel: props.defaultChannel ?? '', notifyOn: props.notifyOn };
  return (
    <>
      <h1>Slack</h1>
      {props.notice ? <Notice kind={props.notice.kind}>{props.notice.text}</Notice> : null}
      <p>
        {props.connected ? (
          <>
            <strong>Connected.</strong> Goalie posts run summaries with the project's Slack app, and answers its{' '}
            <code>/goalie</code> command and Rerun failed button.
          </>
        ) : (
          <>
            <strong>Not connected.</strong> Create a Slack app (docs/slack.md has its manifest), install it in your
            workspace, and enter its bot token and signing secret below.
          </>
        )}
      </p>
      {props.planChannels.length ? (
        <>
          <h2>Plans with their own channel</h2>
          <ul>
            {props.planChannels.map((p) => (
              <li>
                {p.plan}: <code>{p.channel}</code>, {p.notifyOn === 'always' ? 'every run' : 'runs that did not pass'}
              </li>
            ))}
          </ul>
          <p class="hint">Set in the project file (a plan's notifications.slack).</p>
        </>
      ) : null}
      <h2>Slack app</h2>
      <div class="notice">
        <p>
          These are the <code>project.slack</code> fields of the project file. A field the file sets is set again at its
          next <code>goalie apply</code>; a field it leaves out keeps what is saved here.
        </p>
      </div>
      <PostForm action={settingsPath(props.slug, 'slack')} csrf={props.csrf} class="stack wide">
        <label>
          Bot token{' '}
          <span class="hint">
            the app's Bot User OAuth Token (xoxb-…);{' '}
            {props.connected ? 'leave empty to keep the saved one' : 'required to post'}
          </span>
          <input type="password" name="botToken" autoComplete="off" spellcheck={false} />
        </label>
        <label>
          Signing secret{' '}
          <span class="hint">
            Basic Information › App Credentials;{' '}
            {props.connected ? 'leave empty to keep the saved one' : "required for the app's command and buttons"}
          </span>
          <input type="password" name="signingSecret" autoComplete="off" spellcheck={false} />
        </label>
        <label>
          Default channel{' '}
          <span class="hint">a channel ID such as C0123456789 (right-click the channel, Copy link); empty: none</span>
          <input type="text" name="defaultChannel" value={shown.defaultChannel} spellcheck={false} autoComplete="off" />
        </label>
        <label>
          Post to the default channel
          <select name="notifyOn">
            <option value="always" selected={shown.notifyOn === 'always'}>
              every run (when it starts, and its summary)
            </option>
            <option value="failure" selected={shown.notifyOn === 'failure'}>
              only the summary of a run that did not pass
            </option>
          </select>
        </label>
        <div class="actions">
          <button type="submit">Save</button>
          {props.connected ? (
            <button type="submit" name="disconnect" value="1" class="danger">
              Disconnect Slack
            </button>
          ) : null}
        </div>
      </PostForm>
    </>
  );
}
