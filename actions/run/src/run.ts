// The Goalie GitHub Action: start a run of a test plan (or rerun the failed test cases of an earlier
// run) with the workflow's attribution, set the outputs, and with `blocking: true` wait for the
// result: job summary, one annotation per failed test case, and the step failing unless it passed.
//
// The workflow-command protocol (inputs, GITHUB_OUTPUT, GITHUB_STEP_SUMMARY, ::error:: and
// friends, secret masking) comes from @actions/core, GitHub's own implementation: its escaping
// of annotation properties and multi-line output delimiters is exactly what the runner parses,
// and both of our actions share it (actions may not import each other). The price is bundle
// size: it pulls in undici for its OIDC client (about 0.8 MB of the bundle's dist/index.js).
import * as core from '@actions/core';
import { githubAttribution } from '../../../shared/src/ci/attribution.js';
import { ApiError } from '../../../shared/src/client/api-error.js';
import { GoalieClient } from '../../../shared/src/client/api-client.js';
import { waitForRun } from '../../../shared/src/client/wait-for-run.js';
import { countTestCases, describeCounts } from '../../../shared/src/report/summary.js';
import type { RunStatusView } from '../../../shared/src/api/types.js';
import { failureAnnotations } from './annotations.js';
import { readEventPayload } from './event.js';
import { InputError, parseInputs, type RunSettings } from './inputs.js';
import { conclude, finishedSummary, formatMinutes, startedSummary, type StartedRun } from './summary.js';

const USER_AGENT = 'goalie-github-action';
const MAX_COMMIT_MESSAGE = 65_536;

export async function run(env: Record<string, string | undefined> = process.env): Promise<void> {
  try {
    const settings = parseInputs((name) => core.getInput(name));
    core.setSecret(settings.apiToken);
    for (const warning of settings.warnings) core.warning(warning);
    const client = new GoalieClient({ apiUrl: settings.apiUrl, token: settings.apiToken, userAgent: USER_AGENT });

    const started = settings.rerunFailedOf
      ? await rerunFailed(client, settings)
      : await startRun(client, settings, env);
    // QA.tech's action's name for "a run was started"; a failure before this point leaves it unset.
    core.setOutput('run_created', 'true');
    core.setOutput('run_short_id', started.shortId);
    core.setOutput('run_id', started.id);
    core.setOutput('run_url', started.url);
    core.setOutput('test_count', String(started.testCount));
    core.info(
      `${started.rerunOf ? `Rerunning the failed test cases of run ${started.rerunOf} as run` : 'Started Goalie run'} ${started.shortId}` +
        `${started.testPlan ? ` of test plan ${started.testPlan.name} (${started.testPlan.shortId})` : ''}: ` +
        `${started.testCount} test case${started.testCount === 1 ? '' : 's'}.`,
    );
    core.info(`Results: ${started.url}`);

    if (!settings.blocking) {
      await writeSummary(env, startedSummary(started));
      return;
    }
    await waitAndReport(client, settings, started, env);
  } catch (error) {
    core.setFailed(failureMessage(error));
  }
}

async function startRun(
  client: GoalieClient,
  settings: RunSettings,
  env: Record<string, string | undefined>,
): Promise<StartedRun> {
  // For pull_request events: the head branch and head SHA, not the merge ref GITHUB_REF/GITHUB_SHA name.
  const attribution = githubAttribution(
    env,
    readEventPayload(env, (message) => core.warning(message)),
  );
  // The API takes commit messages of up to 65,536 characters: a longer one is cut, not refused.
  if (attribution.commitMessage && attribution.commitMessage.length > MAX_COMMIT_MESSAGE)
    attribution.commitMessage = attribution.commitMessage.slice(0, MAX_COMMIT_MESSAGE);
  const request = {
    trigger: 'REPOHOST' as const,
    ...(settings.testPlanShortId ? { testPlanShortId: settings.testPlanShortId } : {}),
    ...(settings.applications ? { applications: settings.applications } : {}),
    ...(settings.notifications ? { notifications: settings.notifications } : {}),
    ...attribution,
  };
  // With project_id (QA.tech's input), the route that names the project: another project's token is refused.
  const { run } = settings.projectId
    ? await client.startRunInProject(settings.projectId, request)
    : await client.startRun(request);
  return { id: run.id, shortId: run.shortId, url: run.url, testCount: run.testCount, testPlan: run.testPlan };
}

async function rerunFailed(client: GoalieClient, settings: RunSettings): Promise<StartedRun> {
  const shortId = settings.rerunFailedOf!;
  // No rerun route names the project: reading the run through the one that does checks project_id first.
  if (settings.projectId) await client.getRunInProject(settings.projectId, shortId);
  const { run } = await client.rerun(shortId, { failedOnly: true });
  return { id: run.id, shortId: run.shortId, url: run.url, testCount: run.testCount, rerunOf: shortId };
}

async function waitAndReport(
  client: GoalieClient,
  settings: RunSettings,
  started: StartedRun,
  env: Record<string, string | undefined>,
): Promise<void> {
  core.info(`Waiting up to ${formatMinutes(settings.timeoutMinutes)} for run ${started.shortId} to finish…`);
  let lastProgress = '';
  const outcome = await waitForRun(client, started.shortId, {
    timeoutMs: Math.round(settings.timeoutMinutes * 60_000),
    onProgress: (run) => {
      const progress = `${run.status}: ${describeCounts(countTestCases(run.runTestCases))}`;
      if (progress !== lastProgress) core.info(`Run ${run.shortId} ${progress}`);
      lastProgress = progress;
    },
  });
  const result = { run: outcome.run, timedOut: !outcome.finished, timeoutMinutes: settings.timeoutMinutes };
  setResultOutputs(outcome.run);
  for (const annotation of failureAnnotations(outcome.run)) core.error(annotation.message, { title: annotation.title });
  await writeSummary(env, finishedSummary(started, result));

  const conclusion = conclude(started, result);
  if (conclusion.verdict === 'pass') core.info(conclusion.message);
  else if (conclusion.verdict === 'warn') core.warning(conclusion.message);
  else core.setFailed(conclusion.message);
}

function setResultOutputs(run: RunStatusView): void {
  core.setOutput('run_status', run.status);
  core.setOutput('run_result', run.result ?? '');
}

/** The job summary, when the runner gave us a summary file (not when run by hand outside Actions). */
async function writeSummary(env: Record<string, string | undefined>, markdown: string): Promise<void> {
  if (!env.GITHUB_STEP_SUMMARY) return;
  await core.summary.addRaw(markdown).write();
}

function failureMessage(error: unknown): string {
  if (error instanceof InputError) return error.message;
  if (error instanceof ApiError) {
    const hint =
      error.status === 401 || error.status === 403
        ? ' Check api_token: it must be a current token of the project (`goalie token create --project <slug>`), passed from a secret.'
        : error.status === 0
          ? ' Check api_url, and that the Goalie server is reachable from the runner.'
          : '';
    const message = error.message.replace(/\.\s*$/, '');
    const request = error.requestId ? ` (request ${error.requestId})` : '';
    return error.status === 0
      ? `Goalie API: ${message}.${hint}`
      : `Goalie API answered HTTP ${error.status}: ${message}${request}.${hint}`;
  }
  return `The Goalie action failed unexpectedly: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`;
}
