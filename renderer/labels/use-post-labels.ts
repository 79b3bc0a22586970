import { createContext, useContext } from 'react';
import type { CalendarPost } from '../../shared/posts/ipc.js';
import { subjectOfPost, type Label, type LabelsView } from '../../shared/labels/model.js';
import { labelsOf } from './labels-queries.js';

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
