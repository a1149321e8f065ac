// The import-direction checker (scripts/check-imports.js), run on small fixture trees:
// for each row of its rule table, one import that is allowed and one that is not.
import { expect } from 'chai';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

interface Violation {
  file: string;
  line: number;
  area: string | undefined;
  specifier: string | undefined;
  target: string;
  message: string;
}
interface CheckImportsModule {
  checkImports(root: string): Violation[];
  formatViolation(violation: Violation): string;
}

// A plain-JavaScript script without type declarations: load it through a computed URL.
const scriptUrl = new URL('../../scripts/check-imports.js', import.meta.url).href;
const { checkImports, formatViolation } = (await import(scriptUrl)) as CheckImportsModule;

describe('check-imports', () => {
  let root: string;

  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'goalie-check-imports-'));
  });

  afterEach(() => {
    fs.rmSync(root, { recursive: true, force: true });
  });

  /** Writes the given files (repo path -> contents) under the temp root. */
  function tree(files: Record<string, string>): void {
    for (const [file, contents] of Object.entries(files)) {
      fs.mkdirSync(path.join(root, path.dirname(file)), { recursive: true });
      fs.writeFileSync(path.join(root, file), contents);
    }
  }

  /** The violations as "file:line -> target", the shape the assertions compare. */
  function found(): string[] {
    return checkImports(root).map((v) => `${v.file}:${v.line} -> ${v.target}`);
  }

  describe('domain', () => {
    it('may import domain, shared and node builtins', () => {
      tree({
        'backend/src/domain/run-state.ts': [
          "import { randomUUID } from 'node:crypto';",
          "import { shortId } from './short-id.js';",
          "import type { RunStatus } from '../../../shared/src/api/types.js';",
        ].join('\n'),
        'backend/src/domain/short-id.ts': 'export const shortId = 1;',
        'shared/src/api/types.ts': 'export type RunStatus = string;',
      });
      expect(found()).to.deep.equal([]);
    });

    it('may not import npm packages (even types) or adapters', () => {
      tree({
        'backend/src/domain/run-state.ts': [
          "import type { Context } from 'koa';",
          "import { Store } from '../persistence/store.js';",
        ].join('\n'),
        'backend/src/persistence/store.ts': 'export class Store {}',
      });
      expect(found()).to.deep.equal([
        'backend/src/domain/run-state.ts:1 -> package "koa"',
        'backend/src/domain/run-state.ts:2 -> backend/src/persistence/store.ts',
      ]);
    });
  });

  describe('app', () => {
    it('may import domain, app, shared and node builtins', () => {
      tree({
        'backend/src/app/start-run.ts': [
          "import { randomUUID } from 'node:crypto';",
          "import { next } from '../domain/run-state.js';",
          "import type { Store } from './ports/store.js';",
          "import { SHORT } from '../../../shared/src/short-ids.js';",
        ].join('\n'),
      });
      expect(found()).to.deep.equal([]);
    });

    it('may not import npm packages, adapters or config', () => {
      tree({
        'backend/src/app/start-run.ts': [
          "import type { Logger } from 'pino';",
          "import { createStore } from '../persistence/store.js';",
          "import { routes } from '../http/routes/v1/index.js';",
          "import { loadConfig } from '../config.js';",
        ].join('\n'),
        'backend/src/config.ts': 'export const loadConfig = () => ({});',
      });
      expect(found()).to.deep.equal([
        'backend/src/app/start-run.ts:1 -> package "pino"',
        'backend/src/app/start-run.ts:2 -> backend/src/persistence/store.js',
        'backend/src/app/start-run.ts:3 -> backend/src/http/routes/v1/index.js',
        'backend/src/app/start-run.ts:4 -> backend/src/config.ts',
      ]);
    });
  });

  describe('adapters', () => {
    it('may import domain, app, shared, their own folder, support modules and npm packages', () => {
      tree({
        'backend/src/http/routes/v1/runs.ts': [
          "import Router from '@koa/router';",
          "import { startRun } from '../../../app/start-run.js';",
          "import { next } from '../../../domain/run-state.js';",
          "import { present } from '../../present.js';",
          "import { createLogger } from '../../../logger.js';",
          "import { schemas } from '../../../../../shared/src/api/schemas.js';",
        ].join('\n'),
      });
      expect(found()).to.deep.equal([]);
    });

    it('may not import each other or the composition roots', () => {
      tree({
        'backend/src/http/present.ts': "import type { RunEntity } from '../persistence/entities/run.entity.js';",
        'backend/src/jobs/queue.ts': "import { runTestCase } from '../agent/run-test-case.js';",
        'backend/src/platforms/github/api.ts': "import { buildRuntime } from '../../main.js';",
        'backend/src/main.ts': 'export const buildRuntime = 1;',
      });
      expect(found()).to.deep.equal([
        'backend/src/http/present.ts:1 -> backend/src/persistence/entities/run.entity.js',
        'backend/src/jobs/queue.ts:1 -> backend/src/agent/run-test-case.js',
        'backend/src/platforms/github/api.ts:1 -> backend/src/main.ts',
      ]);
      expect(checkImports(root)[0]!.message).to.match(/^adapter backend\/src\/http must not import/);
    });
  });

  describe('composition roots', () => {
    it('main.ts and cli/ may import any backend area, shared and npm packages', () => {
      tree({
        'backend/src/main.ts': [
          "import http from 'node:http';",
          "import { createHttpApp } from './http/app.js';",
          "import { createStore } from './persistence/store.js';",
          "import { loadConfig } from './config.js';",
          "import { DataSource } from 'typeorm';",
        ].join('\n'),
        'backend/src/cli/migrate.ts': [
          "import { migrate } from '../persistence/data-source.js';",
          "import { openRuntime } from '../main.js';",
          "import { formatTable } from '../../../shared/src/report/table.js';",
        ].join('\n'),
      });
      expect(found()).to.deep.equal([]);
    });

    it('may not import tests or actions', () => {
      tree({
        'backend/src/cli/seed.ts': "import { projects } from '../../../test/fixtures/projects.js';",
        'backend/src/main.ts': "import { run } from '../../actions/run/src/main.js';",
      });
      expect(found()).to.deep.equal([
        'backend/src/cli/seed.ts:1 -> test/fixtures/projects.js',
        'backend/src/main.ts:1 -> actions/run/src/main.js',
      ]);
    });
  });

  describe('backend support modules (config.ts, logger.ts)', () => {
    it('may import shared, each other and npm packages', () => {
      tree({
        'backend/src/config.ts': [
          "import path from 'node:path';",
          "import { z } from 'zod';",
          "import { LOG_LEVELS } from './logger.js';",
          "import { SHORT } from '../../shared/src/short-ids.js';",
        ].join('\n'),
        'backend/src/logger.ts': 'export const LOG_LEVELS = [];',
      });
      expect(found()).to.deep.equal([]);
    });

    it('may not import adapters or main.ts', () => {
      tree({
        'backend/src/logger.ts': [
          "import { Store } from './persistence/store.js';",
          "import { buildRuntime } from './main.js';",
        ].join('\n'),
        'backend/src/main.ts': 'export const buildRuntime = 1;',
      });
      expect(found()).to.deep.equal([
        'backend/src/logger.ts:1 -> backend/src/persistence/store.js',
        'backend/src/logger.ts:2 -> backend/src/main.ts',
      ]);
    });
  });

  describe('shared', () => {
    it('may import shared and npm packages', () => {
      tree({
        'shared/src/api/schemas.ts': ["import { z } from 'zod';", "import { SHORT } from '../short-ids.js';"].join(
          '\n',
        ),
      });
      expect(found()).to.deep.equal([]);
    });

    it('may not import anything from backend/', () => {
      tree({
        'shared/src/api/schemas.ts': [
          "import { z } from 'zod';",
          '',
          "import { next } from '../../../backend/src/domain/run-state.js';",
        ].join('\n'),
      });
      expect(found()).to.deep.equal(['shared/src/api/schemas.ts:3 -> backend/src/domain/run-state.js']);
    });
  });

  describe('actions', () => {
    it('may import their own source, shared and npm packages', () => {
      tree({
        'actions/run/src/main.ts': [
          "import * as core from '@actions/core';",
          "import { readInputs } from './inputs.js';",
          "import { GoalieClient } from '../../../shared/src/client.js';",
        ].join('\n'),
      });
      expect(found()).to.deep.equal([]);
    });

    it('may not import backend/ or another action', () => {
      tree({
        'actions/run/src/main.ts': [
          "import { startRun } from '../../../backend/src/app/start-run.js';",
          "import { readInputs } from '../../review/src/inputs.js';",
        ].join('\n'),
      });
      expect(found()).to.deep.equal([
        'actions/run/src/main.ts:1 -> backend/src/app/start-run.js',
        'actions/run/src/main.ts:2 -> actions/review/src/inputs.js',
      ]);
    });
  });

  it('reports a backend folder that is in no row of the rule table', () => {
    tree({ 'backend/src/reports/weekly.ts': 'export const weekly = 1;' });
    const [violation, ...rest] = checkImports(root);
    expect(rest).to.deep.equal([]);
    expect(formatViolation(violation!)).to.match(
      /^backend\/src\/reports\/weekly\.ts:1: .*in no area of the import rules.*scripts\/check-imports\.js/,
    );
  });

  it('reads every import form, ignores comments, strings and non-literal imports, and prints file:line', () => {
    tree({
      'backend/src/domain/everything.ts': [
        '// import { commented } from "koa";',
        '/* import { block } from "koa"; */',
        'import {',
        '  Entity,',
        '  type Column,',
        "} from 'typeorm';",
        "export * from 'pg';",
        "export { Octokit } from '@octokit/rest';",
        "const pino = await import('pino');",
        "const { Gitlab } = require('@gitbeaker/rest');",
        'const dynamic = await import(`./x/${name}.js`);',
        "const url = import.meta.url; import './local.js';",
        "const verbs = ['upload', 'import', 'attach', \"require\", `export`, 'x'];",
      ].join('\n'),
    });
    const violations = checkImports(root);
    expect(violations.map((v) => `${v.line} ${v.specifier}`)).to.deep.equal([
      '6 typeorm',
      '7 pg',
      '8 @octokit/rest',
      '9 pino',
      '10 @gitbeaker/rest',
    ]);
    expect(formatViolation(violations[0]!)).to.match(
      /^backend\/src\/domain\/everything\.ts:6: domain must not import package "typeorm" \(rule: domain may import only .*\)$/,
    );
  });

  describe('cycles', () => {
    it('refuse files that import each other at run time, naming the circle', () => {
      tree({
        'backend/src/cli/main.ts': "import { apply } from './apply.js';\nexport class UsageError extends Error {}",
        'backend/src/cli/apply.ts':
          "import { UsageError } from './main.js';\nexport const apply = () => new UsageError();",
      });
      const violations = checkImports(root);
      expect(violations.map((v) => v.message)).to.have.length(1);
      expect(violations[0]!.message).to.match(
        /^import cycle backend\/src\/cli\/apply\.ts -> backend\/src\/cli\/main\.ts -> backend\/src\/cli\/apply\.ts \(rule: /,
      );
    });

    it('leave out type-only and dynamic imports, which do not load a module at start', () => {
      tree({
        'backend/src/cli/main.ts': "const load = () => import('./apply.js');\nexport class UsageError extends Error {}",
        'backend/src/cli/apply.ts':
          "import type { UsageError } from './main.js';\nimport { type UsageError as U } from './main.js';\nexport const apply = (e: UsageError, u: U) => [e, u];",
      });
      expect(found()).to.deep.equal([]);
    });
  });
});
