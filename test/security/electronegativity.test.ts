import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { judge, parseReport, type AllowlistEntry } from '../../scripts/audit-electron.mjs';

/*
 * The gate around Electronegativity (npm run audit:electron runs the scan itself): how its report
 * is read, what blocks, and that every allowed finding says why.
 */

const REPORT = `issue, severity, confidence, filename, location, sample, description, url
OPEN_EXTERNAL_JS_CHECK,"MEDIUM","TENTATIVE","electron/main.ts","65:31","openExternal: (url) => shell.openExternal(url),","Review the use of openExternal",https://example/wiki
LIMIT_NAVIGATION_GLOBAL_CHECK,"HIGH","CERTAIN","N/A","0:0",N/A,"Missing navigation limits using .on new-window and will-navigate events",https://example/wiki
CSP_GLOBAL_CHECK,"LOW","FIRM","renderer/index.html","4:0","default-src 'self'; img-src ""data:""","One or more CSP directives detected seems to be vulnerable",https://example/wiki
`;

describe('the Electronegativity gate', () => {
  it('reads the CSV report, commas and quotes inside fields included', () => {
    const findings = parseReport(REPORT);
    expect(findings.map((f) => [f.check, f.severity, f.file])).toEqual([
      ['OPEN_EXTERNAL_JS_CHECK', 'MEDIUM', 'electron/main.ts'],
      ['LIMIT_NAVIGATION_GLOBAL_CHECK', 'HIGH', 'N/A'],
      ['CSP_GLOBAL_CHECK', 'LOW', 'renderer/index.html'],
    ]);
    expect(findings[0]!.sample).toBe('openExternal: (url) => shell.openExternal(url),');
    expect(findings[2]!.sample).toBe(`default-src 'self'; img-src "data:"`);
  });

  it('blocks every high or medium finding the allowlist does not name, and stale entries', () => {
    const allowed: AllowlistEntry = {
      check: 'OPEN_EXTERNAL_JS_CHECK',
      file: 'electron/main.ts',
      sample: 'openExternal: (url) => shell.openExternal(url),',
      reason: 'reviewed',
    };
    const stale = { ...allowed, sample: 'shell.openExternal(anything)' };
    const verdict = judge(parseReport(REPORT), [allowed, stale]);
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
});
