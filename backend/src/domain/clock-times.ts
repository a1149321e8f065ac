// Times of day as people write them in goals ("2pm", "4:00 PM", "14:30", "noon") and as time fields
// and dropdowns show them ("14:00", "2:00 PM", "02:00 pm"). Two spellings are the same time when
// they read to the same hour and minute; a bare number ("9") is a time only where a goal says so
// ("at 9", "from 9 to 10"), never on its own.

export interface ClockTime {
  /** 0 to 23. */
  hour: number;
  minute: number;
}

const WRITTEN = /^(\d{1,2})(?:[:.h](\d{2}))?\s*(am|pm|a\.m\.|p\.m\.)?$/i;

/**
 * The time a text names, or null. `bare` also reads a number alone ("9" as 09:00), for the places a
 * goal has already said it is a time.
 */
export function readTime(text: string, bare = false): ClockTime | null {
  const t = text.trim().toLowerCase();
  if (t === 'noon' || t === 'midday') return { hour: 12, minute: 0 };
  if (t === 'midnight') return { hour: 0, minute: 0 };
  const m = WRITTEN.exec(t);
  if (!m) return null;
  const [, h, min, half] = m;
  if (!min && !half && !bare) return null;
  let hour = Number(h);
  const minute = min ? Number(min) : 0;
  if (minute > 59) return null;
  if (half) {
    if (hour < 1 || hour > 12) return null;
    const pm = half.startsWith('p');
    hour = (hour % 12) + (pm ? 12 : 0);
  } else if (hour > 23) return null;
  return { hour, minute };
}

/** "14:05": how a time input (type=time) takes a time. */
export function twentyFourHour(time: ClockTime): string {
  return `${String(time.hour).padStart(2, '0')}:${String(time.minute).padStart(2, '0')}`;
}

/** Whether two texts name the same time of day ("2pm" and "14:00"). */
export function sameTime(a: string, b: string): boolean {
  const x = readTime(a);
  const y = readTime(b);
  return !!x && !!y && x.hour === y.hour && x.minute === y.minute;
}
