import { MAX_JSON_NESTING } from '../../shared/json/nesting.js';

/*
 * Pure. Control characters out of every text the window sends, before the contract's schemas see
 * it: libsql cuts bound text at a NUL, so a name or body holding one is stored cut (or empty) and
 * no longer fits its schema when read back; the other C0 and C1 controls show as nothing or as
 * boxes. Tab, line feed and carriage return stay (multi-line texts hold them; the schemas of
 * single-line fields say what they allow).
 */

// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/g;

export function stripControlChars(text: string): string {
  CONTROL.lastIndex = 0;
  return CONTROL.test(text) ? text.replace(CONTROL, '') : text;
}

/** Plain objects and arrays are walked; anything else (a Date, a Map, a class) the schema refuses. */
function isWalked(value: unknown): value is Record<string, unknown> | unknown[] {
  if (Array.isArray(value)) return true;
  if (typeof value !== 'object' || value === null) return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

function shell(value: Record<string, unknown> | unknown[]): Record<string, unknown> | unknown[] {
  if (Array.isArray(value)) return new Array<unknown>(value.length);
  return Object.getPrototypeOf(value) === null ? (Object.create(null) as Record<string, unknown>) : {};
}

/**
 * A copy of an IPC input with every string (keys too) stripped of control characters. Iterative;
 * deeper than MAX_JSON_NESTING levels a value is passed on as it is (every schema refuses such nesting,
 * and walking 20,000 levels would only cost main time); a structured-clone cycle is kept as a
 * cycle; `__proto__` keys are copied as own properties, never as a prototype.
 */
export function withoutControlChars(input: unknown): unknown {
  if (typeof input === 'string') return stripControlChars(input);
  if (!isWalked(input)) return input;
  const copies = new Map<object, Record<string, unknown> | unknown[]>();
  const root = shell(input);
  copies.set(input, root);
  const stack: [Record<string, unknown> | unknown[], Record<string, unknown> | unknown[], number][] = [
    [input, root, 1],
  ];
  for (let next = stack.pop(); next; next = stack.pop()) {
    const [from, to, depth] = next;
    for (const key of Object.keys(from)) {
      let value = (from as Record<string, unknown>)[key];
      if (typeof value === 'string') value = stripControlChars(value);
      else if (isWalked(value) && depth < MAX_JSON_NESTING) {
        let copy = copies.get(value);
        if (!copy) {
          copy = shell(value);
          copies.set(value, copy);
          stack.push([value, copy, depth + 1]);
        }
        value = copy;
      }
      if (Array.isArray(to)) to[Number(key)] = value;
      else {
        const name = stripControlChars(key);
        // defineProperty only where assignment would set the prototype instead (it is slow in bulk).
        if (name === '__proto__')
          Object.defineProperty(to, name, { value, writable: true, enumerable: true, configurable: true });
        else to[name] = value;
      }
    }
  }
  return root;
}
