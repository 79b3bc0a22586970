import { fileURLToPath } from 'node:url';
import { format, resolveConfig } from 'prettier';
import { z } from 'zod';
import { ipcMethods, type IpcMethodName } from '../shared/ipc/contract.js';

/*
 * Runs in Node (a script and a test; never bundled into the app). The IPC reference, docs/ipc.md, written from the contract's
 * own entries so the page cannot drift from the methods: `npm run docs:ipc` writes it, and
 * test/docs/ipc-reference.test.ts fails when it is out of date.
 */

/** The fields of a method's input, as `{ id, date? }`, or (no input) when it takes none. */
function inputFields(input: z.ZodType): string {
  const inner = input instanceof z.ZodOptional ? input.unwrap() : input;
  if (!(inner instanceof z.ZodObject)) return '(see contract)';
  const shape = inner.shape as Record<string, z.ZodType>;
  const fields = Object.entries(shape).map(([name, field]) =>
    field.safeParse(undefined).success ? `${name}?` : name,
  );
  return fields.length === 0 ? '(no input)' : `\`{ ${fields.join(', ')} }\``;
}

const oneLine = (text: string) => text.replace(/\s*\n\s*/g, ' ');

/** The whole page, in the contract's order, formatted as the repo's prettier writes Markdown. */
export async function ipcReference(): Promise<string> {
  const page = ipcMarkdown();
  const options = await resolveConfig(PAGE_PATH);
  return format(page, { ...options, filepath: PAGE_PATH });
}

/** Where the page lives, from the repository's root. */
export const PAGE_PATH = fileURLToPath(new URL('../docs/ipc.md', import.meta.url));

/** A list, not a table: adding a method changes one line of the page, not the width of a column. */
function ipcMarkdown(): string {
  const rows = (Object.keys(ipcMethods) as IpcMethodName[]).map((name) => {
    const { input, doc } = ipcMethods[name];
    return `- \`${name}\` ${inputFields(input)}: ${oneLine(doc)}`;
  });
  return [
    '# IPC reference',
    '',
    '<!-- Written by `npm run docs:ipc` from shared/ipc/contract.ts; do not edit by hand. -->',
    '',
    'Every method the window may call on main, as `window.api.<method>(input)`; each answers',
    '`{ ok: true, value }` or `{ ok: false, error }`. Inputs and answers are checked with the zod',
    "schemas of each feature's slice, `shared/<feature>/ipc.ts`, joined in",
    '[shared/ipc/contract.ts](../shared/ipc/contract.ts).',
    '',
    ...rows,
    '',
  ].join('\n');
}
