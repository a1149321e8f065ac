// A date field: a native <input type=date>, or a text field that has a date format (its hint) or
// opens a pop-up calendar when clicked (jQuery UI, flatpickr, Pikaday, an ARIA date picker dialog).
// The date is typed in the field's format; when the field is read-only or does not keep the date
// typed, the day is clicked in the calendar that opened, after turning its months with its
// next/previous controls. The calendar is found by what it shows, not by a library's classes: a
// newly visible run of day numbers 1..28+ under a month name and a year.
import type { ElementHandle, JSHandle, Locator as PwLocator } from 'playwright-core';
import {
  formatDate,
  formatFromHint,
  isoDate,
  monthOf,
  monthsBetween,
  nextOccurrence,
  readDate,
  readDayMonth,
  relativeDay,
  sameDate,
  type CalendarDate,
  type DateOrder,
} from '../domain/calendar-dates.js';
import { monthStep } from '../domain/control-words.js';
import { readField, type FieldFacts } from './fill-field.js';

/** A calendar opened on a date 20 years away is turned at most this many times. */
const MAX_MONTH_TURNS = 240;

/** Remembers the calendars shown now, so that the one the field opens is told from them. */
const calendarScript = `
  const visible = (el) => { const r = el.getBoundingClientRect(); return r.width >= 1 && r.height >= 1 && (!el.checkVisibility || el.checkVisibility({ visibilityProperty: true, opacityProperty: true })); };
  const dayOf = (el) => { const t = (el.textContent || '').trim(); return /^\\d{1,2}$/.test(t) && Number(t) >= 1 && Number(t) <= 31 && !Array.from(el.children).some((c) => (c.textContent || '').trim() === t) ? Number(t) : 0; };
  const days = (root) => Array.from(root.querySelectorAll('*')).filter((el) => dayOf(el) && visible(el));
  // The smallest ancestor of a day holding 28 days or more, then up to the one that names a month and a year.
  const grids = () => {
    const found = [];
    for (const day of days(document)) {
      if (found.some((g) => g.contains(day))) continue;
      let grid = day.parentElement;
      while (grid && days(grid).length < 28) grid = grid.parentElement;
      if (grid && grid !== document.body && grid !== document.documentElement) found.push(grid);
    }
    return found;
  };
  const header = (root, grid) => {
    const parts = [];
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) if (!grid.contains(n.parentElement) && n.parentElement.tagName !== 'OPTION' && visible(n.parentElement)) parts.push(n.textContent);
    for (const s of root.querySelectorAll('select')) if (!grid.contains(s) && s.selectedOptions[0]) parts.push(s.selectedOptions[0].textContent);
    for (const i of root.querySelectorAll('input')) if (!grid.contains(i)) parts.push(i.value);
    return parts.join(' ').replace(/\\s+/g, ' ').trim();
  };
  const calendars = () => grids().map((grid) => {
    let root = grid;
    for (let depth = 0; depth < 6 && root.parentElement && !/\\b\\d{4}\\b/.test(header(root, grid)); depth++) root = root.parentElement;
    return { root, grid };
  });
`;

const rememberCalendars = new Function(`return (() => {${calendarScript}
  window.__goalieCalendars = new Set(calendars().map((c) => c.root));
})`)() as () => void;

/** The calendar that appeared since rememberCalendars (or that the field controls), else null. */
const newCalendar = new Function(`return ((field) => {${calendarScript}
  const seen = window.__goalieCalendars || new Set();
  const controlled = (field.getAttribute('aria-controls') || '').split(/\\s+/).filter(Boolean).map((id) => document.getElementById(id));
  const found = calendars().find((c) => !seen.has(c.root) || controlled.some((el) => el && el.contains(c.grid)));
  return found ? found.root : null;
})`)() as (field: Element) => Element | null;

interface Shown {
  /** The text around the days: the month and year it shows, its controls. */
  header: string;
  /** The elements of the month's days, 1 to the last, in order (no days of the months around it). */
  days: Element[];
  controls: Element[];
}

const readCalendar = new Function(`return ((root) => {${calendarScript}
  const grid = grids().find((g) => root.contains(g));
  if (!grid) return { header: '', days: [], controls: [] };
  // The shown month runs from the first 1 up: days of the month before come before it, of the next after its end.
  const all = days(grid);
  const start = all.findIndex((d) => dayOf(d) === 1);
  const run = [];
  for (let i = start; i >= 0 && i < all.length && dayOf(all[i]) === run.length + 1; i++) run.push(all[i]);
  const controls = Array.from(root.querySelectorAll('button, a, [role=button], [onclick], [tabindex], [title], [aria-label]'))
    .filter((el) => !grid.contains(el) && visible(el));
  return { header: header(root, grid), days: run, controls };
})`)() as (root: Element) => Shown;

const describeControls = new Function(`return ((shown) => shown.controls.map((el) =>
  [el.getAttribute('aria-label'), el.getAttribute('title'), (el.textContent || '').trim(), el.getAttribute('class'), el.id,
   ...Array.from(el.querySelectorAll('*'), (c) => c.getAttribute('class') || '')].filter((t) => t && t.trim())))`)() as (
  shown: Shown,
) => string[][];

/** The month and year a calendar's header names: the first month name and the first four-digit year. */
function monthShown(header: string): { year: number; month: number } | null {
  const words = header.split(/[^\p{L}\d]+/u);
  const month = words.map(monthOf).find((m) => m !== null);
  const year = words.find((w) => /^\d{4}$/.test(w));
  return month && year ? { year: Number(year), month } : null;
}

/** The field shows the date: read in its order, or (for a display whose order it does not tell) in either. */
function shows(held: string, date: CalendarDate, order: DateOrder | undefined): boolean {
  // A display without a year ("Sat, Dec 12") agrees by its day and month: the year was clicked.
  const dayMonth = readDayMonth(held);
  if (dayMonth) return dayMonth.month === date.month && dayMonth.day === date.day;
  const readings = order ? [readDate(held, order)] : [readDate(held), readDate(held, 'dmy'), readDate(held, 'mdy')];
  return readings.some((r) => r.kind === 'date' && sameDate(r.date, date));
}

/**
 * Gives a date field the date `value` names. False when the value is no date or the field is no
 * date field (nothing was done: it is filled as text); throws when the date cannot be set.
 */
export async function fillDate(
  element: PwLocator,
  value: string,
  field: FieldFacts,
  timeoutMs: number,
): Promise<boolean> {
  const action = { timeout: timeoutMs };
  if (field.tag !== 'input') return false;
  const dayMonth = readDate(value).kind === 'not a date' ? readDayMonth(value) : null;
  if (dayMonth) value = isoDate(nextOccurrence(dayMonth, await pageToday(element, timeoutMs)));
  else if (readDate(value).kind === 'not a date') {
    // "today", "this Friday": counted from the page's today.
    const day = relativeDay(value, await pageToday(element, timeoutMs));
    if (!day) return false;
    value = isoDate(day);
  }
  const format = formatFromHint(field.hint);
  const order = format?.order;
  if (field.type === 'date') {
    const date = dateOf(value, undefined);
    await element.fill(isoDate(date), action);
    const held = await element.inputValue(action);
    if (held !== isoDate(date)) throw new Error(`it holds ${JSON.stringify(held)}, not ${isoDate(date)}`);
    return true;
  }
  if (!['text', ''].includes(field.type)) return false;
  const page = element.page();
  await page.evaluate(rememberCalendars);
  await element.click(action);
  let calendar = await element.evaluateHandle(newCalendar, undefined, action);
  if (!format && !calendar.asElement()) return false; // an ordinary text field: the value is typed as it is
  const date = dateOf(value, order);
  if (!field.readonly) {
    // Typed in the field's format (as written when it tells none); blurred, as a person leaves it,
    // for the widgets that read what was typed on change or on blur.
    const typed = format ? formatDate(date, format) : value.trim();
    await element.fill(typed, action);
    await element.blur(action);
    const held = (await element.evaluate(readField, undefined, action)).held ?? '';
    if (shows(held, date, order)) return true;
    if (!calendar.asElement())
      throw new Error(
        `it holds ${JSON.stringify(held)} after ${JSON.stringify(typed)} was typed, and no calendar opened`,
      );
    // The calendars seen before the first click still tell the field's own (open, or opened again).
    await element.fill('', action);
    await element.click(action);
    calendar = await element.evaluateHandle(newCalendar, undefined, action);
  }
  const root = calendar.asElement();
  if (!root) throw new Error(`${field.readonly ? 'it is read-only and ' : ''}no calendar opened when it was clicked`);
  await pickDay(element, root, date, timeoutMs);
  const held = (await element.evaluate(readField, undefined, action)).held ?? '';
  if (!shows(held, date, order))
    throw new Error(`it holds ${JSON.stringify(held)} after ${isoDate(date)} was clicked in its calendar`);
  return true;
}

/** Today as the page's clock has it: "12 December" and "Friday" are counted from it. */
function pageToday(element: PwLocator, timeoutMs: number): Promise<CalendarDate> {
  return element.evaluate(
    () => {
      const d = new Date();
      return { year: d.getFullYear(), month: d.getMonth() + 1, day: d.getDate() };
    },
    undefined,
    { timeout: timeoutMs },
  );
}

function dateOf(value: string, order: DateOrder | undefined): CalendarDate {
  const reading = readDate(value, order);
  if (reading.kind === 'date') return reading.date;
  throw new Error(reading.kind === 'not a date' ? `${JSON.stringify(value)} is not a date` : reading.message);
}

/**
 * Turns the calendar to the date's month with its next/previous controls and clicks the day. A page
 * that draws itself again on every change replaces the calendar when a month turns: the field's new
 * calendar is then found again.
 */
async function pickDay(field: PwLocator, first: ElementHandle, date: CalendarDate, timeoutMs: number): Promise<void> {
  let root = first;
  const read = async () => {
    if (!(await root.evaluate((el) => el.isConnected))) {
      const again = (await field.evaluateHandle(newCalendar, undefined, { timeout: timeoutMs })).asElement();
      if (again) root = again;
    }
    const shown: JSHandle<Shown> = await root.evaluateHandle(readCalendar);
    return {
      shown,
      header: await shown.evaluate((s) => s.header),
      month: monthShown(await shown.evaluate((s) => s.header)),
    };
  };
  for (let turns = 0; ; turns++) {
    const { shown, header, month } = await read();
    if (!month) throw new Error(`its calendar names no month and year (it shows ${JSON.stringify(header)})`);
    const delta = monthsBetween(month, date);
    if (delta === 0) {
      const day = (await (await shown.getProperty('days')).getProperty(String(date.day - 1))).asElement();
      if (!day) throw new Error(`its calendar for ${header} has no day ${date.day}`);
      await day.click({ timeout: timeoutMs });
      return;
    }
    if (turns >= MAX_MONTH_TURNS) throw new Error(`its calendar did not reach ${isoDate(date)} in ${turns} turns`);
    const way = delta > 0 ? 'next' : 'previous';
    const texts = await shown.evaluate(describeControls);
    const index = texts.findIndex((t) => monthStep(t) === way);
    const control =
      index < 0 ? null : (await (await shown.getProperty('controls')).getProperty(String(index))).asElement();
    if (!control) throw new Error(`its calendar shows ${header} and has no ${way} month control`);
    await control.click({ timeout: timeoutMs });
    // The month turns in the click's handlers or a frame later; a control that turns nothing fails the step.
    const deadline = Date.now() + timeoutMs;
    while ((await read()).header === header) {
      if (Date.now() > deadline) throw new Error(`its ${way} month control did not turn the calendar from ${header}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}
