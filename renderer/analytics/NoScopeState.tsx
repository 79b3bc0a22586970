import { EmptyState } from '../ui/feedback.js';
import { useUi } from '../ui/ui-store.js';

/** True when the service told us the key's scopes and this one is not among them (unknown = allowed). */
export function lacksScope(scopes: readonly string[] | null, scope: string): boolean {
  return scopes !== null && !scopes.includes(scope);
}

/** The key cannot read analytics: say so, and where to fix it. */
export function NoScopeState() {
  const navigate = useUi((s) => s.navigate);
  return (
    <EmptyState title="This API key cannot read analytics">
      <p>
        Analytics need a key with the <code>analytics:read</code> scope. Create one in your Social Publishing
        dashboard, then replace the key on the Account page.
      </p>
      <button type="button" className="button" onClick={() => navigate('account')}>
        Go to Account
      </button>
    </EmptyState>
  );
}
