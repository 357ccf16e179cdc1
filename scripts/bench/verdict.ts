// The closing lines of every benchmark: each target beside what was measured, PASS or FAIL, then one
// verdict line. The exit code follows the verdict, so a script (or a person) can act on it.

export interface Check {
  /** The target as a reader checks it, e.g. "p99 under 20 ms". */
  target: string;
  /** What this run measured against it, e.g. "p99 2.6 ms". */
  measured: string;
  pass: boolean;
}

/** Prints the checks and the verdict; answers the exit code (0 when every target was met). */
export function verdict(checks: Check[]): number {
  for (const check of checks)
    console.log(`target: ${check.target}; measured: ${check.measured}   ${check.pass ? 'PASS' : 'FAIL'}`);
  const failed = checks.filter((check) => !check.pass).length;
  console.log(
    failed
      ? `FAIL: ${failed} of ${checks.length} targets missed`
      : `PASS: every target met (${checks.length})`,
  );
  return failed ? 1 : 0;
}
