import { useId, useState } from 'react';
import { ErrorState, Loading } from '../ui/feedback.js';
import { pictureToken, useReportSettings, useSaveReportSettings } from './queries.js';
import './reports.css';

/*
 * The Account page's "Client reports" section: the agency's name and logo every report carries.
 * Each brand's colour (its accent in reports) is set with the brand, in Brands above.
 */

export function AgencySection() {
  const ids = useId();
  const settings = useReportSettings();
  const save = useSaveReportSettings();
  // What the user typed; null until they type (the saved name shows).
  const [typed, setTyped] = useState<string | null>(null);
  const [pickError, setPickError] = useState<string | null>(null);

  if (settings.isPending) return <Loading label="Reading the report settings…" />;
  if (settings.isError)
    return (
      <ErrorState
        title="The report settings could not be read"
        error={settings.error}
        onRetry={() => void settings.refetch()}
      />
    );
  const logo = settings.data.agencyLogo;
  const name = typed ?? settings.data.agencyName;

  const pick = async (file: File | undefined) => {
    setPickError(null);
    if (!file) return;
    const token = await pictureToken(file);
    if (!token) {
      setPickError('This file cannot be read; save the picture to your computer and choose it again.');
      return;
    }
    save.mutate({ agencyLogo: { file: token } });
  };

  return (
    <section className="card" aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`}>Client reports</h2>
      <p className="muted">
        Your agency’s name and logo head every client report. Each brand’s review pack colour (else its own
        colour), set in Brands, is its report’s accent.
      </p>
      <form
        className="report-agency"
        onSubmit={(e) => {
          e.preventDefault();
          save.mutate({ agencyName: name }, { onSuccess: () => setTyped(null) });
        }}
      >
        <label htmlFor={`${ids}-name`}>Agency name</label>
        <div className="report-row">
          <input
            id={`${ids}-name`}
            value={name}
            maxLength={120}
            placeholder="North Star Studio"
            onChange={(e) => setTyped(e.target.value)}
          />
          <button
            type="submit"
            className="button"
            disabled={save.isPending || name.trim() === settings.data.agencyName}
          >
            Save name
          </button>
        </div>
      </form>
      <div className="report-agency">
        <span id={`${ids}-logo`}>Logo</span>
        <div className="report-row">
          {logo ? (
            <img className="report-logo" src={logo} alt="The agency logo reports show" />
          ) : (
            <span className="muted">No logo yet.</span>
          )}
          <label className="button report-file">
            {logo ? 'Change logo…' : 'Choose a logo…'}
            <input
              type="file"
              accept="image/png,image/jpeg,image/webp,image/gif"
              aria-describedby={`${ids}-logo-hint`}
              onChange={(e) => {
                void pick(e.target.files?.[0]);
                e.target.value = '';
              }}
            />
          </label>
          {logo ? (
            <button
              type="button"
              className="button button-quiet"
              onClick={() => save.mutate({ agencyLogo: null })}
            >
              Remove logo
            </button>
          ) : null}
        </div>
        <p id={`${ids}-logo-hint`} className="muted report-note">
          A PNG, JPEG, WebP or GIF picture up to 5 MB; it is kept small on this computer.
        </p>
      </div>
      <div role="status" aria-live="polite" className="report-status">
        {save.isSuccess && !save.isPending ? 'Saved.' : null}
      </div>
      {pickError || save.isError ? (
        <p className="report-error" role="alert">
          {pickError ?? `Not saved: ${save.error?.message ?? ''}`}
        </p>
      ) : null}
    </section>
  );
}
