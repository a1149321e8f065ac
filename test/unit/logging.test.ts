// How Goalie logs: readable lines on a terminal and JSON elsewhere (GOALIE_LOG_FORMAT), the level of
// each request's access line, and settings that are wrong (every one a ConfigurationError).
import { Writable } from 'node:stream';
import { expect } from 'chai';
import { ConfigurationError, loadConfig } from '../../backend/src/config.js';
import { chooseLogFormat, createLogger, prettyDestination } from '../../backend/src/logger.js';
import { requestLogLevel } from '../../backend/src/http/middlewares/request-context.js';

describe('logging', () => {
  describe('the format', () => {
    const table: [Parameters<typeof chooseLogFormat>[0], boolean, 'pretty' | 'json'][] = [
      ['auto', true, 'pretty'],
      ['auto', false, 'json'],
      ['pretty', false, 'pretty'],
      ['pretty', true, 'pretty'],
      ['json', true, 'json'],
      ['json', false, 'json'],
    ];
    for (const [setting, terminal, chosen] of table) {
      it(`${setting} on ${terminal ? 'a terminal' : 'a pipe or file'} is ${chosen}`, () =>
        expect(chooseLogFormat(setting, terminal)).to.equal(chosen));
    }

    it('GOALIE_LOG_FORMAT is read as auto by default, and pretty or json in any case', () => {
      expect(loadConfig({}).logFormat).to.equal('auto');
      expect(loadConfig({ GOALIE_LOG_FORMAT: 'JSON' }).logFormat).to.equal('json');
      expect(loadConfig({ GOALIE_LOG_FORMAT: ' pretty ' }).logFormat).to.equal('pretty');
    });

    it('pretty lines have a clock time, the level by name, no JSON and no epoch time, and keep the redaction', () => {
      const out: string[] = [];
      const sink = new Writable({ write: (chunk, _encoding, done) => (out.push(String(chunk)), done()) });
      const logger = createLogger('debug', prettyDestination({ write: (text: string) => sink.write(text) }, false));
      const before = Date.now();
      logger.info({ method: 'GET', path: '/v1/run/abc', status: 200, ms: 12.5, requestId: 'r-1' }, 'request');
      logger.info(
        { event: 'run.started', runId: 'u-1', run: 'abc', testCases: 3 },
        'run abc started: plan "Smoke", 3 test cases (API) http://localhost:8080/runs/abc',
      );
      logger.warn(
        { err: new Error('Slack answered 500'), event: 'job.retry', attempt: 1 },
        'Slack notification failed (attempt 1 of 5)',
      );
      logger.info({ slack: { botToken: 'xoxb-secret' }, component: 'postgres' }, 'started the embedded PostgreSQL');
      const text = out.join('');
      const lines = text.split('\n').filter(Boolean);
      expect(lines[0]).to.match(/^\[\d\d:\d\d:\d\d\] INFO: GET \/v1\/run\/abc 200 12\.5 ms$/);
      expect(lines[1]).to.match(
        /^\[\d\d:\d\d:\d\d\] INFO: run abc started: plan "Smoke", 3 test cases \(API\) http:\/\/localhost:8080\/runs\/abc$/,
      );
      expect(lines[2]).to.match(
        /^\[\d\d:\d\d:\d\d\] WARN: Slack notification failed \(attempt 1 of 5\): Slack answered 500$/,
      );
      // The warning's stack follows it, indented; then the last line, its component leading.
      const last = lines.findIndex((line) => line.includes('started the embedded PostgreSQL'));
      expect(lines.slice(3, last).every((line) => line.startsWith('    at '))).to.equal(true);
      expect(lines[last]).to.match(/^\[\d\d:\d\d:\d\d\] INFO: postgres: started the embedded PostgreSQL$/);
      expect(lines.slice(last).join('\n')).to.include('[redacted]').and.not.include('xoxb-secret');
      for (const line of lines) expect(line.trimStart(), line).not.to.match(/^\{"/);
      expect(text).not.to.include('"level"').and.not.include('"msg"').and.not.include('requestId');
      expect(text).not.to.match(new RegExp(String(before).slice(0, 8)));
    });
  });

  describe('the level of a request line', () => {
    const table: [string, number, string][] = [
      ['/v1/run', 200, 'info'],
      ['/v1/run/abc', 404, 'info'],
      ['/api/projects/p/runs', 201, 'info'],
      ['/webhooks/github/abc', 202, 'info'],
      ['/slack/events', 200, 'info'],
      ['/', 200, 'debug'],
      ['/runs/abc', 200, 'debug'],
      ['/runs/abc', 302, 'debug'],
      ['/assets/app.css', 200, 'debug'],
      ['/evidence/runs/1/2/step-1.png', 200, 'debug'],
      ['/evidence/runs/1/2/step-1.png', 304, 'debug'],
      ['/evidence/runs/1/2/step-1.png', 403, 'info'],
      ['/favicon.ico', 404, 'debug'],
      ['/healthz', 200, 'debug'],
      ['/readyz', 200, 'debug'],
      ['/readyz', 503, 'warn'],
      ['/metrics', 200, 'debug'],
      ['/metrics', 401, 'info'],
      ['/cli/goalie.js', 200, 'debug'],
      ['/v1/run', 500, 'error'],
      ['/runs/abc', 500, 'error'],
      ['/v1/run', 503, 'warn'],
      ['/v1x', 200, 'debug'],
    ];
    for (const [path, status, level] of table)
      it(`${path} ${status}: ${level}`, () => expect(requestLogLevel(path, status)).to.equal(level));
  });

  describe('settings that are wrong', () => {
    const bad: [Record<string, string>, string][] = [
      [{ GOALIE_LOG_FORMAT: 'yaml' }, 'GOALIE_LOG_FORMAT must be pretty'],
      [{ LOG_LEVEL: 'verbose' }, 'LOG_LEVEL must be one of trace, debug, info, warn, error, fatal, silent'],
      [{ PORT: 'eighty' }, 'PORT must be a whole number'],
      [{ GOALIE_BODY_LIMIT: 'lots' }, 'GOALIE_BODY_LIMIT must look like'],
      [{ GOALIE_TOKEN_CACHE_SECONDS: '600' }, 'GOALIE_TOKEN_CACHE_SECONDS must be at most 60'],
      [{ GOALIE_BROWSER_ALLOW_LOOPBACK: 'yes' }, 'GOALIE_BROWSER_ALLOW_LOOPBACK must be true or false'],
      [{ GOALIE_SCREENSHOTS: 'all' }, 'GOALIE_SCREENSHOTS must be steps'],
      [{ GOALIE_METRICS: 'on' }, 'GOALIE_METRICS must be off, token or port'],
      [{ GOALIE_EVIDENCE_URL: 'ftp://bucket' }, 'GOALIE_EVIDENCE_URL'],
      [{ GOALIE_LLM_MODEL: 'gpt' }, 'GOALIE_LLM_BASE_URL is not'],
      [{ GOALIE_GITHUB_OAUTH_CLIENT_ID: 'id' }, 'GOALIE_GITHUB_OAUTH_CLIENT_SECRET'],
    ];
    for (const [env, says] of bad) {
      it(`${Object.entries(env)
        .map(([k, v]) => `${k}=${v}`)
        .join(' ')} is a ConfigurationError saying what to set`, () => {
        let caught: unknown;
        try {
          loadConfig(env);
        } catch (error) {
          caught = error;
        }
        expect(caught).to.be.instanceOf(ConfigurationError);
        expect((caught as Error).message).to.include(says);
      });
    }
  });
});
