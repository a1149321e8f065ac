// A worker of the real service whose browser is in memory: test cases scripted by name
// (scripted-executor.ts), explorations answered by the memory host's explorer (memory-host.ts).
import { Worker } from '../../backend/src/jobs/worker.js';
import type { MemoryExplorer } from './memory-host.js';
import type { ScriptedExecutor } from './scripted-executor.js';
import type { TestService } from './service.js';

export async function startMemoryWorker(
  service: TestService,
  executor: ScriptedExecutor,
  explorer: MemoryExplorer,
): Promise<Worker> {
  const worker = new Worker(service.runtime.app, service.runtime.boss, executor, {
    databaseUrl: service.runtime.databaseUrl,
    concurrency: 4,
    projectParallelism: 20,
    review: { explorer, exploreMaxPages: 3, exploreMaxMs: 5_000 },
  });
  await worker.start();
  return worker;
}
