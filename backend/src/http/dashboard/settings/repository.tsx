// Settings › Integrations › Repository: the connected repository and the review settings the spec
// names (Review Context, Auto-run, Include Draft, Post Comment on Opened, Environment Mapping), with
// a form for them. Saving refreshes the webhook, as `goalie apply` does. Every connection comes from
// a project file, which owns these settings too: the page says so, and shows the block to put in it.
import type { ConnectionRecord } from '../../../app/ports/review-store.js';
import type { ApplicationRecord } from '../../../app/records.js';
import {
  ENVIRONMENT_NAME_MAX,
  REVIEW_CONTEXT_MAX,
  type ReviewSettingsInput,
} from '../../../app/review/review-settings.js';
import { excerpt, MESSAGE_CHARS } from '../../../domain/excerpt.js';
import { Notice, PostForm, Table } from '../components.js';
import { changeRequestNoun, HOST_NAMES } from '../reviews/review-words.js';
import { NoConnection } from '../reviews/review-list.js';
import { settingsPath } from './frame.js';

/** Empty rows the form offers for new mappings. */
const BLANK_ROWS = 2;

export interface RepositoryPageProps {
  slug: string;
  connection: ConnectionRecord | null;
  applications: ApplicationRecord[];
  webhookUrl: string | null;
  csrf: string;
  notice?: { kind: 'ok' | 'error'; text: string };
  /** What the form held, when it was refused. */
  typed?: ReviewSettingsInput;
}

export const settingsOf = (c: ConnectionRecord): ReviewSettingsInput => ({
  reviewContext: c.reviewContext ?? '',
  autoRun: c.autoRun,
  includeDrafts: c.includeDrafts,
  postCommentOnOpened: c.postCommentOnOpened,
  environments: c.environmentMapping,
});

/** The reviews block of the project file with these values (JSON strings are YAML strings). */
function fileBlock(c: ConnectionRecord, s: ReviewSettingsInput, applications: ApplicationRecord[]): string {
  const appName = (id: string) => applications.find((a) => a.id === id)?.name ?? id;
  const lines = [
    'repository:',
    `  host: ${c.host}`,
    `  repository: ${c.repository}`,
    '  reviews:',
    ...(s.reviewContext ? [`    context: ${JSON.stringify(s.reviewContext)}`] : []),
    `    autoRun: ${s.autoRun}`,
    `    includeDrafts: ${s.includeDrafts}`,
    `    postCommentOnOpened: ${s.postCommentOnOpened}`,
    s.environments.length === 0 ? '    environments: {}' : '    environments:',
    ...s.environments.map((e) => `      ${JSON.stringify(e.environment)}: ${JSON.stringify(appName(e.applicationId))}`),
  ];
  return lines.join('\n');
}

function Check(props: { name: string; checked: boolean; label: string; hint: string }) {
  return (
    <label class="check">
      <input type="checkbox" name={props.name} checked={props.checked} />
      <span>
        {props.label} <span class="hint">{props.hint}</span>
      </span>
    </label>
  );
}

function MappingRows({
  rows,
  applications,
}: {
  rows: ReviewSettingsInput['environments'];
  applications: ApplicationRecord[];
}) {
  const all = [...rows, ...Array.from({ length: BLANK_ROWS }, () => ({ environment: '', applicationId: '' }))];
  return (
    <Table
      caption="Environment mapping: hosting environment to application"
      columns={['Hosting environment', 'Application']}
      class="mapping"
    >
      {all.map((row, i) => (
        <tr>
          <td>
            <input
              type="text"
              name="environment"
              value={row.environment}
              maxLength={ENVIRONMENT_NAME_MAX}
              aria-label={`Hosting environment, row ${i + 1}`}
              autoComplete="off"
            />
          </td>
          <td>
            <select name="application" aria-label={`Application, row ${i + 1}`}>
              <option value="" selected={!row.applicationId}>
                (none)
              </option>
              {applications.map((a) => (
                <option value={a.id} selected={a.id === row.applicationId}>
                  {a.name}
                </option>
              ))}
            </select>
          </td>
        </tr>
      ))}
    </Table>
  );
}

export function RepositoryPage(props: RepositoryPageProps) {
  const { connection: c, applications, slug, csrf } = props;
  if (!c) {
    return (
      <>
        <h1>Repository</h1>
        <NoConnection />
      </>
    );
  }
  const host = HOST_NAMES[c.host];
  const noun = changeRequestNoun(c.host);
  const shown = props.typed ?? settingsOf(c);
  return (
    <>
      <h1>Repository</h1>
      {props.notice ? <Notice kind={props.notice.kind}>{props.notice.text}</Notice> : null}
      <p>
        Goalie reviews the {noun}s of <strong>{c.repository}</strong> on {host}: it tests their preview deployments and
        posts a verdict on each.
      </p>
      <dl class="facts">
        <dt>Repository</dt>
        <dd>
          <strong>{c.repository}</strong> on {host}, API at <code class="wrap">{c.apiUrl}</code>
        </dd>
        <dt>Signs in</dt>
        <dd>
          {c.credentials.kind === 'app'
            ? `as the GitHub App ${c.credentials.appId} (installation ${c.credentials.installationId})`
            : 'with an access token'}
        </dd>
        <dt>Webhook</dt>
        <dd>
          <code class="wrap">{props.webhookUrl}</code>
          <br />
          {c.webhookError ? (
            <>could not be set up: {excerpt(c.webhookError, MESSAGE_CHARS)}</>
          ) : c.webhookId ? (
            `set up on ${host}`
          ) : (
            'not set up yet'
          )}
        </dd>
        <dt>Asked for by</dt>
        <dd>
          a comment with <code>{c.mention}</code> and a preview URL, from someone with {c.minimumPermission} permission
          or more; {noun}s from forks {c.allowForks ? 'are' : 'are not'} reviewed automatically
        </dd>
      </dl>

      <div class="notice warn" role="note">
        <p>
          <strong>The project file owns these settings.</strong> This repository was connected by{' '}
          <code>goalie apply</code>, and the next apply of the project file sets every setting on this page again to
          what the file says (a setting the file leaves out goes back to its default). Save a change here to try it now,
          and make it in the file as well: the block under <a href="#in-the-file">In the project file</a> has the values
          to copy.
        </p>
        <p>
          Only the file changes the repository, its credentials and webhook secret, the mention, who may ask for a
          review, forks, the test plan and the preview hosts.
        </p>
      </div>

      <h2>Review settings</h2>
      <PostForm action={settingsPath(slug, 'repository')} csrf={csrf} class="stack wide">
        <label>
          Review context{' '}
          <span class="hint">
            optional instructions for every review: what the product is, what matters, checks to make (“Go to /cart.
            Verify that ‘Free shipping’ is shown”); at most {REVIEW_CONTEXT_MAX.toLocaleString('en')} characters
          </span>
          <textarea name="reviewContext" rows={6} maxLength={REVIEW_CONTEXT_MAX}>
            {shown.reviewContext}
          </textarea>
        </label>
        <fieldset>
          <legend>When to review</legend>
          <Check
            name="autoRun"
            checked={shown.autoRun}
            label={`Auto-run on ${noun}s`}
            hint={`review when a ${noun} is opened or gets new commits, once its previews are deployed`}
          />
          <Check
            name="includeDrafts"
            checked={shown.includeDrafts}
            label={`Include draft ${noun}s`}
            hint="otherwise drafts are reviewed only when asked for in a comment"
          />
          <Check
            name="postCommentOnOpened"
            checked={shown.postCommentOnOpened}
            label="Post a comment on opened"
            hint={`say on the ${noun} that Goalie waits for its deployments`}
          />
        </fieldset>
        <fieldset>
          <legend>Environment mapping</legend>
          <p class="hint">
            Which application each of {host}'s deployment environments, such as <code>preview</code> or{' '}
            <code>storybook</code>, is a preview of. A review waits until every mapped environment is deployed for the
            commit. Empty a row (its name and its application) to remove it.
          </p>
          <MappingRows
            rows={shown.environments.filter((r) => r.environment || r.applicationId)}
            applications={applications}
          />
        </fieldset>
        <div class="actions">
          <button type="submit">Save and refresh the webhook</button>
        </div>
      </PostForm>

      <h2 id="in-the-file">In the project file</h2>
      <p>
        The saved settings as the project file writes them; copy them into its repository block, or the next apply
        undoes a change made here.
      </p>
      <pre>{fileBlock(c, settingsOf(c), applications)}</pre>
    </>
  );
}
