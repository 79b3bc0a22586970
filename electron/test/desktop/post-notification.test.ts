import { describe, expect, it } from 'vitest';
import { NOT_APPROVED_OUTCOME } from '../../../shared/review/model.js';
import { notificationFor } from '../../desktop/post-notification.js';

/* What the system notification says for a post that went out or failed. */

const outcome = (state: string, content = 'Our autumn blend is back', error: string | null = null) => ({
  postId: 'p1',
  state,
  content,
  error,
});

describe('post notification', () => {
  it('says a post was not sent because its approval did not come in time, and why', () => {
    const why =
      'Not sent: its time (Sat 28 Nov, 11:40) passed while it waited for approval at step 2 of 2 (Client). Once it is approved, post it now or pick a new time.';
    expect(notificationFor(outcome(NOT_APPROVED_OUTCOME, 'Hello', why))).toEqual({
      title: 'A post was not sent: not approved in time',
      body: `Hello\n${why}`,
    });
  });

  it('says a post was published, with its text', () => {
    expect(notificationFor(outcome('published'))).toEqual({
      title: 'Post published',
      body: 'Our autumn blend is back',
    });
    expect(notificationFor(outcome('PUBLISHED'))?.title).toBe('Post published');
  });

  it('says a post failed and why, or what to do when the service did not say', () => {
    const failed = notificationFor(
      outcome('error', 'Hello', 'The account is disconnected: reconnect it in the dashboard.'),
    );
    expect(failed).toEqual({
      title: 'A post could not be published',
      body: 'Hello\nThe account is disconnected: reconnect it in the dashboard.',
    });
    expect(notificationFor(outcome('failed', 'Hello'))?.body).toMatch(
      /Open Postdeck to reschedule or delete it/,
    );
  });

  it('cuts long text on a character boundary and names a post without text', () => {
    const long = `${'🙂'.repeat(100)}`;
    const body = notificationFor(outcome('published', long))!.body;
    expect(Array.from(body)).toHaveLength(80);
    expect(body.endsWith('…')).toBe(true);
    expect(notificationFor(outcome('published', '  \n '))!.body).toBe('A post without text');
  });

  it('stays quiet for states that are not an ending', () => {
    expect(notificationFor(outcome('scheduled'))).toBeNull();
    expect(notificationFor(outcome('publishing'))).toBeNull();
  });
});
