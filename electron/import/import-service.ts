import { randomUUID } from 'node:crypto';
import { labelsFromCell } from '../../shared/labels/model.js';
import { COLUMN } from '../../shared/posts-file/columns.js';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { MediaObject } from '../../shared/api/resources.js';
import type { IpcEventName, IpcEventPayload, IpcInput, IpcOutput } from '../../shared/ipc/contract.js';
import type { DraftBlock, DraftTarget } from '../../shared/drafts/ipc.js';
import type { ImportResult } from '../../shared/import/ipc.js';
import type { IntegrationView } from '../../shared/integrations/ipc.js';
import { AppFailure } from '../core/app-failure.js';
import type { BusyByAccount, QueueService } from '../queue/queue-service.js';
import type { ActiveBrand } from '../core/active-brand.js';
import type { PostCommands } from '../posts/post-commands.js';
import { requireFuture } from '../posts/write-checks.js';
import type { PostsCacheReads } from '../store/posts-cache.js';
import { createPayloadFromDraft, validateCreatePayload } from '../outbox/create-request.js';
import { createSummary } from '../outbox/outbox-views.js';
import type { FingerprintsRepo } from './fingerprints-repo.js';
import { readImportFile, type ImportFile } from './import-file.js';
import { checkRow, importedDraft, type CheckedRow, type RowContext } from './import-row.js';

/*
 * Bulk import: the file is read and every row checked here, in chunks that
 * give the event loop back between them (the window stays responsive with 5,000 rows), with
 * importProgress events. Importing turns each good row into a local draft sent through the outbox
 * (media URLs through upload-from-url first), and records its fingerprint so a second import of
 * the same file creates nothing.
 */

const CHUNK = 250;
/** Longest a slice of row checks may hold main (no IPC answer blocks main over 50 ms). */
const SLICE_MS = 15;
/** Rows queued between two turns of the event loop (each is a small transaction on disk). */
const YIELD_EVERY = 20;
/** Previews kept in memory; an older one must be opened again. */
const KEPT_PREVIEWS = 3;

export interface ImportServiceOptions {
  fingerprints: FingerprintsRepo;
  cache: PostsCacheReads;
  /** The door every row goes through (queued with its fingerprint, announced once per import). */
  posts: Pick<PostCommands, 'queueCreates' | 'announce'>;
  now: () => Date;
  emit: <K extends IpcEventName>(name: K, payload: IpcEventPayload<K>) => void;
  integrations: (brand: ActiveBrand) => IntegrationView[];
  queue: QueueService;
  uploadFromUrl: (brand: ActiveBrand, url: string) => Promise<MediaObject>;
  /** Labels of a row's posts (its `labels` cell): set on the row's drafts as they are queued. */
  labelDrafts?: (active: ActiveBrand, draftIds: readonly string[], names: readonly string[]) => void;
}

interface Preview {
  active: ActiveBrand;
  file: ImportFile;
  rows: CheckedRow[];
  context: RowContext;
}

export class ImportService {
  private readonly previews = new Map<string, Preview>();
  private readonly fingerprints: FingerprintsRepo;
  private readonly posts: PostsCacheReads;

  constructor(private readonly o: ImportServiceOptions) {
    this.fingerprints = o.fingerprints;
    this.posts = o.cache;
  }

  /** `path`: taken by main from the window's file token (electron/files/file-grants.ts). */
  async previewImport(active: ActiveBrand, { path }: { path: string }): Promise<IpcOutput<'previewImport'>> {
    const importId = randomUUID();
    this.o.emit('importProgress', { importId, phase: 'reading', done: 0, total: 0 });
    const file = await readImportFile(path);
    const done = this.fingerprints.all(active.profileId, active.brandId);
    const context: RowContext = {
      integrations: this.o.integrations(active),
      timezone: this.o.queue.timezone(active),
      now: this.o.now().getTime(),
      imported: (fp) => done.has(fp),
      present: (ids, date, texts) => this.present(active, ids, date, texts),
      hasSlots: (id) => this.o.queue.slotsOf(active, id).length > 0,
    };
    const rows: CheckedRow[] = [];
    // Checked in slices of at most CHUNK rows and SLICE_MS, giving the event loop back between them.
    let sliceStart = performance.now();
    for (const [i, cells] of file.rows.entries()) {
      rows.push(checkRow(i, cells, context));
      const last = i === file.rows.length - 1;
      if (last || (i + 1) % CHUNK === 0 || performance.now() - sliceStart > SLICE_MS) {
        this.o.emit('importProgress', {
          importId,
          phase: 'checking',
          done: rows.length,
          total: file.rows.length,
        });
        await nextTurn();
        sliceStart = performance.now();
      }
    }
    this.previews.set(importId, { active, file, rows, context });
    for (const id of [...this.previews.keys()].slice(0, -KEPT_PREVIEWS)) this.previews.delete(id);
    return {
      importId,
      fileName: file.fileName,
      columns: file.columns,
      timezone: context.timezone,
      rows: rows.map((r) => r.view),
      encoding: file.encoding,
      delimiter: file.delimiter,
    };
  }

  editImportRow({ importId, index, cells }: IpcInput<'editImportRow'>): IpcOutput<'editImportRow'> {
    const preview = this.requirePreview(importId);
    const row = preview.rows[index];
    if (!row) throw new AppFailure('NOT_FOUND', `This file has no row ${index + 1}.`);
    const next = checkRow(
      index,
      { ...row.view.cells, ...cells },
      { ...preview.context, now: this.o.now().getTime() },
    );
    preview.rows[index] = next;
    return next.view;
  }

  /** `current`: the brand the call acts on, which must still be the one the file was opened for. */
  async runImport(
    current: ActiveBrand | null,
    { importId, drop }: IpcInput<'runImport'>,
  ): Promise<IpcOutput<'runImport'>> {
    const preview = this.requirePreview(importId);
    const { active } = preview;
    if (!current || current.profileId !== active.profileId || current.brandId !== active.brandId) {
      throw new AppFailure('CONFLICT', 'The brand changed since this file was opened; open the file again.');
    }
    const dropped = new Set(drop);
    const done = this.fingerprints.all(active.profileId, active.brandId);
    const result: ImportResult = { created: 0, alreadyImported: 0, dropped: 0, failed: [] };
    const queuedIds: string[] = [];
    const media = new Map<string, MediaObject>();
    let busy: BusyByAccount | null = null;
    const total = preview.rows.length;
    for (const [i, row] of preview.rows.entries()) {
      if (i % YIELD_EVERY === 0) {
        this.o.emit('importProgress', { importId, phase: 'importing', done: i, total });
        await nextTurn();
      }
      if (dropped.has(i)) {
        result.dropped += 1;
        continue;
      }
      if (done.has(row.fingerprint) || row.present) {
        result.alreadyImported += 1;
        continue;
      }
      const first = row.view.problems[0];
      if (first) {
        result.failed.push({ index: i, message: `${first.field}: ${first.message}` });
        continue;
      }
      try {
        const blocks = await this.uploadMedia(active, row.blocks, media);
        const groups: [string, DraftTarget[]][] = [];
        if (row.view.queue) {
          busy ??= await this.o.queue.busyFor(active);
          for (const plan of this.o.queue.plan(
            active,
            row.targets.map((t) => t.integrationId),
            busy,
            1,
          )) {
            const date = plan.dates[0];
            const target = row.targets.find((t) => t.integrationId === plan.integrationId);
            if (!date || !target)
              throw new AppFailure(
                'INVALID_ARGUMENT',
                `accounts: no free posting slot for ${plan.integrationId}; add slots under Queue or give a date.`,
              );
            const group = groups.find(([d]) => d === date);
            if (group) group[1].push(target);
            else groups.push([date, [target]]);
          }
        } else {
          groups.push([row.view.date ?? '', row.targets]);
        }
        const labels = labelsFromCell(
          Object.entries(row.view.cells).find(([c]) => c.trim().toLowerCase() === COLUMN.labels)?.[1] ?? '',
        );
        queuedIds.push(
          ...this.queueRow(active, row.fingerprint, blocks, groups, row.type, labels, preview.file.fileName),
        );
        for (const [date, targets] of groups) {
          for (const t of targets)
            if (busy) busy.set(t.integrationId, [...(busy.get(t.integrationId) ?? []), Date.parse(date)]);
        }
        done.add(row.fingerprint);
        row.view.alreadyImported = true;
        result.created += 1;
      } catch (err) {
        result.failed.push({ index: i, message: err instanceof Error ? err.message : String(err) });
      }
    }
    // One announcement for the whole file, with its posts as the calendar now shows them.
    const written = this.o.posts.announce(active, queuedIds);
    this.o.emit('importProgress', { importId, phase: 'importing', done: total, total });
    return { ...result, ...written };
  }

  /**
   * Saves a row's draft (one per distinct time), queues its creates and records its fingerprint in
   * one transaction: a crash leaves the row either fully queued and remembered, or not at all.
   * The same checks and outbox entry as sendDraft, without its scan of the whole outbox per call,
   * which a 5,000-row file would pay 5,000 times.
   */
  private queueRow(
    active: ActiveBrand,
    fingerprint: string,
    blocks: DraftBlock[],
    groups: [string, DraftTarget[]][],
    type: CheckedRow['type'],
    labels: readonly string[],
    fileName: string,
  ): string[] {
    const at = this.o.now().toISOString();
    const queued = groups.map(([date, targets]) => {
      requireFuture(this.o.now, date);
      const draft = importedDraft({ id: randomUUID(), brandId: active.brandId, blocks, targets, date, at });
      const payload = createPayloadFromDraft(draft, type, date);
      const issue = validateCreatePayload(payload)[0];
      if (issue) throw new AppFailure('INVALID_ARGUMENT', issue.message);
      return { draft, payload };
    });
    return (
      this.o.posts.queueCreates(
        active,
        queued.map(({ draft, payload }) => ({
          payload,
          key: `draft:${draft.id}`,
          summary: createSummary(payload, 'Post'),
          draft,
        })),
        () => {
          this.fingerprints.record(active.profileId, active.brandId, fingerprint, queued[0]?.draft.id ?? '');
          if (labels.length > 0)
            this.o.labelDrafts?.(
              active,
              queued.map((q) => q.draft.id),
              labels,
            );
          return true;
        },
        { kind: 'import', file: fileName.slice(0, 300) },
      ) ?? []
    );
  }

  /** Media URLs become the service's media (each URL once per import) before the post is queued. */
  private async uploadMedia(
    active: ActiveBrand,
    blocks: DraftBlock[],
    seen: Map<string, MediaObject>,
  ): Promise<DraftBlock[]> {
    const out: DraftBlock[] = [];
    for (const block of blocks) {
      const media = [];
      for (const m of block.media) {
        const url = m.path ?? '';
        let uploaded = seen.get(url);
        if (!uploaded) {
          uploaded = await this.o.uploadFromUrl(active, url);
          seen.set(url, uploaded);
        }
        media.push({ ...m, mediaId: uploaded.id, path: uploaded.path });
      }
      out.push({ ...block, media });
    }
    return out;
  }

  /**
   * Whether each account already has a post at this instant with the same block texts, as the
   * posts cache last saw them (the full thread from a saved detail when there is one, else the
   * first block and the count). A file exported from the calendar thus imports back as nothing.
   */
  private present(
    active: ActiveBrand,
    accountIds: readonly string[],
    date: string,
    texts: readonly string[],
  ) {
    const ms = Date.parse(date);
    const here = this.posts.listRange(active.profileId, active.brandId, ms, ms + 1);
    const same = (a: readonly string[], b: readonly string[]) =>
      a.length === b.length && a.every((t, i) => t.trim() === (b[i] ?? '').trim());
    return accountIds.every((id) =>
      here.some((post) => {
        if (post.integrationId !== id || post.blockCount !== texts.length) return false;
        if ((post.content ?? '').trim() !== (texts[0] ?? '').trim()) return false;
        if (texts.length === 1) return true;
        const detail = this.posts.getDetail(active.profileId, active.brandId, post.id);
        return (
          detail === null ||
          same(
            detail.value.map((b) => b.content),
            texts,
          )
        );
      }),
    );
  }

  private requirePreview(importId: string): Preview {
    const preview = this.previews.get(importId);
    if (!preview) throw new AppFailure('NOT_FOUND', 'This import is no longer open; choose the file again.');
    return preview;
  }
}
