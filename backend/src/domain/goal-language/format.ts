// Sentences Goalie writes itself: the elementary sentence of each step of a compound sentence
// ("... and press Enter", "Log in with config 'admin'"), so healing can interpret one step alone.
// Every sentence written here parses back to the same intent.
import type { Expectation } from '../steps.js';
import type { Intent, TargetPhrase } from './intents.js';
import { quote } from './quotes.js';
import { ordinalWord } from './target-phrase.js';

/** Every name the target may have, as written: "'Delete' or 'Remove'". */
function formatNames(target: TargetPhrase): string {
  const names = [target.name!, ...(target.alternatives ?? [])].map(quote);
  return names.length > 1 ? `${names.slice(0, -1).join(', ')} or ${names.at(-1)}` : names[0]!;
}

export function formatTarget(target: TargetPhrase): string {
  const nth = target.nth === undefined ? '' : `${ordinalWord(target.nth)} `;
  let text =
    target.name === null
      ? `the ${nth}${target.noun ?? 'element'}`
      : target.noun
        ? `the ${nth}${formatNames(target)} ${target.noun}`
        : `${nth ? `the ${nth}` : ''}${formatNames(target)}`;
  if (target.near?.nth !== undefined)
    text += ` in the ${ordinalWord(target.near.nth)} ${target.near.text}${target.near.within === undefined ? '' : ` in ${quote(target.near.within)}`}`;
  else if (target.near) text += ` ${target.near.relation} ${quote(target.near.text)}`;
  return text;
}

export function formatExpectation(expectation: Expectation): string {
  switch (expectation.kind) {
    case 'visible':
      return `${quote(expectation.text)} is shown`;
    case 'notVisible':
      return `${quote(expectation.text)} is not shown`;
    case 'urlContains':
      return `the URL contains ${quote(expectation.text)}`;
    case 'titleIs':
      return `the title is ${quote(expectation.text)}`;
    case 'count':
      return `there ${expectation.count === 1 ? 'is' : 'are'} ${expectation.count} ${expectation.noun}`;
    case 'state':
      return `${formatTarget(expectation.target)} is ${expectation.state}`;
    case 'value':
      return expectation.text === ''
        ? `${formatTarget(expectation.target)} is empty`
        : `${formatTarget(expectation.target)} is set to ${quote(expectation.text)}`;
    case 'item':
      return formatItemClaim(expectation);
    case 'groupCount':
      return formatGroupCount(expectation);
    case 'message':
      return `a message asks you to ${quote(expectation.words)}`;
  }
}

/** "the 'Done' group has 2 cards" (the group's own noun, column or folder, is not kept). */
export function formatGroupCount({ group, count, noun }: Extract<Expectation, { kind: 'groupCount' }>): string {
  return `the ${quote(group)} group has ${count} ${noun}`;
}

/** "the row of 'Ada' shows 'Admin'", "'Ada' is listed first", "only 'Ada' is listed". */
export function formatItemClaim({ item, claim }: Extract<Expectation, { kind: 'item' }>): string {
  if ('shows' in claim)
    return `the row of ${quote(item)} ${claim.negated ? 'does not show' : 'shows'} ${quote(claim.shows)}`;
  if ('position' in claim) return `${quote(item)} is listed ${ordinalWord(claim.position)}`;
  if ('field' in claim)
    return `the ${quote(claim.field)} of ${quote(item)} is ${claim.negated ? 'not ' : ''}${quote(claim.value)}`;
  if ('group' in claim) return `${quote(item)} is ${claim.negated ? 'not ' : ''}in ${quote(claim.group)}`;
  if ('mark' in claim) return `${quote(item)} is ${claim.negated ? 'not ' : ''}${claim.mark}`;
  if ('every' in claim) return `every item listed shows ${quote(item)}`;
  if (claim.others?.length) {
    const names = [item, ...claim.others].map(quote);
    return `only ${names.slice(0, -1).join(', ')} and ${names.at(-1)!} are listed`;
  }
  return `only ${quote(item)} is listed`;
}

export function formatIntent(intent: Intent): string {
  switch (intent.kind) {
    case 'goto':
      return `Go to ${intent.url}`;
    case 'click':
      if (intent.purpose === 'open') return `Open ${formatTarget(intent.target)}`;
      if (intent.purpose === 'choose') return `Choose ${formatTarget(intent.target)}`;
      if (intent.purpose === 'toggle') return `Toggle ${formatTarget(intent.target)}`;
      if (intent.until)
        return `Sort by the ${quote(intent.target.name ?? '')} column, ${intent.until === 'ascending' ? 'lowest' : 'highest'} first`;
      return `${intent.double ? 'Double-click' : 'Click'} ${formatTarget(intent.target)}`;
    case 'fill':
      return intent.value === ''
        ? `Clear ${formatTarget(intent.target)}`
        : `Fill ${formatTarget(intent.target)} with ${quote(intent.value)}`;
    case 'select':
      return `Select ${quote(intent.value)} from ${formatTarget(intent.target)}`;
    case 'check':
      return `Check ${formatTarget(intent.target)}`;
    case 'uncheck':
      return `Uncheck ${formatTarget(intent.target)}`;
    case 'hover':
      return `Hover over ${formatTarget(intent.target)}`;
    case 'press':
      return intent.target ? `Press ${intent.key} in ${formatTarget(intent.target)}` : `Press ${intent.key}`;
    case 'wait':
      return `Wait for ${quote(intent.text)}`;
    case 'assert':
      return `Verify that ${formatExpectation(intent.expectation)}`;
    case 'login':
      return intent.config ? `Log in with config ${quote(intent.config)}` : 'Log in';
    case 'loginAs':
      return `Sign in as ${quote(intent.user)} with password ${quote(intent.password)}`;
    case 'expand':
      return `Expand ${formatTarget(intent.target)}`;
    case 'collapse':
      return `Collapse ${formatTarget(intent.target)}`;
    case 'rename':
      return `Rename ${formatTarget(intent.target)} to ${quote(intent.value)}`;
    case 'dismiss':
      return intent.target ? `Dismiss ${formatTarget(intent.target)}` : 'Dismiss the dialog';
    case 'fillForm':
      return `Fill ${intent.whole ? `the ${intent.whole.field} with` : 'in'} ${intent.entries.map((e) => (e.field ? `${e.field} ${quote(e.value)}` : quote(e.value))).join(', ')}`;
  }
}
