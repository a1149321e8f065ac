// "Show only shoes", "Show only Design cards", "Show only the cards assigned to Sam Lee", "Filter by
// the Bug label": the value a filter control is named by. The kind of item ("cards", "contacts"), the
// relation that joins the value to it ("assigned to", "labelled", "with the … label") and the kind of
// value ("label", "tag") are not part of the control's name.
import { ITEM_KIND_NOUNS } from './item-description.js';

const KIND = `(?:${[...ITEM_KIND_NOUNS, 'result', 'user', 'people', 'person', 'member'].join('|')})(?:e?s)?`;
const RELATION =
  '(?:that\\s+are\\s+|which\\s+are\\s+)?(?:assigned\\s+to|owned\\s+by|(?:labell?ed|tagged|marked)(?:\\s+as)?|with|from)';
/** "cards assigned to Sam Lee", "cards with the Bug label": the value after the relation. */
const RELATED = new RegExp(`^${KIND}\\s+${RELATION}\\s+(.+)$`, 'i');
/** "Design cards", "churned contacts": the value before the kind. */
const BEFORE_KIND = new RegExp(`^(.+?)\\s+${KIND}$`, 'i');
/** "the Bug label", "a Design tag": the article and the kind of value. */
const VALUE_KIND = /^(?:(?:the|a|an)\s+)?(.+?)(?:\s+(?:label|tag|category|status))?$/i;

/** The filter value a phrase names, or null when nothing is left of it. */
export function filterValue(phrase: string): string | null {
  const text = phrase
    .trim()
    .replace(/^(?:all\s+)?(?:the(?:\s+|$))?/i, '')
    .replace(/\s+only$/i, '');
  const value = RELATED.exec(text)?.[1] ?? BEFORE_KIND.exec(text)?.[1] ?? text;
  return VALUE_KIND.exec(value.trim())?.[1] || null;
}
