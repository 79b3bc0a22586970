import { useUi } from '../ui/ui-store.js';
import { useCalendarStore } from '../calendar/store.js';
import { instantToWall } from '../calendar/time.js';

/** Shows a post in the calendar: its day (in the brand's zone) with its details open. */
export function openPostInCalendar(postId: string, publishDate: string | undefined, zone: string): void {
  const calendar = useCalendarStore.getState();
  if (publishDate && !Number.isNaN(Date.parse(publishDate))) {
    calendar.setDate(instantToWall(new Date(publishDate), zone));
  }
  calendar.openPost(postId);
  useUi.getState().navigate('calendar');
}
