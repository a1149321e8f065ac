// Settings › Integrations › API: the project's API tokens (create, revoke), and what a client needs
// besides a token: the server's address and, for the legacy form, the project's UUID.
//
// A new token is shown once, in the answer to the Create form (never in an address, a redirect or
// the session): that answer is the only place it ever appears, and a reload of it asks the browser
// to send the form again, which is refused because the name is taken (see createProjectToken).
import type { ApiTokenRecord, TokenScope } from '../../../app/records.js';
import { TOKEN_NAME_MAX } from '../../../app/tokens.js';
import { Badge, CopyField, Notice, PostForm, Table, Time } from '../components.js';
import { settingsPath } from './frame.js';

export interface ApiPageProps {
  slug: string;
  project: { id: string; name: string };
  tokens: ApiTokenRecord[];
  /** Goalie's address, as clients set GOALIE_API_URL. */
  serverUrl: string;
  csrf: string;
  /** The token just created: this answer is the only time it is shown. */
  created?: { token: string; record: ApiTokenRecord };
  notice?: { kind: 'ok' | 'error'; text: string };
  /** What the Create form held, when it was refused. */
  name?: string;
  scope?: TokenScope;
}

const SCOPE_LABELS: Record<TokenScope, string> = {
  run: 'Run tests',
  plan: 'Run tests and plan project files',
  admin: 'Administer the project',
};

function Created({
  created,
  serverUrl,
  project,
}: {
  created: { token: string; record: ApiTokenRecord };
  serverUrl: string;
  project: { id: string };
}) {
  const { token, record } = created;
  return (
    <section class="created" aria-labelledby="created">
      <h2 id="created">Your new token “{record.name}”</h2>
      <Notice kind="ok">
        Copy the token now and keep it in a secret store: it is shown only this once. Goalie keeps only a hash of it.
      </Notice>
      <CopyField id="new-token" label={`API token “${record.name}”`} value={token} />
      <h3>How to use it</h3>
      <ul class="how">
        <li>
          <strong>REST API</strong>: send the header <code>Authorization: Bearer &lt;token&gt;</code>. For example,
          start a run of the default test plan:
          <pre>{`curl -X POST ${serverUrl}/v1/run \\
  -H "Authorization: Bearer ${token}" \\
  -H "Content-Type: application/json" -d '{}'`}</pre>
        </li>
        <li>
          <strong>The goalie command line and CI jobs</strong>: set two environment variables (in CI, the token as a
          secret):
          <pre>{`export GOALIE_API_URL=${serverUrl}
export GOALIE_API_TOKEN=${token}
goalie run --wait`}</pre>
        </li>
        {record.scope === 'admin' ? (
          <li>
            <strong>Applying the project's YAML</strong> from CI or a laptop (this token has the admin scope):
            <pre>{`GOALIE_API_URL=${serverUrl} GOALIE_API_TOKEN=${token} \\
  node goalie.js apply goalie.yaml --dry-run`}</pre>
          </li>
        ) : null}
        <li>
          <strong>Clients of the older form</strong> (<code>/api/projects/&lt;project UUID&gt;/runs</code>, as
          QA.tech-style clients call it) also need the project's UUID: <code>{project.id}</code>
        </li>
      </ul>
      <p>
        <a href="#tokens">See all tokens</a>
      </p>
    </section>
  );
}

function TokenRow({ token, slug, csrf }: { token: ApiTokenRecord; slug: string; csrf: string }) {
  const label = token.name || 'unnamed token';
  return (
    <tr>
      <td>{token.name || <span class="muted">(no name)</span>}</td>
      <td class="nowrap">
        <code>{token.prefix}…</code>
      </td>
      <td>{SCOPE_LABELS[token.scope]}</td>
      <td>
        <Time at={token.createdAt} />
      </td>
      <td>{token.lastUsedAt ? <Time at={token.lastUsedAt} /> : <span class="muted">never</span>}</td>
      <td>
        {token.revokedAt ? (
          <>
            <Badge value="REVOKED" label="revoked" /> <Time at={token.revokedAt} />
          </>
        ) : (
          <Badge value="ACTIVE" label="active" />
        )}
      </td>
      <td>
        {token.revokedAt ? null : (
          <PostForm
            action={`${settingsPath(slug, 'api')}/tokens/${token.id}/revoke`}
            csrf={csrf}
            class="inline"
            confirm={`Revoke the token “${label}” (${token.prefix}…)? Every client that uses it is refused from then on. This cannot be undone.`}
          >
            <button type="submit" class="danger" aria-label={`Revoke ${label} (${token.prefix}…)`}>
              Revoke
            </button>
          </PostForm>
        )}
      </td>
    </tr>
  );
}

export function ApiPage(props: ApiPageProps) {
  const { slug, project, tokens, serverUrl, csrf } = props;
  // Active ones first (newest first), then the revoked ones.
  const ordered = [...tokens].sort(
    (a, b) =>
      Number(a.revokedAt !== null) - Number(b.revokedAt !== null) || b.createdAt.getTime() - a.createdAt.getTime(),
  );
  const active = tokens.filter((t) => !t.revokedAt).length;
  return (
    <>
      <h1>API tokens</h1>
      {props.notice ? <Notice kind={props.notice.kind}>{props.notice.text}</Notice> : null}
      {props.created ? <Created created={props.created} serverUrl={serverUrl} project={project} /> : null}
      <p>
        An API token lets a CI job, the <code>goalie</code> command line or a script act for the project{' '}
        <strong>{project.name}</strong> through the REST API: start and cancel runs, read their results, create test
        cases. A token works for this project only. Whoever holds it can do all of that, so keep it in a secret store
        and revoke it when it may have leaked. A token with the access <em>Administer the project</em> may also apply
        the project's YAML over the API (<code>goalie apply --api-url</code>): give it only to the job that keeps the
        project file. <em>Run tests and plan project files</em> may print what an apply would change, and change
        nothing: for merge request pipelines.
      </p>
      <dl class="facts">
        <dt>API address</dt>
        <dd>
          <code>{serverUrl}/v1</code> (<code>GOALIE_API_URL={serverUrl}</code>)
        </dd>
        <dt>Project ID</dt>
        <dd>
          <code>{project.id}</code>{' '}
          <span class="muted">(only clients of the older form /api/projects/&lt;project ID&gt;/runs need it)</span>
        </dd>
      </dl>

      <h2>Create a token</h2>
      <PostForm action={`${settingsPath(slug, 'api')}/tokens`} csrf={csrf} class="stack">
        <label>
          Name{' '}
          <span class="hint">
            where it will be used, e.g. “GitHub Actions” or “Ada's laptop”; shown in the list below
          </span>
          <input
            type="text"
            name="name"
            required
            maxLength={TOKEN_NAME_MAX}
            value={props.name ?? ''}
            autoComplete="off"
          />
        </label>
        <label>
          Access{' '}
          <span class="hint">
            run tests: start and cancel runs, read results, create test cases; plan: also a dry run of the project's
            YAML (for merge request pipelines); administer: also apply it
          </span>
          <select name="scope">
            {(['run', 'plan', 'admin'] as const).map((scope) => (
              <option value={scope} selected={(props.scope ?? 'run') === scope}>
                {SCOPE_LABELS[scope]}
              </option>
            ))}
          </select>
        </label>
        <div class="actions">
          <button type="submit">Create token</button>
        </div>
      </PostForm>

      <h2 id="tokens">Tokens</h2>
      {tokens.length === 0 ? (
        <p class="muted">This project has no API tokens yet.</p>
      ) : (
        <>
          <p>
            {active} active, {tokens.length - active} revoked. A token is listed by its first characters only; the whole
            token was shown once, when it was created.
          </p>
          <Table
            caption={`API tokens of ${project.name}`}
            columns={['Name', 'Token', 'Access', 'Created', 'Last used', 'State', '']}
          >
            {ordered.map((t) => (
              <TokenRow token={t} slug={slug} csrf={csrf} />
            ))}
          </Table>
        </>
      )}
    </>
  );
}
