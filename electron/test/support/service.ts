import { mkdtemp, rm } from 'node:fs/promises';
import type { PostCreateResponse } from '../../../shared/api/resources.js';
import type { IpcOutput } from '../../../shared/ipc/contract.js';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startService, type RunningService, type StartServiceOptions } from '../../../server/index.js';
import { sandboxKey, type SandboxKeyLabel } from '../../../server/sandbox-file.js';
import { ApiClient, type ApiClientOptions } from '../../api/client.js';

/*
 * The real local service on a free port with a fresh data dir, and a tiny
 * scriptable HTTP server for the failures the real one never produces on demand.
 */

export interface TestService {
  service: RunningService;
  dir: string;
  token(label: SandboxKeyLabel): string;
  /** The first organization's brands (the full keys' organization). */
  brandIds: string[];
  integrations(brandIndex: number): { id: string; platform: string; disconnected: boolean }[];
  client(label?: SandboxKeyLabel, opts?: Partial<ApiClientOptions>): ApiClient;
  close(): Promise<void>;
}

export async function startTestService(opts: Partial<StartServiceOptions> = {}): Promise<TestService> {
  const dir = await mkdtemp(join(tmpdir(), 'postdeck-svc-'));
  const service = await startService({ dataDir: dir, port: 0, host: '127.0.0.1', rateLimit: null, ...opts });
  const org = service.sandbox.organizations[0];
  if (!org) throw new Error('the sandbox has no organization');
  const brandIds = org.brands.map((b) => b.id);
  const token = (label: SandboxKeyLabel) => sandboxKey(service.sandbox, label).token;
  return {
    service,
    dir,
    token,
    brandIds,
    integrations: (i) => org.brands[i]?.integrations ?? [],
    client: (label = 'full-test', extra = {}) =>
      new ApiClient({ baseUrl: service.baseUrl, apiKey: token(label), brandId: brandIds[0], ...extra }),
    close: async () => {
      await service.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

export type Handler = (req: IncomingMessage, res: ServerResponse, body: Buffer) => void | Promise<void>;

/** A loopback server whose answers the test scripts, recording every request it saw. */
export interface ScriptedServer {
  baseUrl: string;
  requests: { method: string; url: string; at: number; headers: IncomingMessage['headers']; body: Buffer }[];
  handle(handler: Handler): void;
  close(): Promise<void>;
}

export async function startScriptedServer(): Promise<ScriptedServer> {
  let handler: Handler = (_req, res) => {
    res.writeHead(500).end();
  };
  const requests: ScriptedServer['requests'] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      requests.push({
        method: req.method ?? '',
        url: req.url ?? '',
        at: Date.now(),
        headers: req.headers,
        body,
      });
      Promise.resolve(handler(req, res, body)).catch(() => res.destroy());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    handle: (next) => {
      handler = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export function json(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));
}

/** A future instant, rounded to the minute, `hours` from now. */
export function inHours(hours: number): string {
  const d = new Date(Date.now() + hours * 3_600_000);
  d.setUTCSeconds(0, 0);
  return d.toISOString();
}

/** The service's result of a waited sendDraft that went out at once; throws when it was queued instead. */
export function sentResults(answer: IpcOutput<'sendDraft'>): PostCreateResponse {
  if (answer.outcome.kind !== 'sent') throw new Error(`queued instead of sent: ${answer.outcome.message}`);
  return answer.outcome.results;
}

/** Why a waited sendDraft was queued instead of sent; throws when it went out at once. */
export function queuedMessage(answer: IpcOutput<'sendDraft'>): string {
  if (answer.outcome.kind !== 'queued') throw new Error('sent at once, not queued');
  return answer.outcome.message;
}
