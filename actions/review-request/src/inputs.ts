// The review-request action's raw inputs turned into one typed, validated settings object. Pure:
// `read` is the input source (core.getInput in the action, a map in tests). Every problem names the
// input and says how to fix it; all problems are reported at once.

export interface ReviewRequestSettings {
  /** Missing only where the event may name the preview (deployment_status: its environment URL). */
  previewUrl?: string;
  /** Who the comment mentions, e.g. @goalie: the mention Goalie's review trigger listens for. */
  mention: string;
  message?: string;
  githubToken: string;
  /** GitHub's REST API base, without a trailing slash (https://api.github.com, or GHES' /api/v3). */
  githubApiUrl: string;
}

export type InputReader = (name: string) => string;

export class InputError extends Error {
  constructor(readonly problems: string[]) {
    super(
      problems.length === 1
        ? `Invalid input: ${problems[0]}`
        : `${problems.length} invalid inputs:\n${problems.map((problem) => `- ${problem}`).join('\n')}`,
    );
    this.name = 'InputError';
  }
}

export const DEFAULT_MENTION = '@goalie';
export const DEFAULT_GITHUB_API_URL = 'https://api.github.com';

export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

export interface InputOptions {
  /** The event names the preview itself (deployment_status), so preview_url may be left out. */
  previewUrlOptional?: boolean;
}

export function parseInputs(read: InputReader, options: InputOptions = {}): ReviewRequestSettings {
  const problems: string[] = [];
  const input = (name: string) => read(name).trim();

  const previewUrl = input('preview_url');
  if (previewUrl === '') {
    if (!options.previewUrlOptional) {
      problems.push(
        "preview_url is required: the URL of the pull request's preview deployment, such as https://pr-42.preview.example.com. " +
          "If it comes from an earlier job's output (`${{ needs.deploy.outputs.url }}`), check that the job sets that output.",
      );
    }
  } else if (!isHttpUrl(previewUrl) || /\s/.test(previewUrl)) {
    problems.push(`preview_url must be an absolute http(s) URL such as https://pr-42.preview.example.com, not ${JSON.stringify(previewUrl)}.`);
  }

  const mention = input('mention') || DEFAULT_MENTION;
  if (!/^@[A-Za-z0-9][A-Za-z0-9_.\-[\]/]*$/.test(mention)) {
    problems.push(`mention must be one @name, the name Goalie's review trigger listens for (default ${DEFAULT_MENTION}), not ${JSON.stringify(mention)}.`);
  }

  const githubToken = input('github_token');
  if (githubToken === '') {
    problems.push('github_token is empty: leave the input out to use the workflow\'s GITHUB_TOKEN (the job needs `permissions: pull-requests: write`), or pass a token that may comment on pull requests.');
  }

  const rawApiUrl = input('github_api_url') || DEFAULT_GITHUB_API_URL;
  if (!isHttpUrl(rawApiUrl)) {
    problems.push(`github_api_url must be an absolute http(s) URL such as ${DEFAULT_GITHUB_API_URL} (or https://github.example.com/api/v3 for GitHub Enterprise Server), not ${JSON.stringify(rawApiUrl)}.`);
  }

  if (problems.length > 0) throw new InputError(problems);
  const message = read('message').trim();
  return {
    ...(previewUrl ? { previewUrl } : {}),
    mention,
    ...(message ? { message } : {}),
    githubToken,
    githubApiUrl: rawApiUrl.replace(/\/+$/, ''),
  };
}
