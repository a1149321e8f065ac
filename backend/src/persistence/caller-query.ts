// The caller of an API token in one statement (token, project and organization joined): the one
// read an API request makes before its own work, when the caller is not cached (app/caller-cache.ts).
import type { EntityManager } from 'typeorm';
import type { TokenCaller } from '../app/caller-cache.js';
import type { OrganizationRecord, ProjectRecord, TokenScope } from '../app/records.js';
import { preparedQuery } from './prepared-query.js';

interface Row {
  token_id: string;
  scope: TokenScope;
  revoked: boolean;
  p_id: string;
  organization_id: string;
  p_name: string;
  slug: string;
  default_test_plan_id: string | null;
  default_device_preset_id: string | null;
  slack_default_channel: string | null;
  slack_notify_on: ProjectRecord['slackNotifyOn'];
  slack_configured: boolean;
  ssh_tunnel_proxy: boolean;
  public_results: boolean;
  o_name: string;
  suspended: boolean;
  usage_limit: number | null;
}

export async function findCaller(m: EntityManager, tokenHash: string): Promise<TokenCaller | null> {
  const [row] = await preparedQuery<Row>(
    m,
    'goalie_token_caller',
    `SELECT t.id AS token_id, t.scope, t.revoked_at IS NOT NULL AS revoked,
            p.id AS p_id, p.organization_id, p.name AS p_name, p.slug, p.default_test_plan_id, p.default_device_preset_id,
            p.slack_default_channel, p.slack_notify_on, p.slack_bot_token IS NOT NULL AS slack_configured, p.ssh_tunnel_proxy, p.public_results,
            o.name AS o_name, o.suspended, o.usage_limit
       FROM api_tokens t
       JOIN projects p ON p.id = t.project_id
       JOIN organizations o ON o.id = p.organization_id
      WHERE t.token_hash = $1`,
    [tokenHash],
  );
  if (!row) return null;
  // Typed as the records, so a field added to them is a compile error here until it is read too.
  const project: ProjectRecord = {
    id: row.p_id,
    organizationId: row.organization_id,
    name: row.p_name,
    slug: row.slug,
    defaultTestPlanId: row.default_test_plan_id,
    defaultDevicePresetId: row.default_device_preset_id,
    slackDefaultChannel: row.slack_default_channel,
    slackNotifyOn: row.slack_notify_on,
    slackConfigured: row.slack_configured,
    sshTunnelProxy: row.ssh_tunnel_proxy,
    publicResults: row.public_results,
  };
  const organization: OrganizationRecord = {
    id: row.organization_id,
    name: row.o_name,
    suspended: row.suspended,
    usageLimit: row.usage_limit,
  };
  return { tokenId: row.token_id, scope: row.scope, revoked: row.revoked, project, organization };
}
