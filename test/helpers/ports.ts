// Ports for tests about where connections go.
import net from 'node:net';
import type { AddressInfo } from 'node:net';

/** A port of 127.0.0.1 where nothing listens: it was free a moment ago, and is closed again. */
export async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
