import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { CategoriesAnswer } from '../../shared/categories/ipc.js';
import type { Category, CategoryInput } from '../../shared/categories/model.js';
import type { IpcInput } from '../../shared/ipc/contract.js';
import { call, type AppError } from '../ipc/ipc.js';
import { ipcKey, useIpcEvent, useIpcQuery } from '../ipc/use-ipc.js';

/*
 * The window's side of content categories: one read of the brand's categories, the category of
 * each post group and of each evergreen list (the calendar's mix bar, the composer, the post's
 * details, the queue and evergreen screens all use it). Read again when posts change: a repeat
 * made by evergreen, or a confirmed post, carries its category to a new subject.
 */

export const categoriesKey = ipcKey('listCategories', {});
const EMPTY: CategoriesAnswer = { categories: [], assignments: {}, lists: {} };

export function useCategoriesQuery() {
  const client = useQueryClient();
  useIpcEvent(
    'postsChanged',
    useCallback(() => void client.invalidateQueries({ queryKey: categoriesKey }), [client]),
  );
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
