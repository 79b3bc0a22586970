import type { IpcInput, IpcOutput } from '../../shared/ipc/contract.js';
import { call } from '../ipc/ipc.js';

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

/** Sets a brand's colour (null: its default). */
export function setBrandColor(input: IpcInput<'setBrandColor'>): Promise<IpcOutput<'setBrandColor'>> {
  return call('setBrandColor', input);
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
