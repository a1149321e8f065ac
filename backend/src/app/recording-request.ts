// The execution request of what records a goal's steps from scratch: a burn-in (generate-test-case.ts)
// and a dashboard try (goal-tries/run-try.ts) ask the executor the same way, from the same input.
import type { GoalTryInput } from './ports/goal-tries.js';
import type { ExecutionRequest } from './ports/test-executor.js';

export type RecordingInput = Pick<
  GoalTryInput,
  'goal' | 'baseUrl' | 'devicePreset' | 'configs' | 'secrets' | 'preludes' | 'access'
>;

/** No steps to replay and no state to resume: the goal is read sentence by sentence on the live page. */
export function recordingRequest(
  input: RecordingInput,
  rest: Pick<ExecutionRequest, 'name' | 'expectedResult' | 'evidencePrefix'> & Partial<ExecutionRequest>,
): ExecutionRequest {
  return {
    goal: input.goal,
    baseUrl: input.baseUrl,
    devicePreset: input.devicePreset,
    configs: input.configs,
    secrets: input.secrets,
    steps: null,
    resumeState: null,
    preludes: input.preludes,
    keepState: false,
    network: input.access.network,
    configOrigins: input.access.configOrigins,
    ...rest,
  };
}
