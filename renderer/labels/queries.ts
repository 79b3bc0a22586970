import {
  useMutation,
  useQueries,
  useQueryClient,
  type QueryClient,
  type UseQueryResult,
} from '@tanstack/react-query';
import { createContext, useCallback, useContext, useMemo } from 'react';
import type { BrandRef } from '../../shared/ipc/models.js';
import type { CalendarPost } from '../../shared/posts/ipc.js';
import {
  subjectOfPost,
  type Label,
  type LabelInput,
  type LabelsView,
  type PostNote,
} from '../../shared/labels/model.js';
import type { IpcInput, IpcOutput } from '../../shared/ipc/contract.js';
import { call, type AppError } from '../ipc/ipc.js';
import { ipcKey, useIpcQuery } from '../ipc/use-ipc.js';

/*
 * The window's side of labels and notes: one read of the brand's labels and who carries them
 * (main answers it after every change, and it is read again whenever posts change, since a
 * confirmed post moves its labels to the service's group).
 */

export const labelsKey = ipcKey('listLabels', {});
const EMPTY: LabelsView = { labels: [], assignments: {}, noteCounts: {} };

export function useLabels(): LabelsView {
  return useIpcQuery('listLabels', {}).data ?? EMPTY;
}

/** Several brands' labels as one view (label ids and subjects are each brand's own, so none collide). */
function mergedViews(views: readonly (LabelsView | undefined)[]): LabelsView {
  const merged: LabelsView = { labels: [], assignments: {}, noteCounts: {} };
  for (const view of views) {
    if (!view) continue;
    merged.labels.push(...view.labels);
    Object.assign(merged.assignments, view.assignments);
    Object.assign(merged.noteCounts, view.noteCounts);
  }
  return merged;
}

/** The labels the calendar shows, and in the all-brands view whose each label is. */
export interface CalendarLabels {
  view: LabelsView;
  /** Label id → its brand; null for one brand's calendar. */
  brandOfLabel: ReadonlyMap<string, BrandRef> | null;
}

/**
 * What the calendar's chips, label filters and campaign band show: the active brand's labels, or
 * in the all-brands view (`brands` given) every shown brand's, so a post carries its own brand's
 * labels and a filter or campaign of any shown brand is offered. One read per brand.
 */
export function useCalendarLabels(brands: readonly BrandRef[] | undefined): CalendarLabels {
  const own = useLabels();
  // Stable for a given list of brands, so the merged answer is too (TanStack runs an inline
  // combine on every render, and the calendar memoizes on this view).
  const combine = useCallback(
    (results: UseQueryResult<LabelsView>[]): CalendarLabels => {
      const brandOfLabel = new Map<string, BrandRef>();
      results.forEach((r, i) => {
        const brand = brands?.[i];
        if (brand) for (const l of r.data?.labels ?? []) brandOfLabel.set(l.id, brand);
      });
      return { view: mergedViews(results.map((r) => r.data)), brandOfLabel };
    },
    [brands],
  );
  const all = useQueries({
    queries: (brands ?? []).map(({ profileId, brandId }) => {
      const brand = { profileId, brandId };
      return { queryKey: ipcKey('listLabels', { brand }), queryFn: () => call('listLabels', { brand }) };
    }),
    combine,
  });
  const single = useMemo(() => ({ view: own, brandOfLabel: null }), [own]);
  return brands ? all : single;
}

/** Each brand's labels, in the order given (undefined until read): the picker across brands. */
export function useBrandsLabels(brands: readonly BrandRef[]): (LabelsView | undefined)[] {
  return useQueries({
    queries: brands.map((brand) => ({
      queryKey: ipcKey('listLabels', { brand }),
      queryFn: () => call('listLabels', { brand }),
    })),
  }).map((q) => q.data);
}

/** The labels a subject carries, in the brand's order. */
export function labelsOf(view: LabelsView, subject: string): Label[] {
  const ids = view.assignments[subject];
  if (!ids || ids.length === 0) return [];
  return view.labels.filter((l) => ids.includes(l.id));
}

/** Adds or removes labels on post groups (local only); main's answer replaces the window's copy. */
export function useSetPostLabels() {
  const client = useQueryClient();
  return useMutation<LabelsView, AppError, { subjects: string[]; add: string[]; remove: string[] }>({
    mutationFn: (input) => call('setPostLabels', input),
    onSuccess: (view) => client.setQueryData(labelsKey, view),
  });
}

/**
 * Adds or removes the active brand's labels on post groups of several brands (the all-brands
 * view), each under its own brand, in one call; main's answer replaces each brand's copy.
 */
export function useSetPostLabelsAcrossBrands() {
  const client = useQueryClient();
  return useMutation<IpcOutput<'setPostLabelsAcrossBrands'>, AppError, IpcInput<'setPostLabelsAcrossBrands'>>(
    {
      mutationFn: (input) => call('setPostLabelsAcrossBrands', input),
      onSuccess: (answer) => {
        for (const { brand, view } of answer) client.setQueryData(ipcKey('listLabels', { brand }), view);
        // The active brand's own read may be among them: read it again (only it, not the others).
        return client.invalidateQueries({ queryKey: labelsKey, exact: true });
      },
    },
  );
}

export function useSaveLabel() {
  const client = useQueryClient();
  return useMutation<Label, AppError, LabelInput>({
    mutationFn: (input) => call('saveLabel', input),
    onSuccess: () => client.invalidateQueries({ queryKey: labelsKey }),
  });
}

export function useDeleteLabel() {
  const client = useQueryClient();
  return useMutation<{ deleted: boolean }, AppError, string>({
    mutationFn: (id) => call('deleteLabel', { id }),
    onSuccess: () => client.invalidateQueries({ queryKey: labelsKey }),
  });
}

/** A post group's notes: the active brand's, or `brand`'s (a post of the all-brands view). */
export function useNotes(subject: string, brand?: BrandRef) {
  return useIpcQuery('listNotes', brand ? { subject, brand } : { subject });
}

/** After a note is added or deleted: its list, and the note counts of its brand's labels view. */
function notesChanged(client: QueryClient, subject: string, brand: BrandRef | undefined) {
  return Promise.all([
    client.invalidateQueries({ queryKey: ipcKey('listNotes', brand ? { subject, brand } : { subject }) }),
    client.invalidateQueries({ queryKey: brand ? ipcKey('listLabels', { brand }) : labelsKey }),
    // The same brand may also be the active one.
    ...(brand ? [client.invalidateQueries({ queryKey: labelsKey, exact: true })] : []),
  ]);
}

export function useAddNote(subject: string, brand?: BrandRef) {
  const client = useQueryClient();
  return useMutation<PostNote, AppError, string>({
    mutationFn: (body) => call('addNote', brand ? { subject, body, brand } : { subject, body }),
    onSuccess: () => notesChanged(client, subject, brand),
  });
}

export function useDeleteNote(subject: string, brand?: BrandRef) {
  const client = useQueryClient();
  return useMutation<{ deleted: boolean }, AppError, string>({
    mutationFn: (id) => call('deleteNote', brand ? { id, brand } : { id }),
    onSuccess: () => notesChanged(client, subject, brand),
  });
}

/**
 * The brand's labels for the calendar's cells, handed down by the calendar screen: one read for the
 * whole grid instead of one query observer a cell, and a grid drawn without it (the benchmark's
 * page) simply shows no labels.
 */
export const PostLabelsContext = createContext<LabelsView>({ labels: [], assignments: {}, noteCounts: {} });

/** The labels a calendar post carries (its group's). */
export function usePostLabels(post: Pick<CalendarPost, 'id' | 'group'>): Label[] {
  return labelsOf(useContext(PostLabelsContext), subjectOfPost(post));
}
