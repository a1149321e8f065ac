import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

@Entity('environments')
export class EnvironmentEntity {
  @PrimaryGeneratedColumn('uuid') id: string;
  @Column({ type: 'uuid' }) applicationId: string;
  @Column({ type: 'text' }) shortId: string;
  @Column({ type: 'text' }) name: string;
  @Column({ type: 'text' }) url: string;
  @Column({ type: 'boolean', default: false }) isDefault: boolean;
  /** Created by a run's URL override (a preview deployment), not declared by the project. */
  @Column({ type: 'boolean', default: false }) isPreview: boolean;
  @Column({ type: 'uuid', nullable: true }) createdByRunId: string | null;
  @Column({ type: 'timestamptz', default: () => 'now()' }) createdAt: Date;
  @Column({ type: 'timestamptz', default: () => 'now()' }) updatedAt: Date;
}
