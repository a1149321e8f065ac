// Links to a repository host's web pages (a commit, a branch, a pull or merge request), derived from
// the API URL a repository connection is configured with: GitHub's https://api.github.com is
// https://github.com, GitHub Enterprise's https://HOST/api/v3 is https://HOST, GitLab's API URL is its
// web address already (with or without /api/v4, on its own host or under a path).

export type RepositoryHost = 'github' | 'gitlab';

export interface HostLinks {
  repository: string;
  commit(sha: string): string;
  branch(name: string): string;
  changeRequest(number: number): string;
}

/** The host's web address for an API URL, without a trailing slash; null when it is not an http(s) URL. */
export function hostWebUrl(host: RepositoryHost, apiUrl: string): string | null {
  let url: URL;
  try {
    url = new URL(apiUrl.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  let path = url.pathname.replace(/\/+$/, '');
  let hostname = url.host;
  if (host === 'github') {
    if (url.hostname === 'api.github.com') hostname = 'github.com';
    // GitHub Enterprise Cloud with data residency: api.SUBDOMAIN.ghe.com serves SUBDOMAIN.ghe.com.
    else if (/^api\.[^.]+\.ghe\.com$/.test(url.hostname)) hostname = url.host.slice('api.'.length);
    path = path.replace(/\/api\/v3$/, '');
  } else {
    path = path.replace(/\/api\/v4$/, '');
  }
  return `${url.protocol}//${hostname}${path}`;
}

const segments = (path: string) => path.split('/').map(encodeURIComponent).join('/');

/** Links into `repository` (owner/repo, group/subgroup/project) on the host; null without a usable web address. */
export function hostLinks(host: RepositoryHost, apiUrl: string, repository: string): HostLinks | null {
  const web = hostWebUrl(host, apiUrl);
  const repo = repository.trim().replace(/^\/+|\/+$/g, '');
  if (!web || !repo) return null;
  const base = `${web}/${segments(repo)}`;
  // GitLab puts its pages under /-/ so that they cannot clash with a subgroup's name.
  const page = host === 'gitlab' ? `${base}/-` : base;
  return {
    repository: base,
    commit: (sha) => `${page}/commit/${encodeURIComponent(sha)}`,
    branch: (name) => `${page}/tree/${segments(name)}`,
    changeRequest: (number) => (host === 'gitlab' ? `${page}/merge_requests/${number}` : `${base}/pull/${number}`),
  };
}
