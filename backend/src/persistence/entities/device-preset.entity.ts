import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

@Entity('device_presets')
export class DevicePresetEntity {
  @PrimaryGeneratedColumn('uuid') id: string;
  @Column({ type: 'uuid' }) projectId: string;
  @Column({ type: 'text' }) shortId: string;
  @Column({ type: 'text' }) name: string;
  @Column({ type: 'integer', nullable: true }) viewportWidth: number | null;
  @Column({ type: 'integer', nullable: true }) viewportHeight: number | null;
  @Column({ type: 'text', nullable: true }) locale: string | null;
  @Column({ type: 'text', nullable: true }) timezone: string | null;
  @Column({ type: 'text', nullable: true }) userAgent: string | null;
  @Column({ type: 'jsonb', default: {} }) extraHeaders: Record<string, string>;
  @Column({ type: 'text', nullable: true }) colorScheme: 'light' | 'dark' | 'no-preference' | null;
  @Column({ type: 'timestamptz', default: () => 'now()' }) createdAt: Date;
  @Column({ type: 'timestamptz', default: () => 'now()' }) updatedAt: Date;
}
