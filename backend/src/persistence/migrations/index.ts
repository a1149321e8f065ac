import { Initial1795301071607 } from './0001-initial.js';
import { Execution1795303269398 } from './0002-execution.js';
import { Reviews1795309616762 } from './0003-reviews.js';
import { SlackNotifications1795311158765 } from './0004-slack-notifications.js';
import { GitHubAppCredentials1795318034112 } from './0005-github-app-credentials.js';
import { ModelTokens1795400000000 } from './0006-model-tokens.js';
import { NetworkPolicy1795600000000 } from './0008-network-policy.js';
import { ReviewPermissions1795500000000 } from './0007-review-permissions.js';
import { ChangeRequestNotes1795700000000 } from './0009-change-request-notes.js';
import { Accounts1795800000000 } from './0010-accounts.js';
import { WorkerJobs1795900000000 } from './0011-worker-jobs.js';
import { RunListIndexes1796000000000 } from './0012-run-list-indexes.js';
import { TestCaseResults1796100000000 } from './0013-test-case-results.js';
import { EvidenceRetention1796200000000 } from './0014-evidence-retention.js';
import { SecretKeyCheck1796300000000 } from './0015-secret-key-check.js';
import { EmailTeamsNotifications1796400000000 } from './0016-email-teams-notifications.js';
import { OutboundWebhooks1796500000000 } from './0017-outbound-webhooks.js';
import { InvitationSignUps1796600000000 } from './0018-invitation-sign-ups.js';
import { TokenScopes1796700000000 } from './0019-token-scopes.js';
import { GoalTries1796800000000 } from './0020-goal-tries.js';

/** In order. A new migration is a new file added at the end; applied ones never change. */
export const MIGRATIONS = [
  Initial1795301071607,
  Execution1795303269398,
  Reviews1795309616762,
  SlackNotifications1795311158765,
  GitHubAppCredentials1795318034112,
  ModelTokens1795400000000,
  ReviewPermissions1795500000000,
  NetworkPolicy1795600000000,
  ChangeRequestNotes1795700000000,
  Accounts1795800000000,
  WorkerJobs1795900000000,
  RunListIndexes1796000000000,
  TestCaseResults1796100000000,
  EvidenceRetention1796200000000,
  SecretKeyCheck1796300000000,
  EmailTeamsNotifications1796400000000,
  OutboundWebhooks1796500000000,
  InvitationSignUps1796600000000,
  TokenScopes1796700000000,
  GoalTries1796800000000,
];
