// Five-field cron expressions in a time zone: when did one last fire?
import { CronExpressionParser } from 'cron-parser';

/** The latest time at or before `now` that `cron` fires in `timezone`. */
export function previousFireTime(cron: string, timezone: string, now: Date): Date {
  // +1 ms so a fire time exactly at `now` counts as at-or-before.
  const expression = CronExpressionParser.parse(cron, { tz: timezone, currentDate: new Date(now.getTime() + 1) });
  return expression.prev().toDate();
}

/** The next `count` times after `now` that `cron` fires in `timezone`, soonest first. */
export function nextFireTimes(cron: string, timezone: string, now: Date, count: number): Date[] {
  const expression = CronExpressionParser.parse(cron, { tz: timezone, currentDate: now });
  return expression.take(count).map((date) => date.toDate());
}
