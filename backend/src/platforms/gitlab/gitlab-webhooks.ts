// GitLab webhook deliveries to neutral PlatformEvents. GitLab does not sign deliveries: it sends the
// hook's secret token back in X-Gitlab-Token. The payload is untrusted JSON: every field is checked
// before use, so a well-formed delivery of an unexpected shape becomes `ignored`, never a throw.
import { createHash, timingSafeEqual } from 'node:crypto';
import type {
  ChangeRequest,
  PlatformEvent,
  WebhookReceiver,
  WebhookRequest,
} from '../../app/ports/change-request-platform.js';
import { deploymentHookSha, toChangeRequestState, toDeploymentState } from './gitlab-mapping.js';
import { headerValue, ignored, isObject, parseBody, text, type Json } from '../webhook-json.js';

const username = (user: unknown): string | null => (isObject(user) ? text(user.username) : null);
const idOf = (value: unknown): string | null =>
  typeof value === 'number' || (typeof value === 'string' && /^\d+$/.test(value)) ? String(value) : null;

/** X-Gitlab-Event names, for a body without `object_kind`. */
const KIND_BY_EVENT: Record<string, string> = {
  'Merge Request Hook': 'merge_request',
  'Note Hook': 'note',
  'Confidential Note Hook': 'note',
  'Deployment Hook': 'deployment',
  'Push Hook': 'push',
  'Tag Push Hook': 'tag_push',
  'Pipeline Hook': 'pipeline',
};

export class GitLabWebhookReceiver implements WebhookReceiver {
  /** False for a missing token and for an empty secret (which would accept anyone who sends no token). */
  verify(request: WebhookRequest, secret: string): boolean {
    const token = headerValue(request.headers, 'x-gitlab-token');
    if (token === undefined || !secret) return false;
    // Digests make the buffers equal in length, so neither the comparison nor a length check reveals how long the secret is.
    const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();
    return timingSafeEqual(digest(token), digest(secret));
  }

  /** Idempotency-Key (GitLab 17.4+) stays the same when GitLab retries a delivery; X-Gitlab-Event-UUID before that. */
  deliveryId(request: WebhookRequest): string | null {
    return (
      headerValue(request.headers, 'idempotency-key') || headerValue(request.headers, 'x-gitlab-event-uuid') || null
    );
  }

  parse(request: WebhookRequest): PlatformEvent {
    const payload = parseBody(request.rawBody, 'GitLab');
    const event = headerValue(request.headers, 'x-gitlab-event');
    if (!isObject(payload)) return ignored(`GitLab "${event ?? 'unknown'}" delivery whose body is not a JSON object`);
    // object_kind names the event in every payload Goalie reads, also when delivered as a System Hook.
    const kind = text(payload.object_kind) ?? (event ? KIND_BY_EVENT[event] : undefined);
    switch (kind) {
      case 'merge_request':
        return mergeRequestEvent(payload);
      case 'note':
        return noteEvent(payload);
      case 'deployment':
        return deploymentEvent(payload);
      case 'push':
        return pushEvent(payload);
      case 'pipeline':
        // Readiness comes from deployments: a pipeline job with an `environment` also sends a Deployment Hook.
        return ignored(
          "pipeline events are not used: Goalie waits for the Deployment Hook of the pipeline's environment jobs",
        );
      case undefined:
        return ignored(`GitLab delivery without object_kind${event ? ` ("${event}")` : ''}`);
      default:
        return ignored(`GitLab "${kind}" events are not used by Goalie`);
    }
  }
}

function mergeRequestEvent(payload: Json): PlatformEvent {
  const attrs = payload.object_attributes;
  if (!isObject(attrs) || typeof attrs.iid !== 'number')
    return ignored('merge request delivery without object_attributes.iid');
  const action = text(attrs.action) ?? '';
  const sender = username(payload.user);
  const lastCommit = isObject(attrs.last_commit) ? text(attrs.last_commit.id) : null;
  const changeRequest: ChangeRequest = {
    number: attrs.iid,
    title: text(attrs.title) ?? '',
    branch: text(attrs.source_branch) ?? '',
    headSha: lastCommit ?? '',
    draft: attrs.draft === true || attrs.work_in_progress === true,
    state: toChangeRequestState(text(attrs.state) ?? 'opened'),
    url: text(attrs.url) ?? '',
    // The payload names only the author's id; whoever opens a merge request is its author.
    author: action === 'open' ? sender : null,
  };
  const source = idOf(attrs.source_project_id);
  const target = idOf(attrs.target_project_id);
  return {
    kind: 'change-request',
    action: mergeRequestAction(action, attrs, payload.changes),
    changeRequest,
    sender,
    // A hook that does not name both projects is taken for a fork, as on GitHub and the API path: refuse when unsure.
    fromFork: source === null || target === null || source !== target,
    authorId: idOf(attrs.author_id),
  };
}

function mergeRequestAction(
  action: string,
  attrs: Json,
  changes: unknown,
): 'opened' | 'updated' | 'ready' | 'closed' | 'other' {
  switch (action) {
    case 'open':
    case 'reopen':
      return 'opened';
    case 'close':
    case 'merge':
      return 'closed';
    case 'update':
      // Marked ready first: a push that also drops "Draft:" makes the merge request ready at its new head.
      if (becameReady(changes)) return 'ready';
      // GitLab sends oldrev only when commits were pushed (or a suggestion applied); other edits carry none.
      if (text(attrs.oldrev)) return 'updated';
      return 'other';
    default:
      return 'other';
  }
}

function becameReady(changes: unknown): boolean {
  if (!isObject(changes)) return false;
  const change = isObject(changes.draft)
    ? changes.draft
    : isObject(changes.work_in_progress)
      ? changes.work_in_progress
      : null;
  return change !== null && change.previous === true && change.current === false;
}

function noteEvent(payload: Json): PlatformEvent {
  const attrs = payload.object_attributes;
  if (!isObject(attrs)) return ignored('comment delivery without object_attributes');
  const on = text(attrs.noteable_type) ?? 'unknown';
  if (on !== 'MergeRequest')
    return ignored(`comment on ${/^[aeiou]/i.test(on) ? 'an' : 'a'} ${on}, not on a merge request`);
  if (attrs.system === true) return ignored('system note');
  // Edits (GitLab 16.11+) include Goalie's own in-place updates of its comment: only new comments are read.
  if (attrs.action !== undefined && attrs.action !== 'create')
    return ignored(`comment "${text(attrs.action) ?? 'unknown'}" is not a new comment`);
  const mr = payload.merge_request;
  if (!isObject(mr) || typeof mr.iid !== 'number' || (typeof attrs.id !== 'number' && typeof attrs.id !== 'string')) {
    return ignored('merge request comment without merge_request.iid or note id');
  }
  const user = payload.user;
  return {
    kind: 'comment',
    number: mr.iid,
    body: text(attrs.note) ?? '',
    author: username(user),
    authorId: isObject(user) ? idOf(user.id) : null,
    commentId: String(attrs.id),
  };
}

function deploymentEvent(payload: Json): PlatformEvent {
  const environment = text(payload.environment);
  const status = text(payload.status);
  const sha = deploymentHookSha(payload);
  if (!environment || !status || !sha) return ignored('deployment delivery without environment, status or commit');
  return {
    kind: 'deployment',
    environment,
    url: text(payload.environment_external_url) || null,
    sha,
    state: toDeploymentState(status),
    ref: text(payload.ref),
  };
}

function pushEvent(payload: Json): PlatformEvent {
  const ref = text(payload.ref);
  const after = text(payload.after);
  if (!ref || !after) return ignored('push delivery without ref or after');
  if (!ref.startsWith('refs/heads/')) return ignored(`push of ${ref}, not of a branch`);
  const branch = ref.slice('refs/heads/'.length);
  if (/^0+$/.test(after)) return ignored(`branch ${branch} was deleted`);
  return { kind: 'push', branch, sha: after };
}
