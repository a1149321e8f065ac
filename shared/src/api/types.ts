// Wire types of the REST API v1 (../shared/spec/rest-api.md), inferred from the zod schemas the server
// validates requests with (schemas.ts) and the OpenAPI document is generated from (responses.ts).
// Type-only imports: code that needs only the types (the actions, the client) does not load zod.
import type { z } from 'zod';
import type * as requests from './schemas.js';
import type * as responses from './responses.js';

export type Trigger = z.output<typeof responses.triggerSchema>;
export type RunStatus = z.output<typeof responses.runStatusSchema>;
export type RunResult = z.output<typeof responses.runResultSchema>;
export const TERMINAL_RUN_STATUSES: readonly RunStatus[] = ['COMPLETED', 'ERROR', 'CANCELLED'];

export type TestPlanRef = z.output<typeof responses.testPlanRefSchema>;
export type Run = z.output<typeof responses.runSchema>;
export type RerunRun = z.output<typeof responses.rerunRunSchema>;
/** `projectTestCaseId`, `startedAt` and `finishedAt` are Goalie extensions, present only with `?extensions=true`. */
export type RunTestCase = z.output<typeof responses.runTestCaseSchema>;
export type RunStatusView = z.output<typeof responses.runStatusViewSchema>;
export type TestCase = z.output<typeof responses.testCaseSchema>;
export type GenerationStatus = z.output<typeof responses.generationStatusSchema>;
/** Goalie extension (GET/PATCH /v1/test-cases/{id}): a test case with its burn-in state and recorded steps. */
export type TestCaseView = z.output<typeof responses.testCaseViewSchema>;

export type ApplicationEnvironmentOverride = z.input<typeof requests.environmentOverrideSchema>;
export type ApplicationOverride = z.input<typeof requests.applicationOverrideSchema>;
export type NotificationOverride = z.input<typeof requests.notificationOverrideSchema>;
export type StartRunRequest = z.input<typeof requests.startRunSchema>;
export type RerunRequest = z.input<typeof requests.rerunSchema>;
export type CreateTestCaseRequest = z.input<typeof requests.createTestCaseSchema>;
/** Goalie extension: PATCH /v1/test-cases/{id}. */
export type UpdateTestCaseRequest = z.input<typeof requests.updateTestCaseSchema>;

export type StartRunResponse = z.output<typeof responses.startRunResponseSchema>;
export type RerunResponse = z.output<typeof responses.rerunResponseSchema>;
export type CreateTestCaseResponse = z.output<typeof responses.createTestCaseResponseSchema>;
export type OutboundIpsResponse = z.output<typeof responses.outboundIpsResponseSchema>;
export type ErrorBody = z.output<typeof responses.errorBodySchema>;

/** Goalie extension (GET /v1/test-plans): a test plan of the token's project. */
export type TestPlanListEntry = z.output<typeof responses.testPlanListEntrySchema>;
/** Goalie extension (GET /v1/test-cases): a test case with its burn-in state and last finished result. */
export type TestCaseListEntry = z.output<typeof responses.testCaseListEntrySchema>;
export type TestPlanListResponse = z.output<typeof responses.testPlanListResponseSchema>;
export type TestCaseListResponse = z.output<typeof responses.testCaseListResponseSchema>;

/** Goalie extension: POST /v1/test-cases/{id}/run (answers as POST /v1/run). */
export type RunTestCaseRequest = z.input<typeof requests.runTestCaseSchema>;
/** Goalie extension: DELETE /v1/test-cases/{id}. */
export type DeleteTestCaseResponse = z.output<typeof responses.deleteTestCaseResponseSchema>;
/** Goalie extension: POST /v1/test-plans/{shortId}/test-cases and DELETE .../test-cases/{id}. */
export type TestPlanMembershipResponse = z.output<typeof responses.testPlanMembershipResponseSchema>;
