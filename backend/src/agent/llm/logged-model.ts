// A LanguageModel that logs each question's outcome: failures as warnings (the step's message says
// it too, but an operator looks at logs for a wrong key or an endpoint that is down), answers with
// their tokens as info. Never the prompt: it holds the page.
import type { Logger } from '../../app/ports/logger.js';
import type { LanguageModel } from '../language-model.js';

export function loggedModel(model: LanguageModel, logger: Logger): LanguageModel {
  return {
    name: model.name,
    async ask(question) {
      const started = Date.now();
      const reply = await model.ask(question);
      const fields = {
        component: 'llm',
        model: model.name,
        tool: question.tool.name,
        ms: Date.now() - started,
        ...reply.usage,
      };
      if (reply.ok) logger.info(fields, 'language model answered');
      else logger.warn({ ...fields, why: reply.why }, 'language model gave no usable answer');
      return reply;
    },
  };
}
