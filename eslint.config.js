// ESLint flat config (ESLint 10 + typescript-eslint 8).
// Import direction between folders is checked separately by scripts/check-imports.js.
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const TS_FILES = [
  'backend/**/*.{ts,tsx,mts,cts}',
  'shared/**/*.{ts,tsx,mts,cts}',
  'test/**/*.{ts,tsx,mts,cts}',
  'scripts/**/*.{ts,tsx,mts,cts}',
  'actions/*/src/**/*.{ts,tsx,mts,cts}',
];

/** Unused things are errors, unless named `_...` on purpose. */
const unusedVars = [
  'error',
  {
    args: 'after-used',
    argsIgnorePattern: '^_',
    varsIgnorePattern: '^_',
    caughtErrorsIgnorePattern: '^_',
    destructuredArrayIgnorePattern: '^_',
    ignoreRestSiblings: true,
  },
];

export default defineConfig([
  globalIgnores(['**/node_modules/', '.goalie/', '.cache/', '**/dist/', 'actions/*/dist/', 'coverage/']),

  {
    name: 'goalie/javascript',
    files: ['**/*.{js,mjs,cjs}'],
    extends: [js.configs.recommended],
    languageOptions: { ecmaVersion: 'latest', sourceType: 'module', globals: globals.node },
    rules: { 'no-unused-vars': unusedVars },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
  },
  {
    name: 'goalie/dashboard-script',
    // The dashboard's script runs in the browser, as a plain script.
    files: ['backend/src/http/dashboard/assets/*.js'],
    languageOptions: { sourceType: 'script', globals: globals.browser },
  },

  {
    name: 'goalie/typescript',
    files: TS_FILES,
    extends: [js.configs.recommended, tseslint.configs.recommended],
    languageOptions: { globals: globals.node },
    rules: {
      '@typescript-eslint/no-unused-vars': unusedVars,
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/no-explicit-any': 'warn',
    },
  },
  {
    // Rules that need the types: a promise nobody awaits loses its error; a `!` or `as` the
    // compiler does not need hides where a value really may be missing (noUncheckedIndexedAccess).
    name: 'goalie/typescript-typed',
    files: TS_FILES,
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-unnecessary-type-assertion': 'error',
    },
  },
  {
    name: 'goalie/tests',
    files: ['test/**/*.{ts,mts,cts,js,mjs}'],
    languageOptions: { globals: globals.mocha },
    rules: {
      // chai property assertions (`expect(x).to.be.true`, `.that.is.not.empty`) are expressions.
      'no-unused-expressions': 'off',
      '@typescript-eslint/no-unused-expressions': 'off',
    },
  },
  {
    // The goal suite's small apps run in the browser, not in Node.
    name: 'goalie/fixture-apps',
    files: ['test/fixtures/apps/**/*.js'],
    languageOptions: { sourceType: 'script', globals: globals.browser },
  },
]);
