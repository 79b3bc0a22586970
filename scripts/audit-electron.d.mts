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

export declare function parseReport(csv: string): Finding[];

export declare function judge(
  findings: Finding[],
  allowlist: AllowlistEntry[],
): { blocking: Finding[]; unexplained: Finding[]; stale: AllowlistEntry[] };
