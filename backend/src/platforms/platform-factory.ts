// The PlatformFactory: GitHub or GitLab behind the one ChangeRequestPlatform interface.
import type {
  ChangeRequestPlatform,
  HostKind,
  PlatformConnection,
  PlatformFactory,
  WebhookReceiver,
} from '../app/ports/change-request-platform.js';
import type { Logger } from '../app/ports/logger.js';
import {
  createGitHubPlatform,
  GitHubWebhookReceiver,
  InstallationTokens,
  type GitHubClientOptions,
} from './github/index.js';
import { createGitLabPlatform, GitLabWebhookReceiver, type GitLabClientOptions } from './gitlab/index.js';

export interface PlatformFactoryOptions {
  /**
   * The fetch a connection's requests go through: checked against its address rules after DNS and
   * pinned to the checked address (integrations/http/checked-fetch.ts, wired in main.ts).
   */
  fetchFor: (connection: PlatformConnection) => typeof fetch;
  /** Client settings (waits, pacing, timeouts); the defaults suit github.com and gitlab.com, tests shrink them. */
  github?: Omit<GitHubClientOptions, 'logger' | 'installationTokens' | 'fetch'>;
  gitlab?: Omit<GitLabClientOptions, 'logger' | 'fetch'>;
  /** The clock GitHub App installation tokens are judged by (kept or renewed); tests move it. */
  now?: () => number;
}

export function platformFactory(logger: Logger, options: PlatformFactoryOptions): PlatformFactory {
  const receivers: Record<HostKind, WebhookReceiver> = {
    github: new GitHubWebhookReceiver(),
    gitlab: new GitLabWebhookReceiver(),
  };
  // A platform is built per job step; GitHub App installation tokens outlive them.
  const installationTokens = new InstallationTokens({ now: options.now });
  return {
    platform(connection: PlatformConnection): ChangeRequestPlatform {
      const fetch = options.fetchFor(connection);
      return connection.host === 'github'
        ? createGitHubPlatform(connection, { ...options.github, logger, installationTokens, fetch })
        : createGitLabPlatform(connection, { ...options.gitlab, logger, fetch });
    },
    receiver: (host) => receivers[host],
  };
}
