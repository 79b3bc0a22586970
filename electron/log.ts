import { homedir } from 'node:os';
import { redactKeys } from '../shared/api/scopes.js';

/*
 * One logger per module; every line goes through redactKeys so an API key can
 * never reach a log, whatever a caller passes in (an error, a URL, a request body). The home folder
 * becomes ~ so a shared log does not carry the user's name.
 */

export type LogLevel = 'debug' | 'info' | 'warn' | 'error';

export interface Logger {
  debug(message: string, detail?: unknown): void;
  info(message: string, detail?: unknown): void;
  warn(message: string, detail?: unknown): void;
  error(message: string, detail?: unknown): void;
}

/** Where finished lines go: the console, and the log file in the app; tests swap it to capture output. */
export type LogSink = (level: LogLevel, line: string) => void;

const home = homedir();

function redact(text: string): string {
  const withoutKeys = redactKeys(text);
  return home.length > 1 ? withoutKeys.split(home).join('~') : withoutKeys;
}

const ORDER: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40 };

export const consoleSink: LogSink = (level, line) => {
  if (level === 'error') console.error(line);
  else if (level === 'warn') console.warn(line);
  else console.log(line);
};

let sink: LogSink = consoleSink;
let threshold: LogLevel =
  process.env.POSTDECK_LOG_LEVEL === 'debug' ? 'debug' : process.env.VITEST ? 'warn' : 'info';

/** Replaces the sink (tests) and the lowest level written; returns a function restoring both. */
export function setLogSink(next: LogSink, level: LogLevel = 'debug'): () => void {
  const before = { sink, threshold };
  sink = next;
  threshold = level;
  return () => {
    sink = before.sink;
    threshold = before.threshold;
  };
}

/** Turns anything (Error, object, string) into one redacted line. */
export function describe(detail: unknown): string {
  if (detail instanceof Error) return redact(`${detail.name}: ${detail.message}`);
  if (typeof detail === 'string') return redact(detail);
  try {
    return redact(JSON.stringify(detail) ?? String(detail));
  } catch {
    return redact(String(detail));
  }
}

/** An error with its stack and its causes, redacted: what a log needs to say where it failed. */
function describeWithStack(error: Error, depth = 0): string {
  const own = error.stack ?? `${error.name}: ${error.message}`;
  const cause = error.cause;
  if (depth >= 3 || cause === undefined) return redact(own);
  const next = cause instanceof Error ? describeWithStack(cause, depth + 1) : describe(cause);
  return `${redact(own)}\nCaused by: ${next}`;
}

export function createLogger(module: string): Logger {
  const write = (level: LogLevel, message: string, detail?: unknown) => {
    if (ORDER[level] < ORDER[threshold]) return;
    const text = detail instanceof Error ? describeWithStack(detail) : describe(detail);
    const tail = detail === undefined ? '' : ` ${text}`;
    sink(level, `${new Date().toISOString()} ${level.toUpperCase()} [${module}] ${redact(message)}${tail}`);
  };
  return {
    debug: (m, d) => write('debug', m, d),
    info: (m, d) => write('info', m, d),
    warn: (m, d) => write('warn', m, d),
    error: (m, d) => write('error', m, d),
  };
}
