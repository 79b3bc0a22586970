import { chmodSync, existsSync, mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { join } from 'node:path';
import electronLog from 'electron-log/node';
import type { LogMessage } from 'electron-log';
import { redactKeys } from '../../shared/api/scopes.js';
import type { LogLevel } from '../log.js';

/*
 * The log file a user can send us: electron-log writes it in the folder given
 * (Electron's standard logs folder in the app), rotating at a size so months of running stay small
 * (main.log, then main.1.log … main.N.log, oldest dropped). Our logger's lines are already redacted;
 * a hook redacts again whatever else reaches electron-log (a library's message, an error's stack),
 * so no line in these files can hold a key.
 */

export const LOG_FILE_NAME = 'main.log';

export interface LogFileOptions {
  /** Bytes before the file is rotated (1 MiB). */
  maxBytes?: number;
  /** Rotated files kept beside the current one (3). */
  keep?: number;
}

export interface LogFile {
  readonly folder: string;
  readonly path: string;
  /** Writes one finished line (the sink of electron/log.ts). */
  write(level: LogLevel, line: string): void;
  /** The last lines of the current file, oldest first, for the diagnostics view. */
  tail(lines: number): Promise<string[]>;
}

let instances = 0;

function redactValue(value: unknown): unknown {
  if (typeof value === 'string') return redactKeys(value);
  if (value instanceof Error) return redactKeys(value.stack ?? `${value.name}: ${value.message}`);
  if (value && typeof value === 'object') {
    try {
      return redactKeys(JSON.stringify(value));
    } catch {
      return redactKeys(String(value));
    }
  }
  return value;
}

/** Shifts main.1.log → main.2.log … (dropping the oldest), then main.log → main.1.log. */
function rotate(path: string, keep: number): void {
  const numbered = (n: number) => path.replace(/\.log$/, `.${n}.log`);
  rmSync(numbered(keep), { force: true });
  for (let n = keep - 1; n >= 1; n--) {
    if (existsSync(numbered(n))) renameSync(numbered(n), numbered(n + 1));
  }
  renameSync(path, numbered(1));
}

/**
 * The log tells what the user did and when: its folder is made 0700 and its files 0600, as the
 * database is, also when an older version left them 0755/0644.
 */
function makePrivate(folder: string): void {
  mkdirSync(folder, { recursive: true, mode: 0o700 });
  chmodSync(folder, 0o700);
  for (const name of readdirSync(folder))
    if (/^main(\.\d+)?\.log$/.test(name)) chmodSync(join(folder, name), 0o600);
}

export function openLogFile(folder: string, opts: LogFileOptions = {}): LogFile {
  const keep = Math.max(1, opts.keep ?? 3);
  const path = join(folder, LOG_FILE_NAME);
  makePrivate(folder);
  // A logger of its own (not electron-log's shared default), so its settings touch nothing else.
  const logger = electronLog.create({ logId: `postdeck-${++instances}` });
  logger.transports.console.level = false;
  const file = logger.transports.file;
  file.resolvePathFn = () => path;
  file.writeOptions = { ...file.writeOptions, mode: 0o600 };
  file.maxSize = opts.maxBytes ?? 1024 * 1024;
  // Our lines carry their own time, level and module.
  file.format = '{text}';
  file.archiveLogFn = (old) => rotate(old.path, keep);
  logger.hooks.push((message: LogMessage) => ({ ...message, data: message.data.map(redactValue) }));

  return {
    folder,
    path,
    write: (level, line) => logger[level](line),
    tail: async (lines) => {
      const text = await readTail(path, 64 * 1024);
      // Redacted on the way out too: the file may hold lines an older version wrote.
      return text
        .split('\n')
        .filter((l) => l.length > 0)
        .slice(-lines)
        .map((l) => redactKeys(l));
    },
  };
}

/** The last `bytes` of a file (whole lines only), or '' when there is none yet. */
async function readTail(path: string, bytes: number): Promise<string> {
  if (!existsSync(path)) return '';
  const handle = await open(path, 'r');
  try {
    const { size } = await handle.stat();
    const start = Math.max(0, size - bytes);
    const buffer = Buffer.alloc(size - start);
    await handle.read(buffer, 0, buffer.length, start);
    const text = buffer.toString('utf8');
    return start > 0 ? text.slice(text.indexOf('\n') + 1) : text;
  } finally {
    await handle.close();
  }
}
