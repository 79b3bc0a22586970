import { timeOptions } from '../ui/time-format.js';
import type { SaveState } from './use-autosave.js';

/** The autosave's state in the composer's header ("Saved on this device at 10:42"). */
export function SaveStatus({ state, touched }: { state: SaveState; touched: boolean }) {
  let text = '';
  if (state.status === 'saving') text = 'Saving…';
  else if (state.status === 'saved' && state.savedAt)
    text = `Saved on this device at ${state.savedAt.toLocaleTimeString([], timeOptions())}`;
  else if (state.status === 'error') text = `Not saved: ${state.error ?? ''}`;
  else if (!touched) text = 'Drafts save on this device as you type';
  return (
    <p
      className={`composer-save ${state.status === 'error' ? 'field-error' : 'muted'}`}
      role="status"
      data-testid="save-status"
    >
      {text}
    </p>
  );
}
