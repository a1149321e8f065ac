import { stopTestPostgres } from './postgres.js';

export const mochaHooks = {
  async afterAll(this: Mocha.Context) {
    this.timeout(30_000);
    await stopTestPostgres();
  },
};
