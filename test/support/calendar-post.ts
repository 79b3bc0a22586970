import type { CalendarPost } from '../../shared/posts/ipc.js';

/** A post as the calendar holds it, for tests: scheduled, on one X account; any field can be given. */
export function calendarPost(
  over: Partial<CalendarPost> & Pick<CalendarPost, 'id' | 'publishDate'>,
): CalendarPost {
  return {
    group: null,
    state: 'scheduled',
    integration: { id: 'acc-x', platform: 'x', name: 'Acme on X', picture: null },
    content: 'Hello',
    blockCount: 1,
    error: null,
    releaseURL: null,
    groupSize: 1,
    pending: false,
    localOnly: false,
    ...over,
  };
}
