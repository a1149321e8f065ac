import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { HeldJob } from '../../app/ports/queue.js';

/** A live worker process; work it holds is taken back when its heartbeat stops. */
@Entity('workers')
export class WorkerEntity {
  @PrimaryColumn({ type: 'text' }) id: string;
  @Column({ type: 'text' }) hostname: string;
  @Column({ type: 'integer' }) pid: number;
  @Column({ type: 'integer' }) concurrency: number;
  @Column({ type: 'timestamptz', default: () => 'now()' }) startedAt: Date;
  @Column({ type: 'timestamptz', default: () => 'now()' }) heartbeatAt: Date;
  /** Jobs other than test cases it held at its last beat: taken back if it dies (recover-lost-jobs.ts). */
  @Column({ type: 'jsonb', default: () => "'[]'::jsonb" }) jobs: HeldJob[];
}
