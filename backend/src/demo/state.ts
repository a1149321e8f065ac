// Everything one demo site remembers between requests. Each startDemoSite() has its own.
import { OrderStore } from './orders.js';
import { SessionStore } from './sessions.js';

export interface DemoState {
  sessions: SessionStore;
  orders: OrderStore;
}

export function createDemoState(): DemoState {
  return { sessions: new SessionStore(), orders: new OrderStore() };
}
