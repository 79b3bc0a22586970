import type { ComposerRequest } from '../app/ui-store.js';

export function Composer({ request }: { request: ComposerRequest }) {
  return <div role="dialog" aria-label="New post">{JSON.stringify(request)}</div>;
}
