// The home page: the organizations' projects the user may see, each plan with its latest run and its
// pass rate over the last 30 days.
import Router from '@koa/router';
import type { AppContext } from '../../app/context.js';
import type { PlanSummary, ProjectSummary } from '../../app/ports/overview.js';
import type { AppState } from '../state.js';
import { requireUser } from './access.js';
import { Badge, Time } from './components.js';
import { renderPage } from './render.js';

export const PASS_RATE_DAYS = 30;

function PassRate({ plan }: { plan: PlanSummary }) {
  if (plan.finishedRuns === 0) return <span class="muted">no runs</span>;
  return (
    <>
      <span class="nowrap">{Math.round((plan.passedRuns / plan.finishedRuns) * 100)} %</span>
      <br />
      <small class="muted nowrap">
        of {plan.finishedRuns} run{plan.finishedRuns === 1 ? '' : 's'}
      </small>
    </>
  );
}

function ProjectCard({ project, plans }: { project: ProjectSummary; plans: PlanSummary[] }) {
  return (
    <section class="card" aria-labelledby={`project-${project.slug}`}>
      <h3 id={`project-${project.slug}`}>
        <a href={`/p/${project.slug}/runs`}>{project.name}</a>
      </h3>
      {plans.length === 0 ? (
        <p class="muted">No test plans yet.</p>
      ) : (
        <table>
          <thead>
            <tr>
              <th scope="col">Plan</th>
              <th scope="col">Latest run</th>
              <th scope="col" class="num">
                Passed ({PASS_RATE_DAYS} days)
              </th>
            </tr>
          </thead>
          <tbody>
            {plans.map((plan) => (
              <tr>
                <td>
                  <a href={`/p/${project.slug}/plans#plan-${plan.shortId}`}>{plan.name}</a>
                </td>
                <td>
                  {plan.latestRun ? (
                    <>
                      <a href={`/runs/${plan.latestRun.shortId}`}>{plan.latestRun.shortId}</a>{' '}
                      <Badge value={plan.latestRun.result ?? plan.latestRun.status} />
                      <br />
                      <small>
                        <Time at={plan.latestRun.createdAt} />
                      </small>
                    </>
                  ) : (
                    <span class="muted">never run</span>
                  )}
                </td>
                <td class="num">
                  <PassRate plan={plan} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

export function homeRoutes(app: AppContext): Router<AppState> {
  const router = new Router<AppState>();
  router.get('/', async (ctx) => {
    const user = requireUser(ctx);
    const memberships = await app.store.accounts.membershipsOf(user.id);
    const projects = await app.store.overview.projects(user.isAdmin ? null : memberships.map((m) => m.organizationId));
    const since = new Date(app.now().getTime() - PASS_RATE_DAYS * 86_400_000);
    const plans = await app.store.overview.plans(
      projects.map((p) => p.id),
      since,
    );
    const organizations = [...new Set(projects.map((p) => p.organizationName))];
    renderPage(
      ctx,
      { title: 'Projects', section: 'home' },
      <>
        <h1>Projects</h1>
        {projects.length === 0 ? (
          memberships.length === 0 && !user.isAdmin ? (
            <p>
              You are not a member of any organization yet. Ask an admin of your organization for an invitation link.
            </p>
          ) : (
            <p>
              No projects yet. Declare one in a project file and run <code>goalie apply project.yaml</code> (see
              docs/projects-as-code.md).
            </p>
          )
        ) : (
          organizations.map((organization) => (
            <>
              <h2>{organization}</h2>
              <div class="cards">
                {projects
                  .filter((p) => p.organizationName === organization)
                  .map((project) => (
                    <ProjectCard project={project} plans={plans.filter((p) => p.projectId === project.id)} />
                  ))}
              </div>
            </>
          ))
        )}
      </>,
    );
  });
  return router;
}
