/*
 * The demo feeds the built-in sandbox serves from its own address, so feeds to drafts works on a
 * first start with nothing else set up. The service serves them; the app offers them.
 */
export const DEMO_FEEDS = [
  { path: '/demo/feeds/blog.xml', title: 'Harbor Coffee blog (demo, RSS)' },
  { path: '/demo/feeds/news.json', title: 'Harbor Coffee news (demo, JSON Feed)' },
] as const;
