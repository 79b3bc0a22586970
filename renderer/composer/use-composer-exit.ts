import { useQueryClient } from '@tanstack/react-query';
import { useUi } from '../ui/ui-store.js';
import * as model from './draft-model.js';
import { useNotices } from '../ui/notice-store.js';
import { rememberOpenDraft } from './open-draft.js';
import { deleteDraft, saveDraft } from './queries.js';

/**
 * The two ways out of the composer: closing it (what was typed is kept as a
 * local draft; an untouched blank one is dropped) and leaving after a send, with its sentence.
 * `stopAutosave` is called first, so no save races the close.
 */
export function useComposerExit(stopAutosave: () => void) {
  const client = useQueryClient();
  const closeComposer = useUi((s) => s.closeComposer);
  const notify = useNotices((s) => s.show);

  const close = async (draft: model.WorkingDraft, touched: boolean) => {
    stopAutosave();
    if (touched) {
      await saveDraft(draft).catch(() => undefined);
      if (model.isBlank(draft)) await deleteDraft({ id: draft.id }).catch(() => undefined);
    }
    rememberOpenDraft(null);
    void client.invalidateQueries({ queryKey: ['listDrafts'] });
    closeComposer();
  };

  // The send's answer was applied already (use-send.ts): nothing is read again here.
  const leaveAfterSend = (message: string) => {
    stopAutosave();
    rememberOpenDraft(null);
    notify({ tone: 'success', message });
    closeComposer();
  };

  return { close, leaveAfterSend };
}
