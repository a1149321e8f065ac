// No stray databases: a server command run where GOALIE_HOME holds no database creates none (exit 2,
// saying where it looked) unless told to with --init; `goalie reset` removes a home and its cluster,
// wherever the cluster lives; and the password links of `goalie user` lead to the server.
// The command runs spawned where the directory it runs in is the point, in this process otherwise.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import { noDatabaseMessage, type DatabaseCommand } from '../../backend/src/cli/with-runtime.js';
import { createDataSource } from '../../backend/src/persistence/data-source.js';
import { embeddedDatabaseDir } from '../../backend/src/persistence/embedded-home.js';
import { startEmbeddedPostgres } from '../../backend/src/persistence/embedded-postgres.js';
import { recordServerUrl } from '../../backend/src/persistence/server-address.js';
import { shopProject } from '../fixtures/projects.js';
import { removeEmbeddedHome, tempDir } from '../helpers/embedded-home.js';
import { createTestDatabase, type TestDatabase } from '../helpers/postgres.js';
import { GOALIE_BIN, runGoalie, type Finished } from '../helpers/processes.js';
import { runServerCommand } from '../helpers/server-cli.js';

/** No server's settings: GOALIE_HOME is ./.goalie of the directory the command runs in. */
const NO_SERVER = { DATABASE_URL: '', GOALIE_HOME: '', GOALIE_PUBLIC_URL: '', PORT: '' };

/** `goalie <args>` spawned in `cwd`, with `input` on its stdin (what a person types). */
function typed(args: string[], input: string, cwd: string): Promise<Finished> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [GOALIE_BIN, ...args], {
      cwd,
      env: { ...process.env, LOG_LEVEL: 'warn', ...NO_SERVER },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c) => (stdout += c));
    child.stderr.on('data', (c) => (stderr += c));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(input);
  });
}

const recordedDataDir = (home: string) =>
  (JSON.parse(fs.readFileSync(path.join(embeddedDatabaseDir(home), 'postgres.json'), 'utf8')) as { dataDir: string })
    .dataDir;

describe('no stray databases: where GOALIE_HOME holds no database', function () {
  this.timeout(240_000);
  // Private, like a clone under /root: as root, the cluster then lives outside the home, in /var/lib/goalie.
  let root: string;
  let home: string;
  let yaml: string;

  before(() => {
    root = fs.realpathSync(tempDir('goalie-stray-', { enterable: false }));
    home = path.join(root, '.goalie');
    yaml = path.join(root, 'shop.yaml');
    fs.writeFileSync(yaml, shopProject());
  });
  after(() => removeEmbeddedHome(root, home));

  it('goalie apply run in another directory: exit 2, names the directory and how to reach the server, creates nothing', async () => {
    const result = await runGoalie(['apply', yaml], NO_SERVER, 60_000, root);
    expect(result.code, result.stderr).to.equal(2);
    expect(result.stderr).to.equal(`goalie apply: ${noDatabaseMessage('apply', home)}\n`);
    expect(result.stderr).to.include(`under GOALIE_HOME ${home}`).and.include('--api-url').and.include('--init');
    expect(result.stdout).to.equal('');
    expect(fs.readdirSync(root)).to.deep.equal(['shop.yaml']);
  });

  it('user create, token, project, worker and migrate refuse the same way, each creating nothing', async () => {
    const cases: [string[], DatabaseCommand][] = [
      [['user', 'create', '--email', 'admin@example.com', '--admin'], 'user create'],
      [['user', 'reset-link', '--email', 'admin@example.com'], 'user reset-link'],
      [['token', 'create', '--project', 'shop'], 'token create'],
      [['project', 'list'], 'project list'],
      [['worker'], 'worker'],
      [['migrate'], 'migrate'],
    ];
    for (const [argv, command] of cases) {
      const result = await runServerCommand(argv, { ...NO_SERVER, GOALIE_HOME: home });
      expect(result.code, argv.join(' ')).to.equal(2);
      expect(result.stderr).to.equal(`goalie ${argv[0]}: ${noDatabaseMessage(command, home)}\n`);
      expect(fs.readdirSync(root), argv.join(' ')).to.deep.equal(['shop.yaml']);
    }
  });

  it('--init creates it: goalie apply --init in that directory makes the home and its cluster, and says no server uses it', async () => {
    const result = await runGoalie(['apply', yaml, '--init'], NO_SERVER, 180_000, root);
    expect(result.code, result.stderr).to.equal(0);
    expect(result.stdout).to.include(`, in a new embedded database under ${home}, which no running server uses.\n`);
    // The home records where its cluster lives (inside it, or as root under /var/lib/goalie).
    const dataDir = recordedDataDir(home);
    expect(fs.existsSync(path.join(dataDir, 'PG_VERSION')), dataDir).to.equal(true);
    if (process.getuid?.() === 0) expect(dataDir).to.match(/^\/var\/lib\/goalie\/postgres-[0-9a-f]{12}$/);
    // Now there is a database here: the other commands use it without --init.
    const listed = await runServerCommand(['project', 'list'], { ...NO_SERVER, GOALIE_HOME: home });
    expect(listed.code, listed.stderr).to.equal(0);
    expect(listed.stdout).to.match(/^shop +shop +Acme /m);
  });

  it('goalie reset refuses while PostgreSQL runs on the home, even with --yes, and without an answer', async () => {
    const held = await startEmbeddedPostgres({ dir: embeddedDatabaseDir(home) });
    try {
      const busy = await runGoalie(['reset', '--yes'], NO_SERVER, 60_000, root);
      expect(busy.code).to.equal(2);
      expect(busy.stderr).to.match(
        new RegExp(
          `^goalie reset: The embedded PostgreSQL of GOALIE_HOME ${home} is running \\(pid \\d+, port \\d+\\)`,
        ),
      );
      expect(busy.stderr).to.include('nothing was removed');
    } finally {
      await held.stop();
    }
    // stdin at its end (nothing typed): not confirmed.
    const unanswered = await runGoalie(['reset'], NO_SERVER, 60_000, root);
    expect(unanswered.code).to.equal(2);
    expect(unanswered.stderr).to.include("the answer was not the home's path: nothing was removed");
    expect(fs.existsSync(path.join(embeddedDatabaseDir(home), 'postgres.json'))).to.equal(true);
  });

  it("goalie reset, the home's path typed: removes the home and its cluster", async () => {
    const dataDir = recordedDataDir(home);
    const wrong = await typed(['reset'], `${root}\n`, root);
    expect(wrong.code).to.equal(2);
    expect(fs.existsSync(dataDir)).to.equal(true);

    const result = await typed(['reset'], `${home}\n`, root);
    expect(result.code, result.stderr).to.equal(0);
    expect(result.stderr).to.include(`Type the home's path to remove it (${home}): `);
    expect(result.stdout).to.include(`Removed GOALIE_HOME ${home}.`);
    expect(fs.existsSync(home)).to.equal(false);
    expect(fs.existsSync(dataDir), dataDir).to.equal(false);
    if (!dataDir.startsWith(home))
      expect(result.stdout).to.include(`Removed its embedded PostgreSQL cluster in ${dataDir}.`);
    expect(fs.readdirSync(root)).to.deep.equal(['shop.yaml']);
  });
});

describe('goalie reset: what it is given is checked', () => {
  let dir: string;
  beforeEach(() => {
    dir = tempDir('goalie-reset-');
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('a tampered postgres.json cannot make it remove another directory; what Goalie did not make is left', async () => {
    const home = path.join(dir, 'home');
    const decoy = path.join(dir, 'decoy');
    fs.mkdirSync(decoy);
    fs.writeFileSync(path.join(decoy, 'PG_VERSION'), '16\n');
    fs.mkdirSync(path.join(home, 'postgres'), { recursive: true });
    fs.writeFileSync(path.join(home, 'postgres', 'postgres.json'), JSON.stringify({ password: 'x', dataDir: decoy }));
    fs.writeFileSync(path.join(home, 'secret.key'), 'key');
    fs.mkdirSync(path.join(home, 'evidence'));
    fs.writeFileSync(path.join(home, 'shop.yaml'), 'mine');

    const result = await runServerCommand(['reset', '--yes'], { ...NO_SERVER, GOALIE_HOME: home });
    expect(result.code, result.stderr).to.equal(0);
    expect(fs.existsSync(path.join(decoy, 'PG_VERSION'))).to.equal(true);
    expect(fs.readdirSync(home)).to.deep.equal(['shop.yaml']);
    expect(result.stdout).to.include(`Left alone ${decoy}, which postgres/postgres.json named as the cluster`);
    expect(result.stdout).to.include('Left what Goalie did not make there, and so the directory: shop.yaml.');
  });

  it('a directory Goalie did not make a home of: exit 2, nothing removed', async () => {
    fs.mkdirSync(path.join(dir, 'postgres'));
    fs.mkdirSync(path.join(dir, 'evidence'));
    const result = await runServerCommand(['reset', '--yes'], { ...NO_SERVER, GOALIE_HOME: dir });
    expect(result.code).to.equal(2);
    expect(result.stderr).to.include(`${dir} does not look like a GOALIE_HOME`);
    expect(fs.readdirSync(dir).sort()).to.deep.equal(['evidence', 'postgres']);
  });

  it('with DATABASE_URL: exit 2, the home is kept (its key opens that database)', async () => {
    fs.writeFileSync(path.join(dir, 'secret.key'), 'key');
    const result = await runServerCommand(['reset', '--yes'], {
      ...NO_SERVER,
      GOALIE_HOME: dir,
      DATABASE_URL: 'postgres://goalie@db.internal/goalie',
    });
    expect(result.code).to.equal(2);
    expect(result.stderr).to.include('DATABASE_URL is set');
    expect(fs.readdirSync(dir)).to.deep.equal(['secret.key']);
  });

  it('no home there: nothing to remove, exit 0', async () => {
    const result = await runServerCommand(['reset', '--yes'], { ...NO_SERVER, GOALIE_HOME: path.join(dir, 'none') });
    expect(result.code).to.equal(0);
    expect(result.stdout).to.equal(`There is no GOALIE_HOME ${path.join(dir, 'none')}: nothing to remove.\n`);
  });
});

describe("goalie user: links with the server's public URL", () => {
  let db: TestDatabase;
  before(async () => {
    db = await createTestDatabase();
  });
  after(() => db?.drop());

  it('GOALIE_PUBLIC_URL unset: the URL goalie serve recorded; set: that one', async () => {
    const dataSource = createDataSource(db.url, { poolSize: 1 });
    await dataSource.initialize();
    try {
      await recordServerUrl(dataSource, 'http://127.0.0.1:4567');
    } finally {
      await dataSource.destroy();
    }
    const env = { ...NO_SERVER, DATABASE_URL: db.url, GOALIE_HOME: path.join(tempDir('goalie-links-'), 'home') };
    try {
      const created = await runServerCommand(['user', 'create', '--email', 'admin@example.com', '--admin'], env);
      expect(created.code, created.stderr).to.equal(0);
      expect(created.stdout).to.match(/\n {2}http:\/\/127\.0\.0\.1:4567\/password-reset\/\S+\n$/);
      const reset = await runServerCommand(['user', 'reset-link', '--email', 'admin@example.com', '--json'], {
        ...env,
        GOALIE_PUBLIC_URL: 'https://goalie.example.com',
      });
      expect(reset.code, reset.stderr).to.equal(0);
      expect((JSON.parse(reset.stdout) as { link: string }).link).to.match(
        /^https:\/\/goalie\.example\.com\/password-reset\//,
      );
    } finally {
      fs.rmSync(path.dirname(env.GOALIE_HOME), { recursive: true, force: true });
    }
  });
});
