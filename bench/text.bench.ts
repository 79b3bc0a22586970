import type { PostTarget } from '../shared/api/resources.js';
import { platformRules } from '../shared/platforms/rules.js';
import { MAX_TEXT_LENGTH } from '../shared/platforms/text-length.js';
import { X_MAX_TEXT_LENGTH } from '../shared/platforms/text.js';
import { X_MAX_LINKED_WORD } from '../shared/platforms/x-weighted.js';
import type { PlatformType } from '../shared/platforms/types.js';
import { validatePostTarget } from '../shared/platforms/validate.js';
import { blockCounts } from '../renderer/composer/checks.js';
import { firstLinkDomain, foldText, previewLayouts, textParts } from '../shared/previews/layout.js';
import { Recorder } from './lib/results.js';

/*
 * Runs under Node (tsx). What the composer does at each keystroke, for one block: the counters
 * (blockCounts) and the service's rules (validatePostTarget), on the text after one more
 * character. Texts up to the caps, the worst known for twitter-text among them (quadratic for it
 * alone: "a." repeated took 4 s at the X cap); the import and the service run the same
 * validatePostTarget once per text.
 */

const SECTION = 'Text counter';
const TARGET_MS = 16;
const RUNS = Number(process.env.BENCH_RUNS ?? 7);

const rec = new Recorder('text');

function keystroke(platform: PlatformType, before: string, runs: number, at = before.length): number[] {
  return Array.from({ length: runs }, (_, r) => {
    // A different character each run, so no run reuses a string another one built.
    const text = before.slice(0, at) + String.fromCharCode(98 + r) + before.slice(at);
    const target: PostTarget = {
      integration: { id: 'int_bench' },
      value: [{ content: text, image: [] }],
      settings: { __type: platform } as PostTarget['settings'],
    };
    const t0 = performance.now();
    blockCounts(text, [platform]);
    validatePostTarget(target, 0, platform);
    return performance.now() - t0;
  });
}

const url = (n: number) => `https://example.com/${'p'.repeat(n - 'https://example.com/'.length)}`;
/** The longest valid X post there is, about: eleven maximal links and a flag (weighs 265). */
const longestValidX = Array.from({ length: 11 }, () => url(4088)).join(' ') + ' 🏴󠁧󠁢󠁥󠁮󠁧󠁿';
const dots = (units: number) => 'a.'.repeat(Math.floor(units / 2));
/** `unit` repeated between `head` and `tail` up to `units` in all, the keystroke's character left out. */
const fill = (units: number, unit: string, head = '', tail = '') =>
  head + unit.repeat(Math.floor((units - 1 - head.length - tail.length) / unit.length)) + tail;
/** Mixed text (not plain ASCII), so the grapheme counter walks it with Intl.Segmenter. */
const prose = (units: number) =>
  'Café ☕ crème brûlée, déjà vu. '.repeat(Math.ceil(units / 30)).slice(0, units);

const cap = X_MAX_TEXT_LENGTH;
const cases: { name: string; platform: PlatformType; text: string; at?: number }[] = [
  { name: 'X, 279 characters', platform: 'x', text: 'a'.repeat(279) },
  {
    name: `X, the longest valid post (${longestValidX.length} units, 11 links)`,
    platform: 'x',
    text: longestValidX,
  },
  { name: 'X, "a." repeated, 4,000 units', platform: 'x', text: dots(4_000) },
  { name: 'X, "a." repeated, 8,000 units', platform: 'x', text: dots(8_000) },
  { name: `X, "a." repeated up to the X cap (${cap} units)`, platform: 'x', text: dots(cap - 1) },
  { name: 'X, "a-" repeated, then " x.y", at the cap', platform: 'x', text: fill(cap, 'a-', '', ' x.y') },
  { name: 'X, "a_" repeated, then " x.y", at the cap', platform: 'x', text: fill(cap, 'a_', '', ' x.y') },
  { name: 'X, "-a" repeated, then " x.y", at the cap', platform: 'x', text: fill(cap, '-a', '', ' x.y') },
  { name: 'X, "a.com" then ".a" repeated, at the cap', platform: 'x', text: fill(cap, '.a', 'a.com') },
  {
    name: 'X, "https://x.com/" then "(a)" repeated, at the cap',
    platform: 'x',
    text: fill(cap, '(a)', 'https://x.com/'),
  },
  {
    name: `X, the slowest word still counted: "a-" repeated, then ",a.com/" (${X_MAX_LINKED_WORD} units)`,
    platform: 'x',
    text: fill(X_MAX_LINKED_WORD, 'a-', '', ',a.com/'),
  },
  {
    name: 'X, "a." repeated just past the X cap: refused uncounted',
    platform: 'x',
    text: dots(X_MAX_TEXT_LENGTH + 1),
  },
  { name: 'X, 64 KB of "a.": refused uncounted', platform: 'x', text: dots(64_000) },
  {
    name: `Facebook, ${platformRules.facebook.textLimit} characters of mixed text`,
    platform: 'facebook',
    text: prose(MAX_TEXT_LENGTH - 1),
  },
  {
    name: `Facebook, ${platformRules.facebook.textLimit} characters of mixed text, typed in the middle`,
    platform: 'facebook',
    text: prose(MAX_TEXT_LENGTH - 1),
    at: Math.floor(MAX_TEXT_LENGTH / 2),
  },
  { name: 'Facebook, 1.95 MB: refused uncounted', platform: 'facebook', text: prose(1_950_000) },
];

for (const c of cases) {
  rec.add({
    section: SECTION,
    name: c.name,
    unit: 'ms',
    runs: keystroke(c.platform, c.text, RUNS, c.at),
    atMost: TARGET_MS,
  });
}
// Every platform's preview of a 64,000-character paste of "a." (quadratic for twitter-text in one
// pass): folded, its parts found, its link card looked for (shared/previews/layout.test.ts checks
// that only the first 5,000 units reach the counters).
const paste = 'a.'.repeat(32_000);
rec.add({
  section: SECTION,
  name: 'every preview of a 64,000-character paste of "a." (fold, parts, link card)',
  unit: 'ms',
  runs: Array.from({ length: RUNS }, (_, r) => {
    const text = paste + String.fromCharCode(98 + r);
    const t0 = performance.now();
    for (const layout of Object.values(previewLayouts)) {
      textParts(foldText(text, layout).shown, layout.links);
      firstLinkDomain(text);
    }
    return performance.now() - t0;
  }),
  atMost: 500,
});
rec.note(
  `One keystroke = blockCounts + validatePostTarget on the text with one more character (the X counter parses a word with a possible link once; a word longer than ${X_MAX_LINKED_WORD} units with one is refused uncounted). X cap ${X_MAX_TEXT_LENGTH} UTF-16 units after NFC; every platform's cap ${MAX_TEXT_LENGTH}.`,
);
rec.save();
