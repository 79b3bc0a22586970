import type { z } from 'zod';
import type { ipcMethods, IpcMethodName, IpcOutput } from '../../shared/ipc/contract.js';
import type { ActiveBrand } from './active-brand.js';

/** Who is calling (Electron renderer or the test bridge), for logs and for handlers that care. */
export interface Caller {
  caller: 'renderer' | 'bridge' | 'test';
}

/**
 * What a handler knows of its call besides the input: who called, and the brand the call acts on
 * (null when nothing is connected), decided once by dispatch. `requireBrand(ctx)` asks for one.
 */
export interface CallContext extends Caller {
  brand: ActiveBrand | null;
}

/** One handler per method of the contract; each feature's setup answers its own share of them. */
export type IpcHandlers = {
  [K in IpcMethodName]: (
    input: z.output<(typeof ipcMethods)[K]['input']>,
    ctx: CallContext,
  ) => Promise<IpcOutput<K>>;
};
