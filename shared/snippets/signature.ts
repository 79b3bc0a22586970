/*
 * An account's signature is appended to the first block of its post: the composer
 * shows and counts the signed text, and main sends that same text (both call signedDraft), so
 * what is counted is what is sent. A post may leave signatures off (`signature: false`).
 */

/** Between the text and the signature: an empty line. */
const SIGNATURE_GAP = '\n\n';

/** The text with the signature after it; unchanged when already signed (an edited post). */
export function signText(text: string, signature: string | null | undefined): string {
  const sig = signature?.trim() ?? '';
  if (sig === '') return text;
  const body = text.trimEnd();
  if (body.endsWith(sig)) return text;
  return body === '' ? sig : `${body}${SIGNATURE_GAP}${sig}`;
}

interface Block {
  content: string;
}
interface SignableTarget<B extends Block> {
  integrationId: string;
  blocks: B[] | null;
}
interface SignableDraft<B extends Block, T extends SignableTarget<B>> {
  blocks: B[];
  targets: T[];
  signature?: boolean | undefined;
}

/**
 * The draft as it goes out: each account with a signature gets its blocks (its own, or the shared
 * ones) with the signature after the first block's text. Accounts without one are untouched.
 */
export function signedDraft<B extends Block, T extends SignableTarget<B>, D extends SignableDraft<B, T>>(
  draft: D,
  signatures: ReadonlyMap<string, string>,
): D {
  if (draft.signature === false || signatures.size === 0) return draft;
  let changed = false;
  const targets = draft.targets.map((t) => {
    const sig = signatures.get(t.integrationId);
    const blocks = t.blocks ?? draft.blocks;
    const first = blocks[0];
    if (!sig || !first) return t;
    const content = signText(first.content, sig);
    if (content === first.content) return t;
    changed = true;
    return { ...t, blocks: [{ ...first, content }, ...blocks.slice(1)] };
  });
  return changed ? { ...draft, targets } : draft;
}
