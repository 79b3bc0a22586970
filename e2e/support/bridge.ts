import type { BrowserContext, Page } from '@playwright/test';
import {
  IPC_EVENT_NAMES,
  IPC_METHOD_NAMES,
  type IpcEventName,
  type IpcEventPayload,
  type IpcMethodName,
  type WindowApi,
} from '../../shared/ipc/contract.js';
import type { IpcResult } from '../../shared/ipc/errors.js';
import type { AppServices } from '../../electron/app-services.js';

/*
 * The browser bridge (docs/architecture.md, e2e/README.md): the page gets a `window.api`
 * built from the same contract list the preload uses, and every call reaches the real main-process
 * services running here, through the same validating dispatch Electron's ipcMain handlers use.
 */

/** What the page-side script needs; passed as data because init scripts cannot close over anything. */
export interface BridgeSpec {
  methods: readonly IpcMethodName[];
  events: readonly IpcEventName[];
}

/** Globals the bridge adds to the page (never present in the Electron app). */
export interface BridgeWindow {
  api: unknown;
  /** The answer as JSON text: see attachBridge. */
  __postdeckInvoke(name: string, input: unknown): Promise<string>;
  __postdeckEmit?: (name: string, payload: unknown) => void;
  /** Registers, with main, the file the test made choosable under this name; answers its token. */
  __postdeckRegisterFile(name: string): Promise<string | null>;
}

/**
 * Runs in the page before any of its scripts: the stand-in for electron/preload.ts, and like it an
 * unknown event's `on` subscribes to nothing and returns a no-op. It names the page as `globalThis`
 * (the window there) and no DOM type, so test/window-api-hosts.test.ts runs it under Node too.
 */
export function installWindowApi(spec: BridgeSpec): void {
  const page = globalThis as unknown as BridgeWindow;
  const listeners = new Map<string, Set<(payload: unknown) => void>>();
  const methods = Object.fromEntries(
    spec.methods.map((name) => [
      name,
      async (input: unknown) => JSON.parse(await page.__postdeckInvoke(name, input)) as unknown,
    ]),
  ) as { [K in IpcMethodName]: WindowApi[K] };
  // Held to the contract's type by the compiler, as the preload's is.
  const api = {
    ...methods,
    on<K extends IpcEventName>(event: K, listener: (payload: IpcEventPayload<K>) => void): () => void {
      if (!spec.events.includes(event)) return () => undefined;
      const set = listeners.get(event) ?? new Set();
      listeners.set(event, set);
      const heard = listener as (payload: unknown) => void;
      set.add(heard);
      return () => {
        set.delete(heard);
      };
    },
    // Chromium does not reveal a File's path: the test host knows the files it hands to inputs and
    // registers the chosen one with main as the preload does; the page gets a token, never a path.
    async fileToken(file: { name: string }): Promise<string | null> {
      return page.__postdeckRegisterFile(String(file.name));
    },
  } satisfies WindowApi;
  Object.defineProperty(page, 'api', { value: Object.freeze(api), enumerable: true });
  Object.defineProperty(page, '__postdeckEmit', {
    value: (name: string, payload: unknown) => {
      for (const listener of listeners.get(name) ?? []) listener(payload);
    },
  });
}

export interface Bridge {
  /** Every IPC result the page received, in order, as it crossed the bridge. */
  results: IpcResult<unknown>[];
  /** The method of each call, in the order the page made them. */
  calls: string[];
  /** Every event main sent the page, in order. */
  events: { name: string; payload: unknown }[];
  registerFile(path: string, name: string): Promise<void>;
  dispose(): void;
}

/** Wires a page to the services: calls in through a binding, events out through evaluate. */
export async function attachBridge(
  context: BrowserContext,
  page: Page,
  services: AppServices,
): Promise<Bridge> {
  const results: IpcResult<unknown>[] = [];
  const calls: string[] = [];
  const events: { name: string; payload: unknown }[] = [];
  await context.exposeBinding('__postdeckInvoke', async (_source, name: unknown, input: unknown) => {
    calls.push(String(name));
    const result = await services.invoke(String(name), input, { caller: 'bridge' });
    results.push(result);
    // As JSON text: Playwright carries a binding's object answer as a tree of tagged values, which
    // took over a second for a 1 MB month (truth.bench); a string crosses at once, as Electron's
    // structured clone does. Every IPC answer is plain JSON data (the contract's zod schemas).
    return JSON.stringify(result);
  });
  // Files a test made choosable, by base name: what Electron's webUtils knows of a chosen File.
  const filePaths = new Map<string, string>();
  await context.exposeBinding('__postdeckRegisterFile', async (_source, name: unknown) => {
    const path = filePaths.get(String(name));
    if (!path) return null;
    const answer = await services.registerFile({ path });
    return answer.ok ? answer.value.token : null;
  });
  await context.addInitScript(installWindowApi, { methods: IPC_METHOD_NAMES, events: IPC_EVENT_NAMES });
  const unsubscribe = services.onEvent((name, payload) => {
    events.push({ name, payload });
    // Events sent while the page navigates have nobody to reach, as in Electron.
    // As JSON text, for the reason the answers are (a change event can carry a week of posts).
    page
      .evaluate(
        ([n, json]) => (globalThis as unknown as BridgeWindow).__postdeckEmit?.(n, JSON.parse(json)),
        [name, JSON.stringify(payload ?? null)] as const,
      )
      .catch(() => undefined);
  });
  return {
    results,
    calls,
    events,
    registerFile: async (path, name) => {
      filePaths.set(name, path);
    },
    dispose: unsubscribe,
  };
}
