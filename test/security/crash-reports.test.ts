import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/*
 * Crash dumps can hold what was on screen: they stay on the user's machine. Read from main.ts's
 * source (there is no Electron binary to start here): crashReporter is started, and with uploads off.
 */

const MAIN = fileURLToPath(new URL('../../electron/main.ts', import.meta.url));

describe('crash reports', () => {
  it('are collected locally only: crashReporter.start with uploadToServer false and no submitURL', async () => {
    const source = ts.createSourceFile(MAIN, await readFile(MAIN, 'utf8'), ts.ScriptTarget.Latest, true);
    const calls: ts.CallExpression[] = [];
    const visit = (node: ts.Node) => {
      if (ts.isCallExpression(node) && node.expression.getText(source) === 'crashReporter.start')
        calls.push(node);
      ts.forEachChild(node, visit);
    };
    visit(source);
    expect(calls).toHaveLength(1);
    const options = calls[0]!.arguments[0];
    expect(options && ts.isObjectLiteralExpression(options)).toBe(true);
    const props = new Map(
      (options as ts.ObjectLiteralExpression).properties.map((p) => [
        p.name?.getText(source),
        p.getText(source),
      ]),
    );
    expect(props.get('uploadToServer')).toBe('uploadToServer: false');
    expect(props.has('submitURL')).toBe(false);
  });
});
