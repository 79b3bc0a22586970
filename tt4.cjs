const tt = require('twitter-text');
const N = 20000;
const cases = {
  'a. xN/2': 'a.'.repeat(N/2),
  'a- xN/2 + x.y': 'a-'.repeat(N/2) + ' x.y',
  'a_ xN/2 + x.y': 'a_'.repeat(N/2) + ' x.y',
  'é- xN/2 + x.y': 'é-'.repeat(N/2) + ' x.y',
  '-a xN/2 + x.y': '-a'.repeat(N/2) + ' x.y',
  'a,': 'a,'.repeat(N/2) + ' x.y',
  'https://x.com/ + a- ': 'https://x.com/' + 'a-'.repeat(N/2),
  'https://x.com/ + a. ': 'https://x.com/' + 'a.'.repeat(N/2),
  'https://x.com/? + a. ': 'https://x.com/?' + 'a.'.repeat(N/2),
  '(((': 'https://x.com/' + '('.repeat(N),
  'x.com/ + (a)': 'https://x.com/' + '(a)'.repeat(N/3),
  '#a. ': '#a.'.repeat(N/3),
  '@a. ': '@a.'.repeat(N/3),
  'a.com.a.a.': 'a.com' + '.a'.repeat(N/2),
  '.com.com': '.com'.repeat(N/4),
  'a.com a.com': 'a.com '.repeat(N/6),
  'a.co. ': 'a.co.'.repeat(N/5),
};
for (const [k, v] of Object.entries(cases)) {
  const t = performance.now(); const r = tt.parseTweet(v); console.log(k.padEnd(24), String(v.length).padStart(6), (performance.now() - t).toFixed(0).padStart(6), 'ms', r.weightedLength);
}
