import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useNotices } from './notices.js';

describe('the one list of notices', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    useNotices.setState({ notices: [] });
    vi.useRealTimers();
  });

  it('keeps errors until dismissed and lets the others fade', () => {
    const { show } = useNotices.getState();
    show({ tone: 'info', message: 'Nothing to undo.' });
    show({ tone: 'success', message: 'Scheduled for 1 account.' });
    const error = show({ tone: 'error', message: 'Could not delete.' });
    vi.advanceTimersByTime(5_000);
    expect(useNotices.getState().notices.map((n) => n.message)).toEqual([
      'Scheduled for 1 account.',
      'Could not delete.',
    ]);
    vi.advanceTimersByTime(60_000);
    expect(useNotices.getState().notices.map((n) => n.id)).toEqual([error]);
    useNotices.getState().dismiss(error);
    expect(useNotices.getState().notices).toEqual([]);
  });

  it('shows the newest four at most', () => {
    for (let i = 1; i <= 6; i++) useNotices.getState().show({ tone: 'error', message: `E${i}` });
    expect(useNotices.getState().notices.map((n) => n.message)).toEqual(['E3', 'E4', 'E5', 'E6']);
  });
});
