// The GitLab adapter: built by main.ts from a PlatformConnection, and its webhook receiver.
export { createGitLabClient, gitlabBaseUrl, type GitLabClient, type GitLabClientOptions } from './gitlab-api.js';
export { GitLabError, isRetryable, toGitLabError } from './gitlab-errors.js';
export { createGitLabPlatform, GitLabPlatform, GITLAB_STATUS_NAME, GITLAB_WEBHOOK_EVENTS } from './gitlab-platform.js';
export { GitLabWebhookReceiver } from './gitlab-webhooks.js';
export { WebhookPayloadError } from '../webhook-json.js';
export { gitlabSignIn, GITLAB_SIGN_IN_SCOPES, type GitLabSignInSettings } from './gitlab-sign-in.js';
