import { describe, expect, it } from 'vitest';
import { FeedProblem } from '../../feeds/feed-fetch.js';
import { linkKey, readFeedText, titleDateKey } from '../../feeds/feed-parse.js';
import { htmlToText } from '../../feeds/html-text.js';

/* A feed's text made Postdeck's entries: each format feedsmith reads, and HTML made plain text. */

const BASE = 'https://news.example/feed';

describe('readFeedText', () => {
  it('reads Atom: the alternate link, the summary, the published date, an image enclosure', () => {
    const feed = readFeedText(
      `<?xml version="1.0" encoding="utf-8"?><feed xmlns="http://www.w3.org/2005/Atom"><title type="html">Atom &amp;amp; more</title>
      <entry><id>urn:uuid:1</id><title>Entry one</title><link rel="alternate" href="/posts/1"/><link rel="enclosure" type="image/png" href="https://img.example/1.png"/>
      <published>2026-11-20T10:00:00Z</published><updated>2026-11-21T10:00:00Z</updated><summary type="html">&lt;p&gt;Short &lt;em&gt;summary&lt;/em&gt;&lt;/p&gt;</summary></entry></feed>`,
      BASE,
    );
    expect(feed.title).toBe('Atom & more');
    expect(feed.entries).toEqual([
      {
        guid: 'urn:uuid:1',
        link: 'https://news.example/posts/1',
        title: 'Entry one',
        summary: 'Short summary',
        publishedAt: '2026-11-20T10:00:00.000Z',
        imageUrl: 'https://img.example/1.png',
      },
    ]);
  });

  it('reads JSON Feed and RDF (RSS 1.0)', () => {
    const json = readFeedText(
      JSON.stringify({
        version: 'https://jsonfeed.org/version/1.1',
        title: 'J',
        items: [
          {
            id: 7,
            url: 'https://j.example/7',
            content_html: '<p>Only <b>HTML</b></p>',
            image: 'https://j.example/7.jpg',
            date_published: '2026-11-01T00:00:00Z',
          },
        ],
      }),
      BASE,
    );
    expect(json.entries[0]).toEqual({
      guid: '7',
      link: 'https://j.example/7',
      title: 'Only HTML',
      summary: 'Only HTML',
      publishedAt: '2026-11-01T00:00:00.000Z',
      imageUrl: 'https://j.example/7.jpg',
    });
    const rdf = readFeedText(
      `<?xml version="1.0"?><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns="http://purl.org/rss/1.0/">
      <channel rdf:about="https://r.example/"><title>R</title><link>https://r.example/</link><description>d</description></channel>
      <item rdf:about="https://r.example/1"><title>RDF item</title><link>https://r.example/1</link><description>Plain</description></item></rdf:RDF>`,
      BASE,
    );
    expect(rdf.title).toBe('R');
    expect(rdf.entries[0]).toMatchObject({
      title: 'RDF item',
      link: 'https://r.example/1',
      summary: 'Plain',
    });
  });

  it('drops links that are not http(s), and keeps a quoted <!ENTITY inside an article', () => {
    const feed = readFeedText(
      `<?xml version="1.0"?><rss version="2.0"><channel><title>T</title><item><title>On XML</title><link>javascript:alert(1)</link>
      <description><![CDATA[Never write <!ENTITY lol "lol"> in a feed.]]></description></item></channel></rss>`,
      BASE,
    );
    expect(feed.entries[0]).toMatchObject({ title: 'On XML', link: null });
  });

  it('refuses an empty answer and a JSON document that is not a feed', () => {
    for (const text of ['', '{"hello": "world"}', '   '])
      expect(() => readFeedText(text, BASE), JSON.stringify(text)).toThrow(FeedProblem);
  });
});

describe('htmlToText', () => {
  it('keeps the text, drops tags, scripts, styles and comments, decodes references', () => {
    expect(
      htmlToText(
        '<style>p{color:red}</style><p>Caf&eacute; &amp; cr&#232;me &#x1F600;</p><!-- hidden --><script>alert("x")</script><div>Line&nbsp;two<br>three</div><img alt="a > b" src="/x.png">',
      ),
    ).toEqual({ text: 'Café & crème 😀\nLine two\nthree', firstImage: '/x.png' });
  });

  it('caps a long text with an ellipsis', () => {
    const { text } = htmlToText(`<p>${'word '.repeat(500)}</p>`, 50);
    expect(text).toHaveLength(50);
    expect(text.endsWith('…')).toBe(true);
  });
});

describe('the keys an item is known by', () => {
  it('matches a link across tracking tags, www, a fragment, a trailing slash and http', () => {
    const key = linkKey('https://blog.example/post');
    for (const link of [
      'http://www.blog.example/post/',
      'https://BLOG.example/post#comments',
      'https://blog.example/post?utm_source=rss&utm_medium=feed',
    ])
      expect(linkKey(link), link).toBe(key);
    expect(linkKey('https://blog.example/post?id=2')).not.toBe(key);
  });

  it('matches a title across case and spaces on the same day only', () => {
    expect(titleDateKey('Big  News', '2026-11-28T08:00:00Z')).toBe(
      titleDateKey('big news', '2026-11-28T21:00:00Z'),
    );
    expect(titleDateKey('Big News', '2026-11-29T08:00:00Z')).not.toBe(
      titleDateKey('Big News', '2026-11-28T08:00:00Z'),
    );
    expect(titleDateKey('Big News', null)).toBeNull();
  });
});
