// One recorded step as people who know Playwright read it: its sentence (and the goal's sentence it
// was understood from), its action in words and its target's locators as Playwright calls, best
// first. On a test case's page and in a try of a goal.
import type { ReadableStep } from '../../../domain/step-code.js';

export function StepFacts({ readable }: { readable: ReadableStep }) {
  return (
    <>
      <p class="sentence">
        <strong>{readable.sentence}</strong>
        {readable.from ? <span class="muted"> (from “{readable.from}”)</span> : null}
        {readable.interpretedBy ? <span class="muted"> · read by {readable.interpretedBy}</span> : null}
      </p>
      <p class="step-action">
        <span class="muted">Action:</span> {readable.action}
      </p>
      {readable.locators.length ? (
        <ol class="locators" aria-label={`Locators of step “${readable.sentence}”, best first`}>
          {readable.locators.map((code) => (
            <li>
              <code>{code}</code>
            </li>
          ))}
        </ol>
      ) : null}
    </>
  );
}
