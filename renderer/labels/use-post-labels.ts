import type { CalendarPost } from '../../shared/ipc/models.js';
import { subjectOfPost, type Label } from '../../shared/labels/model.js';
import { labelsOf, useLabels } from './labels-queries.js';

/** The labels a calendar post carries (its group's). */
export function usePostLabels(post: Pick<CalendarPost, 'id' | 'group'>): Label[] {
  return labelsOf(useLabels(), subjectOfPost(post));
}
