import { describe, expect, it } from 'vitest';
import { ErrorCode } from '../../shared/api/errors.js';
import { TIME_PASSED } from '../../shared/posts/time-passed.js';
import { httpErrorMessage } from '../api/error-messages.js';

/* What a person reads for each refusal the service can answer: words to act on, never a bare code. */

const endpoint = { scope: 'posts:write', summary: 'Create posts' } as const;

describe('the sentence for each failure the service answers', () => {
  it('says what happened and what to do for a slow request, headers too large and a garbled request', () => {
    const cases: [number, string | null, RegExp][] = [
      [408, ErrorCode.REQUEST_TIMEOUT, /took too long to receive the request: Postdeck will try again/],
      [408, null, /took too long to receive the request/],
      [431, ErrorCode.HEADERS_TOO_LARGE, /headers were too large.*Open Logs Folder/],
      [431, null, /headers were too large/],
      [400, ErrorCode.MALFORMED_REQUEST, /could not read the request.*try again/],
    ];
    for (const [status, code, sentence] of cases) {
      const message = httpErrorMessage(
        status,
        code,
        'The request is not valid HTTP/1.1; it was not read.',
        endpoint,
      );
      expect(message).toMatch(sentence);
      // Neither the code nor the status reaches the screen.
      expect(message).not.toMatch(/[A-Z]{3,}_[A-Z_]+|\b4\d\d\b/);
    }
  });

  it('says a passed time in the words every screen uses', () => {
    expect(httpErrorMessage(400, ErrorCode.DATE_IN_PAST, null, endpoint)).toBe(TIME_PASSED);
  });
});
