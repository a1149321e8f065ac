// playwright-core reads the browser's messages outside any promise (in a setImmediate, or a socket
// callback). When a call's answer names an object the client already disposed (a goto whose
// response arrives while its context closes), it throws there: "Object with guid response@… was
// not bound in the connection", an uncaught exception that ends the whole process. Here such a
// throw is caught, handed to `onError`, and the call it answered fails instead of pending forever.
import type { Browser } from 'playwright-core';

interface Callback {
  reject(error: unknown): void;
}

/** The internal shape this relies on (playwright-core 1.65); anything else is left as it is. */
interface ClientConnection {
  dispatch(message: { id?: number }): void;
  _callbacks?: Map<number, Callback>;
  /** Who hears of a contained throw: every browser launched in a process shares one connection. */
  __goalieOnError?: Set<(error: Error) => void>;
}

export function containConnectionErrors(browser: Browser, onError: (error: Error) => void): void {
  const connection = (browser as unknown as { _connection?: ClientConnection })._connection;
  if (!connection || typeof connection.dispatch !== 'function' || !(connection._callbacks instanceof Map)) return;
  if (connection.__goalieOnError) {
    connection.__goalieOnError.add(onError);
    return;
  }
  const listeners = new Set([onError]);
  connection.__goalieOnError = listeners;
  const dispatch = connection.dispatch.bind(connection);
  connection.dispatch = (message) => {
    const pending = message.id !== undefined ? connection._callbacks!.get(message.id) : undefined;
    try {
      dispatch(message);
    } catch (error) {
      for (const listener of listeners) listener(error as Error);
      // The answer was taken off the list before it failed: its caller gets the error.
      if (pending && !connection._callbacks!.has(message.id!)) pending.reject(error);
    }
  };
}
