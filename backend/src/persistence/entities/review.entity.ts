import { Column, Entity, PrimaryColumn, PrimaryGeneratedColumn } from 'typeorm';

/**
 * A project's repository on GitHub or GitLab, with its review settings. Credentials: a token, or
 * (GitHub) an App installation. Token, App private key and webhook secret are encrypted.
 */
@Entity('repository_connections')
export class RepositoryConnectionEntity {
  @PrimaryGeneratedColumn('uuid') id: string;
  @Column({ type: 'uuid' }) projectId: string;
  @Column({ type: 'text' }) shortId: string;
  @Column({ type: 'text' }) host: 'github' | 'gitlab';
  @Column({ type: 'text' }) apiUrl: string;
  @Column({ type: 'text' }) repository: string;
  @Column({ type: 'text', nullable: true }) token: string | null;
  /** bigint: TypeORM reads it as a string. */
  @Column({ type: 'bigint', nullable: true }) appId: string | null;
  @Column({ type: 'bigint', nullable: true }) installationId: string | null;
  @Column({ type: 'text', nullable: true }) appPrivateKey: string | null;
  @Column({ type: 'text' }) webhookSecret: string;
  @Column({ type: 'text', nullable: true }) webhookId: string | null;
  @Column({ type: 'text', nullable: true }) webhookError: string | null;
  @Column({ type: 'text', nullable: true }) reviewContext: string | null;
  @Column({ type: 'boolean', default: true }) autoRun: boolean;
  @Column({ type: 'boolean', default: false }) includeDrafts: boolean;
  @Column({ type: 'boolean', default: true }) postCommentOnOpened: boolean;
  @Column({ type: 'text', default: '@goalie' }) mention: string;
  @Column({ type: 'text', default: 'write' }) minimumPermission: 'read' | 'triage' | 'write' | 'maintain' | 'admin';
  @Column({ type: 'boolean', default: false }) allowForks: boolean;
  @Column({ type: 'uuid', nullable: true }) reviewTestPlanId: string | null;
  @Column({ type: 'jsonb', default: [] }) environmentMapping: { environment: string; applicationId: string }[];
  @Column({ type: 'timestamptz', default: () => 'now()' }) createdAt: Date;
  @Column({ type: 'timestamptz', default: () => 'now()' }) updatedAt: Date;
}

@Entity('webhook_deliveries')
export class WebhookDeliveryEntity {
  @PrimaryColumn({ type: 'uuid' }) connectionId: string;
  @PrimaryColumn({ type: 'text' }) deliveryId: string;
  @Column({ type: 'timestamptz', default: () => 'now()' }) receivedAt: Date;
}

@Entity('host_deployments')
export class HostDeploymentEntity {
  @PrimaryGeneratedColumn('uuid') id: string;
  @Column({ type: 'uuid' }) connectionId: string;
  @Column({ type: 'text' }) sha: string;
  @Column({ type: 'text' }) environment: string;
  @Column({ type: 'text' }) url: string;
  @Column({ type: 'timestamptz', default: () => 'now()' }) createdAt: Date;
}

@Entity('reviews')
export class ReviewEntity {
  @PrimaryGeneratedColumn('uuid') id: string;
  @Column({ type: 'text' }) shortId: string;
  @Column({ type: 'uuid' }) projectId: string;
  @Column({ type: 'uuid' }) connectionId: string;
  @Column({ type: 'integer' }) changeRequestNumber: number;
  @Column({ type: 'text', default: '' }) changeRequestTitle: string;
  @Column({ type: 'text', nullable: true }) changeRequestUrl: string | null;
  @Column({ type: 'text' }) branch: string;
  @Column({ type: 'text' }) headSha: string;
  @Column({ type: 'text', nullable: true }) author: string | null;
  @Column({ type: 'text', nullable: true }) authorId: string | null;
  @Column({ type: 'text' }) event: 'opened' | 'updated' | 'comment' | 'ci';
  @Column({ type: 'text' }) status:
    'AUTHORIZING' | 'REFUSED' | 'WAITING' | 'QUEUED' | 'RUNNING' | 'COMPLETED' | 'SUPERSEDED' | 'ERROR';
  @Column({ type: 'jsonb', default: [] }) deploymentUrls: { applicationId: string; url: string; environment: string }[];
  @Column({ type: 'uuid', nullable: true }) runId: string | null;
  @Column({ type: 'jsonb', nullable: true }) exploration: unknown;
  @Column({ type: 'jsonb', nullable: true }) checks: unknown;
  @Column({ type: 'text', nullable: true }) verdict: 'Approved' | 'Changes Requested' | 'Comment' | null;
  @Column({ type: 'text', nullable: true }) summary: string | null;
  @Column({ type: 'text', nullable: true }) errorMessage: string | null;
  @Column({ type: 'text', nullable: true }) commentId: string | null;
  /** The newer commit that made this review stale; empty string when the change request was closed. */
  @Column({ type: 'text', nullable: true }) supersededBySha: string | null;
  @Column({ type: 'timestamptz', default: () => 'now()' }) createdAt: Date;
  @Column({ type: 'timestamptz', nullable: true }) startedAt: Date | null;
  @Column({ type: 'timestamptz', nullable: true }) finishedAt: Date | null;
}
