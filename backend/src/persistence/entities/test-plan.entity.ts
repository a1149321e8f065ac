import { Column, Entity, PrimaryColumn, PrimaryGeneratedColumn } from 'typeorm';
import type { StoredEmailChannel, StoredTeamsChannel } from '../notification-columns.js';

@Entity('test_plans')
export class TestPlanEntity {
  @PrimaryGeneratedColumn('uuid') id: string;
  @Column({ type: 'uuid' }) projectId: string;
  @Column({ type: 'text' }) shortId: string;
  @Column({ type: 'text' }) name: string;
  @Column({ type: 'text', nullable: true }) description: string | null;
  @Column({ type: 'text', nullable: true }) owner: string | null;
  @Column({ type: 'text', nullable: true }) slackChannel: string | null;
  @Column({ type: 'text', nullable: true }) slackNotifyOn: 'always' | 'failure' | null;
  /** Email and Teams channels (notification-columns.ts); null: none declared. */
  @Column({ type: 'jsonb', nullable: true }) emailNotifications: StoredEmailChannel[] | null;
  /** Their webhook URLs sealed (secret-box). */
  @Column({ type: 'jsonb', nullable: true }) teamsNotifications: StoredTeamsChannel[] | null;
  @Column({ type: 'timestamptz', default: () => 'now()' }) createdAt: Date;
  @Column({ type: 'timestamptz', default: () => 'now()' }) updatedAt: Date;
}

@Entity('test_plan_test_cases')
export class TestPlanTestCaseEntity {
  @PrimaryColumn({ type: 'uuid' }) testPlanId: string;
  @PrimaryColumn({ type: 'uuid' }) testCaseId: string;
  @Column({ type: 'integer', default: 0 }) position: number;
}

/** Test plan parameters of one application: environment (required) and device preset (optional). */
@Entity('test_plan_applications')
export class TestPlanApplicationEntity {
  @PrimaryColumn({ type: 'uuid' }) testPlanId: string;
  @PrimaryColumn({ type: 'uuid' }) applicationId: string;
  @Column({ type: 'uuid' }) environmentId: string;
  @Column({ type: 'uuid', nullable: true }) devicePresetId: string | null;
}

@Entity('test_plan_schedules')
export class TestPlanScheduleEntity {
  @PrimaryGeneratedColumn('uuid') id: string;
  @Column({ type: 'uuid' }) testPlanId: string;
  @Column({ type: 'text' }) cron: string;
  @Column({ type: 'text', default: '' }) description: string;
  @Column({ type: 'text', default: 'UTC' }) timezone: string;
  @Column({ type: 'boolean', default: true }) enabled: boolean;
  @Column({ type: 'timestamptz', nullable: true }) lastFiredAt: Date | null;
  @Column({ type: 'timestamptz', default: () => 'now()' }) createdAt: Date;
}
