import { z } from 'zod';
import { Id, m } from '../ipc/method.js';
import { PostsWritten } from '../posts/ipc.js';
import { BulkApplyInput, BulkApplyResult, BulkUndoResult } from './plan.js';

/*
 * Bulk changes: planned in the window with shared/bulk/plan.ts, applied in one outbox transaction.
 */

export const bulkMethods = {
  applyBulkChange: m(
    BulkApplyInput,
    BulkApplyResult.extend(PostsWritten.shape),
    'Queues every move, then every delete, of a planned bulk change (a calendar drag and a grid swap too) in one transaction, all or nothing: one batch per brand its posts belong to, each sent under its own brand; with any part refused nothing is queued.',
  ),
  undoBulkChange: m(
    z.object({ batchId: Id.optional() }).strict(),
    BulkUndoResult.extend(PostsWritten.shape),
    "Takes a whole bulk change back (every brand's batch of it), or without a batch id the last change made since main started that is not undone yet (Ctrl/Cmd+Z; a null batchId when there is none): moves back to their old times (a move that may already be on the service is sent back); deletes only while never sent (one that may be out is checked, not restored).",
  ),
} as const;
