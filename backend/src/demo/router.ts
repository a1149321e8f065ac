// Matches a method and path against the route table: `/orders/:number` captures `number`.
import type { DemoState } from './state.js';
import type { DemoRequest, DemoResponse } from './responses.js';

export type Handler = (request: DemoRequest, state: DemoState) => DemoResponse | Promise<DemoResponse>;

export interface Route {
  method: 'GET' | 'POST';
  path: string;
  handler: Handler;
}

export type RouteMatch =
  | { kind: 'found'; handler: Handler; params: Record<string, string> }
  | { kind: 'wrong-method'; allow: string[] }
  | { kind: 'not-found' };

function matchPath(pattern: string, path: string): Record<string, string> | null {
  const want = pattern.split('/');
  const got = path.split('/');
  if (want.length !== got.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < want.length; i++) {
    if (want[i]!.startsWith(':') && got[i]) params[want[i]!.slice(1)] = got[i]!;
    else if (want[i] !== got[i]) return null;
  }
  return params;
}

export function matchRoute(routes: readonly Route[], method: string, path: string): RouteMatch {
  // HEAD is answered like GET; Node leaves the body out.
  const wanted = method === 'HEAD' ? 'GET' : method;
  const allow: string[] = [];
  for (const route of routes) {
    const params = matchPath(route.path, path);
    if (!params) continue;
    if (route.method === wanted) return { kind: 'found', handler: route.handler, params };
    allow.push(route.method);
  }
  return allow.length
    ? { kind: 'wrong-method', allow: [...new Set(allow.flatMap((m) => (m === 'GET' ? ['GET', 'HEAD'] : [m])))] }
    : { kind: 'not-found' };
}
