import { useMemo } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { IpcInput, IpcOutput } from '../../shared/ipc/contract.js';
import { call, type AppError } from '../ipc/ipc.js';
import { useIpcQuery } from '../ipc/use-ipc.js';

/** Snippets and signatures as hooks; main keeps them in the local db. */

export { countedText } from './counted-text.js';

export function useSnippets() {
  return useIpcQuery('listSnippets', {}, { staleTime: 60_000 });
}

/** Signature text by account id (empty until read). */
export function useSignatureMap(): ReadonlyMap<string, string> {
  const query = useIpcQuery('listSignatures', {}, { staleTime: 60_000 });
  return useMemo(() => new Map((query.data ?? []).map((s) => [s.integrationId, s.body])), [query.data]);
}

type Writes = 'saveSnippet' | 'deleteSnippet' | 'setSignature';

export function useSnippetWrite<K extends Writes>(name: K) {
  const client = useQueryClient();
  return useMutation<IpcOutput<K>, AppError, IpcInput<K>>({
    mutationFn: (input) => call(name, input),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ['listSnippets'] });
      void client.invalidateQueries({ queryKey: ['listSignatures'] });
    },
  });
}
