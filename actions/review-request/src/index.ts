// Entry point of the bundle (dist/index.js): everything happens in run().
import { run } from './run.js';

void run();
