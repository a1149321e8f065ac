// The PlatformFactory: GitHub or GitLab behind the one ChangeRequestPlatform interface.
import type { ChangeRequestPlatform, HostKind, PlatformConnection, PlatformFactory, WebhookReceiver } from '../app/ports/change-request-platform.js';
import type { Logger } from '../app/ports/logger.js';
import { createGitHubPlatform, GitHubWebhookReceiver } from './github/index.js';
import { createGitLabPlatform, GitLabWebhookReceiver } from './gitlab/index.js';

export function platformFactory(logger: Logger): PlatformFactory {
  const receivers: Record<HostKind, WebhookReceiver> = { github: new GitHubWebhookReceiver(), gitlab: new GitLabWebhookReceiver() };
  return {
    platform(connection: PlatformConnection): ChangeRequestPlatform {
      return connection.host === 'github' ? createGitHubPlatform(connection, { logger }) : createGitLabPlatform(connection, { logger });
    },
    receiver: (host) => receivers[host],
  };
}
