import { expect } from 'chai';
import { hostLinks, hostWebUrl } from '../../../backend/src/domain/host-links.js';

describe('host links: web pages of a repository host from its API URL', () => {
  const web: [Parameters<typeof hostWebUrl>[0], string, string | null][] = [
    ['github', 'https://api.github.com', 'https://github.com'],
    ['github', 'https://api.github.com/', 'https://github.com'],
    ['github', 'https://ghe.example.com/api/v3', 'https://ghe.example.com'],
    ['github', 'https://ghe.example.com/api/v3/', 'https://ghe.example.com'],
    ['github', 'http://127.0.0.1:4567/api/v3', 'http://127.0.0.1:4567'],
    ['github', 'https://api.acme.ghe.com', 'https://acme.ghe.com'],
    ['gitlab', 'https://gitlab.com', 'https://gitlab.com'],
    ['gitlab', 'https://gitlab.com/api/v4', 'https://gitlab.com'],
    ['gitlab', 'https://gitlab.example.com/gitlab/', 'https://gitlab.example.com/gitlab'],
    ['gitlab', 'https://gitlab.example.com:8443/gitlab/api/v4/', 'https://gitlab.example.com:8443/gitlab'],
    ['gitlab', 'not a url', null],
    ['github', 'ftp://example.com', null],
  ];
  for (const [host, api, expected] of web) {
    it(`${host} ${api} -> ${expected}`, () => expect(hostWebUrl(host, api)).to.equal(expected));
  }

  it('GitHub: commit, branch (slashes kept) and pull request', () => {
    const links = hostLinks('github', 'https://api.github.com', 'acme/shop')!;
    expect(links.repository).to.equal('https://github.com/acme/shop');
    expect(links.commit('3f9a2c1')).to.equal('https://github.com/acme/shop/commit/3f9a2c1');
    expect(links.branch('feature/cart #2')).to.equal('https://github.com/acme/shop/tree/feature/cart%20%232');
    expect(links.changeRequest(12)).to.equal('https://github.com/acme/shop/pull/12');
  });

  it('GitHub Enterprise keeps its host', () => {
    expect(hostLinks('github', 'https://ghe.example.com/api/v3', 'acme/shop')!.commit('abc')).to.equal(
      'https://ghe.example.com/acme/shop/commit/abc',
    );
  });

  it('GitLab, self-managed under a path, with subgroups: pages under /-/', () => {
    const links = hostLinks('gitlab', 'https://git.example.com/gitlab/api/v4', 'acme/web/shop')!;
    expect(links.repository).to.equal('https://git.example.com/gitlab/acme/web/shop');
    expect(links.commit('abc123')).to.equal('https://git.example.com/gitlab/acme/web/shop/-/commit/abc123');
    expect(links.branch('main')).to.equal('https://git.example.com/gitlab/acme/web/shop/-/tree/main');
    expect(links.changeRequest(7)).to.equal('https://git.example.com/gitlab/acme/web/shop/-/merge_requests/7');
  });

  it('no links without a usable API URL or repository', () => {
    expect(hostLinks('gitlab', 'javascript:alert(1)', 'acme/shop')).to.equal(null);
    expect(hostLinks('github', 'https://api.github.com', ' ')).to.equal(null);
  });
});
