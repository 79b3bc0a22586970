import { afterEach, describe, expect, it } from 'vitest';
import { useNotices } from './notice-store.js';

describe('the notices', () => {
  afterEach(() => useNotices.setState({ notices: [] }));

  it('takes away a "Moved… Undo" notice once a refusal of one of its posts arrives, and keeps the others', () => {
    const { show, dismissAbout } = useNotices.getState();
    show({ tone: 'success', message: 'Moved 2 posts to Dec 1, 9:00 AM', about: ['p1', 'p2'] });
    show({ tone: 'success', message: 'Moved “Other” to Dec 2, 9:00 AM', about: ['p3'] });
    show({ tone: 'info', message: 'Nothing to undo.' });
    dismissAbout('p2');
    expect(useNotices.getState().notices.map((n) => n.message)).toEqual([
      'Moved “Other” to Dec 2, 9:00 AM',
      'Nothing to undo.',
    ]);
  });
});
