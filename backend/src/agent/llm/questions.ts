// The three questions Goalie may ask a language model, each with the JSON schema of its answer
// (sent as the tool's parameters) and the zod schema that checks what came back.
import { z } from 'zod';
import type { ModelQuestion } from '../language-model.js';

const RULES = `You help Goalie, a browser test tool, where its own rules gave up. Answer only by calling the tool.
Name elements exactly as the accessibility snapshot names them: a role and its accessible name (the quoted text after the role), or, for an element without a role, its exact visible text. Never invent an element that is not in the snapshot.
Values written like {{config.key}} are placeholders for secrets: copy them as they are, never guess what they hold.`;

const target = z
  .object({
    role: z
      .string()
      .nullable()
      .describe('ARIA role from the snapshot, e.g. button, link, textbox, checkbox, combobox; null when using text'),
    name: z.string().nullable().describe('the accessible name exactly as in the snapshot; null when using text'),
    text: z
      .string()
      .nullable()
      .describe('exact visible text of an element without a role; null when using role and name'),
  })
  .refine((t) => (t.role && t.name !== null) || t.text, { message: 'a target needs a role and a name, or a text' });

export type ModelTarget = z.infer<typeof target>;

const action = z.object({
  action: z.enum(['goto', 'click', 'doubleClick', 'fill', 'select', 'check', 'uncheck', 'hover', 'press', 'wait']),
  target: target.nullable().describe('the element acted on; null for goto, wait and a press on the page'),
  value: z.string().nullable().describe('fill: the text to type; select: the option; else null'),
  key: z.string().nullable().describe('press: a Playwright key name such as Enter, Escape, ArrowDown; else null'),
  url: z.string().nullable().describe('goto: an absolute URL or a path such as /login; else null'),
  text: z.string().nullable().describe('wait: the text to wait for; else null'),
});

export type ModelAction = z.infer<typeof action>;

export const sentenceAnswer = z.object({
  understood: z.boolean(),
  reason: z.string().describe('one line: what the sentence asks, or why it cannot be done on this page'),
  actions: z.array(action).max(10),
});

export const targetAnswer = z.object({
  found: z.boolean(),
  reason: z.string().describe('one line: why this element is the one meant, or why none is'),
  target: target.nullable(),
});

const check = z.object({
  kind: z.enum(['visible', 'notVisible', 'urlContains', 'titleIs']),
  text: z
    .string()
    .describe(
      'visible/notVisible: a text as shown on the page; urlContains: part of the URL; titleIs: the whole title',
    ),
});

export const judgementAnswer = z.object({
  passed: z.boolean(),
  reason: z.string().describe('one or two sentences: what on the page shows the expected result holds, or does not'),
  checks: z.array(check).max(10).describe('facts that Goalie checks on the page itself; a pass needs at least one'),
});

export type JudgementCheck = z.infer<typeof check>;

function tool<T extends z.ZodType>(name: string, description: string, schema: T): ModelQuestion['tool'] {
  const { $schema: _ignored, ...parameters } = z.toJSONSchema(schema, { io: 'input' }) as Record<string, unknown>;
  return { name, description, parameters };
}

export function sentenceQuestion(sentence: string, page: string): ModelQuestion {
  return {
    system: `${RULES}
Turn one sentence of a test's goal into browser actions on the page shown. Use as few actions as the sentence asks for, in order. If the sentence cannot be done on this page, answer understood=false with the reason.`,
    user: `${page}\n\nSentence: ${sentence}`,
    tool: tool('record_actions', 'The browser actions that carry out the sentence.', sentenceAnswer),
  };
}

export function targetQuestion(sentence: string, understood: string, why: string, page: string): ModelQuestion {
  return {
    system: `${RULES}
Goalie understood a sentence but could not find the element it names. Pick the one element on the page the sentence means, or answer found=false if none fits.`,
    user: `${page}\n\nSentence: ${sentence}\nUnderstood as: ${understood}\nGoalie's own search: ${why}`,
    tool: tool('name_element', 'The element the sentence means.', targetAnswer),
  };
}

export function judgementQuestion(expectedResult: string, page: string): ModelQuestion {
  return {
    system: `${RULES}
Judge whether the expected result of a test holds on the page as it is now. Back your verdict with checks Goalie can verify itself: texts that are (or are not) shown, a part of the URL, the title. A pass without checks counts as a failure.`,
    user: `${page}\n\nExpected result: ${expectedResult}`,
    tool: tool('judge_result', 'The verdict on the expected result, with checks.', judgementAnswer),
  };
}

/** The first problem zod found, as one line. */
export function schemaProblem(error: z.ZodError): string {
  const issue = error.issues[0]!;
  return `${issue.path.length ? `${issue.path.join('.')}: ` : ''}${issue.message}`;
}
