import type { MonthlyReportsResult } from '../../shared/reports/ipc.js';
import { basename } from 'node:path';

/** The desktop notification after monthly reports wrote themselves on the first of a month. */
export function monthlyNotification(result: MonthlyReportsResult): { title: string; body: string } | null {
  if (result.folder === null) return null;
  const written = `${result.written.length} ${result.written.length === 1 ? 'report' : 'reports'}`;
  const failed = result.failed.length
    ? ` ${result.failed.length} could not be written: ${result.failed.map((f) => f.brand).join(', ')}.`
    : '';
  return {
    title: `Monthly reports for ${result.month}`,
    body: `${written} written to “${basename(result.folder)}”.${failed}`,
  };
}
