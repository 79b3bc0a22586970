import { ipcEvents, type IpcEventName, type IpcEventPayload } from '../../shared/ipc/contract.js';
import { createLogger } from '../log.js';

/*
 * Services emit typed events here; main forwards them to the window and the
 * test bridge to its page. Payloads are checked against the contract before they leave, so a
 * service bug shows up in the log instead of as a confusing event in the renderer.
 */

const log = createLogger('events');

export type EventListener = (name: IpcEventName, payload: unknown) => void;

export class EventHub {
  private readonly listeners = new Set<EventListener>();

  emit<K extends IpcEventName>(name: K, payload: IpcEventPayload<K>): void {
    const checked = ipcEvents[name].safeParse(payload);
    if (!checked.success) {
      log.error(`dropped a malformed ${name} event`, checked.error.message);
      return;
    }
    for (const listener of this.listeners) {
      try {
        listener(name, checked.data);
      } catch (error) {
        log.error(`a ${name} listener failed`, error);
      }
    }
  }

  /** Returns the unsubscribe function. */
  on(listener: EventListener): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }
}
