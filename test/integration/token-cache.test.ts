// The caller of a token is kept in memory briefly (GOALIE_TOKEN_CACHE_SECONDS): what that may and may
// not change. Revocations and suspensions written by another process (the CLI, another server) are
// written here straight into the database.
import { expect } from 'chai';
import type { ApplySummary } from '../../backend/src/app/apply-project.js';
import { createToken, revokeToken } from '../../backend/src/app/tokens.js';
import { shopProject } from '../fixtures/projects.js';
import { errorMessage, sql } from '../helpers/project-yaml.js';
import { startTestService, type TestService } from '../helpers/service.js';
import { waitFor } from '../helpers/wait.js';

const rivalProject = `
organization: { name: Rival }
project: { name: rival }
applications:
  - name: portal
    environments: [{ name: live, url: https://portal.rival.example.org }]
`;

describe('the API token cache', () => {
  describe('with a time to live of a minute', () => {
    let service: TestService;
    let run: { shortId: string };

    before(async () => {
      service = await startTestService({ GOALIE_TOKEN_CACHE_SECONDS: '60' });
      await service.apply(shopProject());
      await service.apply(rivalProject);
      run = (await service.client(await service.token('shop')).post('/v1/run', {})).body.run;
    });
    after(() => service.close());

    it('keeps a token working that another process revoked, and refuses it at once when this process revokes it', async () => {
      const { token, record } = await createToken(service.runtime.app, 'shop', 'cached');
      const client = service.client(token);
      expect((await client.get(`/v1/run/${run.shortId}`)).status).to.equal(200);
      await sql(service, 'UPDATE api_tokens SET revoked_at = now() WHERE id = $1', [record.id]);
      // Within the time to live the cached caller answers: the cache is really used.
      expect((await client.get(`/v1/run/${run.shortId}`)).status).to.equal(200);
      await revokeToken(service.runtime.app, record.prefix);
      const res = await client.get(`/v1/run/${run.shortId}`);
      expect(res.status).to.equal(403);
      expect(errorMessage(res.body)).to.include('revoked');
    });

    it("still refuses another project's token the cache has seen: its run stays hidden", async () => {
      const rival = service.client(await service.token('rival'));
      for (let i = 0; i < 3; i++) {
        const res = await rival.get(`/v1/run/${run.shortId}?testCases=all`);
        expect(res.status).to.equal(404);
        expect(errorMessage(res.body)).to.include('not found in project rival');
      }
    });

    it('remembers no unknown token, however many are tried', async () => {
      const before = service.runtime.app.callers!.size();
      for (let i = 0; i < 50; i++) {
        const res = await service.client(`goalie_made-up-${i}`).get(`/v1/run/${run.shortId}`);
        expect(res.status).to.equal(401);
      }
      expect(service.runtime.app.callers!.size()).to.equal(before);
    });

    it('writes last_used_at again once a minute has passed', async () => {
      const { token, record } = await createToken(service.runtime.app, 'shop', 'touched');
      const client = service.client(token);
      const lastUsed = async () =>
        (await sql(service, 'SELECT last_used_at FROM api_tokens WHERE id = $1', [record.id]))[0]!
          .last_used_at as Date | null;
      await client.get(`/v1/run/${run.shortId}`);
      const first = await waitFor('the first last_used_at', lastUsed);
      // The service's clock a minute and a bit later: the next request writes it again.
      const app = service.runtime.app;
      const realNow = app.now;
      const later = new Date(Date.now() + 61_000);
      app.now = () => later;
      try {
        await client.get(`/v1/run/${run.shortId}`);
        await waitFor('last_used_at to advance', async () => (await lastUsed())?.getTime() === later.getTime());
      } finally {
        app.now = realNow;
      }
      expect(later.getTime()).to.be.greaterThan(first.getTime());
    });
  });

  describe('with a time to live of a second', () => {
    let service: TestService;
    let shop: ApplySummary;
    let run: { shortId: string };

    before(async () => {
      service = await startTestService({ GOALIE_TOKEN_CACHE_SECONDS: '1' });
      shop = await service.apply(shopProject());
      run = (await service.client(await service.token('shop')).post('/v1/run', {})).body.run;
    });
    after(() => service.close());

    it('refuses a token revoked by another process within the time to live', async () => {
      const { token, record } = await createToken(service.runtime.app, 'shop', 'elsewhere');
      const client = service.client(token);
      expect((await client.get(`/v1/run/${run.shortId}`)).status).to.equal(200);
      await sql(service, 'UPDATE api_tokens SET revoked_at = now() WHERE id = $1', [record.id]);
      // In real time, as a deployment sees it: the deadline is the time to live and ample slack for a
      // busy machine.
      await waitFor(
        'the revoked token to be refused',
        async () => (await client.get(`/v1/run/${run.shortId}`)).status === 403,
        6000,
      );
    });

    it('refuses the tokens of an organization suspended by another process within the time to live', async () => {
      const client = service.client(await service.token('shop'));
      expect((await client.get(`/v1/run/${run.shortId}`)).status).to.equal(200);
      await sql(
        service,
        'UPDATE organizations SET suspended = true WHERE id = (SELECT organization_id FROM projects WHERE id = $1)',
        [shop.project.id],
      );
      // The service's clock past the time to live instead of waiting it out (the test above waits in
      // real time): the next request reads the caller again.
      const app = service.runtime.app;
      const realNow = app.now;
      const later = new Date(Date.now() + 1_500);
      app.now = () => later;
      try {
        const res = await client.get(`/v1/run/${run.shortId}`);
        expect(res.status).to.equal(403);
        expect(errorMessage(res.body)).to.include('is suspended');
      } finally {
        app.now = realNow;
        // The caller kept at the moved time would otherwise stay fresh for a second of real time.
        app.callers!.clear();
        await sql(
          service,
          'UPDATE organizations SET suspended = false WHERE id = (SELECT organization_id FROM projects WHERE id = $1)',
          [shop.project.id],
        );
      }
    });
  });
});
