import { parseArgs } from 'node:util';
import { runAdmin } from './admin.js';
import { startService, type StartServiceOptions } from './index.js';

/** Default data dir when none is given: the sandbox the app uses on first run. */
export const DEFAULT_DATA_DIR = '.data/sandbox';

const USAGE = `Usage:
  npm run server -- [--port 4010] [--data-dir .data/sandbox] [--host 127.0.0.1]
                    [--rate-limit N/SECONDS | --rate-limit off] [--storage-limit BYTES]
                    [--max-image-bytes BYTES] [--max-video-bytes BYTES] [--allow-private-urls]
                    [--tick-ms MS] [--minute-ms MS] [--request-timeout-ms MS] [--idle-timeout-ms MS]
                    [--max-connections N] [--allowed-hosts any|loopback] [--log]
  npm run server -- admin <list | create-key | revoke-key | add-integration> [options]   (admin --help)`;

function intArg(name: string, value: string | undefined, min: number): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < min)
    throw new Error(`--${name} must be an integer of at least ${min}; got "${value}".`);
  return n;
}

function allowedHostsArg(value: string | undefined): StartServiceOptions['allowedHosts'] {
  if (value === undefined || value === 'any' || value === 'loopback') return value;
  throw new Error(`--allowed-hosts takes "any" or "loopback"; got "${value}".`);
}

function rateLimitArg(value: string | undefined): StartServiceOptions['rateLimit'] {
  if (value === undefined) return undefined;
  if (value === 'off') return null;
  const m = /^(\d+)\/(\d+)$/.exec(value);
  if (!m || Number(m[1]) < 1 || Number(m[2]) < 1)
    throw new Error(`--rate-limit takes N/SECONDS (for example 100/60) or "off"; got "${value}".`);
  return { count: Number(m[1]), seconds: Number(m[2]) };
}

async function serve(argv: string[]): Promise<void> {
  const { values } = parseArgs({
    args: argv,
    options: {
      port: { type: 'string' },
      host: { type: 'string' },
      'data-dir': { type: 'string' },
      'rate-limit': { type: 'string' },
      'storage-limit': { type: 'string' },
      'max-image-bytes': { type: 'string' },
      'max-video-bytes': { type: 'string' },
      'allow-private-urls': { type: 'boolean' },
      'tick-ms': { type: 'string' },
      'minute-ms': { type: 'string' },
      'allowed-hosts': { type: 'string' },
      'request-timeout-ms': { type: 'string' },
      'idle-timeout-ms': { type: 'string' },
      'max-connections': { type: 'string' },
      log: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const service = await startService({
    dataDir: values['data-dir'] ?? DEFAULT_DATA_DIR,
    port: intArg('port', values.port, 0),
    host: values.host,
    rateLimit: rateLimitArg(values['rate-limit']),
    storageLimitBytes: intArg('storage-limit', values['storage-limit'], 0),
    maxImageBytes: intArg('max-image-bytes', values['max-image-bytes'], 1),
    maxVideoBytes: intArg('max-video-bytes', values['max-video-bytes'], 1),
    allowPrivateUrls: values['allow-private-urls'] ?? false,
    tickMs: intArg('tick-ms', values['tick-ms'], 10),
    minuteMs: intArg('minute-ms', values['minute-ms'], 1),
    allowedHosts: allowedHostsArg(values['allowed-hosts']),
    requestTimeoutMs: intArg('request-timeout-ms', values['request-timeout-ms'], 100),
    idleTimeoutMs: intArg('idle-timeout-ms', values['idle-timeout-ms'], 100),
    maxConnections: intArg('max-connections', values['max-connections'], 1),
    log: values.log ?? false,
  });
  console.log(`listening on ${service.baseUrl}`);
  console.log(`API reference: ${service.baseUrl}/docs · credentials: ${service.dataDir}/sandbox.json`);
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: stopping`);
    service.close().then(
      () => process.exit(0),
      (err: unknown) => {
        console.error(err);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

async function main(argv: string[]): Promise<void> {
  if (argv[0] === 'admin') {
    await runAdmin(argv.slice(1), DEFAULT_DATA_DIR);
    return;
  }
  await serve(argv);
}

main(process.argv.slice(2)).catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : String(err));
  console.error(USAGE);
  process.exit(1);
});
