import { useState } from 'react';
import type { ReviewSettingsView } from '../../shared/review/model.js';
import type { BrandRef } from '../../shared/ipc/models.js';
import { useIpcQuery } from '../ipc/use-ipc.js';
import './review.css';
import { ApprovalFlowEditor } from './ApprovalFlowEditor.js';
import { useSaveReviewSettings } from './queries.js';

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
  const input = brand ? { brand } : {};
  const settings = useIpcQuery('getReviewSettings', input);
  // The choice shows the moment it is made (main answers a moment later; a refusal puts back
  // what main holds, and says why).
  const [chosen, setChosen] = useState<Partial<ReviewSettingsView> | null>(null);
  const save = useSaveReviewSettings(input, () => setChosen(null));
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
      {(chosen?.needsApproval ?? settings.data.needsApproval) && (
        <>
          <ApprovalFlowEditor
            flow={chosen?.flow ?? settings.data.flow}
            saving={save.isPending}
            onSave={(flow) => change({ flow })}
          />
          <label>
            <input
              type="checkbox"
              checked={chosen?.timeResets ?? settings.data.timeResets}
              disabled={save.isPending}
              onChange={(e) => change({ timeResets: e.target.checked })}
            />
            Moving an approved post to another time sends it back to the first step
          </label>
        </>
      )}
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
