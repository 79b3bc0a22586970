import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReviewSettingsView } from '../../shared/ipc/contract.js';
import { call, type AppError } from '../lib/ipc.js';
import { ipcKey, useIpcQuery } from '../lib/use-ipc.js';
import './review.css';

/** The active brand's review settings: posts wait for approval; the colour its review packs wear. */
export function ReviewSettingsField({ brandName }: { brandName: string }) {
  const client = useQueryClient();
  const settings = useIpcQuery('getReviewSettings', {});
  const save = useMutation<ReviewSettingsView, AppError, Partial<ReviewSettingsView>>({
    mutationFn: (patch) => call('setReviewSettings', patch),
    onSuccess: (next) => {
      client.setQueryData(ipcKey('getReviewSettings', {}), next);
      // Held posts show differently now: the calendar reads its posts again.
      void client.invalidateQueries({ queryKey: ['listPosts'] });
      void client.invalidateQueries({ queryKey: ['listOutbox'] });
    },
  });
  if (!settings.data) return null;
  return (
    <div className="review-settings">
      <label>
        <input
          type="checkbox"
          checked={settings.data.needsApproval}
          disabled={save.isPending}
          onChange={(e) => save.mutate({ needsApproval: e.target.checked })}
        />
        Posts of {brandName} need approval before they are sent
      </label>
      <label>
        Review pack colour{' '}
        <input
          type="color"
          value={settings.data.colour ?? '#3b5bdb'}
          onChange={(e) => save.mutate({ colour: e.target.value })}
        />
      </label>
      {save.isError && (
        <p className="field-error" role="alert">
          {save.error.message}
        </p>
      )}
    </div>
  );
}
