import { openExternal } from '../ui/queries.js';

/** The http(s) address an event's link leads to outside the app, or null. */
function externalHref(event: MouseEvent): string | null {
  const target = event.target instanceof Element ? event.target.closest('a[href]') : null;
  if (!(target instanceof HTMLAnchorElement)) return null;
  const url = new URL(target.href, document.baseURI);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  return url.origin === window.location.origin ? null : url.href;
}

/**
 * Every link to another site opens in the system browser through main, whatever the click (plain,
 * with a modifier, or the middle button), so no host ever navigates the app's window or opens a tab.
 * Runs after React's handlers: a link whose own handler already sent it out is left alone.
 */
export function routeExternalLinks(): () => void {
  const onClick = (event: MouseEvent) => {
    if (event.defaultPrevented) return;
    if (event.type === 'auxclick' && event.button !== 1) return;
    const href = externalHref(event);
    if (!href) return;
    event.preventDefault();
    void openExternal({ url: href }).catch(() => undefined);
  };
  window.addEventListener('click', onClick);
  window.addEventListener('auxclick', onClick);
  return () => {
    window.removeEventListener('click', onClick);
    window.removeEventListener('auxclick', onClick);
  };
}
