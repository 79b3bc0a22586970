import { z } from 'zod';
import { CommentDelay } from '../api/resources.js';

/*
 * The first comment as drafts and the outbox keep it. Apart from first-comment.ts because the IPC
 * contract (and so the sandboxed preload) imports it: it must not pull in twitter-text.
 */
export const FirstComment = z.object({
  content: z.string().max(100_000),
  /** Minutes after the post, as a thread's commentDelays entry. */
  delay: CommentDelay,
});
export type FirstComment = z.infer<typeof FirstComment>;
