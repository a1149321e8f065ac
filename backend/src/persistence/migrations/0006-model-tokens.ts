import type { MigrationInterface, QueryRunner } from 'typeorm';

// Tokens a language model spent (prompt and completion): per run test case, and for a test case's
// latest burn-in. NULL when no model was asked, which is always so without GOALIE_LLM_*.
export class ModelTokens1795400000000 implements MigrationInterface {
  name = 'ModelTokens1795400000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE run_test_cases
        ADD COLUMN model_prompt_tokens integer NULL,
        ADD COLUMN model_completion_tokens integer NULL;
      ALTER TABLE test_cases
        ADD COLUMN burn_in_prompt_tokens integer NULL,
        ADD COLUMN burn_in_completion_tokens integer NULL;
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE run_test_cases DROP COLUMN IF EXISTS model_prompt_tokens, DROP COLUMN IF EXISTS model_completion_tokens;
      ALTER TABLE test_cases DROP COLUMN IF EXISTS burn_in_prompt_tokens, DROP COLUMN IF EXISTS burn_in_completion_tokens;
    `);
  }
}
