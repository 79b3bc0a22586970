import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { CategoriesAnswer } from '../../shared/categories/ipc.js';
import type { Category, CategoryInput } from '../../shared/categories/model.js';
import type { IpcInput } from '../../shared/ipc/contract.js';
import { call, onEvent, type AppError } from '../ipc/ipc.js';
import { ipcKey, useIpcQuery } from '../ipc/use-ipc.js';

/*
 * The window's side of content categories: one read of the brand's categories, the category of
 * each post group and of each evergreen list (the calendar's mix bar, the composer, the post's
 * details, the queue and evergreen screens all use it). Read again when posts change: a repeat
 * made by evergreen, or a confirmed post, carries its category to a new subject.
 */

export const categoriesKey = ipcKey('listCategories', {});
const EMPTY: CategoriesAnswer = { categories: [], assignments: {}, lists: {} };

/** One listener for however many screens read the categories. */
let readers = 0;
let stopListening: (() => void) | null = null;

export function useCategoriesQuery() {
  const client = useQueryClient();
  useEffect(() => {
    readers += 1;
    // A move or an edit of posts already shown changes no category: it costs no call (one drag
    // stays one call). A pull or a new local post (an evergreen repeat carries its list's
    // category) does, and only for a brand that has categories: a brand without any has nothing
    // to carry, and its first comes from saveCategory, whose answer is the list.
    stopListening ??= onEvent('postsChanged', (change) => {
      const known = client.getQueryData<CategoriesAnswer>(categoriesKey);
      if (!known || known.categories.length === 0) return;
      const created = change.update?.posts.some((p) => p.localOnly) ?? false;
      if (change.update === null || created)
        void client.invalidateQueries({ queryKey: categoriesKey }, { cancelRefetch: false });
    });
    return () => {
      readers -= 1;
      if (readers === 0) {
        stopListening?.();
        stopListening = null;
      }
    };
  }, [client]);
  return useIpcQuery('listCategories', {});
}

export function useCategories(): CategoriesAnswer {
  return useCategoriesQuery().data ?? EMPTY;
}

/** After a change: every read of the categories, and "Add to queue"'s preview (it depends on them). */
function useChanged() {
  const client = useQueryClient();
  return (answer?: CategoriesAnswer) => {
    if (answer) client.setQueryData(categoriesKey, answer);
    else void client.invalidateQueries({ queryKey: ['listCategories'] });
    void client.invalidateQueries({ queryKey: ['previewQueue'] });
  };
}

export function useSaveCategory() {
  const changed = useChanged();
  return useMutation<Category, AppError, CategoryInput>({
    mutationFn: (input) => call('saveCategory', input),
    onSuccess: () => changed(),
  });
}

export function useDeleteCategory() {
  const changed = useChanged();
  const client = useQueryClient();
  return useMutation<{ deleted: boolean; postsLost: number }, AppError, string>({
    mutationFn: (id) => call('deleteCategory', { id }),
    onSuccess: () => {
      changed();
      // Its kept slots are open again.
      void client.invalidateQueries({ queryKey: ['getQueueSlots'] });
    },
  });
}

/** Gives post groups (or a draft) one category, or none; main's answer replaces the window's copy. */
export function useSetPostCategory() {
  const changed = useChanged();
  return useMutation<CategoriesAnswer, AppError, IpcInput<'setPostCategory'>>({
    mutationFn: (input) => call('setPostCategory', input),
    onSuccess: (answer) => changed(answer),
  });
}

/** Makes an evergreen list feed a category, or none. */
export function useSetListCategory() {
  const changed = useChanged();
  const client = useQueryClient();
  return useMutation<CategoriesAnswer, AppError, IpcInput<'setListCategory'>>({
    mutationFn: (input) => call('setListCategory', input),
    onSuccess: (answer) => {
      changed(answer);
      void client.invalidateQueries({ queryKey: ['previewEvergreen'] });
    },
  });
}
