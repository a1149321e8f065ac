// A test plan named by a person: its short ID (pln-smoke_4kq8z1) or its name ("Smoke", any case),
// resolved against the project's plans (GET /v1/test-plans). A near miss says what was meant.
import { didYouMean } from '../did-you-mean.js';
import { isShortId } from '../short-ids.js';

export interface PlanChoice {
  shortId: string;
  name: string;
}

export type PlanResolution = { plan: PlanChoice } | { problem: string };

const label = (p: PlanChoice) => `${JSON.stringify(p.name)} (${p.shortId})`;

/** At most ten, then how many more. */
function listed(plans: readonly PlanChoice[]): string {
  const shown = plans.slice(0, 10).map(label).join(', ');
  return plans.length > 10 ? `${shown} and ${plans.length - 10} more (GET /v1/test-plans lists them)` : shown;
}

export function resolvePlanRef(ref: string, plans: readonly PlanChoice[]): PlanResolution {
  const wanted = ref.trim();
  if (!wanted) return { problem: 'the test plan is empty: give its name or short ID' };
  const exact = plans.find((p) => p.shortId === wanted) ?? plans.find((p) => p.name === wanted);
  if (exact) return { plan: exact };
  const anyCase = plans.filter((p) => p.name.toLowerCase() === wanted.toLowerCase());
  if (anyCase.length === 1) return { plan: anyCase[0]! };
  if (anyCase.length > 1)
    return {
      problem: `${anyCase.length} test plans are named ${JSON.stringify(wanted)} in other cases: ${anyCase.map(label).join(', ')}; give the short ID of the one you mean`,
    };
  const kind = isShortId('testPlan', wanted) ? 'with the short ID' : 'named';
  if (plans.length === 0)
    return { problem: `no test plan ${kind} ${JSON.stringify(wanted)}: the project has no test plans yet` };
  const byName = didYouMean(
    wanted,
    plans.map((p) => p.name),
  );
  const byShortId = didYouMean(
    wanted,
    plans.map((p) => p.shortId),
  );
  const meant = [
    ...new Set([
      ...byName.map((name) => plans.find((p) => p.name === name)!),
      ...byShortId.map((shortId) => plans.find((p) => p.shortId === shortId)!),
    ]),
  ];
  const suggestion = meant.length ? ` Did you mean ${meant.map(label).join(' or ')}?` : '';
  return {
    problem: `no test plan ${kind} ${JSON.stringify(wanted)} in the project.${suggestion} The plans are: ${listed(plans)}`,
  };
}
