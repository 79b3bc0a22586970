import { useId, useState } from 'react';
import { LinkRules, type LinkParam } from '../../shared/links/model.js';
import { PLATFORM_TYPES, type PlatformType } from '../../shared/platforms/types.js';
import { platformName } from '../../shared/platforms/names.js';
import { ErrorState, Loading } from '../ui/feedback.js';
import { useNotices } from '../ui/notice-store.js';
import { useLabels } from '../labels/queries.js';
import { exampleLink } from './tracked-draft.js';
import { useLinkRules, useSaveLinkRules } from './queries.js';
import './links.css';

/*
 * The Account page's "Tracked links" section: the active brand's tracking parameters, with
 * overrides per label or campaign and per network, and a live example of a link as it goes out.
 */

const EXAMPLE_LINK = 'https://shop.example.com/spring';

export function LinksSection() {
  const rules = useLinkRules();
  if (rules.isPending) return <Loading label="Reading the tracked links…" />;
  if (rules.isError)
    return (
      <ErrorState
        title="The link tracking rules could not be read"
        error={rules.error}
        onRetry={() => void rules.refetch()}
      />
    );
  // Keyed by what main holds: a save's answer (or another brand's rules) starts a fresh form.
  return <RulesForm key={JSON.stringify(rules.data)} saved={rules.data} />;
}

function RulesForm({ saved }: { saved: LinkRules }) {
  const ids = useId();
  const [rules, setRules] = useState<LinkRules>(saved);
  const [error, setError] = useState<string | null>(null);
  const save = useSaveLinkRules();
  const toast = useNotices((s) => s.show);
  const labels = useLabels().labels;
  const campaign = labels.find((l) => l.campaign !== null)?.name ?? 'Spring sale';
  const ctx = { platform: 'x' as const, labels: [{ name: campaign, campaign: true }] };
  const changed = JSON.stringify(rules) !== JSON.stringify(saved);

  const submit = () => {
    const parsed = LinkRules.safeParse(rules);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      return setError(issue?.message ?? 'Check the parameters.');
    }
    save.mutate(
      { rules: parsed.data },
      {
        onSuccess: () => {
          setError(null);
          toast({ tone: 'success', message: 'Saved the tracked links. Posts sent from now on carry them.' });
        },
        onError: (e) => setError(e.message),
      },
    );
  };

  const unusedPlatform = PLATFORM_TYPES.find((p) => !rules.byPlatform.some((o) => o.platform === p));
  const unusedLabel = labels.find(
    (l) => !rules.byLabel.some((o) => o.label.toLowerCase() === l.name.toLowerCase()),
  );

  return (
    <section className="card" aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`}>Tracked links</h2>
      <p className="muted">
        Tag every link of this brand’s posts so the client’s web analytics credit the post. The tags are added
        when a post is sent; your drafts keep the link as you typed it, and a link that already has a tag
        keeps its own.
      </p>
      <form
        className="links-form"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <label className="links-toggle">
          <input
            type="checkbox"
            checked={rules.enabled}
            onChange={(e) => setRules({ ...rules, enabled: e.target.checked })}
          />
          Add tracking parameters to links when posts are sent
        </label>
        <h3 id={`${ids}-base`}>Parameters for every post</h3>
        <ParamsEditor
          labelledBy={`${ids}-base`}
          params={rules.params}
          onChange={(params) => setRules({ ...rules, params })}
        />
        <p className="field-hint">
          In a value, {'{network}'} becomes the network (x, linkedin, facebook…), {'{campaign}'} the post’s
          campaign, {'{label}'} its first other label and {'{brand}'} the brand. A value that comes out empty
          (a post with no campaign) is left off.
        </p>

        <h3>For a label or campaign</h3>
        {rules.byLabel.length === 0 ? <p className="muted">No label has its own parameters.</p> : null}
        {rules.byLabel.map((o, i) => (
          <div key={i} className="links-override" role="group" aria-label={`Parameters for ${o.label}`}>
            <div className="field">
              <label htmlFor={`${ids}-label-${i}`}>Label or campaign</label>
              <select
                id={`${ids}-label-${i}`}
                value={o.label}
                onChange={(e) =>
                  setRules({
                    ...rules,
                    byLabel: rules.byLabel.map((x, j) => (j === i ? { ...x, label: e.target.value } : x)),
                  })
                }
              >
                {labels.some((l) => l.name === o.label) ? null : <option value={o.label}>{o.label}</option>}
                {labels.map((l) => (
                  <option key={l.id} value={l.name}>
                    {l.name}
                    {l.campaign ? ' (campaign)' : ''}
                  </option>
                ))}
              </select>
            </div>
            <ParamsEditor
              labelledBy={`${ids}-label-${i}`}
              params={o.params}
              onChange={(params) =>
                setRules({ ...rules, byLabel: rules.byLabel.map((x, j) => (j === i ? { ...x, params } : x)) })
              }
            />
            <button
              type="button"
              className="button button-small button-danger"
              onClick={() => setRules({ ...rules, byLabel: rules.byLabel.filter((_, j) => j !== i) })}
            >
              Remove the parameters for {o.label}
            </button>
          </div>
        ))}
        {unusedLabel ? (
          <button
            type="button"
            className="button button-small"
            onClick={() =>
              setRules({
                ...rules,
                byLabel: [
                  ...rules.byLabel,
                  { label: unusedLabel.name, params: [{ key: 'utm_content', value: '{label}' }] },
                ],
              })
            }
          >
            Add parameters for a label or campaign
          </button>
        ) : (
          <p className="field-hint">
            Labels are made where you pick them, in the composer or on a post; then they can have their own
            here.
          </p>
        )}

        <h3>For a network</h3>
        {rules.byPlatform.length === 0 ? <p className="muted">No network has its own parameters.</p> : null}
        {rules.byPlatform.map((o, i) => (
          <div
            key={i}
            className="links-override"
            role="group"
            aria-label={`Parameters for ${platformName(o.platform)}`}
          >
            <div className="field">
              <label htmlFor={`${ids}-platform-${i}`}>Network</label>
              <select
                id={`${ids}-platform-${i}`}
                value={o.platform}
                onChange={(e) =>
                  setRules({
                    ...rules,
                    byPlatform: rules.byPlatform.map((x, j) =>
                      j === i ? { ...x, platform: e.target.value as PlatformType } : x,
                    ),
                  })
                }
              >
                {PLATFORM_TYPES.map((p) => (
                  <option key={p} value={p}>
                    {platformName(p)}
                  </option>
                ))}
              </select>
            </div>
            <ParamsEditor
              labelledBy={`${ids}-platform-${i}`}
              params={o.params}
              onChange={(params) =>
                setRules({
                  ...rules,
                  byPlatform: rules.byPlatform.map((x, j) => (j === i ? { ...x, params } : x)),
                })
              }
            />
            <button
              type="button"
              className="button button-small button-danger"
              onClick={() => setRules({ ...rules, byPlatform: rules.byPlatform.filter((_, j) => j !== i) })}
            >
              Remove the parameters for {platformName(o.platform)}
            </button>
          </div>
        ))}
        {unusedPlatform ? (
          <button
            type="button"
            className="button button-small"
            onClick={() =>
              setRules({
                ...rules,
                byPlatform: [
                  ...rules.byPlatform,
                  { platform: unusedPlatform, params: [{ key: 'utm_medium', value: 'social' }] },
                ],
              })
            }
          >
            Add parameters for a network
          </button>
        ) : null}

        <div className="links-example" aria-live="polite">
          <h3>Example</h3>
          <p className="muted">
            A link in an X post of the campaign “{campaign}”{rules.enabled ? '' : ' (once tracking is on)'}:
          </p>
          <p className="links-url" data-testid="links-example">
            {EXAMPLE_LINK} → {exampleLink(EXAMPLE_LINK, rules, ctx)}
          </p>
          <p className="field-hint">
            On X a link counts as 23 characters however long it is; on the other networks the tags count.
          </p>
        </div>

        {error ? (
          <p className="field-error" role="alert">
            {error}
          </p>
        ) : null}
        <div className="links-actions">
          <button type="submit" className="button button-primary" disabled={save.isPending || !changed}>
            Save tracked links
          </button>
          {changed ? (
            <button type="button" className="button" onClick={() => setRules(saved)}>
              Undo changes
            </button>
          ) : null}
        </div>
      </form>
    </section>
  );
}

/** Name and value rows, each removable, and one more added at the end. */
function ParamsEditor({
  params,
  labelledBy,
  onChange,
}: {
  params: readonly LinkParam[];
  labelledBy: string;
  onChange(params: LinkParam[]): void;
}) {
  const ids = useId();
  const set = (i: number, patch: Partial<LinkParam>) =>
    onChange(params.map((p, j) => (j === i ? { ...p, ...patch } : p)));
  return (
    <div className="links-params" role="group" aria-labelledby={labelledBy}>
      {params.map((p, i) => (
        <div key={i} className="links-param">
          <div className="field">
            <label htmlFor={`${ids}-k${i}`}>Name</label>
            <input
              id={`${ids}-k${i}`}
              value={p.key}
              maxLength={60}
              spellCheck={false}
              onChange={(e) => set(i, { key: e.target.value })}
            />
          </div>
          <div className="field">
            <label htmlFor={`${ids}-v${i}`}>Value</label>
            <input
              id={`${ids}-v${i}`}
              value={p.value}
              maxLength={200}
              spellCheck={false}
              onChange={(e) => set(i, { value: e.target.value })}
            />
          </div>
          <button
            type="button"
            className="button button-small button-quiet"
            aria-label={`Remove the parameter ${p.key || 'without a name'}`}
            onClick={() => onChange(params.filter((_, j) => j !== i))}
          >
            Remove
          </button>
        </div>
      ))}
      <button
        type="button"
        className="button button-small"
        onClick={() => onChange([...params, { key: '', value: '' }])}
      >
        Add a parameter
      </button>
    </div>
  );
}
