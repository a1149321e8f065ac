import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { TokenScope } from '../../app/records.js';

@Entity('api_tokens')
export class ApiTokenEntity {
  @PrimaryGeneratedColumn('uuid') id: string;
  @Column({ type: 'uuid' }) projectId: string;
  @Column({ type: 'text', default: '' }) name: string;
  @Column({ type: 'text' }) prefix: string;
  /** sha256 of the whole token; the token itself is never stored. */
  @Column({ type: 'text' }) tokenHash: string;
  /** run: the spec's REST API; admin: also apply the project's YAML (docs/api.md). */
  @Column({ type: 'text', default: 'run' }) scope: TokenScope;
  @Column({ type: 'timestamptz', default: () => 'now()' }) createdAt: Date;
  @Column({ type: 'timestamptz', nullable: true }) lastUsedAt: Date | null;
  @Column({ type: 'timestamptz', nullable: true }) revokedAt: Date | null;
}
