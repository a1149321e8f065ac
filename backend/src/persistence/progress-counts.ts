// For metrics at scrape time: runs not final by status, and their test cases by status. Cheap: the
// runs not final are few, and their test cases are read through the run_test_cases_run index.
import type { DataSource } from 'typeorm';

export async function progressCounts(
  dataSource: DataSource,
): Promise<{ runs: Record<string, number>; testCases: Record<string, number> }> {
  const [runs, testCases] = await Promise.all([
    dataSource.query<{ status: string; n: number }[]>(
      `SELECT status, count(*)::int AS n FROM runs WHERE status IN ('INITIATED', 'RUNNING') GROUP BY status`,
    ),
    dataSource.query<{ status: string; n: number }[]>(
      `SELECT rtc.status, count(*)::int AS n FROM runs r JOIN run_test_cases rtc ON rtc.run_id = r.id WHERE r.status IN ('INITIATED', 'RUNNING') GROUP BY rtc.status`,
    ),
  ]);
  const byStatus = (rows: { status: string; n: number }[]) => Object.fromEntries(rows.map((r) => [r.status, r.n]));
  return { runs: byStatus(runs), testCases: byStatus(testCases) };
}
