import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { ReviewSettingsView } from '../../shared/ipc/contract.js';
import type { BrandRef } from '../../shared/ipc/models.js';
import { type AppError } from '../ipc/ipc.js';
import { invalidateOtherInputs, ipcKey, useIpcQuery } from '../ipc/use-ipc.js';
import './review.css';
import { setReviewSettings } from './queries.js';

/**
 * A brand's review settings: posts wait for approval; the colour its review packs wear. The active
 * brand's, or `brand`'s (another brand's row, in the all-brands view).
 */
export function ReviewSettingsField({
  brandName,
  brand,
}: {
  brandName: string;
  brand?: BrandRef | undefined;
}) {
  const client = useQueryClient();
  const input = brand ? { brand } : {};
  const settings = useIpcQuery('getReviewSettings', input);
  const key = ipcKey('getReviewSettings', input);
  // The choice shows the moment it is made (main answers a moment later; a refusal puts back
  // what main holds, and says why).
  const [chosen, setChosen] = useState<Partial<ReviewSettingsView> | null>(null);
  const save = useMutation<ReviewSettingsView, AppError, Partial<ReviewSettingsView>>({
    mutationFn: (patch) => setReviewSettings({ ...patch, ...input }),
    onSettled: () => setChosen(null),
    onSuccess: (next) => {
      client.setQueryData(key, next);
      // The same brand may be read under its name and as the active one: read the other keys again.
      void invalidateOtherInputs(client, key);
      // Held posts show differently now: the calendar reads its posts again.
      void client.invalidateQueries({ queryKey: ['listPosts'] });
      void client.invalidateQueries({ queryKey: ['listOutbox'] });
    },
  });
  const change = (patch: Partial<ReviewSettingsView>) => {
    setChosen((c) => ({ ...c, ...patch }));
    save.mutate(patch);
  };
  if (!settings.data) return null;
  return (
    <div className="review-settings">
      <label>
        <input
          type="checkbox"
          checked={chosen?.needsApproval ?? settings.data.needsApproval}
          disabled={save.isPending}
          onChange={(e) => change({ needsApproval: e.target.checked })}
        />
        Posts of {brandName} need approval before they are sent
      </label>
      <label>
        Review pack colour{' '}
        <input
          type="color"
          value={chosen?.colour ?? settings.data.colour ?? '#3b5bdb'}
          onChange={(e) => change({ colour: e.target.value })}
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
