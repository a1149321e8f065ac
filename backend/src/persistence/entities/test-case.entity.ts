import { Column, Entity, PrimaryColumn, PrimaryGeneratedColumn } from 'typeorm';

export type GenerationStatus = 'GENERATING' | 'COMPLETED' | 'FAILED';

@Entity('test_cases')
export class TestCaseEntity {
  @PrimaryGeneratedColumn('uuid') id: string;
  @Column({ type: 'uuid' }) projectId: string;
  @Column({ type: 'uuid' }) applicationId: string;
  @Column({ type: 'text' }) name: string;
  @Column({ type: 'text' }) goal: string;
  @Column({ type: 'text', nullable: true }) expectedResult: string | null;
  @Column({ type: 'text' }) generationStatus: GenerationStatus;
  @Column({ type: 'text', nullable: true }) generationError: string | null;
  @Column({ type: 'boolean', default: false }) isEnabled: boolean;
  @Column({ type: 'uuid', nullable: true }) scenarioId: string | null;
  @Column({ type: 'uuid', nullable: true }) resumeFromId: string | null;
  @Column({ type: 'text', default: 'api' }) createdVia: 'api' | 'apply';
  @Column({ type: 'timestamptz', nullable: true }) generationStartedAt: Date | null;
  @Column({ type: 'timestamptz', nullable: true }) generatedAt: Date | null;
  /** Language-model tokens of the latest burn-in; null when none was asked. */
  @Column({ type: 'integer', nullable: true }) burnInPromptTokens: number | null;
  @Column({ type: 'integer', nullable: true }) burnInCompletionTokens: number | null;
  @Column({ type: 'timestamptz', default: () => 'now()' }) createdAt: Date;
  @Column({ type: 'timestamptz', default: () => 'now()' }) updatedAt: Date;
}

@Entity('test_case_configs')
export class TestCaseConfigEntity {
  @PrimaryColumn({ type: 'uuid' }) testCaseId: string;
  @PrimaryColumn({ type: 'uuid' }) configId: string;
  @Column({ type: 'integer', default: 0 }) position: number;
}

@Entity('test_case_wait_for')
export class TestCaseWaitForEntity {
  @PrimaryColumn({ type: 'uuid' }) testCaseId: string;
  @PrimaryColumn({ type: 'uuid' }) dependsOnId: string;
}

@Entity('test_case_step_versions')
export class TestCaseStepVersionEntity {
  @PrimaryGeneratedColumn('uuid') id: string;
  @Column({ type: 'uuid' }) testCaseId: string;
  @Column({ type: 'integer' }) version: number;
  @Column({ type: 'jsonb' }) steps: unknown;
  /** 'burn-in' or 'heal'. */
  @Column({ type: 'text' }) source: string;
  @Column({ type: 'uuid', nullable: true }) runId: string | null;
  @Column({ type: 'timestamptz', default: () => 'now()' }) createdAt: Date;
}
