import { useCallback, useEffect, useRef } from 'react';
import type { OpenRequest } from '../../shared/desktop/ipc.js';
import { openPostInCalendar } from '../analytics/open-in-calendar.js';
import { useUi } from '../ui/ui-store.js';
import { useBrandZone } from '../calendar/queries.js';
import { useIpcEvent } from '../ipc/use-ipc.js';
import { getPost, takeOpenRequest } from './queries.js';

/**
 * Opens what main asks for (a clicked notification, a postdeck:// link, the tray's Outbox): a post
 * in the calendar, the composer with text, or the outbox. Main keeps the request until the window
 * takes it, so one asked for while the window was closed or loading opens once it is ready.
 */
export async function openRequested(request: OpenRequest, zone: string): Promise<void> {
  const ui = useUi.getState();
  switch (request.kind) {
    case 'post': {
      // The post's date puts the calendar on its day; a post that is gone still opens its panel, which says so.
      const post = await getPost({ id: request.postId }).catch(() => null);
      openPostInCalendar(request.postId, post?.publishDate, zone);
      return;
    }
    case 'compose':
      if (!ui.composer) ui.openComposer({ text: request.text });
      return;
    case 'outbox':
      ui.setOutboxOpen(true);
      return;
  }
}

/** Takes main's open requests for as long as the connected app is shown. */
export function useOpenRequests(): void {
  const { zone, loading } = useBrandZone();
  const latestZone = useRef(zone);
  useEffect(() => {
    latestZone.current = zone;
  }, [zone]);
  const take = useCallback(() => {
    void takeOpenRequest({})
      .then(({ request }) => (request ? openRequested(request, latestZone.current) : undefined))
      .catch(() => undefined);
  }, []);
  // A request left while the window was closed waits for the brand's zone, to land on the right day.
  useEffect(() => {
    if (!loading) take();
  }, [loading, take]);
  useIpcEvent('openRequested', take);
}
