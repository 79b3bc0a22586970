import { randomUUID } from 'node:crypto';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { MediaObject } from '../../shared/api/resources.js';
import type { IpcEventName, IpcEventPayload, IpcInput, IpcOutput } from '../../shared/ipc/contract.js';
import type { DraftBlock, ImportResult, IntegrationView } from '../../shared/ipc/models.js';
import { DraftsRepo } from '../drafts/drafts-repo.js';
import { AppFailure, notConnected } from '../ipc/app-failure.js';
import type { QueueService } from '../queue/queue-service.js';
import type { AppDatabase } from '../store/database.js';
import type { ActiveBrand } from '../sync/write-context.js';
import { FingerprintsRepo } from './fingerprints-repo.js';
import { readImportFile, type ImportFile } from './import-file.js';
import { checkRow, type CheckedRow, type RowContext } from './import-row.js';

/*
 * Runs in main (Node). Bulk import: the file is read and every row checked here, in chunks that
 * give the event loop back between them (the window stays responsive with 5,000 rows), with
 * importProgress events. Importing turns each good row into a local draft sent through the outbox
 * (media URLs through upload-from-url first), and records its fingerprint so a second import of
 * the same file creates nothing.
 */

const CHUNK = 250;
/** Previews kept in memory; an older one must be opened again. */
const KEPT_PREVIEWS = 3;

export interface ImportServiceOptions {
  db: AppDatabase;
  active: () => ActiveBrand | null;
  now: () => Date;
  emit: <K extends IpcEventName>(name: K, payload: IpcEventPayload<K>) => void;
  integrations: () => IntegrationView[];
  queue: QueueService;
  uploadFromUrl: (url: string) => Promise<MediaObject>;
  sendDraft: (input: IpcInput<'sendDraft'>) => Promise<IpcOutput<'sendDraft'>>;
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
  private readonly drafts: DraftsRepo;

  constructor(private readonly o: ImportServiceOptions) {
    this.fingerprints = new FingerprintsRepo(o.db, o.now);
    this.drafts = new DraftsRepo(o.db);
  }

  async previewImport({ path }: IpcInput<'previewImport'>): Promise<IpcOutput<'previewImport'>> {
    const active = this.requireActive();
    const importId = randomUUID();
    this.o.emit('importProgress', { importId, phase: 'reading', done: 0, total: 0 });
    const file = await readImportFile(path);
    const done = this.fingerprints.all(active.profileId, active.brandId);
    const context: RowContext = {
      integrations: this.o.integrations(),
      timezone: this.o.queue.timezone(active),
      now: this.o.now().getTime(),
      imported: (fp) => done.has(fp),
    };
    const rows: CheckedRow[] = [];
    for (let start = 0; start < file.rows.length; start += CHUNK) {
      file.rows
        .slice(start, start + CHUNK)
        .forEach((cells, i) => rows.push(checkRow(start + i, cells, context)));
      this.o.emit('importProgress', {
        importId,
        phase: 'checking',
        done: rows.length,
        total: file.rows.length,
      });
      await nextTurn();
    }
    this.previews.set(importId, { active, file, rows, context });
    for (const id of [...this.previews.keys()].slice(0, -KEPT_PREVIEWS)) this.previews.delete(id);
    return {
      importId,
      fileName: file.fileName,
      columns: file.columns,
      timezone: context.timezone,
      rows: rows.map((r) => r.view),
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

  async runImport({ importId, drop }: IpcInput<'runImport'>): Promise<ImportResult> {
    const preview = this.requirePreview(importId);
    const { active } = preview;
    const current = this.o.active();
    if (!current || current.profileId !== active.profileId || current.brandId !== active.brandId) {
      throw new AppFailure('CONFLICT', 'The brand changed since this file was opened; open the file again.');
    }
    const dropped = new Set(drop);
    const done = this.fingerprints.all(active.profileId, active.brandId);
    const result: ImportResult = { created: 0, alreadyImported: 0, dropped: 0, failed: [] };
    const media = new Map<string, MediaObject>();
    let busy: Awaited<ReturnType<QueueService['busyFor']>> | null = null;
    const total = preview.rows.length;
    for (const [i, row] of preview.rows.entries()) {
      if (i % 50 === 0) {
        this.o.emit('importProgress', { importId, phase: 'importing', done: i, total });
        await nextTurn();
      }
      if (dropped.has(i)) {
        result.dropped += 1;
        continue;
      }
      if (done.has(row.fingerprint)) {
        result.alreadyImported += 1;
        continue;
      }
      const first = row.view.problems[0];
      if (first) {
        result.failed.push({ index: i, message: `${first.field}: ${first.message}` });
        continue;
      }
      try {
        const blocks = await this.uploadMedia(row.blocks, media);
        const at = this.o.now().toISOString();
        const draft = this.drafts.save(active.profileId, {
          id: randomUUID(),
          brandId: active.brandId,
          blocks,
          targets: row.targets,
          commentDelays: [],
          shortLink: false,
          date: row.view.date,
          replacesGroup: null,
          createdAt: at,
          updatedAt: at,
        });
        if (row.view.queue) {
          busy ??= await this.o.queue.busyFor();
          await this.o.queue.queueDraft({ draftId: draft.id }, busy);
        } else {
          await this.o.sendDraft({ draftId: draft.id, type: 'schedule', date: row.view.date ?? undefined });
        }
        this.fingerprints.record(active.profileId, active.brandId, row.fingerprint, draft.id);
        done.add(row.fingerprint);
        row.view.alreadyImported = true;
        result.created += 1;
      } catch (err) {
        result.failed.push({ index: i, message: err instanceof Error ? err.message : String(err) });
      }
    }
    this.o.emit('importProgress', { importId, phase: 'importing', done: total, total });
    return result;
  }

  /** Media URLs become the service's media (each URL once per import) before the post is queued. */
  private async uploadMedia(blocks: DraftBlock[], seen: Map<string, MediaObject>): Promise<DraftBlock[]> {
    const out: DraftBlock[] = [];
    for (const block of blocks) {
      const media = [];
      for (const m of block.media) {
        const url = m.path ?? '';
        let uploaded = seen.get(url);
        if (!uploaded) {
          uploaded = await this.o.uploadFromUrl(url);
          seen.set(url, uploaded);
        }
        media.push({ ...m, mediaId: uploaded.id, path: uploaded.path });
      }
      out.push({ ...block, media });
    }
    return out;
  }

  private requirePreview(importId: string): Preview {
    const preview = this.previews.get(importId);
    if (!preview) throw new AppFailure('NOT_FOUND', 'This import is no longer open; choose the file again.');
    return preview;
  }

  private requireActive(): ActiveBrand {
    const active = this.o.active();
    if (!active) throw notConnected();
    return active;
  }
}
