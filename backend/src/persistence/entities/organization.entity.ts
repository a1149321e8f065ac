import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

@Entity('organizations')
export class OrganizationEntity {
  @PrimaryGeneratedColumn('uuid') id: string;
  @Column({ type: 'text' }) name: string;
  @Column({ type: 'boolean', default: false }) suspended: boolean;
  @Column({ type: 'integer', nullable: true }) usageLimit: number | null;
  @Column({ type: 'text', nullable: true }) usagePeriod: string | null;
  @Column({ type: 'integer', default: 0 }) usageCount: number;
  @Column({ type: 'timestamptz', default: () => 'now()' }) createdAt: Date;
  @Column({ type: 'timestamptz', default: () => 'now()' }) updatedAt: Date;
}
