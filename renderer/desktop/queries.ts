import type { IpcInput, IpcOutput } from '../../shared/ipc/contract.js';
import { call } from '../ipc/ipc.js';

/* The desktop's questions to main: what the OS asked to open, and the clock it uses. */

/** One post as main holds it (opening it from a link, or the composer reading its group). */
export function getPost(input: IpcInput<'getPost'>): Promise<IpcOutput<'getPost'>> {
  return call('getPost', input);
}

/** What the OS asked the app to open (a postdeck: link, a file), taken once. */
export function takeOpenRequest(input: IpcInput<'takeOpenRequest'>): Promise<IpcOutput<'takeOpenRequest'>> {
  return call('takeOpenRequest', input);
}

/** The OS's 12/24-hour setting, read once before the first paint. */
export function getClockPreference(
  input: IpcInput<'getClockPreference'>,
): Promise<IpcOutput<'getClockPreference'>> {
  return call('getClockPreference', input);
}
