// Types of scripts/audit-electron.mjs for the tests.
export interface Finding {
  check: string;
  severity: string;
  confidence: string;
  file: string;
  location: string;
  sample: string;
  description: string;
}

export interface AllowlistEntry {
  check: string;
  file: string;
  sample: string;
  reason: string;
}

/** An issue as Electronegativity's runner returns it; only the fields the gate reads. */
export interface RunnerIssue {
  id: string;
  severity: { name: string };
  confidence: { name: string };
  file: string;
  location: { line: number; column: number };
  sample: string | null;
  description: string;
}

export declare function toFinding(issue: RunnerIssue): Finding;

export declare function judge(
  findings: Finding[],
  allowlist: AllowlistEntry[],
): { blocking: Finding[]; unexplained: Finding[]; stale: AllowlistEntry[] };

/** Replaces the scanner's got (translations, release list) with one that fails at once, offline. */
export declare function keepScannerOffline(): void;
