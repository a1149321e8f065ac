import type { MigrationInterface, QueryRunner } from 'typeorm';

// The whole data model of the foundation. Later changes get their own migration; this one never changes.
export class Initial1795301071607 implements MigrationInterface {
  name = 'Initial1795301071607';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE organizations (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        name text NOT NULL UNIQUE,
        suspended boolean NOT NULL DEFAULT false,
        usage_limit integer NULL CHECK (usage_limit >= 0),
        usage_period text NULL,
        usage_count integer NOT NULL DEFAULT 0,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      );

      CREATE TABLE projects (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
        name text NOT NULL,
        slug text NOT NULL UNIQUE,
        default_test_plan_id uuid NULL,
        default_device_preset_id uuid NULL,
        slack_default_channel text NULL,
        slack_bot_token text NULL,
        slack_signing_secret text NULL,
        ssh_tunnel_proxy boolean NOT NULL DEFAULT false,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (organization_id, name)
      );

      CREATE TABLE api_tokens (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        project_id uuid NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
        name text NOT NULL DEFAULT '',
        prefix text NOT NULL UNIQUE,
        token_hash text NOT NULL UNIQUE,
        created_at timestamptz NOT NULL DEFAULT now(),
        last_used_at timestamptz NULL,
        revoked_at timestamptz NULL
      );

      CREATE TABLE applications (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        project_id uuid NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
        short_id text NOT NULL UNIQUE,
        name text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (project_id, name)
      );

      CREATE TABLE device_presets (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        project_id uuid NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
        short_id text NOT NULL UNIQUE,
        name text NOT NULL,
        viewport_width integer NULL CHECK (viewport_width > 0),
        viewport_height integer NULL CHECK (viewport_height > 0),
        locale text NULL,
        timezone text NULL,
        user_agent text NULL,
        extra_headers jsonb NOT NULL DEFAULT '{}',
        color_scheme text NULL CHECK (color_scheme IN ('light', 'dark', 'no-preference')),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (project_id, name)
      );
      ALTER TABLE projects ADD FOREIGN KEY (default_device_preset_id) REFERENCES device_presets(id) ON DELETE SET NULL;

      CREATE TABLE configs (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        project_id uuid NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
        short_id text NOT NULL UNIQUE,
        name text NOT NULL,
        entries jsonb NOT NULL DEFAULT '[]',
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (project_id, name)
      );

      CREATE TABLE scenarios (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        project_id uuid NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
        short_id text NOT NULL UNIQUE,
        name text NOT NULL,
        description text NULL,
        examples text NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (project_id, name)
      );

      CREATE TABLE test_cases (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        project_id uuid NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
        application_id uuid NOT NULL REFERENCES applications(id) ON DELETE CASCADE,
        name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 80),
        goal text NOT NULL,
        expected_result text NULL,
        generation_status text NOT NULL CHECK (generation_status IN ('GENERATING', 'COMPLETED', 'FAILED')),
        generation_error text NULL,
        is_enabled boolean NOT NULL DEFAULT false,
        scenario_id uuid NULL REFERENCES scenarios(id) ON DELETE SET NULL,
        resume_from_id uuid NULL REFERENCES test_cases(id) ON DELETE SET NULL,
        created_via text NOT NULL DEFAULT 'api',
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (project_id, name),
        CHECK (resume_from_id IS NULL OR resume_from_id <> id)
      );

      CREATE TABLE test_case_configs (
        test_case_id uuid NOT NULL REFERENCES test_cases(id) ON DELETE CASCADE,
        config_id uuid NOT NULL REFERENCES configs(id) ON DELETE CASCADE,
        position integer NOT NULL DEFAULT 0,
        PRIMARY KEY (test_case_id, config_id)
      );

      CREATE TABLE test_case_wait_for (
        test_case_id uuid NOT NULL REFERENCES test_cases(id) ON DELETE CASCADE,
        depends_on_id uuid NOT NULL REFERENCES test_cases(id) ON DELETE CASCADE,
        PRIMARY KEY (test_case_id, depends_on_id),
        CHECK (test_case_id <> depends_on_id)
      );

      CREATE TABLE test_case_step_versions (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        test_case_id uuid NOT NULL REFERENCES test_cases(id) ON DELETE CASCADE,
        version integer NOT NULL,
        steps jsonb NOT NULL,
        source text NOT NULL,
        run_id uuid NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (test_case_id, version)
      );

      CREATE TABLE test_plans (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        project_id uuid NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
        short_id text NOT NULL UNIQUE,
        name text NOT NULL,
        description text NULL,
        owner text NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (project_id, name)
      );
      ALTER TABLE projects ADD FOREIGN KEY (default_test_plan_id) REFERENCES test_plans(id) ON DELETE SET NULL;

      CREATE TABLE test_plan_test_cases (
        test_plan_id uuid NOT NULL REFERENCES test_plans(id) ON DELETE CASCADE,
        test_case_id uuid NOT NULL REFERENCES test_cases(id) ON DELETE CASCADE,
        position integer NOT NULL DEFAULT 0,
        PRIMARY KEY (test_plan_id, test_case_id)
      );

      CREATE TABLE test_plan_schedules (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        test_plan_id uuid NOT NULL REFERENCES test_plans(id) ON DELETE CASCADE,
        cron text NOT NULL,
        description text NOT NULL DEFAULT '',
        timezone text NOT NULL DEFAULT 'UTC',
        enabled boolean NOT NULL DEFAULT true,
        last_fired_at timestamptz NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      );

      CREATE TABLE runs (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        short_id text NOT NULL UNIQUE,
        project_id uuid NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
        test_plan_id uuid NULL REFERENCES test_plans(id) ON DELETE SET NULL,
        test_plan_name text NOT NULL,
        test_plan_short_id text NOT NULL,
        trigger text NOT NULL CHECK (trigger IN ('API', 'REPOHOST', 'SCHEDULE', 'MANUAL')),
        status text NOT NULL DEFAULT 'INITIATED' CHECK (status IN ('INITIATED', 'RUNNING', 'COMPLETED', 'ERROR', 'CANCELLED')),
        result text NULL CHECK (result IN ('PASSED', 'FAILED', 'SKIPPED')),
        actor text NULL,
        branch text NULL,
        commit_hash text NULL,
        commit_message text NULL,
        repository text NULL,
        rerun_of_run_id uuid NULL REFERENCES runs(id) ON DELETE SET NULL,
        schedule_id uuid NULL REFERENCES test_plan_schedules(id) ON DELETE SET NULL,
        notifications jsonb NULL,
        error_message text NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        started_at timestamptz NULL,
        finished_at timestamptz NULL
      );
      CREATE INDEX runs_project_created ON runs (project_id, created_at DESC);

      CREATE TABLE environments (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        application_id uuid NOT NULL REFERENCES applications(id) ON DELETE CASCADE,
        short_id text NOT NULL UNIQUE,
        name text NOT NULL,
        url text NOT NULL,
        is_default boolean NOT NULL DEFAULT false,
        is_preview boolean NOT NULL DEFAULT false,
        created_by_run_id uuid NULL REFERENCES runs(id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE UNIQUE INDEX environments_name ON environments (application_id, name) WHERE NOT is_preview;
      CREATE UNIQUE INDEX environments_one_default ON environments (application_id) WHERE is_default;

      CREATE TABLE test_plan_applications (
        test_plan_id uuid NOT NULL REFERENCES test_plans(id) ON DELETE CASCADE,
        application_id uuid NOT NULL REFERENCES applications(id) ON DELETE CASCADE,
        environment_id uuid NOT NULL REFERENCES environments(id) ON DELETE RESTRICT,
        device_preset_id uuid NULL REFERENCES device_presets(id) ON DELETE SET NULL,
        PRIMARY KEY (test_plan_id, application_id)
      );

      CREATE TABLE run_test_cases (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        short_id text NOT NULL UNIQUE,
        run_id uuid NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
        test_case_id uuid NULL REFERENCES test_cases(id) ON DELETE SET NULL,
        name text NOT NULL,
        status text NOT NULL DEFAULT 'PENDING' CHECK (status IN ('PENDING', 'RUNNING', 'COMPLETED', 'SKIPPED', 'ERROR', 'CANCELLED')),
        result text NULL CHECK (result IN ('PASSED', 'FAILED', 'SKIPPED')),
        result_title text NULL,
        evaluation_thought text NULL,
        prompt_goal text NULL,
        prompt_examples text NULL,
        expected_result text NULL,
        resume_from_id uuid NULL REFERENCES run_test_cases(id) ON DELETE SET NULL,
        wait_for_ids uuid[] NOT NULL DEFAULT '{}',
        application_id uuid NULL REFERENCES applications(id) ON DELETE SET NULL,
        environment_id uuid NULL REFERENCES environments(id) ON DELETE SET NULL,
        environment_url text NULL,
        device_preset_id uuid NULL REFERENCES device_presets(id) ON DELETE SET NULL,
        position integer NOT NULL DEFAULT 0,
        step_version integer NULL,
        attempt integer NOT NULL DEFAULT 0,
        created_at timestamptz NOT NULL DEFAULT now(),
        started_at timestamptz NULL,
        finished_at timestamptz NULL
      );
      CREATE INDEX run_test_cases_run ON run_test_cases (run_id, position);
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      DROP TABLE IF EXISTS run_test_cases, test_plan_applications, environments, runs, test_plan_schedules,
        test_plan_test_cases, test_plans, test_case_step_versions, test_case_wait_for, test_case_configs,
        test_cases, scenarios, configs, device_presets, applications, api_tokens, projects, organizations CASCADE;
    `);
  }
}
