// electron-builder's afterPack hook (electron-builder.yml). Flips Electron's fuses
// in the packaged binary before it is signed, then reads them back and fails the build if any is
// not as required, so an installer can never ship with a fuse left open.
import { join } from 'node:path';
import { FuseV1Options, FuseVersion, flipFuses, getCurrentFuseWire } from '@electron/fuses';

/** Each fuse's required state: what an attacker with the installed app could otherwise use. */
export const REQUIRED_FUSES = {
  // ELECTRON_RUN_AS_NODE would turn the signed app into a general Node runtime.
  [FuseV1Options.RunAsNode]: false,
  // The cookie store is encrypted with the OS keychain's key, as Chrome does.
  [FuseV1Options.EnableCookieEncryption]: true,
  // NODE_OPTIONS could preload arbitrary code into the main process.
  [FuseV1Options.EnableNodeOptionsEnvironmentVariable]: false,
  // --inspect would let anyone on the machine attach a debugger to the process holding the key.
  [FuseV1Options.EnableNodeCliInspectArguments]: false,
  // app.asar is checked against the hash electron-builder embeds (macOS and Windows).
  [FuseV1Options.EnableEmbeddedAsarIntegrityValidation]: true,
  // Only app.asar is loaded, never a loose app/ folder dropped beside it.
  [FuseV1Options.OnlyLoadAppFromAsar]: true,
  // The renderer is served from app://postdeck, never from file://.
  [FuseV1Options.GrantFileProtocolExtraPrivileges]: false,
};

const ENABLE = 49; // '1' in the fuse wire
const DISABLE = 48; // '0'

/** Flips the fuses of the Electron binary (or .app) at `electronPath`, then checks every one. */
export async function applyFuses(electronPath, { resetAdHocDarwinSignature = false } = {}) {
  await flipFuses(electronPath, { version: FuseVersion.V1, resetAdHocDarwinSignature, ...REQUIRED_FUSES });
  const wire = await getCurrentFuseWire(electronPath);
  const wrong = Object.entries(REQUIRED_FUSES)
    .filter(([index, on]) => wire[index] !== (on ? ENABLE : DISABLE))
    .map(([index, on]) => `${FuseV1Options[index]} should be ${on ? 'on' : 'off'}`);
  if (wrong.length > 0) {
    throw new Error(`Electron fuses not set in ${electronPath}: ${wrong.join(', ')}.`);
  }
}

/** The packaged Electron binary electron-builder just wrote, per platform. */
export function packagedElectronPath(context) {
  const { appOutDir, electronPlatformName, packager } = context;
  if (electronPlatformName === 'darwin' || electronPlatformName === 'mas') {
    return join(appOutDir, `${packager.appInfo.productFilename}.app`);
  }
  if (electronPlatformName === 'win32') return join(appOutDir, `${packager.appInfo.productFilename}.exe`);
  return join(appOutDir, packager.executableName);
}

export default async function afterPack(context) {
  const electronPath = packagedElectronPath(context);
  // Changing the binary breaks the ad-hoc signature of unsigned Apple silicon builds.
  await applyFuses(electronPath, { resetAdHocDarwinSignature: context.electronPlatformName === 'darwin' });
  console.log(`  • fuses set and checked  file=${electronPath}`);
}
