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
    'Queues every move, then every delete, of a planned bulk change in one transaction: one batch per brand its posts belong to, each sent under its own brand.',
  ),
  undoBulkChange: m(
    z.object({ batchId: Id }),
    BulkUndoResult.extend(PostsWritten.shape),
    "Takes a whole bulk change back (every brand's batch of it): moves back to their old times (a move that may already be on the service is sent back); deletes only while never sent (one that may be out is checked, not restored).",
  ),
} as const;
