import { ErrorCode } from '../../shared/api/errors.js';
import { scopeLabel } from '../../shared/api/scopes.js';
import type { EndpointDef } from '../../shared/api/endpoints.js';
import { TIME_PASSED } from '../../shared/posts/time-passed.js';

/*
 * One sentence per failure the user can hit, saying what to do next. The
 * server's own message is kept only where we have nothing better, and keys never appear in it
 * (ApiError redacts).
 */

/** 431: a fault on our side or a proxy's, not the user's; where to look if it lasts. */
const HEADERS_TOO_LARGE =
  'The service refused the request because its headers were too large (a fault in Postdeck or in a proxy between you and the service): try again; if it keeps happening, report it with the log (Help → Open Logs Folder).';

export function httpErrorMessage(
  status: number,
  code: string | null,
  serverMessage: string | null,
  endpoint: Pick<EndpointDef, 'scope' | 'summary'>,
): string {
  switch (code) {
    case ErrorCode.API_KEY_REQUIRED:
      return 'The service did not receive an API key: paste your key again (create one in the dashboard under Settings > API Keys).';
    case ErrorCode.INVALID_API_KEY:
      return 'The API key was revoked or is wrong: create a new key in the dashboard (Settings > API Keys) and paste it here.';
    case ErrorCode.BRAND_ID_REQUIRED:
      return 'The service needs to know which brand to act on: enter the Brand ID shown in the dashboard (or pick a brand), then try again.';
    case ErrorCode.BRAND_NOT_ALLOWED:
      return 'This API key may not act on this brand: pick another brand, or create a key for this brand in the dashboard (Settings > API Keys).';
    case ErrorCode.INSUFFICIENT_SCOPE:
      return (
        `This API key lacks the “${scopeLabel(endpoint.scope)}” permission needed here: create a key that ` +
        `includes it in the dashboard (Settings > API Keys) and replace the key in Postdeck.`
      );
    case ErrorCode.PLATFORM_VALIDATION_FAILED:
      return 'The service refused the post content or settings: fix the problems listed and send it again.';
    case ErrorCode.INTEGRATION_NOT_FOUND:
      return 'The service does not know this connected account: check its id in the dashboard, or remove it from the post.';
    case ErrorCode.DATE_IN_PAST:
      return TIME_PASSED;
    case ErrorCode.POST_NOT_RESCHEDULABLE:
      return 'This post can no longer be moved (it is being published or already published).';
    case ErrorCode.URL_NOT_ALLOWED:
    case ErrorCode.URL_FETCH_FAILED:
      return `The service could not fetch that URL${serverMessage ? ` (${serverMessage})` : ''}: check it is a public http(s) link to an image or video.`;
    case ErrorCode.FILE_TOO_LARGE:
    case ErrorCode.PAYLOAD_TOO_LARGE:
      return 'The file is too large for the service: use a smaller or compressed file.';
    case ErrorCode.REQUEST_TIMEOUT:
      return 'The service took too long to receive the request: Postdeck will try again shortly.';
    case ErrorCode.HEADERS_TOO_LARGE:
      return HEADERS_TOO_LARGE;
    case ErrorCode.MALFORMED_REQUEST:
      return 'The service could not read the request (it arrived garbled, perhaps changed by a proxy on the way): try again; if it keeps happening, check the base URL and any proxy between you and the service.';
    case ErrorCode.UNSUPPORTED_MEDIA_TYPE:
      return 'The service does not accept this file type: use a common image or video format (JPEG, PNG, GIF, WebP, MP4, MOV).';
  }
  if (status >= 300 && status < 400) {
    return 'The service answered with a redirect to another address: enter the final address as the base URL (for example with https://).';
  }
  if (status === 402) {
    return 'Your media storage is full: delete unused media in the dashboard or upgrade the plan, then upload again.';
  }
  if (status === 408)
    return 'The service took too long to receive the request: Postdeck will try again shortly.';
  if (status === 431) return HEADERS_TOO_LARGE;
  if (status === 429)
    return 'The service is limiting how fast requests may be sent: Postdeck will try again shortly.';
  if (status === 404)
    return 'The service could not find it: it may have been deleted elsewhere. Refresh the calendar.';
  if (status === 400 && code === null) {
    return `The service refused the request${serverMessage ? ` (${serverMessage})` : ''}: check the connected account and the post, then try again.`;
  }
  if (status >= 500) {
    return `The service had a problem (status ${status}): Postdeck will try again; if it lasts, check the service's status page.`;
  }
  const detail = serverMessage ? `: ${serverMessage}` : '.';
  return `The service refused the request (status ${status}${code ? `, ${code}` : ''})${detail}`;
}

export function networkErrorMessage(host: string): string {
  return `Could not reach the service at ${host}: check the base URL and your internet connection. Changes wait in the outbox until it is back.`;
}

export function timeoutMessage(host: string, ms: number): string {
  return `The service at ${host} did not answer within ${Math.round(ms / 1000)} s: check your connection; Postdeck will try again.`;
}

export function malformedMessage(host: string, what: string): string {
  return `The service at ${host} answered something Postdeck cannot read (${what}): check that the base URL points to the Social Publishing API (it usually ends in /v1).`;
}

export function unreadableMessage(host: string): string {
  return (
    `The answer from ${host} arrived cut short or unreadable: Postdeck will check what the service did and try again. ` +
    'If this keeps happening, check that the base URL points to the Social Publishing API (it usually ends in /v1).'
  );
}
