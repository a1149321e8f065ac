// What GET /readyz asks besides the database: each check names itself and says what is wrong.

export interface ReadinessCheck {
  /** Shown in the answer of /readyz: `migrations`, `browser`. */
  name: string;
  /** null when ready; otherwise what is wrong and what to do. Cheap: probes come every few seconds. */
  check(timeoutMs: number): Promise<string | null>;
}
