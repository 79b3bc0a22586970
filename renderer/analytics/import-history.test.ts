import { describe, expect, it } from 'vitest';
import { importSummary } from './import-history.js';

const base = {
  daysWritten: 0,
  keptFromService: 0,
  accounts: [],
  firstDay: null,
  lastDay: null,
  refused: [],
  refusedCount: 0,
  ignoredColumns: [],
};

describe('importSummary', () => {
  it('says what was imported, for which accounts and days, and what was skipped and why', () => {
    const s = importSummary({
      ...base,
      daysWritten: 1095,
      keptFromService: 30,
      accounts: [
        { name: 'Harbor Coffee', platform: 'x' },
        { name: 'harborcoffee', platform: 'instagram' },
        { name: 'Lumen Labs', platform: 'linkedin-page' },
      ],
      firstDay: '2025-03-01',
      lastDay: '2026-02-28',
      refused: [
        { row: 4, reason: 'No account of this brand is called "Foo".' },
        { row: 5, reason: 'No account of this brand is called "Foo".' },
      ],
      refusedCount: 2,
      ignoredColumns: ['Engagement rate', 'Notes'],
    });
    expect(s.headline).toMatch(
      /^Imported 1,095 days for 3 accounts \(Harbor Coffee \(X\), harborcoffee \(Instagram\) and Lumen Labs \(LinkedIn page\)\), .*2025.*2026; 2 rows skipped:$/,
    );
    expect(s.skipped).toEqual(['Rows 4–5: No account of this brand is called "Foo".']);
    expect(s.notes).toEqual([
      '30 days already held the service’s own numbers and kept them.',
      'Columns not read: Engagement rate and Notes. Rates are worked out from their counts.',
    ]);
  });

  it('says plainly when nothing was imported', () => {
    expect(importSummary(base).headline).toBe('Nothing was imported.');
    expect(
      importSummary({ ...base, refused: [{ row: 2, reason: 'The date is blank.' }], refusedCount: 3 }),
    ).toEqual({
      headline: 'Nothing was imported; 3 rows skipped:',
      notes: [],
      skipped: ['Row 2: The date is blank.', '2 more rows were skipped.'],
    });
  });
});
