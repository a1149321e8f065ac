// The LanguageModel port: one question with a JSON-schema answer (a tool call), and the tokens it
// cost. The built-in agent asks it only where its own rules give up; llm/openai-model.ts is the
// adapter for any OpenAI-compatible endpoint, and tests point that adapter at a scripted server.
import type { TokenUsage } from '../app/ports/test-executor.js';

export type { TokenUsage };

export interface ModelQuestion {
  /** How to answer, the same for every question of a kind. */
  system: string;
  /** The page and the sentence, with secrets already replaced by placeholders. */
  user: string;
  /** The tool the model must call: its arguments are the answer. */
  tool: { name: string; description: string; parameters: Record<string, unknown> };
}

export type ModelReply =
  /** `answer`: the tool call's arguments as parsed JSON, not yet checked against the schema. */
  | { ok: true; answer: unknown; usage: TokenUsage }
  /** Why there is no answer, as one short phrase ("HTTP 401: invalid api key", "no answer within 60 s"). */
  | { ok: false; why: string; usage: TokenUsage };

export interface LanguageModel {
  /** The model's name, kept on the steps it interpreted (`interpretedBy`). */
  readonly name: string;
  ask(question: ModelQuestion): Promise<ModelReply>;
}
