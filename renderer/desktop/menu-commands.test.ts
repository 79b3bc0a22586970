import { beforeEach, describe, expect, it } from 'vitest';
import { MenuCommand } from '../../shared/desktop/ipc.js';
import { useUi } from '../ui/ui-store.js';
import { useCalendarStore } from '../calendar/store.js';
import { runMenuCommand } from './menu-commands.js';

/* Each native menu command does its job in the window's stores. */

const ALL = ['posts:read', 'posts:write', 'media:write', 'analytics:read', 'brands:read'];

describe('menu commands', () => {
  beforeEach(() => {
    useUi.setState({ route: 'account', composer: null });
    useCalendarStore.setState({ view: 'month', dateKey: '2020-01-01' });
  });

  it('switch the calendar view and show the calendar', () => {
    for (const [command, view] of [
      ['viewWeek', 'week'],
      ['viewDay', 'day'],
      ['viewAgenda', 'agenda'],
      ['viewMonth', 'month'],
    ] as const) {
      useUi.setState({ route: 'account' });
      runMenuCommand(command, ALL);
      expect(useCalendarStore.getState().view).toBe(view);
      expect(useUi.getState().route).toBe('calendar');
    }
  });

  it('go to today, to each page, and open the composer', () => {
    runMenuCommand('today', ALL);
    expect(useCalendarStore.getState().dateKey).toBeNull();
    runMenuCommand('openAnalytics', ALL);
    expect(useUi.getState().route).toBe('analytics');
    runMenuCommand('openSettings', ALL);
    expect(useUi.getState().route).toBe('account');
    runMenuCommand('openCalendar', ALL);
    expect(useUi.getState().route).toBe('calendar');
    runMenuCommand('newPost', ALL);
    expect(useUi.getState().composer).toEqual({});
  });

  it('open the account page at its About and diagnostics section', () => {
    useUi.setState({ route: 'calendar', diagnosticsRequested: false });
    runMenuCommand('openDiagnostics', ALL);
    expect(useUi.getState()).toMatchObject({ route: 'account', diagnosticsRequested: true });
  });

  it('open the outbox (the tray asks for it)', () => {
    useUi.setState({ outboxOpen: false });
    runMenuCommand('openOutbox', ALL);
    expect(useUi.getState().outboxOpen).toBe(true);
  });

  it('open no composer for a key that cannot write posts', () => {
    runMenuCommand('newPost', ['brands:read']);
    expect(useUi.getState().composer).toBeNull();
  });

  it('cover every command of the contract', () => {
    for (const command of MenuCommand.options) expect(() => runMenuCommand(command, null)).not.toThrow();
  });
});
