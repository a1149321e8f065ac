// The last guard against playwright-core's out-of-promise throw (issue 13): an answer naming an
// object the client does not know fails the call it answers, and reaches onError, instead of ending
// the process. The answer is the one Playwright sent when a context closed under a goto.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import type { Browser } from 'playwright-core';
import { launchBrowser } from '../../../backend/src/agent/browser.js';
import { containConnectionErrors } from '../../../backend/src/agent/contain-connection-errors.js';
import { waitFor } from '../../helpers/wait.js';

describe('agent: Playwright errors outside any call are contained', function () {
  this.timeout(60_000);
  let server: http.Server;
  let browser: Browser;

  before(async () => {
    server = http.createServer(() => {}); // never answers: the goto stays in flight
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    browser = await launchBrowser({ chromiumPath: null, wsEndpoint: null });
  });
  after(async () => {
    await browser?.close();
    server.closeAllConnections();
    server.close();
  });

  it('an answer naming an unknown object fails its call and is reported, not thrown', async () => {
    const reported: Error[] = [];
    const earlier: Error[] = [];
    // Browsers of one process share one connection: an executor made earlier contained it already.
    containConnectionErrors(browser, (error) => earlier.push(error));
    containConnectionErrors(browser, (error) => reported.push(error));
    const connection = (
      browser as unknown as { _connection: { dispatch(m: unknown): void; _callbacks: Map<number, { method: string }> } }
    )._connection;
    const page = await browser.newPage();
    const goto = page.goto(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`).then(
      () => null,
      (error: Error) => error,
    );
    const id = await waitFor(
      'the goto to be in flight',
      async () => [...connection._callbacks].find(([, c]) => c.method === 'goto')?.[0],
    );
    connection.dispatch({ id, result: { response: { guid: 'response@gone' } } });
    expect((await goto)?.message).to.match(/response@gone was not bound in the connection/);
    expect(reported).to.have.length(1);
    expect(reported[0]!.message).to.match(/Object with guid response@gone was not bound/);
    expect(earlier).to.have.length(1);
    await page.close();
  });
});
