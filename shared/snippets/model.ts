import { z } from 'zod';

/*
 * Saved snippets (text or hashtag groups, per brand, typed in the composer as
 * `/name`) and per-account signatures, one schema each for the IPC contract and main's store.
 */

const SnippetName = z
  .string()
  .regex(
    /^[A-Za-z0-9][A-Za-z0-9_-]{0,39}$/,
    'A name is 1 to 40 letters, digits, - or _, starting with a letter or digit.',
  );

export const Snippet = z.object({
  id: z.string().min(1),
  name: SnippetName,
  body: z.string().trim().min(1, 'A snippet needs some text.').max(10_000),
});
export type Snippet = z.infer<typeof Snippet>;

export const SnippetInput = Snippet.extend({ id: z.string().min(1).max(200).optional() });
export type SnippetInput = z.infer<typeof SnippetInput>;

export const Signature = z.object({
  integrationId: z.string().min(1).max(200),
  body: z.string().trim().min(1).max(2_000),
});
export type Signature = z.infer<typeof Signature>;
