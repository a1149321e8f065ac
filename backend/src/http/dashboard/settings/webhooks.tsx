// Settings › Integrations › Webhooks: the project's outbound webhooks (set in the project file only)
// and each one's newest deliveries with their state. Never a secret.
import type { WebhookEndpointView } from '../../../app/ports/webhooks.js';
import { Badge, Table, Time } from '../components.js';

/** How many deliveries of each endpoint the page shows. */
export const DELIVERIES_SHOWN = 10;

type Delivery = WebhookEndpointView['deliveries'][number];

function deliveryState(d: Delivery): { value: string; label: string } {
  if (d.deliveredAt) return { value: 'PASSED', label: 'delivered' };
  if (d.nextAttemptAt) return { value: 'RUNNING', label: 'retrying' };
  if (d.attempts === 0) return { value: 'QUEUED', label: 'queued' };
  return { value: 'FAILED', label: 'failed' };
}

export function WebhooksPage({ endpoints }: { endpoints: WebhookEndpointView[] }) {
  return (
    <>
      <h1>Webhooks</h1>
      <p>
        Goalie POSTs signed events of this project's runs, burn-ins and reviews to these endpoints. They are set in the
        project file (<code>project.webhooks</code>, docs/webhooks.md), which also holds their secrets.
      </p>
      {endpoints.length === 0 ? <p class="muted">No webhooks: the project file declares none.</p> : null}
      {endpoints.map((e) => (
        <section>
          <h2>{e.name}</h2>
          <p>
            <code>{e.url}</code> · {e.events.join(', ')} ·{' '}
            {e.enabled ? 'enabled' : <strong>disabled: {e.disabledReason ?? 'by the receiver'}</strong>}
          </p>
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
    </>
  );
}
