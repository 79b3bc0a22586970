import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { IpcInput } from '../../shared/ipc/contract.js';
import type { LinkRules } from '../../shared/links/model.js';
import { call, type AppError } from '../ipc/ipc.js';
import { ipcKey, useIpcQuery } from '../ipc/use-ipc.js';

/* Tracked links: the active brand's rules, read and saved. */

export function useLinkRules() {
  return useIpcQuery('getLinkRules', {}, { staleTime: 60_000 });
}

/** Saves the rules; main's answer replaces what is shown (and what the composer previews). */
export function useSaveLinkRules() {
  const client = useQueryClient();
  return useMutation<LinkRules, AppError, IpcInput<'setLinkRules'>>({
    mutationFn: (input) => call('setLinkRules', input),
    onSuccess: (next) => client.setQueryData(ipcKey('getLinkRules', {}), next),
  });
}
