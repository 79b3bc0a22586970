import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { judge, keepScannerOffline, toFinding, type AllowlistEntry } from '../../scripts/audit-electron.mjs';

/*
 * The gate around Electronegativity (npm run audit:electron runs the scan itself): how the runner's
 * issues are read, what blocks, and that every allowed finding says why.
 */

// Issues as Electronegativity's runner returns them (severity and confidence are enum objects).
const issue = (
  id: string,
  [severity, confidence]: [string, string],
  file: string,
  [line, column]: [number, number],
  sample: string | null,
  description: string,
) => ({
  id,
  severity: { name: severity },
  confidence: { name: confidence },
  file,
  location: { line, column },
  sample,
  description,
});
const ISSUES = [
  issue(
    'OPEN_EXTERNAL_JS_CHECK',
    ['MEDIUM', 'TENTATIVE'],
    'electron/main.ts',
    [65, 31],
    'openExternal: (url) => shell.openExternal(url),',
    'Review the use of openExternal',
  ),
  issue(
    'LIMIT_NAVIGATION_GLOBAL_CHECK',
    ['HIGH', 'CERTAIN'],
    'N/A',
    [0, 0],
    null,
    'Missing navigation limits using .on new-window and will-navigate events',
  ),
  issue(
    'CSP_GLOBAL_CHECK',
    ['LOW', 'FIRM'],
    'renderer/index.html',
    [4, 0],
    `default-src 'self'; img-src "data:"  `,
    'One or more CSP directives detected seems to be vulnerable',
  ),
];
const FINDINGS = ISSUES.map(toFinding);

describe('the Electronegativity gate', () => {
  it("flattens the runner's issues: names of the enums, line:column, N/A for a missing sample", () => {
    expect(FINDINGS.map((f) => [f.check, f.severity, f.confidence, f.file, f.location])).toEqual([
      ['OPEN_EXTERNAL_JS_CHECK', 'MEDIUM', 'TENTATIVE', 'electron/main.ts', '65:31'],
      ['LIMIT_NAVIGATION_GLOBAL_CHECK', 'HIGH', 'CERTAIN', 'N/A', '0:0'],
      ['CSP_GLOBAL_CHECK', 'LOW', 'FIRM', 'renderer/index.html', '4:0'],
    ]);
    expect(FINDINGS[0]!.sample).toBe('openExternal: (url) => shell.openExternal(url),');
    expect(FINDINGS[1]!.sample).toBe('N/A');
    expect(FINDINGS[2]!.sample).toBe(`default-src 'self'; img-src "data:"`);
  });

  it('blocks every high or medium finding the allowlist does not name, and stale entries', () => {
    const allowed: AllowlistEntry = {
      check: 'OPEN_EXTERNAL_JS_CHECK',
      file: 'electron/main.ts',
      sample: 'openExternal: (url) => shell.openExternal(url),',
      reason: 'reviewed',
    };
    const stale = { ...allowed, sample: 'shell.openExternal(anything)' };
    const verdict = judge(FINDINGS, [allowed, stale]);
    expect(verdict.blocking.map((f) => f.check)).toEqual([
      'OPEN_EXTERNAL_JS_CHECK',
      'LIMIT_NAVIGATION_GLOBAL_CHECK',
    ]);
    expect(verdict.unexplained.map((f) => f.check)).toEqual(['LIMIT_NAVIGATION_GLOBAL_CHECK']);
    expect(verdict.stale).toEqual([stale]);
  });

  it('the allowlist explains each entry, never waves a whole check or file through', async () => {
    const path = fileURLToPath(new URL('../../security/electronegativity-allowlist.json', import.meta.url));
    const { findings } = JSON.parse(await readFile(path, 'utf8')) as { findings: AllowlistEntry[] };
    expect(findings.length).toBeGreaterThan(0);
    for (const entry of findings) {
      expect(Object.keys(entry).sort()).toEqual(['check', 'file', 'reason', 'sample']);
      expect(entry.file).toMatch(/^electron\//);
      expect(entry.sample.length, entry.check).toBeGreaterThan(10);
      expect(entry.reason.length, entry.check).toBeGreaterThan(60);
      // Global checks (navigation limits, permission handler, CSP) are never allowed: fix them.
      expect(entry.check).not.toMatch(/_GLOBAL_CHECK$/);
    }
  });

  it('keeps the scanner off the network: its got answers at once, with no retry timer left behind', async () => {
    // got 11 retried a failed request on a timer that then threw on Node 24 (sindresorhus/got#1489),
    // killing the audit; and the audit has no business on the network.
    keepScannerOffline();
    const require = createRequire(import.meta.url);
    const scannerDir = dirname(require.resolve('@doyensec/electronegativity/package.json'));
    const got = createRequire(`${scannerDir}/`)('got') as ((url: string) => Promise<unknown>) & {
      head(url: string): Promise<unknown>;
    };
    // Only the stand-in says "offline" (the real got fails with a network error, after its retries),
    // and it leaves no timer behind: a count of the process's timers, not a clock.
    const timers = () => process.getActiveResourcesInfo().filter((r) => r === 'Timeout').length;
    const before = timers();
    await expect(got('https://example.com/en-US.json')).rejects.toThrow(
      /^offline: the audit does not use the network$/,
    );
    await expect(got.head('https://example.com/index.json')).rejects.toThrow(
      /^offline: the audit does not use the network$/,
    );
    expect(timers()).toBe(before);
  });
});
