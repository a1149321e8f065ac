// Retention against both stores: evidence of run test cases, reviews and burn-ins older than the
// project's evidenceRetentionDays is deleted and its rows marked, newer evidence stays, two sweeps at
// once delete each row's evidence once, and what a sweep that failed half-way held is finished later.
import { expect } from 'chai';
import { expireEvidence } from '../../../backend/src/app/expire-evidence.js';
import type { EvidenceStore } from '../../../backend/src/app/ports/evidence.js';
import { startScheduler } from '../../../backend/src/jobs/scheduler.js';
import { Worker } from '../../../backend/src/jobs/worker.js';
import { shopProject } from '../../fixtures/projects.js';
import { adminFetch } from '../../helpers/dashboard.js';
import { sql, withProjectSetting } from '../../helpers/project-yaml.js';
import { connectRepository, writeReview, type Connection } from '../../helpers/review-rows.js';
import { evidenceStoreKinds } from '../../helpers/evidence-stores.js';
import { ScriptedExecutor } from '../../helpers/scripted-executor.js';
import { startTestService, type TestService } from '../../helpers/service.js';
import { waitFor } from '../../helpers/wait.js';

const DAY = 24 * 60;

/** The store, with the folders deleted through it counted (the deletes themselves are the store's own). */
function counted(store: EvidenceStore, deleted: string[], failAfter = Infinity): EvidenceStore {
  return {
    ...store,
    async deletePrefix(prefix) {
      if (deleted.length >= failAfter) throw new Error('the storage went away');
      deleted.push(prefix);
      await store.deletePrefix(prefix);
    },
  };
}

for (const kind of evidenceStoreKinds) {
  describe(`evidence retention: ${kind.name}`, function () {
    this.timeout(120_000);
    let service: TestService;
    let store: EvidenceStore;
    let stop: () => Promise<void>;
    let projectId: string;
    let connection: Connection | undefined;
    const q = (query: string, params: unknown[] = []) => sql(service, query, params);

    /** A finished run of the default plan (a scripted worker), its test cases given evidence that finished `days` ago. */
    async function runWithEvidence(days: number): Promise<{ shortId: string; rows: { id: string; keys: string[] }[] }> {
      const executor = new ScriptedExecutor();
      const worker = new Worker(service.runtime.app, service.runtime.boss, executor, {
        databaseUrl: service.runtime.databaseUrl,
        concurrency: 4,
        projectParallelism: 20,
      });
      await worker.start();
      try {
        const api = service.client(await service.token('shop'));
        const { body } = await api.post('/v1/run', {});
        await waitFor('the run to end', async () =>
          ['COMPLETED', 'ERROR'].includes((await api.get(`/v1/run/${body.run.shortId}`)).body.status),
        );
        const rtcs = await q(
          `SELECT id, run_id FROM run_test_cases WHERE run_id = (SELECT id FROM runs WHERE short_id = $1) ORDER BY position`,
          [body.run.shortId],
        );
        const rows = [];
        for (const rtc of rtcs) {
          const base = `runs/${rtc.run_id}/${rtc.id}`;
          const items = [
            { kind: 'screenshot', key: `${base}/attempt-0/final.jpg`, label: 'final', contentType: 'image/jpeg' },
            { kind: 'console', key: `${base}/attempt-0/console.txt`, label: 'console', contentType: 'text/plain' },
          ];
          for (const item of items) await store.put(item.key, `bytes of ${item.key}`, item.contentType, []);
          // An earlier attempt's evidence is not listed, but lies in the same folder.
          await store.put(`${base}/attempt-1/final.jpg`, 'earlier', 'image/jpeg', []);
          await q(
            `UPDATE run_test_cases SET evidence = $2, finished_at = now() - make_interval(days => $3) WHERE id = $1`,
            [rtc.id, JSON.stringify(items), days],
          );
          rows.push({ id: rtc.id, keys: [...items.map((i) => i.key), `${base}/attempt-1/final.jpg`] });
        }
        return { shortId: body.run.shortId, rows };
      } finally {
        await worker.stop(1000);
      }
    }

    async function reviewWithEvidence(number: number, days: number): Promise<string[]> {
      connection ??= await connectRepository(service, projectId);
      const shortId = await writeReview(service, connection, {
        number,
        status: 'COMPLETED',
        verdict: 'Approved',
        minutesAgo: days * DAY,
      });
      const { id } = (await q(`SELECT id FROM reviews WHERE short_id = $1`, [shortId]))[0]!;
      const key = `reviews/${id}/checks/1/final.jpg`;
      await store.put(key, 'review shot', 'image/jpeg', []);
      return [key];
    }

    async function burnInWithEvidence(name: string, days: number): Promise<string[]> {
      const [row] = await q(`SELECT id FROM test_cases WHERE project_id = $1 AND name = $2`, [projectId, name]);
      await q(
        `UPDATE test_cases SET generation_status = 'COMPLETED', generation_started_at = now() - make_interval(days => $2) WHERE id = $1`,
        [row!.id, days],
      );
      const keys = [`generation/${row!.id}/1700000000000/final.jpg`, `generation/${row!.id}/1700000000001/trace.zip`];
      for (const key of keys) await store.put(key, 'burn-in', 'image/jpeg', []);
      return keys;
    }

    const exists = async (key: string) => {
      const opened = await store.open(key);
      if (opened?.status === 'ok') opened.body.destroy();
      return opened !== null;
    };

    before(async () => {
      ({ store, stop } = await kind.start());
      service = await startTestService({}, { evidence: store });
      const applied = await service.apply(withProjectSetting(shopProject(), 'evidenceRetentionDays: 7'));
      projectId = applied.project.id;
    });
    after(async () => {
      await service?.close();
      await stop?.();
    });

    it('deletes what is older than the setting once across two sweeps at once, keeps the rest, and says so on the run page', async () => {
      const oldRun = await runWithEvidence(8);
      const newRun = await runWithEvidence(6);
      const oldReview = await reviewWithEvidence(1, 8);
      const newReview = await reviewWithEvidence(2, 6);
      const oldBurnIn = await burnInWithEvidence('Sign in', 8);
      const newBurnIn = await burnInWithEvidence('Checkout', 6);
      const expiredKeys = [...oldRun.rows.flatMap((r) => r.keys), ...oldReview, ...oldBurnIn];
      const keptKeys = [...newRun.rows.flatMap((r) => r.keys), ...newReview, ...newBurnIn];

      const deleted: string[] = [];
      // Two sweeps at once, as two processes' schedulers would, one row per transaction so that they interleave.
      const counts = await Promise.all([
        expireEvidence(service.runtime.app, counted(store, deleted), { batch: 1 }),
        expireEvidence(service.runtime.app, counted(store, deleted), { batch: 1 }),
      ]);
      const expiredRows = oldRun.rows.length + 1 + 1;
      expect(counts[0] + counts[1]).to.equal(expiredRows);
      expect(deleted).to.have.length(expiredRows);
      expect(new Set(deleted).size, 'each folder deleted once').to.equal(expiredRows);

      for (const key of expiredKeys) expect(await exists(key), key).to.equal(false);
      for (const key of keptKeys) expect(await exists(key), key).to.equal(true);

      const rows = await q(`SELECT id, evidence, evidence_expired_at FROM run_test_cases WHERE id = ANY($1::uuid[])`, [
        [...oldRun.rows, ...newRun.rows].map((r) => r.id),
      ]);
      for (const row of rows) {
        const old = oldRun.rows.some((r) => r.id === row.id);
        expect(row.evidence, row.id).to.have.length(old ? 0 : 2);
        expect(row.evidence_expired_at === null, row.id).to.equal(!old);
      }
      const reviews = await q(
        `SELECT count(*)::int n FROM reviews WHERE project_id = $1 AND evidence_expired_at IS NOT NULL`,
        [projectId],
      );
      expect(reviews[0]!.n).to.equal(1);

      const page = await (await adminFetch(service, `/runs/${oldRun.shortId}`)).text();
      expect(page).to.include('expired on');
      expect(page).not.to.match(/src="\/evidence\//);
      const kept = await (await adminFetch(service, `/runs/${newRun.shortId}`)).text();
      expect(kept).to.match(/src="\/evidence\/runs\//);
      expect(kept).not.to.include('expired on');

      // Nothing left to do: the next sweep deletes nothing.
      expect(await expireEvidence(service.runtime.app, counted(store, deleted))).to.equal(0);
      expect(deleted).to.have.length(expiredRows);
    });

    it('two schedulers sweep beside their ticks, each row once', async () => {
      const run = await runWithEvidence(10);
      const deleted: string[] = [];
      const schedulers = [0, 1].map(() =>
        startScheduler(service.runtime.app, {
          tickMs: 50,
          staleAfterMs: 15_000,
          evidence: counted(store, deleted),
          evidenceSweepMs: 0,
        }),
      );
      try {
        await waitFor(
          'the sweeps',
          async () =>
            (
              await q(
                `SELECT count(*)::int n FROM run_test_cases WHERE id = ANY($1::uuid[]) AND evidence_expired_at IS NOT NULL`,
                [run.rows.map((r) => r.id)],
              )
            )[0]!.n === run.rows.length,
        );
      } finally {
        await Promise.all(schedulers.map((s) => s.stop()));
      }
      expect([...deleted].sort()).to.deep.equal(
        run.rows.map((r) => r.keys[0]!.replace(/attempt-0\/final\.jpg$/, '')).sort(),
      );
      for (const key of run.rows.flatMap((r) => r.keys)) expect(await exists(key), key).to.equal(false);
    });

    it('a scheduler sweeps at its first tick, and again only once the sweep interval has passed on its clock', async () => {
      const expiredOf = async (run: { rows: { id: string }[] }) =>
        (
          await q(
            `SELECT count(*)::int n FROM run_test_cases WHERE id = ANY($1::uuid[]) AND evidence_expired_at IS NOT NULL`,
            [run.rows.map((r) => r.id)],
          )
        )[0]!.n as number;
      const first = await runWithEvidence(10);
      // Ticks only when the test says so; the sweep interval is the default, 10 minutes.
      const scheduler = startScheduler(service.runtime.app, {
        tickMs: 3_600_000,
        staleAfterMs: 15_000,
        evidence: store,
      });
      const app = service.runtime.app;
      const realNow = app.now;
      try {
        await waitFor('the first sweep', async () => (await expiredOf(first)) === first.rows.length);
        const second = await runWithEvidence(10);
        await scheduler.tick();
        expect(await expiredOf(second), 'swept again within the interval').to.equal(0);
        // Ten minutes later on the scheduler's clock, not in real time.
        const later = new Date(Date.now() + 601_000);
        app.now = () => later;
        await waitFor('the sweep after the interval', async () => {
          await scheduler.tick();
          return (await expiredOf(second)) === second.rows.length;
        });
      } finally {
        app.now = realNow;
        await scheduler.stop();
      }
    });

    it('a sweep that fails half-way marks what it deleted; the rows it held are taken again once their lease runs out', async () => {
      const run = await runWithEvidence(9);
      const ids = run.rows.map((r) => r.id);
      const deleted: string[] = [];
      let error: unknown = null;
      await expireEvidence(service.runtime.app, counted(store, deleted, 1)).catch((e) => (error = e));
      expect((error as Error | null)?.message).to.equal('the storage went away');
      expect(deleted).to.have.length(1);
      const [marked] = await q(
        `SELECT count(*)::int n FROM run_test_cases WHERE id = ANY($1::uuid[]) AND evidence_expired_at IS NOT NULL AND jsonb_array_length(evidence) = 0`,
        [ids],
      );
      expect(marked!.n, 'the row whose evidence was deleted').to.equal(1);
      // Still held by the failed sweep: another one leaves them alone until the lease runs out.
      expect(await expireEvidence(service.runtime.app, store)).to.equal(0);
      expect(await expireEvidence(service.runtime.app, store, { leaseMs: 0 })).to.equal(run.rows.length - 1);
      for (const key of run.rows.flatMap((r) => r.keys)) expect(await exists(key), key).to.equal(false);
      const [left] = await q(
        `SELECT count(*)::int n FROM run_test_cases WHERE id = ANY($1::uuid[]) AND (evidence_expired_at IS NULL OR evidence_sweep_claimed_at IS NOT NULL)`,
        [ids],
      );
      expect(left!.n).to.equal(0);
    });

    it('a newer burn-in is kept until it too is past the setting', async () => {
      const again = await burnInWithEvidence('Sign in', 1);
      // Its evidence was last swept before this burn-in began.
      await q(
        `UPDATE test_cases SET evidence_expired_at = now() - interval '20 days' WHERE project_id = $1 AND name = 'Sign in'`,
        [projectId],
      );
      expect(await expireEvidence(service.runtime.app, store)).to.equal(0);
      for (const key of again) expect(await exists(key), key).to.equal(true);
      await q(
        `UPDATE test_cases SET generation_started_at = now() - interval '8 days' WHERE project_id = $1 AND name = 'Sign in'`,
        [projectId],
      );
      expect(await expireEvidence(service.runtime.app, store)).to.equal(1);
      for (const key of again) expect(await exists(key), key).to.equal(false);
    });
  });
}
