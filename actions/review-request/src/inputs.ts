// The review-request action's raw inputs turned into one typed, validated settings object. Pure:
// `read` is the input source (core.getInput in the action, a map in tests). Every problem names the
// input and says how to fix it; all problems are reported at once.
import { InputError, isHttpUrl, type InputReader } from '../../../shared/src/actions/inputs.js';

export interface ReviewRequestSettings {
  /** Missing only where the event may name the preview (deployment_status: its environment URL). */
  previewUrl?: string;
  /** Who the comment mentions, e.g. @goalie: the mention Goalie's review trigger listens for. */
  mention: string;
  message?: string;
  githubToken: string;
  /** GitHub's REST API base, without a trailing slash (https://api.github.com, or GHES' /api/v3). */
  githubApiUrl: string;
  /** QA.tech's pr_url: the pull request to comment on, instead of the event's. */
  pullRequest?: { owner: string; repo: string; number: number };
  /** Inputs of QA.tech's change-review action that have no effect here; present only when some do. */
  warnings?: string[];
}

export { InputError, isHttpUrl, type InputReader };

export const DEFAULT_MENTION = '@goalie';
export const DEFAULT_GITHUB_API_URL = 'https://api.github.com';

export interface InputOptions {
  /** The event names the preview itself (deployment_status), so preview_url may be left out. */
  previewUrlOptional?: boolean;
}

/** The preview URL of QA.tech's applications_config: {"applications": {"<app>": {"environment": {"url": ...}}}}. */
function previewUrlOfApplicationsConfig(text: string, problems: string[]): string {
  const example = '{"applications": {"app_x": {"environment": {"url": "https://pr-42.preview.example.com"}}}}';
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    problems.push(
      `applications_config is not valid JSON (${(error as Error).message}); give ${example}, or give the URL alone in preview_url.`,
    );
    return '';
  }
  const applications = (value as { applications?: unknown } | null)?.applications;
  const urls =
    applications && typeof applications === 'object' && !Array.isArray(applications)
      ? [
          ...new Set(
            Object.values(applications).map(
              (entry) => (entry as { environment?: { url?: unknown } } | null)?.environment?.url,
            ),
          ),
        ]
      : [];
  if (urls.length !== 1 || typeof urls[0] !== 'string') {
    problems.push(
      `applications_config must name one preview URL, as in ${example}: a Goalie review is asked for one preview deployment, and the project's review settings say which application it is. ` +
        'Give that URL in preview_url instead.',
    );
    return '';
  }
  return urls[0];
}

/** QA.tech's pr_url: https://<GitHub host>/<owner>/<repo>/pull/<number>. */
function parsePullRequestUrl(text: string, problems: string[]): ReviewRequestSettings['pullRequest'] {
  const match = isHttpUrl(text) ? /^\/([^/]+)\/([^/]+)\/pull\/(\d+)\/?$/.exec(new URL(text).pathname) : null;
  if (!match) {
    problems.push(
      `pr_url must be a pull request's URL such as https://github.com/octo/shop/pull/42, not ${JSON.stringify(text)}; leave it out to comment on the event's pull request.`,
    );
    return undefined;
  }
  return { owner: match[1]!, repo: match[2]!, number: Number(match[3]) };
}

export function parseInputs(read: InputReader, options: InputOptions = {}): ReviewRequestSettings {
  const problems: string[] = [];
  const warnings: string[] = [];
  const input = (name: string) => read(name).trim();

  // Inputs of QA.tech's change-review action, so that its workflows keep working.
  const applicationsConfig = input('applications_config');
  if (applicationsConfig !== '' && input('preview_url') !== '')
    problems.push(
      "preview_url and applications_config (QA.tech's form of it) are both given; give the preview URL in one of them.",
    );
  const previewUrl =
    input('preview_url') || (applicationsConfig ? previewUrlOfApplicationsConfig(applicationsConfig, problems) : '');
  const prUrl = input('pr_url');
  const pullRequest = prUrl ? parsePullRequestUrl(prUrl, problems) : undefined;
  const unused = ['api_token', 'api_url'].filter((name) => input(name) !== '');
  if (unused.length > 0) {
    warnings.push(
      `${unused.join(' and ')} ${unused.length === 1 ? 'is' : 'are'} not used: this action asks for the review with a comment on the pull request, which Goalie reads through the repository's webhook; remove ${unused.length === 1 ? 'it' : 'them'}.`,
    );
  }
  if (/^true$/i.test(input('blocking'))) {
    warnings.push(
      'blocking has no effect: this action does not wait for the review. Goalie posts its verdict as a review on the pull request; require it there (branch protection) instead.',
    );
  }

  if (previewUrl === '') {
    if (!options.previewUrlOptional && applicationsConfig === '') {
      problems.push(
        "preview_url is required: the URL of the pull request's preview deployment, such as https://pr-42.preview.example.com. " +
          "If it comes from an earlier job's output (`${{ needs.deploy.outputs.url }}`), check that the job sets that output.",
      );
    }
  } else if (!isHttpUrl(previewUrl) || /\s/.test(previewUrl)) {
    const name = input('preview_url') ? 'preview_url' : "applications_config's environment url";
    problems.push(
      `${name} must be an absolute http(s) URL such as https://pr-42.preview.example.com, not ${JSON.stringify(previewUrl)}.`,
    );
  }

  const mention = input('mention') || DEFAULT_MENTION;
  if (!/^@[A-Za-z0-9][A-Za-z0-9_.\-[\]/]*$/.test(mention)) {
    problems.push(
      `mention must be one @name, the name Goalie's review trigger listens for (default ${DEFAULT_MENTION}), not ${JSON.stringify(mention)}.`,
    );
  }

  const githubToken = input('github_token');
  if (githubToken === '') {
    problems.push(
      "github_token is empty: leave the input out to use the workflow's GITHUB_TOKEN (the job needs `permissions: pull-requests: write`), or pass a token that may comment on pull requests.",
    );
  }

  const rawApiUrl = input('github_api_url') || DEFAULT_GITHUB_API_URL;
  if (!isHttpUrl(rawApiUrl)) {
    problems.push(
      `github_api_url must be an absolute http(s) URL such as ${DEFAULT_GITHUB_API_URL} (or https://github.example.com/api/v3 for GitHub Enterprise Server), not ${JSON.stringify(rawApiUrl)}.`,
    );
  }

  const ownMessage = read('message').trim();
  const context = read('context').trim();
  if (ownMessage && context)
    problems.push("message and context (QA.tech's name for it) are both given; give the text in one of them.");

  if (problems.length > 0) throw new InputError(problems);
  const message = ownMessage || context;
  return {
    ...(previewUrl ? { previewUrl } : {}),
    mention,
    ...(message ? { message } : {}),
    githubToken,
    githubApiUrl: rawApiUrl.replace(/\/+$/, ''),
    ...(pullRequest ? { pullRequest } : {}),
    ...(warnings.length > 0 ? { warnings } : {}),
  };
}
