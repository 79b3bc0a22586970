import { useEffect, useId, useRef, useState } from 'react';
import { formatWallTime } from '../ui/time-format.js';
import { brandsSentence, type BulkAction, type PlannedChange } from '../../shared/bulk/plan.js';
import type { BrandEntry } from '../../shared/brands/ipc.js';
import { BrandAvatar } from '../ui/BrandAvatar.js';
import { formatDateTime } from '../calendar/format.js';
import { PlatformBadge } from '../calendar/PostBadges.js';
import type { TimedPlan } from './build-plan.js';
import { DELETE_UNDO_NOTE } from './queries.js';

/** What an action does, in the user's words. */
export function describeAction(action: BulkAction): string {
  switch (action.kind) {
    case 'shift': {
      const parts = [
        action.days !== 0
          ? `${action.days > 0 ? '+' : ''}${action.days} day${Math.abs(action.days) === 1 ? '' : 's'}`
          : '',
        action.hours !== 0 ? `${action.hours > 0 ? '+' : ''}${action.hours} h` : '',
      ].filter(Boolean);
      return `Shift by ${parts.join(' ') || 'nothing'}`;
    }
    case 'timeOfDay':
      return `Set the time of day to ${formatWallTime(action.time)}`;
    case 'nextFreeSlots':
      return 'Move to the next free queue slots';
    case 'delete':
      return 'Delete';
  }
}

interface BulkPlanDialogProps {
  plan: TimedPlan;
  zone: string;
  /** The brands of the all-brands view (empty in one brand's view): the plan says which it spans. */
  brands?: readonly BrandEntry[];
  onApply(): Promise<void>;
  onCancel(): void;
}

/** The plan before anything is sent: each post's old and new time, what cannot change and why, clash warnings. */
export function BulkPlanDialog({ plan, zone, brands = [], onApply, onCancel }: BulkPlanDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const [busy, setBusy] = useState(false);
  const deleting = plan.action.kind === 'delete';
  const n = plan.changes.length;
  const spanning = brandsSentence(plan.changes, brands);
  const applyRef = useRef<HTMLButtonElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    // showModal picks its own focus: a move's plan starts on Apply (Enter applies), a delete's on Cancel.
    (deleting || n === 0 ? cancelRef : applyRef).current?.focus();
    return () => dialog?.close();
    // Only when the plan opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const run = () => {
    if (busy || n === 0) return;
    setBusy(true);
    void onApply().finally(() => setBusy(false));
  };
  return (
    <dialog
      ref={ref}
      className="cal-dialog bulk-plan"
      aria-labelledby={titleId}
      data-testid="bulk-plan"
      onCancel={(e) => {
        e.preventDefault();
        if (!busy) onCancel();
      }}
      onKeyDown={(e) => {
        // Enter applies a move (the primary action), wherever the focus is but on another button;
        // a delete is applied only by its own button.
        if (e.key !== 'Enter' || deleting || (e.target as HTMLElement).closest('button, a')) return;
        e.preventDefault();
        run();
      }}
    >
      <h2 id={titleId}>
        {describeAction(plan.action)}: {n === 1 ? '1 post' : `${n} posts`}
      </h2>
      <p className="bulk-plan__summary" role="status">
        {n} will {deleting ? 'be deleted' : 'move'}
        {plan.blocked.length > 0 && `, ${plan.blocked.length} cannot`}
        {plan.warningCount > 0 &&
          `, ${plan.warningCount} clash warning${plan.warningCount === 1 ? '' : 's'} (you can still apply)`}
        {deleting &&
          plan.alsoDeleted > 0 &&
          `; ${plan.alsoDeleted} more post${plan.alsoDeleted === 1 ? '' : 's'} of the same groups go with them`}
        . Nothing has been sent yet.
      </p>
      {spanning && (
        <p className="bulk-plan__note" data-testid="bulk-plan-brands">
          {spanning}. Each brand’s posts change under that brand; one Undo takes them all back.
        </p>
      )}
      {deleting && <p className="bulk-plan__note">{DELETE_UNDO_NOTE}</p>}
      {n > 0 && (
        <div className="bulk-plan__scroll">
          <table className="bulk-plan__table">
            <thead>
              <tr>
                <th scope="col">Post</th>
                <th scope="col">Account</th>
                <th scope="col">Now</th>
                <th scope="col">{deleting ? 'Change' : 'New time'}</th>
              </tr>
            </thead>
            <tbody>
              {plan.changes.map((c) => (
                <tr
                  key={c.id}
                  data-testid="bulk-plan-row"
                  className={c.warnings.length ? 'bulk-plan__row--warn' : ''}
                >
                  <td>
                    {c.title}
                    {c.warnings.map((w, i) => (
                      <p key={i} className="bulk-plan__warning" data-testid="bulk-plan-warning">
                        ⚠ {w.message}
                      </p>
                    ))}
                  </td>
                  <td>
                    <PlatformBadge platform={c.platform} /> {c.accountName}
                    {spanning ? <PlanBrand brand={brandOf(brands, c)} /> : null}
                  </td>
                  <td>{formatDateTime(c.from, zone)}</td>
                  <td>{c.to ? formatDateTime(c.to, zone) : 'Deleted'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {plan.blocked.length > 0 && (
        <section className="bulk-plan__blocked" aria-label="Cannot change">
          <h3>Cannot change ({plan.blocked.length})</h3>
          <ul>
            {plan.blocked.map((b) => (
              <li key={b.id} data-testid="bulk-plan-blocked">
                <strong>{b.title}</strong>
                {b.accountName &&
                  ` (${b.accountName}${b.from ? `, ${formatDateTime(b.from, zone)}` : ''})`}: {b.reason}
              </li>
            ))}
          </ul>
        </section>
      )}
      <div className="cal-dialog__actions">
        <button type="button" ref={cancelRef} onClick={onCancel} disabled={busy}>
          Cancel
        </button>
        <button
          type="button"
          className={deleting ? 'cal-danger' : 'button button-primary bulk-plan__apply'}
          ref={applyRef}
          disabled={busy || n === 0}
          onClick={run}
        >
          {busy ? 'Applying…' : deleting ? `Delete ${n}` : `Apply to ${n}`}
        </button>
      </div>
    </dialog>
  );
}

const brandOf = (brands: readonly BrandEntry[], c: PlannedChange) =>
  brands.find((b) => b.profileId === c.brand?.profileId && b.brandId === c.brand.brandId) ?? null;

/** A change's brand beside its account, where the plan spans brands. */
function PlanBrand({ brand }: { brand: BrandEntry | null }) {
  if (!brand) return null;
  return (
    <span className="bulk-plan__brand">
      <BrandAvatar brand={brand} size="sm" /> {brand.name}
    </span>
  );
}
