// The client CLI as one self-contained file (GET /cli/goalie.js): shared/src/cli/bin.ts bundled by
// esbuild for Node 18+, with no npm packages inside, built on first use and kept in memory.
//
// The file must run as `node goalie.js` wherever it is saved, and Node reads a .js file as an ES
// module under a package.json with "type": "module" (a CI job's checkout often has one) and as
// CommonJS elsewhere. So it uses neither `require` nor `import` statements: the bundle is a plain
// script whose Node built-ins arrive through `await import(...)`, which both module systems have.
import { createHash } from 'node:crypto';
import { isBuiltin } from 'node:module';
import path from 'node:path';
import { build, type Plugin } from 'esbuild';
import { goalieVersion } from '../version.js';
import { installPath } from '../install-dir.js';

const ROOT = installPath();
const ENTRY = path.join(ROOT, 'shared/src/cli/bin.ts');

export interface CliBundle {
  code: string;
  /** Strong ETag of the code, quoted. */
  etag: string;
  version: string;
  bytes: number;
  buildMs: number;
  /** The files it was built from, relative to the repository (bin/client-bundle.js checks them). */
  inputs: string[];
}

/** Every Node built-in the sources import becomes `__builtins["node:x"]`, filled before the code runs. */
function builtinsByDynamicImport(used: Set<string>): Plugin {
  return {
    name: 'builtins-by-dynamic-import',
    setup(b) {
      b.onResolve({ filter: /.*/ }, (args) => {
        if (!isBuiltin(args.path)) return undefined;
        const name = args.path.startsWith('node:') ? args.path : `node:${args.path}`;
        used.add(name);
        return { path: name, namespace: 'builtin' };
      });
      b.onLoad({ filter: /.*/, namespace: 'builtin' }, (args) => ({
        contents: `module.exports = __builtins[${JSON.stringify(args.path)}];`,
        loader: 'js',
      }));
    },
  };
}

export async function buildCliBundle(): Promise<CliBundle> {
  const started = performance.now();
  const v = goalieVersion();
  const builtins = new Set<string>();
  const result = await build({
    entryPoints: [ENTRY],
    absWorkingDir: ROOT,
    bundle: true,
    platform: 'node',
    format: 'iife',
    target: 'node18',
    write: false,
    metafile: true,
    logLevel: 'silent',
    legalComments: 'none',
    define: { __GOALIE_VERSION__: JSON.stringify(v) },
    plugins: [builtinsByDynamicImport(builtins)],
  });
  // The client must run where no node_modules exist: a package pulled in by mistake is a build error.
  const packages = Object.keys(result.metafile.inputs).filter((input) => input.includes('node_modules'));
  if (packages.length)
    throw new Error(`The CLI bundle must not contain npm packages, but it imports ${packages.join(', ')}`);
  const loads = [...builtins]
    .sort()
    .map((name) => `  ${JSON.stringify(name)}: (await import(${JSON.stringify(name)})).default,`);
  const code = [
    '#!/usr/bin/env node',
    `// Goalie CLI ${v}: a self-contained client of the Goalie REST API (node goalie.js --help). Generated from shared/src/cli; do not edit.`,
    '// A plain script for Node.js 18+: it runs as CommonJS and as an ES module alike.',
    '(async () => {',
    "'use strict';",
    'const __builtins = {',
    ...loads,
    '};',
    result.outputFiles[0]!.text.replace(/^"use strict";\n/, '').trimEnd(),
    '})();',
    '',
  ].join('\n');
  return {
    code,
    etag: `"${createHash('sha256').update(code).digest('base64url').slice(0, 32)}"`,
    version: v,
    bytes: Buffer.byteLength(code),
    buildMs: Math.round(performance.now() - started),
    inputs: Object.keys(result.metafile.inputs).filter((input) => !input.startsWith('builtin:')),
  };
}

/** Builds once, on first use; a failed build is tried again on the next call. */
export function cachedCliBundle(make: () => Promise<CliBundle> = buildCliBundle): () => Promise<CliBundle> {
  let pending: Promise<CliBundle> | null = null;
  return () => {
    pending ??= make().catch((error: unknown) => {
      pending = null;
      throw error;
    });
    return pending;
  };
}
