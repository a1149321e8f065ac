// The real process behind ClientIo: environment, standard streams, files, clock and timers.
import fs from 'node:fs';
import type { ClientIo } from './io.js';

export function processIo(version?: string): ClientIo {
  return {
    env: process.env,
    stdout: (text) => void process.stdout.write(text),
    stderr: (text) => void process.stderr.write(text),
    readFile: (path) => fs.readFileSync(path, 'utf8'),
    writeFile: (path, text) => fs.writeFileSync(path, text),
    now: () => Date.now(),
    sleep: (ms) => new Promise<void>((resolve) => setTimeout(resolve, ms)),
    version,
  };
}
