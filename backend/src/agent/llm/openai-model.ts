// The LanguageModel adapter for any OpenAI-compatible chat-completions endpoint (OpenAI, Azure
// OpenAI's v1 API, OpenRouter, Ollama, vLLM, llama.cpp's server, LM Studio), through the official
// client. The answer is a forced tool call; servers that ignore tools and answer with JSON in the
// message text are read too. Failures come back as a reason, never as an exception.
import OpenAI, { APIConnectionError, APIConnectionTimeoutError, APIError } from 'openai';
import type { LlmConfig } from '../../config.js';
import type { LanguageModel, ModelQuestion, ModelReply, TokenUsage } from '../language-model.js';

const NO_USAGE: TokenUsage = { promptTokens: 0, completionTokens: 0 };

function seconds(ms: number): string {
  return `${Math.round(ms / 100) / 10} s`;
}

/** The JSON in a message text, without the code fence some models put around it. */
function jsonIn(text: string): unknown {
  const fenced = /```(?:json)?\s*([\s\S]*?)```/.exec(text);
  return JSON.parse((fenced ? fenced[1]! : text).trim());
}

function short(text: string, max = 300): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max)}…` : flat;
}

export function openAiModel(config: LlmConfig): LanguageModel {
  const client = new OpenAI({
    baseURL: config.baseUrl,
    // Local servers want no key, but the client insists on one; they ignore the header.
    apiKey: config.apiKey ?? 'no-key',
    organization: null,
    project: null,
    timeout: config.timeoutMs,
    maxRetries: config.maxRetries,
    // Failures are reported on the step that needed the model, not on the console.
    logLevel: 'off',
  });
  const why = (error: unknown): string => {
    if (error instanceof APIConnectionTimeoutError)
      return `no answer within ${seconds(config.timeoutMs)}${config.maxRetries ? ` (tried ${config.maxRetries + 1} times)` : ''}`;
    if (error instanceof APIConnectionError)
      return `could not reach ${config.baseUrl}: ${short(String((error.cause as Error | undefined)?.message ?? error.message))}`;
    if (error instanceof APIError)
      return `HTTP ${error.status ?? '?'} from ${config.baseUrl}: ${short(error.message.replace(/^\d{3}\s*/, ''))}`;
    return short(error instanceof Error ? error.message : String(error));
  };

  return {
    name: config.model,
    async ask(question: ModelQuestion): Promise<ModelReply> {
      let completion: OpenAI.Chat.Completions.ChatCompletion;
      try {
        completion = await client.chat.completions.create({
          model: config.model,
          temperature: 0,
          messages: [
            { role: 'system', content: question.system },
            { role: 'user', content: question.user },
          ],
          tools: [{ type: 'function', function: question.tool }],
          tool_choice: { type: 'function', function: { name: question.tool.name } },
        });
      } catch (error) {
        return { ok: false, why: why(error), usage: NO_USAGE };
      }
      const usage: TokenUsage = {
        promptTokens: completion.usage?.prompt_tokens ?? 0,
        completionTokens: completion.usage?.completion_tokens ?? 0,
      };
      const message = completion.choices?.[0]?.message;
      if (!message) return { ok: false, why: 'the answer held no message', usage };
      if (message.refusal) return { ok: false, why: `the model refused: ${short(message.refusal)}`, usage };
      const call = message.tool_calls?.find((c) => c.type === 'function');
      const text = call && call.type === 'function' ? call.function.arguments : message.content;
      if (!text) return { ok: false, why: 'the model answered with neither a tool call nor text', usage };
      try {
        return { ok: true, answer: jsonIn(text), usage };
      } catch {
        return { ok: false, why: `the answer is not JSON: ${short(text, 200)}`, usage };
      }
    },
  };
}
