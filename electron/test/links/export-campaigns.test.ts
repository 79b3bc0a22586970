import { describe, expect, it } from 'vitest';
import { calendarPost } from '../../../test/support/calendar-post.js';
import type { PostDetail } from '../../../shared/api/resources.js';
import { csvCells, csvColumns } from '../../../shared/posts-file/columns.js';
import { toJson } from '../../export/formats.js';
import { postRecords } from '../../export/post-records.js';

/* Export says which campaign each post's links carried as sent: the link_campaigns column. */

function sent(id: string, blocks: string[]) {
  const post = calendarPost({
    id,
    group: `g-${id}`,
    publishDate: '2027-01-10T08:30:00.000Z',
    integration: { id: `int-${id}`, platform: 'x', name: `Account ${id}`, picture: null },
  });
  const detail: PostDetail = {
    id,
    group: `g-${id}`,
    state: post.state,
    publishDate: post.publishDate,
    integration: { id: post.integration.id, platform: 'x' },
    value: blocks.map((content) => ({ content, image: [] })),
    settings: { __type: 'x' },
  };
  return { post, detail };
}

describe('the campaign links carried, in export', () => {
  it('names each post’s utm_campaign values once, in a column only files with tracked links have', () => {
    const records = postRecords(
      [
        sent('a', [
          'Menu https://shop.example.com/spring?utm_source=x&utm_campaign=spring-sale',
          'And https://shop.example.com/?utm_campaign=spring-sale https://blog.example.com/x?utm_campaign=launch%20week',
        ]),
        sent('b', ['No link here, and ftp://files.example.com/x?utm_campaign=nope']),
      ],
      'UTC',
    );
    expect(records.map((r) => r.linkCampaigns)).toEqual([['spring-sale', 'launch week'], undefined]);
    expect(csvColumns(records)).toContain('link_campaigns');
    expect(records[0] && csvCells(records[0]).link_campaigns).toBe('spring-sale;launch week');
    const json = JSON.parse(
      toJson(records, { brandName: 'Harbor Coffee', timezone: 'UTC', now: new Date() }),
    ) as {
      posts: Record<string, unknown>[];
    };
    expect(json.posts[0]?.link_campaigns).toEqual(['spring-sale', 'launch week']);
    expect(csvColumns(records.slice(1))).not.toContain('link_campaigns');
  });
});
