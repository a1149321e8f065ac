// Settings › Integrations › Webhooks: the project's outbound webhooks and each one's newest deliveries
// with their state; forms to add one, remove one and enable one again that its receiver turned off.
// A secret is never shown, except one Goalie generated: once, in the answer to the Add form (a reload
// sends the form again, refused because the name is taken).
import { WEBHOOK_EVENTS } from '../../../../../shared/src/project-file/schema.js';
import type { WebhookEndpointView } from '../../../app/ports/webhooks.js';
import { Badge, CopyField, Notice, PostForm, Table, Time } from '../components.js';
import { settingsPath } from './frame.js';

/** How many deliveries of each endpoint the page shows. */
export const DELIVERIES_SHOWN = 10;

type Delivery = WebhookEndpointView['deliveries'][number];

function deliveryState(d: Delivery): { value: string; label: string } {
  if (d.deliveredAt) return { value: 'PASSED', label: 'delivered' };
  if (d.nextAttemptAt) return { value: 'RUNNING', label: 'retrying' };
  if (d.attempts === 0) return { value: 'QUEUED', label: 'queued' };
  return { value: 'FAILED', label: 'failed' };
}

export interface WebhooksPageProps {
  slug: string;
  csrf: string;
  endpoints: WebhookEndpointView[];
  notice?: { kind: 'ok' | 'error'; text: string };
  /** The endpoint just added with a secret Goalie generated: this answer is the only time it is shown. */
  created?: { name: string; secret: string };
  /** What the Add form held, when it was refused (never the secret). */
  typed?: { name: string; url: string; events: string[] };
}

function AddForm({ slug, csrf, typed }: Pick<WebhooksPageProps, 'slug' | 'csrf' | 'typed'>) {
  const shown = typed ?? { name: '', url: '', events: [...WEBHOOK_EVENTS] };
  return (
    <PostForm action={settingsPath(slug, 'webhooks')} csrf={csrf} class="stack wide">
      <label>
        Name <span class="hint">names it here and in log lines; empty: its URL</span>
        <input type="text" name="name" value={shown.name} spellcheck={false} autoComplete="off" />
      </label>
      <label>
        URL{' '}
        <span class="hint">https; private or loopback addresses only where the project's network settings allow</span>
        <input type="url" name="url" value={shown.url} required spellcheck={false} autoComplete="off" />
      </label>
      <fieldset>
        <legend>Events</legend>
        {WEBHOOK_EVENTS.map((event) => (
          <label>
            <input type="checkbox" name="events" value={event} checked={shown.events.includes(event)} /> {event}
          </label>
        ))}
      </fieldset>
      <label>
        Secret{' '}
        <span class="hint">
          at least 16 characters, to check the X-Goalie-Signature-256 header; empty: Goalie makes one and shows it once
        </span>
        <input type="password" name="secret" autoComplete="off" spellcheck={false} />
      </label>
      <div class="actions">
        <button type="submit">Add webhook</button>
      </div>
    </PostForm>
  );
}

export function WebhooksPage(props: WebhooksPageProps) {
  const { endpoints, slug, csrf } = props;
  return (
    <>
      <h1>Webhooks</h1>
      {props.notice ? <Notice kind={props.notice.kind}>{props.notice.text}</Notice> : null}
      {props.created ? (
        <section class="created" aria-labelledby="created">
          <h2 id="created">The secret of “{props.created.name}”</h2>
          <Notice kind="ok">
            Copy the secret now into the receiver, which checks each request's signature with it: it is shown only this
            once.
          </Notice>
          <CopyField id="new-secret" label={`Webhook secret of “${props.created.name}”`} value={props.created.secret} />
        </section>
      ) : null}
      <p>
        Goalie POSTs signed events of this project's runs, burn-ins and reviews to these endpoints (docs/webhooks.md).
      </p>
      <div class="notice">
        <p>
          These are the <code>project.webhooks</code> list of the project file. The next <code>goalie apply</code> of a
          file with a <code>webhooks</code> list replaces what is set here with that list; a file without one keeps it.
        </p>
      </div>
      {endpoints.length === 0 ? <p class="muted">No webhooks yet.</p> : null}
      {endpoints.map((e) => (
        <section>
          <h2>{e.name}</h2>
          <p>
            <code>{e.url}</code> · {e.events.join(', ')} ·{' '}
            {e.enabled ? 'enabled' : <strong>disabled: {e.disabledReason ?? 'by the receiver'}</strong>}
          </p>
          <div class="actions">
            {e.enabled ? null : (
              <PostForm action={`${settingsPath(slug, 'webhooks')}/${e.id}/enable`} csrf={csrf}>
                <button type="submit">Enable again</button>
              </PostForm>
            )}
            <PostForm
              action={`${settingsPath(slug, 'webhooks')}/${e.id}/remove`}
              csrf={csrf}
              confirm={`Remove the webhook “${e.name}” and its deliveries?`}
            >
              <button type="submit" class="danger">
                Remove
              </button>
            </PostForm>
          </div>
          {e.deliveries.length ? (
            <Table
              caption={`Newest deliveries to ${e.name}`}
              columns={['Created', 'Event', 'State', 'Attempts', 'Last answer', 'Next attempt', 'Delivery id']}
            >
              {e.deliveries.map((d) => {
                const state = deliveryState(d);
                return (
                  <tr>
                    <td>
                      <Time at={d.createdAt} />
                    </td>
                    <td>{d.event}</td>
                    <td>
                      <Badge value={state.value} label={state.label} />
                    </td>
                    <td>{d.attempts}</td>
                    <td>{d.lastStatusCode ? `HTTP ${d.lastStatusCode}` : (d.lastError ?? '—')}</td>
                    <td>
                      <Time at={d.nextAttemptAt} />
                    </td>
                    <td>
                      <code>{d.id}</code>
                    </td>
                  </tr>
                );
              })}
            </Table>
          ) : (
            <p class="muted">No deliveries yet.</p>
          )}
        </section>
      ))}
      <h2>Add a webhook</h2>
      <AddForm slug={slug} csrf={csrf} typed={props.typed} />
    </>
  );
}
