// GitHub webhook deliveries to neutral PlatformEvents. The payload is untrusted JSON: every field is
// checked before use, so a well-formed delivery of an unexpected shape becomes `ignored`, never a throw.
import type { PlatformEvent, WebhookReceiver, WebhookRequest } from '../../app/ports/change-request-platform.js';
import {
  deploymentEnvironment,
  deploymentUrl,
  isAppBot,
  isFromFork,
  toChangeRequest,
  toDeploymentState,
  type GitHubPull,
} from './github-mapping.js';
import { verifyGitHubSignature } from './github-signature.js';
import { headerValue, ignored, isObject, parseBody, text, type Json } from '../webhook-json.js';

const login = (user: unknown): string | null => (isObject(user) ? text(user.login) : null);
const userId = (user: unknown): string | null =>
  isObject(user) && (typeof user.id === 'number' || typeof user.id === 'string') ? String(user.id) : null;
/**
 * Who wrote a comment. A `[bot]` login belongs to a GitHub App and only when GitHub says it is a Bot:
 * user names cannot contain brackets, so `github-actions[bot]` is the Actions app and nobody else.
 * A Bot without that suffix is nobody Goalie knows: its mention would otherwise count as a person's.
 */
const commenter = (user: unknown): string | null => {
  const name = login(user);
  if (!name || !isObject(user)) return null;
  return isAppBot(name) === (user.type === 'Bot') ? name : null;
};
/** A side's repository, by id (or name): a pull request whose sides differ comes from a fork. */
const repoId = (side: unknown): string | null =>
  isObject(side) && isObject(side.repo) ? (userId(side.repo) ?? text(side.repo.full_name)) : null;

export class GitHubWebhookReceiver implements WebhookReceiver {
  verify(request: WebhookRequest, secret: string): boolean {
    return verifyGitHubSignature(headerValue(request.headers, 'x-hub-signature-256'), secret, request.rawBody);
  }

  deliveryId(request: WebhookRequest): string | null {
    return headerValue(request.headers, 'x-github-delivery') || null;
  }

  parse(request: WebhookRequest): PlatformEvent {
    const event = headerValue(request.headers, 'x-github-event');
    const payload = parseBody(request.rawBody, 'GitHub', "set the webhook's content type to application/json");
    if (!event) return ignored('no X-GitHub-Event header');
    if (!isObject(payload)) return ignored(`GitHub "${event}" delivery whose body is not a JSON object`);
    switch (event) {
      case 'pull_request':
        return pullRequestEvent(payload);
      case 'issue_comment':
        return commentEvent(payload);
      case 'deployment_status':
        return deploymentEvent(payload);
      case 'push':
        return pushEvent(payload);
      case 'ping':
        return ignored(`ping: GitHub reached Goalie${text(payload.zen) ? ` ("${payload.zen}")` : ''}`);
      default:
        return ignored(`GitHub "${event}" events are not used by Goalie`);
    }
  }
}

const PULL_ACTIONS: Record<string, 'opened' | 'updated' | 'ready' | 'closed'> = {
  opened: 'opened',
  reopened: 'opened',
  synchronize: 'updated',
  ready_for_review: 'ready',
  closed: 'closed',
};

function pullRequestEvent(payload: Json): PlatformEvent {
  const pull = asPull(payload.pull_request);
  if (!pull) return ignored('pull_request delivery without a readable pull_request');
  const action = text(payload.action) ?? '';
  const raw = payload.pull_request as Json;
  const head = repoId(raw.head);
  const base = repoId(raw.base);
  return {
    kind: 'change-request',
    action: PULL_ACTIONS[action] ?? 'other',
    changeRequest: toChangeRequest(pull),
    sender: login(payload.sender),
    fromFork: isFromFork(head, base),
    authorId: userId(raw.user),
  };
}

function asPull(value: unknown): GitHubPull | null {
  if (!isObject(value) || !isObject(value.head)) return null;
  const { number, title, state, html_url: url, head } = value;
  if (typeof number !== 'number' || typeof head.ref !== 'string' || typeof head.sha !== 'string') return null;
  return {
    number,
    title: text(title) ?? '',
    state: text(state) ?? 'open',
    draft: value.draft === true,
    merged: value.merged === true,
    merged_at: text(value.merged_at),
    html_url: text(url) ?? '',
    user: isObject(value.user) && typeof value.user.login === 'string' ? { login: value.user.login } : null,
    head: { ref: head.ref, sha: head.sha },
  };
}

function commentEvent(payload: Json): PlatformEvent {
  const { issue, comment } = payload;
  if (payload.action !== 'created')
    return ignored(`issue_comment "${text(payload.action) ?? 'unknown'}" is not a new comment`);
  if (!isObject(issue) || !isObject(comment)) return ignored('issue_comment delivery without issue or comment');
  // Pull requests are issues to GitHub; only those carry `issue.pull_request`.
  if (!isObject(issue.pull_request)) return ignored('comment on an issue, not on a pull request');
  if (typeof issue.number !== 'number' || (typeof comment.id !== 'number' && typeof comment.id !== 'string')) {
    return ignored('issue_comment delivery without issue number or comment id');
  }
  return {
    kind: 'comment',
    number: issue.number,
    body: text(comment.body) ?? '',
    author: commenter(comment.user),
    authorId: userId(comment.user),
    commentId: String(comment.id),
  };
}

function deploymentEvent(payload: Json): PlatformEvent {
  const { deployment, deployment_status: status } = payload;
  if (
    !isObject(deployment) ||
    !isObject(status) ||
    typeof deployment.sha !== 'string' ||
    typeof status.state !== 'string'
  ) {
    return ignored('deployment_status delivery without a readable deployment and status');
  }
  const fields = {
    sha: deployment.sha,
    ref: text(deployment.ref),
    environment: text(deployment.environment),
    payload: deployment.payload,
  };
  const statusFields = {
    state: status.state,
    environment: text(status.environment),
    environment_url: text(status.environment_url),
    target_url: text(status.target_url),
  };
  return {
    kind: 'deployment',
    environment: deploymentEnvironment(statusFields, fields),
    url: deploymentUrl(statusFields, fields),
    sha: deployment.sha,
    state: toDeploymentState(status.state),
    ref: fields.ref,
  };
}

function pushEvent(payload: Json): PlatformEvent {
  const ref = text(payload.ref);
  const after = text(payload.after);
  if (!ref || !after) return ignored('push delivery without ref or after');
  if (!ref.startsWith('refs/heads/')) return ignored(`push of ${ref}, not of a branch`);
  const branch = ref.slice('refs/heads/'.length);
  if (payload.deleted === true || /^0+$/.test(after)) return ignored(`branch ${branch} was deleted`);
  return { kind: 'push', branch, sha: after };
}
