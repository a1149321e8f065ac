// Are the deployments of a commit ready? Every hosting environment the project maps to an
// application must have a successful deployment with a URL for that commit.

export interface EnvironmentMapping {
  /** The hosting environment's name as the host reports it (`preview`, `storybook`, `review/feature-x`). */
  environment: string;
  applicationId: string;
}

export interface Deployment {
  environment: string;
  url: string;
  sha: string;
}

/** `review/*` style patterns match GitLab's dynamic environments; otherwise names compare exactly (case-insensitive). */
export function environmentMatches(pattern: string, name: string): boolean {
  if (pattern.endsWith('/*')) return name.toLowerCase().startsWith(pattern.slice(0, -1).toLowerCase());
  return pattern.toLowerCase() === name.toLowerCase();
}

export function deploymentsReady(
  mappings: readonly EnvironmentMapping[],
  deployments: readonly Deployment[],
  sha: string,
): { ready: boolean; urls: { applicationId: string; url: string; environment: string }[]; missing: string[] } {
  const forSha = deployments.filter((d) => d.sha === sha && d.url);
  const urls: { applicationId: string; url: string; environment: string }[] = [];
  const missing: string[] = [];
  for (const mapping of mappings) {
    // The newest matching deployment wins (the list is oldest first).
    const found = [...forSha].reverse().find((d) => environmentMatches(mapping.environment, d.environment));
    if (found) urls.push({ applicationId: mapping.applicationId, url: found.url, environment: found.environment });
    else missing.push(mapping.environment);
  }
  return { ready: mappings.length > 0 && missing.length === 0, urls, missing };
}
