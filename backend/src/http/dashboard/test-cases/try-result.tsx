// A try of a goal as the form's page shows it, step by step: what each sentence was understood as,
// the element it acted on (its locators, as Playwright calls) and the screenshot after it; then
// the expected result's check, passed or failed and why; or, when a sentence could not be carried
// out, the burn-in's whole message (it lists what the page offers). While the try waits or runs,
// the section carries the address to poll (assets/dashboard.js); without JavaScript, a Refresh link.
import type { GoalTryRecord } from '../../../app/ports/goal-tries.js';
import { tryIsLive, type TryState } from '../../../domain/goal-try.js';
import { readableStep } from '../../../domain/step-code.js';
import { Badge } from '../components.js';
import { StepFacts } from './step-facts.js';

export interface TryResultProps {
  /** Masked (read-try.ts). */
  tried: GoalTryRecord;
  state: TryState;
  projectSlug: string;
  /** Shown on its own page (else on the form's, of `tried.testCaseId` or of a new test case). */
  standalone: boolean;
}

/** The page again with this try: what the Refresh link opens without JavaScript. */
function Refresh({ tried, projectSlug, standalone }: Omit<TryResultProps, 'state'>) {
  const id = encodeURIComponent(tried.id);
  if (standalone) return <a href={`/p/${projectSlug}/tries/${id}`}>Refresh</a>;
  if (tried.testCaseId)
    return <a href={`/test-cases/${encodeURIComponent(tried.testCaseId)}/edit?try=${id}#try`}>Refresh</a>;
  return <a href={`/p/${projectSlug}/test-cases/new?try=${id}#try`}>Refresh</a>;
}

const evidenceHref = (key: string) => `/evidence/${key.split('/').map(encodeURIComponent).join('/')}`;

const STATE_WORDS: Record<TryState, string> = {
  waiting: 'Waiting for a worker to take the try (goalie serve or goalie worker must be running).',
  running: 'Carrying out the goal, sentence by sentence.',
  checking: 'The goal was carried out; checking the expected result.',
  passed: 'The goal was carried out and the expected result holds.',
  'goal-failed': 'The goal could not be carried out.',
  'expectation-failed': 'The goal was carried out, but the expected result does not hold.',
  error: 'The try ended without a verdict.',
  lost: 'No worker finished this try within 15 minutes. Is a worker running? Press Try it again.',
};

const BADGES: Record<TryState, string> = {
  waiting: 'QUEUED',
  running: 'RUNNING',
  checking: 'RUNNING',
  passed: 'PASSED',
  'goal-failed': 'FAILED',
  'expectation-failed': 'FAILED',
  error: 'ERROR',
  lost: 'ERROR',
};

/** What Save does after this try. */
function saveWords(tried: GoalTryRecord, state: TryState): string | null {
  if (tryIsLive(state)) return null;
  if (tried.goalDone && tried.steps.length)
    return `Save keeps these ${tried.steps.length} recorded step${tried.steps.length === 1 ? '' : 's'} (no second burn-in) while the goal, application and environment stay as tried; change one of them and Save burns the goal in again.`;
  return 'Save stores the test case and burns its goal in as it is then; change the goal and press Try it again first to see it work.';
}

function Message({ title, thought }: { title: string | null; thought: string | null }) {
  const body = thought?.trim() ?? '';
  const head = title?.trim() ?? '';
  return (
    <div class="burn-in-error">
      {head ? (
        <p>
          <strong>{head}</strong>
        </p>
      ) : null}
      {body && body !== head ? <pre class="message">{body}</pre> : null}
    </div>
  );
}

export function TryResult({ tried, state, projectSlug, standalone }: TryResultProps) {
  const live = tryIsLive(state);
  const save = saveWords(tried, state);
  return (
    <section
      id="try"
      class="try"
      aria-labelledby="try-heading"
      data-try-poll={live ? `/p/${projectSlug}/tries/${encodeURIComponent(tried.id)}` : undefined}
    >
      <h2 id="try-heading">Try of the goal</h2>
      <p role="status">
        <Badge value={BADGES[state]} /> {STATE_WORDS[state]}
        {live ? (
          <>
            {' '}
            <Refresh tried={tried} projectSlug={projectSlug} standalone={standalone} />
            <span class="muted"> (with JavaScript this part follows the try by itself)</span>
          </>
        ) : null}
      </p>
      <p class="muted">Nothing is saved by a try. Only you can see it; it is deleted a day after it was started.</p>
      {tried.steps.length ? (
        <ol class="steps try-steps" aria-label="Recorded steps of the try">
          {tried.steps.map((step, i) => {
            const readable = readableStep(step);
            const shot = tried.screenshots[i] ?? null;
            return (
              <li>
                <StepFacts readable={readable} />
                {shot ? (
                  <a href={evidenceHref(shot)}>
                    <img
                      class="shot"
                      src={evidenceHref(shot)}
                      alt={`The page after step ${i + 1}: ${readable.sentence}`}
                      loading="lazy"
                    />
                  </a>
                ) : null}
              </li>
            );
          })}
        </ol>
      ) : state === 'running' ? (
        <p class="muted">No step recorded yet.</p>
      ) : null}

      {state === 'checking' ? <p>Checking the expected result: {tried.expectedResult}</p> : null}
      {state === 'passed' || state === 'expectation-failed' ? (
        <>
          <h3>Expected result</h3>
          {tried.expectedResult ? (
            <p>
              <Badge value={state === 'passed' ? 'PASSED' : 'FAILED'} />{' '}
              {state === 'passed' ? 'Holds' : 'Does not hold'}: {tried.expectedResult}
            </p>
          ) : (
            <p class="muted">None: every step could be done.</p>
          )}
          {state === 'expectation-failed' || tried.expectedResult ? (
            <Message title={state === 'passed' ? null : tried.resultTitle} thought={tried.resultThought} />
          ) : null}
        </>
      ) : null}
      {state === 'goal-failed' || state === 'error' ? (
        <>
          <h3>{state === 'goal-failed' ? 'Why it stopped' : 'What went wrong'}</h3>
          <Message title={tried.resultTitle} thought={tried.resultThought} />
        </>
      ) : null}
      {tried.finalScreenshot && !live ? (
        <figure>
          <a href={evidenceHref(tried.finalScreenshot)}>
            <img
              class="shot"
              src={evidenceHref(tried.finalScreenshot)}
              alt={state === 'passed' ? 'The page at the end of the try' : 'The page when the try stopped'}
              loading="lazy"
            />
          </a>
          <figcaption class="muted">{state === 'passed' ? 'At the end' : 'When it stopped'}</figcaption>
        </figure>
      ) : null}
      {save ? <p>{save}</p> : null}
    </section>
  );
}
