import { z } from 'zod';
import { ExportScope } from '../export/ipc.js';
import { BrandRef, FileToken } from '../ipc/models.js';
import { Id, m } from '../ipc/method.js';
import { PostsWritten } from '../posts/ipc.js';
import { MAX_REVIEW_COMMENT, ReviewImportSummary, ReviewSettingsView, ReviewState } from './model.js';

/*
 * Client review: states kept on this device, packs made by main, replies read by main.
 */

export const reviewMethods = {
  setReviewState: m(
    z.object({
      postId: Id,
      state: ReviewState,
      comment: z.string().max(MAX_REVIEW_COMMENT).nullable().optional(),
      /** The post's own brand (a post of the all-brands view; one the calendar shows). */
      brand: BrandRef.optional(),
    }),
    PostsWritten,
    "Sets a post group's review state (and the comment of a change request) under the post's brand (named, or the active one); an approval lets a held post go.",
  ),
  getReviewSettings: m(
    z.object({ brand: BrandRef.optional() }).strict().optional(),
    ReviewSettingsView,
    "A brand's review settings: the brand named (one the calendar shows), else the active brand's.",
  ),
  setReviewSettings: m(
    ReviewSettingsView.partial().extend({ brand: BrandRef.optional() }).strict(),
    ReviewSettingsView,
    "Changes a brand's review settings (the brand named, one the calendar shows, else the active brand's); turning approval off lets held posts go.",
  ),
  exportReviewPack: m(
    z.object({ format: z.enum(['html', 'pdf']), scope: ExportScope }),
    z.object({ path: z.string().nullable(), posts: z.number().int(), skipped: z.number().int() }),
    'Writes a review pack (one self-contained HTML file, or its PDF) of the chosen posts where the user chooses; they are now in review.',
  ),
  importReviewReply: m(
    z.object({ file: FileToken }),
    PostsWritten.extend({ summary: ReviewImportSummary }),
    "Applies a reviewer's reply file: verdicts and comments only; a reply for another brand or a forged one is refused.",
  ),
} as const;
