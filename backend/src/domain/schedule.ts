// When a schedule is due: its latest fire time has passed and has not been fired yet.
// Fire times before the schedule existed are never caught up on.

export function dueFireTime(latestFireTime: Date, lastFiredAt: Date | null, createdAt: Date): Date | null {
  if (latestFireTime.getTime() < createdAt.getTime()) return null;
  if (lastFiredAt && lastFiredAt.getTime() >= latestFireTime.getTime()) return null;
  return latestFireTime;
}
