import { expect } from 'chai';
import { databaseHealth, unreachableReason } from '../../backend/src/persistence/database-health.js';
import { waitFor } from '../helpers/wait.js';

const withCode = (code: string, message = 'x') => Object.assign(new Error(message), { code });

describe('telling an unreachable database from a failed query', () => {
  const unreachable: [string, unknown, RegExp][] = [
    ['a refused connection', withCode('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432'), /refused/],
    [
      'a server shut down under the session (57P01)',
      withCode('57P01', 'terminating connection due to administrator command'),
      /admin_shutdown/,
    ],
    [
      'a server starting or stopping (57P03)',
      withCode('57P03', 'the database system is shutting down'),
      /cannot_connect_now/,
    ],
    ['a lost connection', new Error('Connection terminated unexpectedly'), /lost/],
    [
      'a transaction whose connection broke before its commit',
      Object.assign(new Error('Query runner already released. Cannot run queries anymore.'), {
        name: 'QueryRunnerAlreadyReleasedError',
      }),
      /lost/,
    ],
    ['a pool that could not connect in time', new Error('timeout exceeded when trying to connect'), /timed out/],
    [
      'TypeORM wrapping the driver error',
      Object.assign(new Error('QueryFailedError'), { driverError: withCode('57P01') }),
      /admin_shutdown/,
    ],
    ['an error with a cause', new Error('outer', { cause: withCode('ECONNRESET') }), /reset/],
    ['every address refused', new AggregateError([withCode('ECONNREFUSED'), withCode('ECONNREFUSED')]), /refused/],
  ];
  for (const [what, error, reason] of unreachable) {
    it(`${what} means the database is unreachable`, () => expect(unreachableReason(error)).to.match(reason));
  }

  const notUnreachable: [string, unknown][] = [
    ['a unique violation', withCode('23505', 'duplicate key value violates unique constraint')],
    ['a syntax error', withCode('42601', 'syntax error at or near')],
    ['a programming error', new TypeError("Cannot read properties of undefined (reading 'id')")],
    ['no error at all', undefined],
  ];
  for (const [what, error] of notUnreachable) {
    it(`${what} does not`, () => expect(unreachableReason(error)).to.equal(null));
  }
});

describe('the database health of a process', () => {
  function capture() {
    const lines: { level: string; msg: string }[] = [];
    const at = (level: string) => (_obj: object, msg?: string) => lines.push({ level, msg: msg ?? '' });
    return { lines, log: { info: at('info'), warn: at('warn'), error: at('error') } };
  }

  it('logs once that the database went away, however many requests fail, and once that it is back', async () => {
    const { lines, log } = capture();
    let answers = false;
    const health = databaseHealth({
      ping: async () => (answers ? 1 : Promise.reject(withCode('ECONNREFUSED'))),
      log,
      hint: 'Check it.',
      probeEveryMs: 20,
    });
    try {
      for (let i = 0; i < 5; i++)
        expect(health.unreachable(withCode('ECONNREFUSED'))).to.match(
          /^The database is not reachable: the connection was refused\. Try again when GET \/readyz answers 200\. Check it\.$/,
        );
      expect(await health.check(1000)).to.equal('The database is not reachable: the connection was refused. Check it.');
      expect(health.unreachable(withCode('23505'))).to.equal(null);
      expect(lines).to.deep.equal([
        {
          level: 'error',
          msg: 'the database went away: the connection was refused. API calls answer 503 and GET /readyz says so until it is back. Check it.',
        },
      ]);
      answers = true;
      await waitFor('the line saying the database is back', async () => lines.length === 2);
      expect(lines[1]).to.deep.equal({ level: 'info', msg: 'the database is back; API calls are answered again' });
      expect(await health.check(1000)).to.equal(null);
      expect(lines).to.have.length(2);
    } finally {
      health.close();
    }
  });

  it('is not ready when the database does not answer in time', async () => {
    const { log } = capture();
    const health = databaseHealth({ ping: () => new Promise(() => {}), log, hint: 'Check it.' });
    expect(await health.check(50)).to.match(/^The database is not reachable: it did not answer within 0\.05 s/);
    health.close();
  });
});
