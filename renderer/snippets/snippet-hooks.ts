import { useMemo } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { IpcInput, IpcOutput } from '../../shared/ipc/contract.js';
import type { DraftTarget } from '../../shared/ipc/models.js';
import type { PlatformType } from '../../shared/platforms/types.js';
import { measureText } from '../../shared/platforms/text-length.js';
import { call, type AppError } from '../lib/ipc.js';
import { useIpcQuery } from '../lib/use-ipc.js';

/** Runs in the renderer. Snippets and signatures as hooks; main keeps them in the local db. */

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

const size = (platform: PlatformType, text: string) => {
  const n = measureText(platform, text);
  return typeof n === 'number' ? n : Infinity;
};

/**
 * The text a block's counter counts for one platform: the block as it will be sent (signed) to
 * the accounts on show; of several accounts on that platform, the longest.
 */
export function countedText(
  signedTargets: readonly DraftTarget[],
  shown: readonly string[],
  block: number,
  platform: PlatformType,
  typed: string,
): string {
  let longest = typed;
  for (const t of signedTargets) {
    if (t.platform !== platform || !shown.includes(t.integrationId)) continue;
    const text = t.blocks?.[block]?.content;
    if (text !== undefined && size(platform, text) > size(platform, longest)) longest = text;
  }
  return longest;
}
