import { useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { ProfileView } from '../../shared/profiles/ipc.js';
import { EmptyState, ErrorState, Loading, errorMessage } from '../ui/feedback.js';
import { useUi } from '../ui/ui-store.js';
import { useIpcQuery } from '../ipc/use-ipc.js';
import './onboarding.css';
import { switchBrand } from '../ui/queries.js';

/** Right after a connection: which brand this window works on (the key's default is preselected). */
export function BrandChoiceScreen({ profile }: { profile: ProfileView }) {
  const brands = useIpcQuery('listBrands', {});
  const finishConnecting = useUi((s) => s.finishConnecting);
  const client = useQueryClient();
  const [picked, setPicked] = useState<string | null>(profile.brandId);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setProblem(null);
    if (picked && picked !== profile.brandId) {
      setBusy(true);
      try {
        await switchBrand({ brandId: picked });
      } catch (error) {
        setProblem(errorMessage(error));
        setBusy(false);
        return;
      }
    }
    finishConnecting();
    await client.invalidateQueries();
  }

  return (
    <main className="welcome">
      <header className="welcome-header">
        <p className="welcome-eyebrow">Connected to {profile.organization?.name ?? profile.baseUrl}</p>
        <h1>Choose a brand</h1>
        <p className="welcome-lede">
          Every post you see and schedule belongs to one brand. You can switch at any time.
        </p>
      </header>
      <form className="card brand-choice" onSubmit={(e) => void onSubmit(e)}>
        {brands.isPending ? <Loading label="Loading your brands…" /> : null}
        {brands.isError ? (
          <ErrorState
            title="Your brands could not be loaded"
            error={brands.error}
            onRetry={() => void brands.refetch()}
          />
        ) : null}
        {brands.isSuccess && brands.data.length === 0 ? (
          <EmptyState title="This key has no brands">
            <p>You can continue with the brand the key was created for.</p>
          </EmptyState>
        ) : null}
        {brands.isSuccess && brands.data.length > 0 ? (
          <fieldset className="brand-options">
            <legend>Brand</legend>
            {brands.data.map((brand) => (
              <label key={brand.id} className="brand-option">
                <input
                  type="radio"
                  name="brand"
                  value={brand.id}
                  checked={picked === brand.id}
                  onChange={() => setPicked(brand.id)}
                />
                <span>{brand.name}</span>
              </label>
            ))}
          </fieldset>
        ) : null}
        {problem ? (
          <p className="form-error" role="alert">
            {problem}
          </p>
        ) : null}
        <button type="submit" className="button button-primary" disabled={busy || brands.isPending}>
          {busy ? 'Switching…' : 'Continue'}
        </button>
      </form>
    </main>
  );
}
