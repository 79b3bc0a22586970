import { z } from 'zod';
import { Id, m, None } from '../ipc/method.js';
import { Signature, Snippet, SnippetInput } from './model.js';

/*
 * Snippets (per brand, typed as /name in the composer) and signatures (per account, appended when
 * sent).
 */

export const snippetsMethods = {
  listSnippets: m(None, z.array(Snippet), "The brand's saved snippets, by name."),
  saveSnippet: m(SnippetInput, Snippet, 'Creates or updates a snippet (names are unique per brand).'),
  deleteSnippet: m(z.object({ id: Id }), z.object({ deleted: z.boolean() }), 'Deletes a snippet.'),
  listSignatures: m(None, z.array(Signature), "The brand's accounts' signatures."),
  setSignature: m(
    z.object({ integrationId: Id, body: z.string().max(2_000).nullable() }),
    z.array(Signature),
    "Sets an account's signature (null or blank: none).",
  ),
} as const;
