import { useCallback } from 'react';
import type { MenuCommand } from '../../shared/desktop/ipc.js';
import { useUi } from '../ui/ui-store.js';
import { useCalendarStore } from '../calendar/store.js';
import type { ViewName } from '../calendar/range.js';
import { useIpcEvent, useIpcQuery } from '../ipc/use-ipc.js';
import { featureAccess } from '../ui/permissions.js';
import { openReviewReplyPicker } from '../review/import-review.js';

const VIEWS: Partial<Record<MenuCommand, ViewName>> = {
  viewMonth: 'month',
  viewWeek: 'week',
  viewDay: 'day',
  viewAgenda: 'agenda',
};

/**
 * Does what a native menu item (or its shortcut) asks. `scopes` are the active key's: a key that
 * cannot write posts gets no composer (the sidebar says why).
 */
export function runMenuCommand(command: MenuCommand, scopes: readonly string[] | null): void {
  const ui = useUi.getState();
  const view = VIEWS[command];
  if (view) {
    useCalendarStore.getState().setView(view);
    ui.navigate('calendar');
    return;
  }
  switch (command) {
    case 'newPost':
      if (featureAccess(scopes, 'createPosts').allowed) ui.openComposer();
      return;
    case 'today':
      // No date chosen means today in the brand's zone.
      useCalendarStore.setState({ dateKey: null });
      ui.navigate('calendar');
      return;
    case 'openCalendar':
      ui.navigate('calendar');
      return;
    case 'openAnalytics':
      ui.navigate('analytics');
      return;
    case 'openSettings':
      ui.navigate('account');
      return;
    case 'openDiagnostics':
      ui.showDiagnostics();
      return;
    case 'openOutbox':
      ui.setOutboxOpen(true);
      return;
    case 'importReview':
      openReviewReplyPicker();
      return;
  }
}

/** Listens to the native menu for as long as the connected app is shown. */
export function useMenuCommands(): void {
  const profiles = useIpcQuery('listProfiles', {});
  const scopes = profiles.data?.find((p) => p.active)?.scopes ?? null;
  const onCommand = useCallback(
    ({ command }: { command: MenuCommand }) => runMenuCommand(command, scopes),
    [scopes],
  );
  useIpcEvent('menuCommand', onCommand);
}
