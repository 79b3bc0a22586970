import type { DraftTarget } from '../../shared/drafts/ipc.js';

/**
 * The composer's per-post switch for the accounts' signatures, shown when a
 * chosen account has one: on, each account's signature follows its text (as the preview shows).
 */
export function SignatureToggle({
  targets,
  signatures,
  on,
  accountName,
  onChange,
}: {
  targets: readonly DraftTarget[];
  signatures: ReadonlyMap<string, string>;
  on: boolean;
  accountName(id: string): string;
  onChange(on: boolean): void;
}) {
  const signed = targets.filter((t) => signatures.has(t.integrationId));
  if (signed.length === 0) return null;
  return (
    <label className="composer-shortlink">
      <input type="checkbox" checked={on} onChange={(e) => onChange(e.target.checked)} />
      Add signatures ({signed.map((t) => accountName(t.integrationId)).join(', ')})
    </label>
  );
}
