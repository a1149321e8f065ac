// The GitHub adapter: built by main.ts from a PlatformConnection, and its webhook receiver.
export { createGitHubClient, type GitHubClient, type GitHubClientOptions } from './github-api.js';
export { InstallationTokens, type InstallationTokensOptions } from './github-app-auth.js';
export { GitHubError, toGitHubError } from './github-errors.js';
export {
  createGitHubPlatform,
  GitHubPlatform,
  GITHUB_STATUS_CONTEXT,
  GITHUB_WEBHOOK_EVENTS,
} from './github-platform.js';
export { signGitHubPayload, verifyGitHubSignature } from './github-signature.js';
export { GitHubWebhookReceiver } from './github-webhooks.js';
export { WebhookPayloadError } from '../webhook-json.js';
export { githubSignIn, GITHUB_SIGN_IN_SCOPES, type GitHubSignInSettings } from './github-sign-in.js';
