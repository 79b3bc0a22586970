import { useEffect, useId, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { format } from 'date-fns';
import { timePattern } from '../ui/time-format.js';
import type { BrandEntry } from '../../shared/brands/ipc.js';
import type { OutboxItemView } from '../../shared/outbox/ipc.js';
import { readableInstants } from '../ui/readable-instants.js';
import { useIpcQuery } from '../ipc/use-ipc.js';
import { EmptyState, ErrorState, Loading, errorMessage, FieldError } from '../ui/feedback.js';
import { useUi } from '../ui/ui-store.js';
import { BrandAvatar } from '../ui/BrandAvatar.js';
import { useBrandScope } from '../ui/queries.js';
import { discardOutbox, resolveMissedTime, retryOutbox } from './queries.js';
import { BrandActivityLog } from '../activity/BrandActivityLog.js';

const PANEL_ID = 'outbox-panel';

/** Said of a change that may already be on the service, on discarding it and until it is settled. */
const MAY_BE_OUT = 'It may already be out; Postdeck will check and put it right.';

const KIND_LABEL: Record<OutboxItemView['kind'], string> = {
  create: 'New post',
  edit: 'Edited post',
  reschedule: 'New time',
  deleteGroup: 'Deletion',
  upload: 'Media upload',
};

/** Opens the outbox; its count is every operation the service has not confirmed yet. */
export function OutboxButton() {
  const status = useIpcQuery('getSyncStatus', {});
  const open = useUi((s) => s.outboxOpen);
  const setOpen = useUi((s) => s.setOutboxOpen);
  const waiting = status.isSuccess ? status.data.pending + status.data.failed + status.data.needsDecision : 0;
  const attention = status.isSuccess && status.data.failed + status.data.needsDecision > 0;

  return (
    <button
      type="button"
      className="button outbox-button"
      aria-expanded={open}
      aria-controls={PANEL_ID}
      onClick={() => setOpen(!open)}
      data-outbox-toggle
    >
      Outbox
      {waiting > 0 ? (
        <span className={attention ? 'count count-attention' : 'count'} aria-label={`${waiting} waiting`}>
          {waiting}
        </span>
      ) : null}
    </button>
  );
}

/** Every pending, failed or undecided operation, each with what the user can do about it. */
export function OutboxPanel() {
  // No polling: main's syncStatus event marks this list stale whenever the outbox changes.
  const items = useIpcQuery('listOutbox', {});
  const scope = useBrandScope();
  const setOpen = useUi((s) => s.setOutboxOpen);
  const headingRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    headingRef.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close();
    };
    function close() {
      setOpen(false);
      document.querySelector<HTMLButtonElement>('[data-outbox-toggle]')?.focus();
    }
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [setOpen]);

  return (
    <aside id={PANEL_ID} className="outbox" aria-labelledby={`${PANEL_ID}-title`}>
      <header className="outbox-header">
        <h2 id={`${PANEL_ID}-title`} ref={headingRef} tabIndex={-1}>
          Outbox
        </h2>
        <button
          type="button"
          className="button button-small"
          onClick={() => {
            setOpen(false);
            document.querySelector<HTMLButtonElement>('[data-outbox-toggle]')?.focus();
          }}
        >
          Close
        </button>
      </header>
      {items.isPending ? <Loading label="Loading the outbox…" /> : null}
      {items.isError ? (
        <ErrorState
          title="The outbox could not be read"
          error={items.error}
          onRetry={() => void items.refetch()}
        />
      ) : null}
      {items.isSuccess && items.data.length === 0 ? (
        <EmptyState title="Nothing waiting">
          <p>Every change you made has reached the service.</p>
        </EmptyState>
      ) : null}
      {items.isSuccess && items.data.length > 0 ? (
        scope.data?.all ? (
          <OutboxByBrand items={items.data} brands={scope.data.brands} />
        ) : (
          <ul className="outbox-list">
            {items.data.map((item) => (
              <OutboxRow key={item.id} item={item} />
            ))}
          </ul>
        )
      ) : null}
      <BrandActivityLog />
    </aside>
  );
}

function statusText(item: OutboxItemView): string {
  switch (item.status) {
    case 'pending':
      return item.nextAttemptAt
        ? `Waiting — next try at ${format(new Date(item.nextAttemptAt), timePattern())}`
        : 'Waiting to send';
    case 'sending':
      return 'Sending…';
    case 'failed':
      return 'Not sent';
    case 'needsDecision':
      return 'Its time passed while offline';
  }
}

function OutboxRow({ item }: { item: OutboxItemView }) {
  const brands = useIpcQuery('listBrands', {});
  const zone = brands.data?.find((b) => b.active)?.timezone ?? null;
  const id = useId();
  const client = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [confirmingDiscard, setConfirmingDiscard] = useState(false);
  const [newTime, setNewTime] = useState('');

  async function run(action: () => Promise<unknown>) {
    setBusy(true);
    setProblem(null);
    try {
      await action();
      // Main announces the new counts and how the posts show; the list itself is read again here.
      void client.invalidateQueries({ queryKey: ['listOutbox'] });
    } catch (error) {
      setProblem(errorMessage(error));
    } finally {
      setBusy(false);
      setConfirmingDiscard(false);
    }
  }

  return (
    <li className={`outbox-item outbox-item-${item.status}`} aria-labelledby={`${id}-summary`}>
      <p className="outbox-kind">{KIND_LABEL[item.kind]}</p>
      <p id={`${id}-summary`} className="outbox-summary">
        {readableInstants(item.summary, zone)}
      </p>
      <p className="outbox-status">
        {statusText(item)}
        {item.attempts > 0 ? ` · ${item.attempts} ${item.attempts === 1 ? 'attempt' : 'attempts'}` : ''}
      </p>
      {item.puttingRight ? <p className="outbox-putting-right">{MAY_BE_OUT}</p> : null}
      {item.lastError ? <p className="outbox-error">{item.lastError}</p> : null}
      {item.heldBecause ? <p className="outbox-held">{item.heldBecause}</p> : null}
      <FieldError error={problem} />
      {confirmingDiscard ? (
        <div className="outbox-actions" role="group" aria-label="Confirm discard">
          <span>Discard this change? {item.mayBeOut ? MAY_BE_OUT : 'It will not be sent.'}</span>
          <button
            type="button"
            className="button button-small button-danger"
            disabled={busy}
            onClick={() => void run(() => discardOutbox({ id: item.id }))}
          >
            Discard
          </button>
          <button type="button" className="button button-small" onClick={() => setConfirmingDiscard(false)}>
            Keep
          </button>
        </div>
      ) : (
        <div className="outbox-actions">
          {item.status === 'failed' ? (
            <button
              type="button"
              className="button button-small"
              disabled={busy}
              onClick={() => void run(() => retryOutbox({ id: item.id }))}
            >
              Retry
            </button>
          ) : null}
          {item.status === 'needsDecision' ? (
            <>
              <button
                type="button"
                className="button button-small"
                disabled={busy}
                onClick={() => void run(() => resolveMissedTime({ id: item.id, action: 'now' }))}
              >
                Post now
              </button>
              <label className="outbox-time-label" htmlFor={`${id}-time`}>
                or move to
              </label>
              <input
                id={`${id}-time`}
                type="datetime-local"
                value={newTime}
                onChange={(event) => setNewTime(event.target.value)}
              />
              <button
                type="button"
                className="button button-small"
                disabled={busy || !newTime}
                onClick={() =>
                  void run(() =>
                    resolveMissedTime({
                      id: item.id,
                      action: 'reschedule',
                      date: new Date(newTime).toISOString(),
                    }),
                  )
                }
              >
                Move
              </button>
            </>
          ) : null}
          {item.status !== 'sending' && !(item.puttingRight && item.status === 'pending') ? (
            <button
              type="button"
              className="button button-small button-quiet"
              disabled={busy}
              onClick={() => setConfirmingDiscard(true)}
            >
              Discard…
            </button>
          ) : null}
        </div>
      )}
    </li>
  );
}

/**
 * The all-brands view's Outbox: every brand's changes under its brand's heading (avatar, name,
 * count), brands in the switcher's order; a brand with nothing waiting has no heading.
 */
function OutboxByBrand({
  items,
  brands,
}: {
  items: readonly OutboxItemView[];
  brands: readonly BrandEntry[];
}) {
  const key = (b: { profileId?: string; brandId?: string }) => `${b.profileId ?? ''}\u0000${b.brandId ?? ''}`;
  const groups = new Map<string, OutboxItemView[]>();
  for (const item of items) {
    const k = key(item);
    groups.set(k, [...(groups.get(k) ?? []), item]);
  }
  const known = brands.filter((b) => groups.has(key(b)));
  const knownKeys = new Set(known.map(key));
  const others = items.filter((item) => !knownKeys.has(key(item)));
  return (
    <div className="outbox-groups">
      {known.map((brand) => (
        <OutboxGroup key={key(brand)} brand={brand} items={groups.get(key(brand)) ?? []} />
      ))}
      {others.length > 0 ? <OutboxGroup brand={null} items={others} /> : null}
    </div>
  );
}

function OutboxGroup({ brand, items }: { brand: BrandEntry | null; items: readonly OutboxItemView[] }) {
  const id = useId();
  const name = brand?.name ?? 'Brands no longer listed';
  return (
    <section className="outbox-group" aria-labelledby={`${id}-heading`}>
      <h3 id={`${id}-heading`} className="outbox-group-heading">
        {brand ? <BrandAvatar brand={brand} size="sm" /> : null}
        <span className="outbox-group-name">{name}</span>
        <span className="count" aria-label={`${items.length} waiting`}>
          {items.length}
        </span>
      </h3>
      <ul className="outbox-list">
        {items.map((item) => (
          <OutboxRow key={item.id} item={item} />
        ))}
      </ul>
    </section>
  );
}
