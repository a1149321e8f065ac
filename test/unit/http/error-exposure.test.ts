// Which error messages reach a client: Goalie's own errors say what is wrong; a library's error
// with a status keeps the status but never its message, which may name internals.
import { expect } from 'chai';
import Koa from 'koa';
import type { AddressInfo } from 'node:net';
import { NotFound, BadRequest } from '../../../backend/src/app/errors.js';
import { errors } from '../../../backend/src/http/middlewares/errors.js';
import type { AppState } from '../../../backend/src/http/state.js';

function libraryError(status: number, message: string, expose?: boolean): Error {
  return Object.assign(new Error(message), { status, ...(expose === undefined ? {} : { expose }) });
}

const cases: { name: string; thrown: () => unknown; status: number; message: string | RegExp }[] = [
  {
    name: "Goalie's 404",
    thrown: () => new NotFound('No test plan with short ID pln_x in this project.'),
    status: 404,
    message: 'No test plan with short ID pln_x in this project.',
  },
  {
    name: "Goalie's 400",
    thrown: () => new BadRequest('Send a JSON object.'),
    status: 400,
    message: 'Send a JSON object.',
  },
  {
    name: "a library's 404 without expose",
    thrown: () => libraryError(404, 'ENOENT: /var/lib/goalie/secret.key'),
    status: 404,
    message: 'Not Found (request id req-1).',
  },
  {
    name: "a library's 400 with expose false",
    thrown: () => libraryError(400, 'pg: syntax error at "users"', false),
    status: 400,
    message: 'Bad Request (request id req-1).',
  },
  {
    name: "a library's 500",
    thrown: () => libraryError(500, 'connection string postgres://u:pw@db'),
    status: 500,
    message: /^Internal server error \(request id req-1\)/,
  },
  {
    name: 'a plain Error',
    thrown: () => new Error('secret internals'),
    status: 500,
    message: /^Internal server error \(request id req-1\)/,
  },
];

describe('error messages a client sees', () => {
  let server: import('node:http').Server;
  let thrown: () => unknown = () => undefined;
  let base = '';

  before(async () => {
    const app = new Koa<AppState>();
    app.use(async (ctx, next) => {
      ctx.state.requestId = 'req-1';
      await next();
    });
    app.use(errors());
    app.use(() => {
      throw thrown();
    });
    server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(() => new Promise((resolve) => server.close(resolve)));

  for (const c of cases) {
    it(`${c.name}: ${c.status}`, async () => {
      thrown = c.thrown;
      const res = await fetch(`${base}/x`);
      expect(res.status).to.equal(c.status);
      const body = (await res.json()) as { message: string };
      if (typeof c.message === 'string') expect(body.message).to.equal(c.message);
      else expect(body.message).to.match(c.message);
    });
  }
});
