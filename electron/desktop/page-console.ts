import type { Logger } from '../log.js';

/*
 * No Electron value imported, so it is tested under plain Node. The page's own
 * warnings and errors (a screen that failed to render, a rejected promise) go to the log file
 * too, through the same redaction, so a log sent to us shows both sides. A page stuck in a loop of
 * errors is capped: after MAX_PER_MINUTE lines in a minute the rest of that minute is counted, not
 * written.
 */

export interface PageConsoleMessage {
  level: 'info' | 'warning' | 'error' | 'debug';
  message: string;
  lineNumber: number;
  sourceId: string;
}

export interface ConsoleSource {
  on(event: 'console-message', listener: (details: PageConsoleMessage) => void): unknown;
}

const MAX_PER_MINUTE = 50;
const MINUTE = 60_000;

/** The file part of a page URL (app://postdeck/assets/index-abc.js → assets/index-abc.js). */
function where(sourceId: string, line: number): string {
  const path = sourceId.replace(/^[a-z]+:\/\/[^/]*\//i, '');
  return path ? ` (${path}:${line})` : '';
}

export function forwardPageConsole(contents: ConsoleSource, log: Logger, now: () => number = Date.now): void {
  let windowStart = now();
  let written = 0;
  let dropped = 0;
  contents.on('console-message', ({ level, message, lineNumber, sourceId }) => {
    if (level !== 'warning' && level !== 'error') return;
    if (now() - windowStart >= MINUTE) {
      if (dropped > 0) log.warn(`page: ${dropped} more console lines in the last minute were not written`);
      windowStart = now();
      written = 0;
      dropped = 0;
    }
    if (written >= MAX_PER_MINUTE) {
      dropped++;
      return;
    }
    written++;
    const line = `page: ${message}${where(sourceId, lineNumber)}`;
    if (level === 'error') log.error(line);
    else log.warn(line);
  });
}
