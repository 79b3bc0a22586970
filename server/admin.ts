import { parseArgs } from 'node:util';
import { ALL_SCOPES, Scope } from '../shared/api/scopes.js';
import { PlatformType } from '../shared/platforms/types.js';
import { readSandboxFile, writeSandboxFile } from './sandbox-writer.js';
import { AccountStore } from './store/accounts.js';
import { openDatabase } from './store/db.js';

const ADMIN_USAGE = `Admin commands (they work on a data dir, whether or not the service runs):
  admin list                 [--data-dir DIR]
  admin create-key           --label NAME [--org ORG_ID] [--scopes a,b | all] [--brands ID,ID] [--test] [--data-dir DIR]
  admin revoke-key           --key KEY_ID_OR_LABEL [--data-dir DIR]
  admin add-integration      --brand BRAND_ID --platform x|instagram|… --name NAME [--disconnected] [--data-dir DIR]`;

/** `npm run server -- admin …`: what the dashboard does for a real account, for the sandbox. */
export async function runAdmin(argv: string[], defaultDataDir: string): Promise<void> {
  const [command, ...rest] = argv;
  const { values } = parseArgs({
    args: rest,
    options: {
      'data-dir': { type: 'string' },
      label: { type: 'string' },
      org: { type: 'string' },
      scopes: { type: 'string' },
      brands: { type: 'string' },
      test: { type: 'boolean' },
      key: { type: 'string' },
      brand: { type: 'string' },
      platform: { type: 'string' },
      name: { type: 'string' },
      disconnected: { type: 'boolean' },
    },
  });
  if (!command || command === '--help' || command === 'help') {
    console.log(ADMIN_USAGE);
    return;
  }
  const dataDir = values['data-dir'] ?? defaultDataDir;
  const db = openDatabase(dataDir);
  const accounts = new AccountStore(db);
  try {
    const sandbox = readSandboxFile(dataDir);
    const save = (extra: { label: string; token: string }[] = []) => {
      if (!sandbox) return;
      const tokens = [
        ...sandbox.keys,
        ...extra.map((k) => ({ ...k, organizationId: '', scopes: [], brandIds: null, revoked: false })),
      ];
      writeSandboxFile(dataDir, accounts, sandbox, tokens);
    };
    switch (command) {
      case 'list': {
        for (const org of accounts.organizations()) {
          console.log(`${org.id}  ${org.name}`);
          for (const brand of accounts.brands(org.id)) {
            console.log(`  ${brand.id}  ${brand.name}`);
            for (const i of accounts.integrations(brand.id)) {
              console.log(
                `    ${i.id}  ${i.platform.padEnd(13)} ${i.name}${i.disconnected ? '  (disconnected)' : ''}`,
              );
            }
          }
        }
        for (const k of accounts.listApiKeys()) {
          const brands = k.brand_ids === null ? 'all brands' : k.brand_ids.join(',');
          console.log(
            `key ${k.id}  ${k.label.padEnd(16)} ${k.mode}  ${k.organization_id}  ${brands}  ${k.scopes.join(',')}${k.revoked_at ? '  REVOKED' : ''}`,
          );
        }
        return;
      }
      case 'create-key': {
        if (!values.label) throw new Error('create-key needs --label.');
        const org = values.org ? accounts.organization(values.org) : (accounts.organizations()[0] ?? null);
        if (!org) throw new Error(`No organization ${values.org ?? ''}; see "admin list".`);
        const scopes =
          !values.scopes || values.scopes === 'all'
            ? [...ALL_SCOPES]
            : values.scopes.split(',').map((s) => Scope.parse(s.trim()));
        const brandIds = values.brands ? values.brands.split(',').map((b) => b.trim()) : null;
        for (const id of brandIds ?? []) {
          if (accounts.brand(id)?.organization_id !== org.id)
            throw new Error(`Brand ${id} is not in ${org.id}.`);
        }
        const user = accounts.firstUser(org.id);
        if (!user) throw new Error(`Organization ${org.id} has no user.`);
        const { token, record } = accounts.createApiKey({
          label: values.label,
          organizationId: org.id,
          userId: user.id,
          mode: values.test ? 'test' : 'live',
          scopes,
          brandIds,
        });
        save([{ label: record.label, token }]);
        console.log(`created ${record.id} (${record.label}); the token is shown once:\n${token}`);
        return;
      }
      case 'revoke-key': {
        if (!values.key) throw new Error('revoke-key needs --key KEY_ID_OR_LABEL.');
        const n = accounts.revokeApiKey(values.key);
        if (n === 0) throw new Error(`No active key with id or label "${values.key}".`);
        save();
        console.log(`revoked ${n} key${n === 1 ? '' : 's'}`);
        return;
      }
      case 'add-integration': {
        const brand = values.brand ? accounts.brand(values.brand) : null;
        if (!brand)
          throw new Error('add-integration needs --brand with an existing brand id; see "admin list".');
        const platform = PlatformType.safeParse(values.platform);
        if (!platform.success)
          throw new Error(`--platform must be one of ${PlatformType.options.join(', ')}.`);
        if (!values.name) throw new Error('add-integration needs --name.');
        const i = accounts.createIntegration({
          brandId: brand.id,
          platform: platform.data,
          name: values.name,
          disconnected: values.disconnected ?? false,
        });
        save();
        console.log(`added ${i.id} (${i.platform}, ${i.name}) to ${brand.id}`);
        return;
      }
      default:
        throw new Error(`Unknown admin command "${command}".\n${ADMIN_USAGE}`);
    }
  } finally {
    db.close();
  }
}
