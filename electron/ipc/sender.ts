import type { AppErrorShape } from '../../shared/ipc/errors.js';
import { isOwnPage } from '../window/security.js';

/*
 * Only our own page's top frame may call main: an iframe, a page the window
 * was somehow navigated to, or a devtools extension gets FORBIDDEN_SENDER and nothing runs.
 */

export interface SenderFrame {
  url: string;
  /** The top frame has no parent. */
  isTop: boolean;
}

export function senderRefusal(frame: SenderFrame | null, entryUrl: string): AppErrorShape | null {
  if (frame && frame.isTop && isOwnPage(frame.url, entryUrl)) return null;
  return {
    code: 'FORBIDDEN_SENDER',
    message: 'This call did not come from the Postdeck window, so it was refused.',
  };
}
