// The test case form: a new test case (from the project's list) or the change of one (Edit on its
// page). Try it burns the goal in on the chosen environment before anything is saved and shows the
// try below the form; Save stores it, keeping the try's steps when they fit. Plain forms: without
// JavaScript everything works, and the try's part is refreshed by a link.
import type { ComponentChildren } from 'preact';
import type { GoalTryRecord, TestCaseForm, TestCaseFormChoices } from '../../../app/ports/goal-tries.js';
import type { TryState } from '../../../domain/goal-try.js';
import { Csrf, Notice } from '../components.js';
import { TryResult } from './try-result.js';

export interface TestCaseFormPageProps {
  projectSlug: string;
  /** The test case being edited; absent: a new one. */
  testCase?: { id: string; name: string; createdVia: 'api' | 'apply' };
  form: TestCaseForm;
  choices: TestCaseFormChoices;
  csrf: string;
  error?: string | null;
  /** The try shown with the form (masked), and where it stands. */
  tried?: { record: GoalTryRecord; state: TryState } | null;
}

/** The form's address: where Save posts and the page is shown again. */
export function formAddress(projectSlug: string, testCaseId: string | undefined): string {
  return testCaseId ? `/test-cases/${encodeURIComponent(testCaseId)}/edit` : `/p/${projectSlug}/test-cases/new`;
}

function Checkboxes(props: {
  legend: string;
  name: string;
  hint: ComponentChildren;
  options: { value: string; label: string }[];
  checked: readonly string[];
  none: string;
}) {
  return (
    <fieldset>
      <legend>{props.legend}</legend>
      <p class="hint">{props.hint}</p>
      {props.options.length === 0 ? <p class="hint">{props.none}</p> : null}
      {props.options.map((option) => (
        <label class="check">
          <input
            type="checkbox"
            name={props.name}
            value={option.value}
            checked={props.checked.includes(option.value)}
          />
          {option.label}
        </label>
      ))}
    </fieldset>
  );
}

export function TestCaseFormPage({ projectSlug, testCase, form, choices, csrf, error, tried }: TestCaseFormPageProps) {
  const action = formAddress(projectSlug, testCase?.id);
  const others = choices.testCases.filter((tc) => tc.id !== testCase?.id);
  const triable = choices.applications.some((a) => a.environments.length > 0);
  return (
    <>
      <h1>{testCase ? `Edit ${testCase.name}` : 'New test case'}</h1>
      {error ? <Notice kind="error">{error}</Notice> : null}
      {testCase?.createdVia === 'apply' ? (
        <Notice>
          {testCase.name} is declared in a project file: the next goalie apply of that file sets it back to what the
          file says. After saving, its page shows the change as YAML to paste into the file.
        </Notice>
      ) : null}
      <p>
        <strong>Try it</strong> carries the goal out now on the chosen environment and shows each step, then checks the
        expected result; nothing is saved. <strong>Save</strong> stores the test case
        {testCase ? '' : ' (disabled until you enable it on its page)'}, with the steps of the try when the goal,
        application and environment did not change since; otherwise its goal is burned in again by a worker.
      </p>
      {!triable ? (
        <Notice kind="error">
          This project has no application with an environment to carry a goal out on. Declare one in the project file
          (applications, environments) and run goalie apply.
        </Notice>
      ) : null}
      <form method="post" action={action} class="stack wide">
        <Csrf token={csrf} />
        {tried ? <input type="hidden" name="try" value={tried.record.id} /> : null}
        {testCase ? <input type="hidden" name="testCase" value={testCase.id} /> : null}
        <label>
          Name
          <span class="hint">What it checks, 1 to 80 characters, unique in the project.</span>
          <input type="text" name="name" value={form.name} maxLength={80} autoComplete="off" />
        </label>
        <label>
          Application and environment
          <span class="hint">
            The goal starts at the environment's URL. Runs use the environment their plan names; a burn-in uses the
            application's default.
          </span>
          <select name="environment" required>
            {choices.applications.map((app) => (
              <optgroup label={`Application ${app.name}`}>
                {app.environments.map((env) => (
                  <option value={env.shortId} selected={env.shortId === form.environment}>
                    {`${app.name}: ${env.name}${env.isDefault ? ' (default)' : ''} — ${env.url}`}
                  </option>
                ))}
              </optgroup>
            ))}
          </select>
        </label>
        <label>
          Goal
          <span class="hint">
            One sentence per action, as a person would say it: Go to /login. Fill 'Email' with '{'{{config.email}}'}'.
            Click 'Sign in'.
          </span>
          <textarea name="goal" required rows={6}>
            {form.goal}
          </textarea>
        </label>
        <label>
          Expected result
          <span class="hint">
            What must be true at the end, checked on every run: 'Welcome back' is shown. Leave empty to only check that
            every step can be done.
          </span>
          <textarea name="expectedResult" rows={3}>
            {form.expectedResult}
          </textarea>
        </label>
        <Checkboxes
          legend="Configs"
          name="configs"
          hint={
            <>
              Values the goal names as {'{{config.key}}'} or "with config 'name'"; secret values are typed only into the
              project's own sites and masked everywhere they could be shown.
            </>
          }
          options={choices.configs.map((c) => ({ value: c.shortId, label: c.name }))}
          checked={form.configs}
          none="The project has no configs."
        />
        <Checkboxes
          legend="Test plans"
          name="plans"
          hint="The plans that run it."
          options={choices.plans.map((p) => ({ value: p.shortId, label: p.name }))}
          checked={form.plans}
          none="The project has no test plans."
        />
        <label>
          Resume From
          <span class="hint">Start where another test case ended, in its browser state (a try replays it first).</span>
          <select name="resumeFrom">
            <option value="" selected={!form.resumeFrom}>
              None: start at the environment's URL
            </option>
            {others.map((tc) => (
              <option value={tc.id} selected={tc.id === form.resumeFrom}>
                {tc.name}
              </option>
            ))}
          </select>
        </label>
        <Checkboxes
          legend="Wait For"
          name="waitFor"
          hint="Run only after these test cases passed in the same run."
          options={others.map((tc) => ({ value: tc.id, label: tc.name }))}
          checked={form.waitFor}
          none="There are no other test cases."
        />
        <div class="actions">
          <button type="submit" class="secondary" formAction={`/p/${projectSlug}/tries`} disabled={!triable}>
            Try it
          </button>
          <button type="submit">Save</button>
          {testCase ? (
            <a href={`/test-cases/${testCase.id}`}>Cancel</a>
          ) : (
            <a href={`/p/${projectSlug}/test-cases`}>Cancel</a>
          )}
        </div>
      </form>
      {tried ? (
        <TryResult tried={tried.record} state={tried.state} projectSlug={projectSlug} standalone={false} />
      ) : null}
    </>
  );
}

/** The try alone (its own address): what the form's page polls, and a page to open on its own. */
export function TryPage(props: { tried: GoalTryRecord; state: TryState; projectSlug: string }) {
  const { tried, state, projectSlug } = props;
  const id = encodeURIComponent(tried.id);
  return (
    <>
      <h1>Try of a goal</h1>
      <p>
        {tried.testCaseId ? (
          <a href={`/test-cases/${encodeURIComponent(tried.testCaseId)}/edit?try=${id}#try`}>Back to the form</a>
        ) : (
          <a href={`/p/${projectSlug}/test-cases/new?try=${id}#try`}>Back to the form</a>
        )}
      </p>
      <h2>Goal</h2>
      <p class="text">{tried.goal}</p>
      <TryResult tried={tried} state={state} projectSlug={projectSlug} standalone />
    </>
  );
}
