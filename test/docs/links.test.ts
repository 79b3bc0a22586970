import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/*
 * The README is a front door that sends readers to docs/, and the manual's pages send them to each
 * other, to pictures and to the other folders' READMEs: a page renamed or a heading reworded must
 * not leave a link that leads nowhere.
 */

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/** The Markdown pages whose links are checked: the README, every page of docs/, and the other READMEs they link to. */
function pages(): string[] {
  const docs = readdirSync(join(ROOT, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => join(ROOT, 'docs', f));
  return [join(ROOT, 'README.md'), ...docs, join(ROOT, 'bench/README.md'), join(ROOT, 'e2e/README.md')];
}

/** A heading's anchor as GitHub writes it: lower case, punctuation dropped, spaces as hyphens. */
function anchor(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/`/g, '')
    .replace(/[^\p{Letter}\p{Number}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

function anchorsOf(file: string): Set<string> {
  const text = readFileSync(file, 'utf8').replace(/```[\s\S]*?```/g, '');
  return new Set([...text.matchAll(/^#{1,6}\s+(.+)$/gm)].map((m) => anchor(m[1]!)));
}

/** Every relative link and image of a page (code blocks and inline code left out), as written. */
function linksOf(file: string): string[] {
  const text = readFileSync(file, 'utf8')
    .replace(/```[\s\S]*?```/g, '')
    .replace(/`[^`\n]*`/g, '');
  return [...text.matchAll(/!?\[[^\]]*\]\(([^)\s]+)\)/g)]
    .map((m) => m[1]!)
    .filter((target) => !/^[a-z]+:/i.test(target));
}

describe('links in README.md and docs/', () => {
  it('the README stays a front door: at most 120 lines', () => {
    expect(readFileSync(join(ROOT, 'README.md'), 'utf8').trimEnd().split('\n').length).toBeLessThanOrEqual(
      120,
    );
  });

  it('every relative link leads to a file that exists, and every #anchor to a heading of it', () => {
    const broken: string[] = [];
    for (const page of pages()) {
      for (const target of linksOf(page)) {
        const [path = '', hash] = target.split('#');
        const file = path === '' ? page : resolve(dirname(page), decodeURI(path));
        const where = `${relative(ROOT, page)} → ${target}`;
        if (!existsSync(file)) broken.push(`${where} (no such file)`);
        else if (hash !== undefined && statSync(file).isFile() && file.endsWith('.md')) {
          if (!anchorsOf(file).has(hash)) broken.push(`${where} (no such heading)`);
        }
      }
    }
    expect(broken).toEqual([]);
  });

  it('every picture under docs/images/ is shown by some page, so none is taken for nothing', () => {
    const shown = new Set(
      pages()
        .flatMap((page) => linksOf(page).map((target) => resolve(dirname(page), target.split('#')[0]!)))
        .filter((file) => file.startsWith(join(ROOT, 'docs/images'))),
    );
    const images = readdirSync(join(ROOT, 'docs/images')).map((f) => join(ROOT, 'docs/images', f));
    expect(images.filter((f) => !shown.has(f)).map((f) => relative(ROOT, f))).toEqual([]);
  });
});
