// Types of scripts/fuses.mjs (plain JavaScript, as electron-builder loads hooks) for the tests.
import type { FuseV1Options } from '@electron/fuses';

export declare const REQUIRED_FUSES: Partial<Record<FuseV1Options, boolean>>;

export declare function applyFuses(
  electronPath: string,
  options?: { resetAdHocDarwinSignature?: boolean },
): Promise<void>;

export interface PackContext {
  appOutDir: string;
  electronPlatformName: string;
  packager: { appInfo: { productFilename: string }; executableName?: string };
}

export declare function packagedElectronPath(context: PackContext): string;

export default function afterPack(context: PackContext): Promise<void>;
