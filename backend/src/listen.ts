// Listening on a port and closing a listener, for every server Goalie runs (the API, the metrics
// listener, the free-port probe): a port that cannot be had is a ConfigurationError that says what to
// do, shown without a stack trace.
import type http from 'node:http';
import { ConfigurationError } from './config.js';

/** `inUse`: what to say when the port is taken (which setting to change). */
export function listenOn(server: http.Server, port: number, host: string, inUse: string): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'EADDRINUSE') reject(new ConfigurationError(inUse));
      else if (error.code === 'EACCES')
        reject(
          new ConfigurationError(
            `Port ${port} needs more privileges than this user has. Use a port above 1023 (PORT=8080), or give Node the capability to bind it.`,
          ),
        );
      else reject(error);
    });
    server.listen(port, host, () => resolve());
  });
}

/** Stops listening and resolves once the open connections are gone. */
export function closeServer(server: http.Server): Promise<void> {
  return new Promise<void>((resolve) => server.close(() => resolve()));
}
