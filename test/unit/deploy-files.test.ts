// No container engine runs here, so the Dockerfile and compose.yaml cannot be built in the suite.
// What can be checked is that they stay in step with what the suite does run: the commands exist,
// every variable they set is one Goalie reads, and compose sets what the multi-machine test needs.
import fs from 'node:fs';
import { expect } from 'chai';
import { parse } from 'yaml';
import { loadConfig } from '../../backend/src/config.js';

const configSource =
  fs.readFileSync('backend/src/config.ts', 'utf8') + fs.readFileSync('backend/src/config-evidence.ts', 'utf8');
const readsVariable = (name: string) =>
  configSource.includes(`'${name}'`) || configSource.includes(`env.${name}`) || name.startsWith('AWS_');
const commands = fs.readFileSync('backend/src/cli/main.ts', 'utf8');

describe('Dockerfile and compose.yaml', () => {
  const dockerfile = fs.readFileSync('Dockerfile', 'utf8');
  const compose = parse(fs.readFileSync('compose.yaml', 'utf8'), { merge: true }) as {
    services: Record<string, { command?: string[]; environment?: Record<string, string>; build?: string }>;
  };
  const goalieServices = Object.entries(compose.services).filter(([, service]) => service.build === '.');

  it('the image is Node 20 with Debian Chromium, runs as a non-root user, and starts bin/goalie.js', () => {
    expect(dockerfile).to.match(/^FROM node:20-bookworm/m);
    expect(dockerfile).to.match(/apt-get install[^\n]*\bchromium\b/);
    expect(dockerfile).to.match(/^USER (?!root)\w+/m);
    expect(dockerfile).to.include('"bin/goalie.js"');
    const env = [...dockerfile.matchAll(/\b((?:GOALIE|PORT)[A-Z_]*)=/g)].map((m) => m[1]!);
    expect(env).to.not.be.empty;
    for (const name of env) expect(readsVariable(name), `${name} in the Dockerfile`).to.equal(true);
  });

  it('compose runs one goalie serve without a worker and scalable goalie workers, with variables Goalie reads', () => {
    const byCommand: Record<string, { name: string; env: Record<string, string> }> = Object.fromEntries(
      goalieServices.map(([name, service]) => [service.command?.[0], { name, env: service.environment ?? {} }]),
    );
    expect(Object.keys(byCommand).sort()).to.deep.equal(['serve', 'worker']);
    for (const command of ['serve', 'worker'])
      expect(commands).to.match(new RegExp(`\\b${command}: .*\\b${command}Command\\(`));
    expect(byCommand.serve!.env.GOALIE_CONCURRENCY).to.equal('0');
    expect(Number(byCommand.worker!.env.GOALIE_CONCURRENCY)).to.be.greaterThan(0);
    for (const { env } of Object.values(byCommand)) {
      // What the multi-machine test gives every process: one database, one key, one bucket.
      for (const name of [
        'DATABASE_URL',
        'GOALIE_SECRET_KEY',
        'GOALIE_EVIDENCE_URL',
        'AWS_ACCESS_KEY_ID',
        'AWS_SECRET_ACCESS_KEY',
      ])
        expect(env, name).to.have.property(name);
      for (const name of Object.keys(env)) expect(readsVariable(name), `${name} in compose.yaml`).to.equal(true);
      expect(env.GOALIE_EVIDENCE_URL).to.match(/^s3:\/\/[a-z0-9.-]{3,63}\//);
    }
  });

  it('every value compose sets is one Goalie starts with', () => {
    // ${VAR:-default} as compose fills it in with VAR unset; ${VAR:?message} as the user must set it.
    const filled = (value: string) =>
      value.replace(
        /\$\{(\w+)(?::-([^}]*)|:\?[^}]*)\}/g,
        (_all, name: string, fallback?: string) =>
          fallback ?? (name === 'GOALIE_SECRET_KEY' ? Buffer.alloc(32, 7).toString('base64') : 'set-by-the-user'),
      );
    for (const [name, service] of goalieServices) {
      const env = Object.fromEntries(
        Object.entries(service.environment ?? {}).map(([key, value]) => [key, filled(String(value))]),
      );
      const config = loadConfig({ ...env, GOALIE_HOME: '/data' }, '/app');
      expect(config.concurrency, name).to.equal(Number(env.GOALIE_CONCURRENCY));
      expect(config.evidence.kind, name).to.equal('s3');
    }
  });
});
