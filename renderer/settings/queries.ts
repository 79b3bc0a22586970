import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { IpcInput, IpcOutput } from '../../shared/ipc/contract.js';
import type { BrandScope } from '../../shared/brands/ipc.js';
import { call, type AppError } from '../ipc/ipc.js';
import { ipcKey } from '../ipc/use-ipc.js';

/*
 * The settings screens ask main through these: connections and keys, brands, the desktop
 * settings and diagnostics. Each answer is what main now keeps.
 */

/** Removes a connection and its key. */
export function removeProfile(input: IpcInput<'removeProfile'>): Promise<IpcOutput<'removeProfile'>> {
  return call('removeProfile', input);
}

/** Opens the folder of the app's logs (false when this window cannot open folders). */
export function openLogsFolder(input: IpcInput<'openLogsFolder'>): Promise<IpcOutput<'openLogsFolder'>> {
  return call('openLogsFolder', input);
}

/** Sets a brand's colour (null: its default); main answers the brand scope, shown at once. */
export function useSetBrandColor(
  brand: { profileId: string; brandId: string },
  onError: (error: AppError) => void,
) {
  const client = useQueryClient();
  return useMutation<BrandScope, AppError, string | null>({
    mutationFn: (color) => call('setBrandColor', { ...brand, color }),
    onSuccess: (next) => client.setQueryData(ipcKey('getBrandScope', {}), next),
    onError,
  });
}

/** Replaces a connection's API key, checked against the service first. */
export function replaceKey(input: IpcInput<'replaceKey'>): Promise<IpcOutput<'replaceKey'>> {
  return call('replaceKey', input);
}

/** Changes the desktop settings; the answer is what main keeps. */
export function setDesktopSettings(
  input: IpcInput<'setDesktopSettings'>,
): Promise<IpcOutput<'setDesktopSettings'>> {
  return call('setDesktopSettings', input);
}

/** Sets the zone a brand's times are written in (null: the computer's). */
export function setBrandTimezone(
  input: IpcInput<'setBrandTimezone'>,
): Promise<IpcOutput<'setBrandTimezone'>> {
  return call('setBrandTimezone', input);
}
