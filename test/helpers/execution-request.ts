// An ExecutionRequest for executor tests: the fields a test does not care about at plain values
// (no device preset, configs, secrets, state or recorded steps).
import type { ExecutionRequest } from '../../backend/src/app/ports/test-executor.js';

export function executionRequest(
  fields: Pick<ExecutionRequest, 'goal' | 'baseUrl' | 'evidencePrefix'> & Partial<ExecutionRequest>,
): ExecutionRequest {
  return {
    name: 'Test case',
    expectedResult: '',
    devicePreset: null,
    configs: {},
    secrets: [],
    steps: null,
    resumeState: null,
    keepState: false,
    ...fields,
  };
}
