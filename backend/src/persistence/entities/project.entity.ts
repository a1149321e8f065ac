import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { StoredEmailChannel, StoredTeamsChannel } from '../notification-columns.js';

@Entity('projects')
export class ProjectEntity {
  @PrimaryGeneratedColumn('uuid') id: string;
  @Column({ type: 'uuid' }) organizationId: string;
  @Column({ type: 'text' }) name: string;
  @Column({ type: 'text' }) slug: string;
  @Column({ type: 'uuid', nullable: true }) defaultTestPlanId: string | null;
  @Column({ type: 'uuid', nullable: true }) defaultDevicePresetId: string | null;
  @Column({ type: 'text', nullable: true }) slackDefaultChannel: string | null;
  @Column({ type: 'text', default: 'always' }) slackNotifyOn: 'always' | 'failure';
  /** Encrypted at rest (secret-box). */
  @Column({ type: 'text', nullable: true }) slackBotToken: string | null;
  /** Encrypted at rest (secret-box). */
  @Column({ type: 'text', nullable: true }) slackSigningSecret: string | null;
  /** Email and Teams channels (notification-columns.ts); null: none declared. */
  @Column({ type: 'jsonb', nullable: true }) emailNotifications: StoredEmailChannel[] | null;
  /** Their webhook URLs sealed (secret-box). */
  @Column({ type: 'jsonb', nullable: true }) teamsNotifications: StoredTeamsChannel[] | null;
  @Column({ type: 'boolean', default: false }) sshTunnelProxy: boolean;
  /** `project.network` and `repository.reviews.previewOrigins` of the YAML; null: the defaults. */
  @Column({ type: 'jsonb', nullable: true }) browserAccess: {
    allowLoopback: boolean | null;
    allowPrivate: boolean | null;
    previewOrigins: string[] | null;
  } | null;
  /** Run, review and test case pages (and their evidence) readable by anyone with the link. */
  @Column({ type: 'boolean', default: false }) publicResults: boolean;
  /** `project.evidenceRetentionDays` of the YAML: evidence older than this is deleted (runs are kept). */
  @Column({ type: 'integer', default: 30 }) evidenceRetentionDays: number;
  @Column({ type: 'timestamptz', default: () => 'now()' }) createdAt: Date;
  @Column({ type: 'timestamptz', default: () => 'now()' }) updatedAt: Date;
}
