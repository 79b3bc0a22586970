import { z } from 'zod';
import { Id, m, None } from '../ipc/method.js';
import { PostsWritten } from '../posts/ipc.js';
import { EvergreenFill, EvergreenItem, EvergreenItemInput, EvergreenList, RepeatView } from './model.js';

/*
 * Evergreen lists: posts that go again into free queue slots, each repeat created once through the
 * outbox.
 */

export const evergreenMethods = {
  listEvergreen: m(
    None,
    z.object({ lists: z.array(EvergreenList), items: z.array(EvergreenItem), timezone: z.string() }),
    "The brand's evergreen lists and their posts.",
  ),
  saveEvergreenList: m(
    z.object({ id: Id.optional(), name: EvergreenList.shape.name }),
    EvergreenList,
    'Creates (off) or renames a list.',
  ),
  setEvergreenListEnabled: m(
    z.object({ id: Id, enabled: z.boolean() }),
    PostsWritten.extend({ list: EvergreenList, created: z.number().int() }),
    'Turns a list on (its repeats are queued at once) or pauses it (repeats already made stay).',
  ),
  deleteEvergreenList: m(
    z.object({ id: Id }),
    z.object({ deleted: z.boolean() }),
    'Deletes a list and its posts; repeats already made stay.',
  ),
  saveEvergreenItem: m(
    EvergreenItemInput,
    EvergreenItem,
    'Creates or updates an evergreen post after checking every version.',
  ),
  deleteEvergreenItem: m(
    z.object({ id: Id }),
    z.object({ deleted: z.boolean() }),
    'Deletes an evergreen post.',
  ),
  makeEvergreen: m(
    z
      .object({ postId: Id.optional(), draftId: Id.optional(), listId: Id.optional() })
      .refine((v) => (v.postId === undefined) !== (v.draftId === undefined), 'Give a post or a draft.'),
    EvergreenItem,
    'Makes a post or a local draft an evergreen post, in a paused list (a new one when none is paused).',
  ),
  previewEvergreen: m(
    z.object({ listId: Id, days: z.number().int().min(1).max(92).optional() }),
    z.object({ timezone: z.string(), fills: z.array(EvergreenFill.extend({ existing: z.boolean() })) }),
    "The next weeks of a list's repeats (made and to come), as if it were on.",
  ),
  runEvergreen: m(
    None,
    PostsWritten.extend({ created: z.number().int() }),
    'Queues the repeats now due (main also runs it itself).',
  ),
  listRepeats: m(None, z.array(RepeatView), 'Repeats made, for the calendar’s marks.'),
} as const;
