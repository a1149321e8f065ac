import { Column, Entity, PrimaryColumn } from 'typeorm';

/** A live worker process; work it holds is taken back when its heartbeat stops. */
@Entity('workers')
export class WorkerEntity {
  @PrimaryColumn({ type: 'text' }) id: string;
  @Column({ type: 'text' }) hostname: string;
  @Column({ type: 'integer' }) pid: number;
  @Column({ type: 'integer' }) concurrency: number;
  @Column({ type: 'timestamptz', default: () => 'now()' }) startedAt: Date;
  @Column({ type: 'timestamptz', default: () => 'now()' }) heartbeatAt: Date;
}
