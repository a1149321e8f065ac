import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** One key of a config. Secret values are stored only encrypted (`encrypted`), never in `value`. */
export interface ConfigEntryRow {
  key: string;
  secret: boolean;
  value: string | null;
  encrypted: string | null;
}

@Entity('configs')
export class ConfigEntity {
  @PrimaryGeneratedColumn('uuid') id: string;
  @Column({ type: 'uuid' }) projectId: string;
  @Column({ type: 'text' }) shortId: string;
  @Column({ type: 'text' }) name: string;
  @Column({ type: 'jsonb', default: [] }) entries: ConfigEntryRow[];
  @Column({ type: 'timestamptz', default: () => 'now()' }) createdAt: Date;
  @Column({ type: 'timestamptz', default: () => 'now()' }) updatedAt: Date;
}
