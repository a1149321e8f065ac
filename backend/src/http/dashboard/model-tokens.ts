// How language-model token counts read on the pages: "1,240 tokens (1,200 prompt + 40 completion)".
import type { TokenUsage } from '../../app/ports/test-executor.js';

const count = (n: number) => n.toLocaleString('en-US');

export function modelTokensText(usage: TokenUsage): string {
  return `${count(usage.promptTokens + usage.completionTokens)} tokens (${count(usage.promptTokens)} prompt + ${count(usage.completionTokens)} completion)`;
}
