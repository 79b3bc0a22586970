import { startService, type RunningService } from '../../server/index.js';
import { sandboxKey } from '../../server/sandbox-file.js';
import { pastYearLines } from '../../server/analytics/past-year.js';
import { writeHistoryCsv } from '../../shared/analytics/history-csv.js';
import type { SandboxConnection } from './profile-service.js';

/*
 * The built-in local service, started in this process on a free loopback
 * port with its data in `dataDir`, so a new user can try the app on demo brands and posts. The
 * app connects with the sandbox's `full-test` key. It answers only to loopback Host names, so a web
 * page in the user's browser cannot reach it through DNS rebinding.
 */

export interface SandboxStarter {
  start(): Promise<SandboxConnection>;
  stop(): Promise<void>;
}

export function createSandboxStarter(dataDir: string): SandboxStarter {
  let running: Promise<RunningService> | null = null;
  return {
    async start() {
      running ??= startService({ dataDir, port: 0, host: '127.0.0.1', allowedHosts: 'loopback' });
      let service: RunningService;
      try {
        service = await running;
      } catch (error) {
        running = null;
        throw error;
      }
      const key = sandboxKey(service.sandbox, 'full-test');
      const organization = service.sandbox.organizations.find((o) => o.id === key.organizationId);
      const brandId = key.brandIds?.[0] ?? organization?.brands[0]?.id;
      const brands = (organization?.brands ?? []).filter((b) => !key.brandIds || key.brandIds.includes(b.id));
      // The second organization's key too, so the all-brands calendar shows two connections at once.
      const other = sandboxKey(service.sandbox, 'other-org');
      const otherOrganization = service.sandbox.organizations.find((o) => o.id === other.organizationId);
      return {
        baseUrl: service.baseUrl,
        apiKey: key.token,
        ...(brandId ? { brandId } : {}),
        accounts: brands.map((b) => ({ brandId: b.id, integrations: b.integrations })),
        // The seeded accounts' year before the service's window, told as a history file would.
        pastYear: (integrations, now) => writeHistoryCsv(pastYearLines(integrations, now.getTime())),
        others: otherOrganization
          ? [
              {
                apiKey: other.token,
                label: `Local sandbox: ${otherOrganization.name}`,
                ...(otherOrganization.brands[0] ? { brandId: otherOrganization.brands[0].id } : {}),
                accounts: otherOrganization.brands.map((b) => ({
                  brandId: b.id,
                  integrations: b.integrations,
                })),
              },
            ]
          : [],
      };
    },
    async stop() {
      const service = running;
      running = null;
      if (service) await (await service).close();
    },
  };
}
