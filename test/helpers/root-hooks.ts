import { fileEnded, fileStarted } from './file-times.js';
import { stopTestPostgres } from './postgres.js';
import { closeContexts } from './shared-browser.js';

export const mochaHooks = {
  beforeAll() {
    fileStarted();
  },
  async afterAll(this: Mocha.Context) {
    this.timeout(30_000);
    fileEnded(this.test?.parent);
    await closeContexts();
    await stopTestPostgres();
  },
};
