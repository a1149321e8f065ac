// The built-in agent's three questions to a language model, asked only where its own rules gave
// up: a sentence it cannot parse, a target it cannot find, an expected result it cannot read. The
// page goes out as a bounded accessibility snapshot with secrets replaced by placeholders; each
// answer is checked against its schema, and the tokens it cost are reported to the context.
import type { Page } from 'playwright-core';
import type { z } from 'zod';
import type { Intent, TargetPhrase } from '../../domain/goal-language/intents.js';
import type { Expectation } from '../../domain/steps.js';
import type { AgentContext, Evaluation } from '../agent.js';
import { checkExpectation } from '../check-expectation.js';
import type { LanguageModel, ModelQuestion } from '../language-model.js';
import { modelTargetName } from './locate-model-target.js';
import { pageForModel } from './page-for-model.js';
import { redactSecrets } from './redact.js';
import {
  judgementAnswer,
  judgementQuestion,
  schemaProblem,
  sentenceAnswer,
  sentenceQuestion,
  targetAnswer,
  targetQuestion,
  type ModelAction,
  type ModelTarget,
} from './questions.js';

export type Assisted<T> = { ok: true; value: T } | { ok: false; why: string };

/** One action the model read in a sentence, and the element it named for it. */
export interface ModelReading {
  intent: Intent;
  target: ModelTarget | null;
}

function phrase(target: ModelTarget): TargetPhrase {
  return { name: modelTargetName(target), noun: null, near: null };
}

/** The model's action as the intent a sentence would have produced; or what is missing. */
function readingOf(a: ModelAction, n: number): ModelReading | string {
  const needs = (what: string) => `action ${n} (${a.action}) has no ${what}`;
  const t = a.target;
  switch (a.action) {
    case 'goto':
      return a.url ? { intent: { kind: 'goto', url: a.url }, target: null } : needs('url');
    case 'wait':
      return a.text ? { intent: { kind: 'wait', text: a.text }, target: null } : needs('text');
    case 'press':
      if (!a.key) return needs('key');
      return { intent: { kind: 'press', key: a.key, target: t ? phrase(t) : null }, target: t };
    default:
      break;
  }
  if (!t) return needs('target');
  const target = phrase(t);
  switch (a.action) {
    case 'click':
    case 'doubleClick':
      return { intent: { kind: 'click', target, double: a.action === 'doubleClick', purpose: 'click' }, target: t };
    case 'fill':
      return a.value === null ? needs('value') : { intent: { kind: 'fill', target, value: a.value }, target: t };
    case 'select':
      return a.value === null ? needs('value') : { intent: { kind: 'select', target, value: a.value }, target: t };
    case 'check':
    case 'uncheck':
    case 'hover':
      return { intent: { kind: a.action, target }, target: t };
  }
}

export class ModelAssist {
  constructor(private readonly model: LanguageModel) {}

  get name(): string {
    return this.model.name;
  }

  /** The one line added to the built-in agent's own message when the model did not help either. */
  line(why: string): string {
    return `The language model (${this.model.name}) could not help: ${why}.`;
  }

  private async ask<T>(question: ModelQuestion, schema: z.ZodType<T>, context: AgentContext): Promise<Assisted<T>> {
    const reply = await this.model.ask({ ...question, user: redactSecrets(question.user, context.configs) });
    if (reply.usage.promptTokens || reply.usage.completionTokens) context.onModelUsage?.(reply.usage);
    if (!reply.ok) return { ok: false, why: reply.why };
    const parsed = schema.safeParse(reply.answer);
    if (!parsed.success)
      return { ok: false, why: `its answer does not fit the expected form (${schemaProblem(parsed.error)})` };
    return { ok: true, value: parsed.data };
  }

  /** (1) A sentence the parser does not understand -> the actions it asks for on this page. */
  async interpret(page: Page, sentence: string, context: AgentContext): Promise<Assisted<ModelReading[]>> {
    const answer = await this.ask(
      sentenceQuestion(sentence, await pageForModel(page, context.configs)),
      sentenceAnswer,
      context,
    );
    if (!answer.ok) return answer;
    const { understood, reason, actions } = answer.value;
    if (!understood || !actions.length) return { ok: false, why: `it did not understand it either: ${reason}` };
    const readings: ModelReading[] = [];
    for (const [i, action] of actions.entries()) {
      const reading = readingOf(action, i + 1);
      if (typeof reading === 'string') return { ok: false, why: `its answer is incomplete: ${reading}` };
      readings.push(reading);
    }
    return { ok: true, value: readings };
  }

  /** (2) A target the built-in search did not find -> the element the model says the sentence means. */
  async findTarget(
    page: Page,
    sentence: string,
    understood: string,
    why: string,
    context: AgentContext,
  ): Promise<Assisted<ModelTarget>> {
    const answer = await this.ask(
      targetQuestion(sentence, understood, why, await pageForModel(page, context.configs)),
      targetAnswer,
      context,
    );
    if (!answer.ok) return answer;
    if (!answer.value.found || !answer.value.target)
      return { ok: false, why: `it found nothing either: ${answer.value.reason}` };
    return { ok: true, value: answer.value.target };
  }

  /**
   * (3) An expected result the parser cannot read -> the model's verdict, backed by checks Goalie
   * makes itself: a pass needs at least one check, and every check must hold on the page.
   */
  async judge(
    page: Page,
    expectedResult: string,
    context: AgentContext,
    expectTimeoutMs: number,
  ): Promise<Assisted<Evaluation>> {
    const answer = await this.ask(
      judgementQuestion(expectedResult, await pageForModel(page, context.configs)),
      judgementAnswer,
      context,
    );
    if (!answer.ok) return answer;
    const { passed, reason, checks } = answer.value;
    const expectations: Expectation[] = checks.map((c) => ({ kind: c.kind, text: c.text }));
    const results = [];
    for (const expectation of expectations)
      results.push(await checkExpectation(page, expectation, context.configs, expectTimeoutMs));
    const failed = results.filter((r) => !r.passed);
    const intro = `The expected result is not in Goalie's own phrasing, so ${this.model.name} judged it on ${page.url()}: ${passed ? 'passed' : 'failed'}. ${reason}`;
    const lines = results.length
      ? ['Its checks, made by Goalie on the page:', ...results.map((r) => r.line)]
      : ['It gave no checks Goalie could make on the page.'];
    let title: string | null = null;
    if (failed.length) title = `${failed[0]!.title} (a check of ${this.model.name}'s judgement)`;
    else if (!passed) title = `Not met, judged by ${this.model.name}: ${reason}`;
    else if (!results.length)
      title = `${this.model.name} judged it met but gave nothing to check, so it does not count as a pass`;
    return { ok: true, value: { passed: title === null, title, thought: [intro, ...lines].join('\n'), expectations } };
  }
}
