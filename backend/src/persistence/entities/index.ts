import { ApiTokenEntity } from './api-token.entity.js';
import { ApplicationEntity } from './application.entity.js';
import { ConfigEntity } from './config.entity.js';
import { DevicePresetEntity } from './device-preset.entity.js';
import { EnvironmentEntity } from './environment.entity.js';
import { OrganizationEntity } from './organization.entity.js';
import { ProjectEntity } from './project.entity.js';
import {
  HostDeploymentEntity,
  RepositoryConnectionEntity,
  ReviewEntity,
  WebhookDeliveryEntity,
} from './review.entity.js';
import { RunEntity, RunTestCaseEntity } from './run.entity.js';
import { ScenarioEntity } from './scenario.entity.js';
import { WorkerEntity } from './worker.entity.js';
import {
  TestCaseConfigEntity,
  TestCaseEntity,
  TestCaseStepVersionEntity,
  TestCaseWaitForEntity,
} from './test-case.entity.js';
import {
  TestPlanApplicationEntity,
  TestPlanEntity,
  TestPlanScheduleEntity,
  TestPlanTestCaseEntity,
} from './test-plan.entity.js';

export * from './api-token.entity.js';
export * from './application.entity.js';
export * from './config.entity.js';
export * from './device-preset.entity.js';
export * from './environment.entity.js';
export * from './organization.entity.js';
export * from './project.entity.js';
export * from './review.entity.js';
export * from './run.entity.js';
export * from './scenario.entity.js';
export * from './test-case.entity.js';
export * from './test-plan.entity.js';
export * from './worker.entity.js';

export const ENTITIES = [
  OrganizationEntity,
  ProjectEntity,
  ApiTokenEntity,
  ApplicationEntity,
  EnvironmentEntity,
  DevicePresetEntity,
  ConfigEntity,
  ScenarioEntity,
  TestCaseEntity,
  TestCaseConfigEntity,
  TestCaseWaitForEntity,
  TestCaseStepVersionEntity,
  TestPlanEntity,
  TestPlanTestCaseEntity,
  TestPlanApplicationEntity,
  TestPlanScheduleEntity,
  RunEntity,
  RunTestCaseEntity,
  WorkerEntity,
  RepositoryConnectionEntity,
  WebhookDeliveryEntity,
  HostDeploymentEntity,
  ReviewEntity,
];
