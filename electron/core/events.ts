import type { IpcEventName, IpcEventPayload } from '../../shared/ipc/contract.js';

/** Sends one event of the contract to the window; the composition root wires it to the event hub. */
export type Emit = <K extends IpcEventName>(name: K, payload: IpcEventPayload<K>) => void;
