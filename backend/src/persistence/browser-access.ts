// Where a project's browser may go and where its config values may be typed, read from its row,
// its environments and its repository connection's environment mapping.
import type { EntityManager } from 'typeorm';
import type { ProjectBrowserAccess } from '../app/ports/test-executor.js';
import { previewOriginOf } from '../domain/url-policy.js';
import {
  ApplicationEntity,
  EnvironmentEntity,
  ProjectEntity,
  RepositoryConnectionEntity,
  RunEntity,
} from './entities/index.js';

export async function projectBrowserAccess(
  m: EntityManager,
  of: { projectId: string } | { runId: string },
): Promise<ProjectBrowserAccess> {
  const projectId =
    'projectId' in of
      ? of.projectId
      : (await m.findOneOrFail(RunEntity, { where: { id: of.runId }, select: { id: true, projectId: true } }))
          .projectId;
  const [project, environments, connection] = await Promise.all([
    m.findOne(ProjectEntity, { where: { id: projectId }, select: { id: true, browserAccess: true } }),
    m
      .createQueryBuilder(EnvironmentEntity, 'e')
      .innerJoin(ApplicationEntity, 'a', 'a.id = e.application_id')
      .where('a.project_id = :projectId AND e.is_preview = false', { projectId })
      .getMany(),
    m.findOne(RepositoryConnectionEntity, { where: { projectId }, select: { id: true, environmentMapping: true } }),
  ]);
  const stored = project?.browserAccess ?? null;
  // By default, previews live on the hosts of the mapped applications' environments, or their
  // subdomains, on the environments' ports: not on another port of the same host.
  const mapped = new Set((connection?.environmentMapping ?? []).map((e) => e.applicationId));
  const previewHosts = environments
    .filter((e) => !mapped.size || mapped.has(e.applicationId))
    .map((e) => previewOriginOf(e.url));
  const previewOrigins = stored?.previewOrigins ?? [...new Set(previewHosts.filter((h): h is string => Boolean(h)))];
  const origins = environments.flatMap((e) => {
    try {
      return [new URL(e.url).origin];
    } catch {
      return [];
    }
  });
  return {
    network: { allowLoopback: stored?.allowLoopback ?? null, allowPrivate: stored?.allowPrivate ?? null },
    configOrigins: [...new Set([...origins, ...previewOrigins])],
    previewOrigins,
  };
}
