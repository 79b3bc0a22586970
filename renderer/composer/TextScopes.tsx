import type { DraftTarget } from '../../shared/drafts/ipc.js';
import { platformRules } from '../../shared/platforms/rules.js';
import type { Scope } from './draft-model.js';

/**
 * Whose text the editor shows: the shared text ("All accounts") or one account's, and for an
 * account whether it has its own text, with the button that starts or drops it.
 */
export function TextScopes({
  targets,
  scope,
  accountName,
  onScope,
  onOwnText,
}: {
  targets: readonly DraftTarget[];
  scope: Scope;
  accountName(id: string): string;
  onScope(scope: Scope): void;
  /** Start (true) or drop (false) the account's own text. */
  onOwnText(integrationId: string, own: boolean): void;
}) {
  if (targets.length === 0) return null;
  const chosen = scope === null ? null : targets.find((t) => t.integrationId === scope);
  return (
    <>
      <div className="composer-scopes" role="group" aria-label="Text for">
        <button
          type="button"
          className="composer-scope"
          aria-pressed={scope === null}
          onClick={() => onScope(null)}
        >
          All accounts
        </button>
        {targets.map((t) => (
          <button
            key={t.integrationId}
            type="button"
            className="composer-scope"
            data-platform={t.platform}
            aria-pressed={scope === t.integrationId}
            onClick={() => onScope(t.integrationId)}
          >
            <span className="platform-dot" aria-hidden="true" />
            {accountName(t.integrationId)}
            <span className="composer-scope-platform">{platformRules[t.platform].label}</span>
            {t.blocks ? <span className="visually-hidden"> (own text)</span> : null}
            {t.blocks ? <span aria-hidden="true"> ✎</span> : null}
          </button>
        ))}
      </div>
      {chosen ? (
        <div className="composer-override">
          {chosen.blocks ? (
            <>
              <span>{accountName(chosen.integrationId)} has its own text.</span>
              <button
                type="button"
                className="button button-small button-quiet"
                onClick={() => onOwnText(chosen.integrationId, false)}
              >
                Use the shared text again
              </button>
            </>
          ) : (
            <>
              <span>{accountName(chosen.integrationId)} uses the shared text.</span>
              <button
                type="button"
                className="button button-small"
                onClick={() => onOwnText(chosen.integrationId, true)}
              >
                Write a text for this account
              </button>
            </>
          )}
        </div>
      ) : null}
    </>
  );
}
