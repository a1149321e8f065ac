// Processes sharing a database with different secret keys: the one whose key differs is refused at
// start, with a message that says what to set, also when both start at the same moment.
import { randomBytes } from 'node:crypto';
import { expect } from 'chai';
import type { DataSource } from 'typeorm';
import { createDataSource, migrate } from '../../backend/src/persistence/data-source.js';
import { secretBoxFromKey } from '../../backend/src/persistence/secret-box.js';
import { checkSecretKey, SecretKeyMismatch } from '../../backend/src/persistence/secret-key-check.js';
import { createTestDatabase, type TestDatabase } from '../helpers/postgres.js';

describe('the secret key check', () => {
  let db: TestDatabase;
  let dataSource: DataSource;
  before(async () => {
    db = await createTestDatabase();
    dataSource = createDataSource(db.url, { poolSize: 4 });
    await dataSource.initialize();
    await migrate(dataSource);
  });
  after(async () => {
    await dataSource?.destroy();
    await db?.drop();
  });
  beforeEach(() => dataSource.query(`DELETE FROM instance_settings`));

  it('the first key is recorded; the same key passes again; another key is refused with what to set', async () => {
    const key = randomBytes(32);
    await checkSecretKey(dataSource, secretBoxFromKey(key), 'GOALIE_SECRET_KEY');
    await checkSecretKey(dataSource, secretBoxFromKey(Buffer.from(key)), 'GOALIE_SECRET_KEY');
    const refused = await checkSecretKey(
      dataSource,
      secretBoxFromKey(randomBytes(32)),
      '/home/w2/.goalie/secret.key',
    ).then(
      () => null,
      (error: Error) => error,
    );
    expect(refused).to.be.instanceOf(SecretKeyMismatch);
    expect(refused!.message)
      .to.include('/home/w2/.goalie/secret.key')
      .and.include('set GOALIE_SECRET_KEY to the same value on every machine');
  });

  it('two processes with different keys starting at once: exactly one starts', async () => {
    for (let round = 0; round < 5; round++) {
      await dataSource.query(`DELETE FROM instance_settings`);
      const outcomes = await Promise.allSettled(
        [randomBytes(32), randomBytes(32)].map((key) =>
          checkSecretKey(dataSource, secretBoxFromKey(key), 'GOALIE_SECRET_KEY'),
        ),
      );
      expect(outcomes.map((o) => o.status).sort(), `round ${round}`).to.deep.equal(['fulfilled', 'rejected']);
    }
  });
});
