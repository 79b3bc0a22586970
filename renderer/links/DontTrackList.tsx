import { useId } from 'react';
import { MAX_UNTRACKED } from '../../shared/links/model.js';
import type { LinkRules } from '../../shared/links/model.js';
import './links.css';

/**
 * Under the composer's text: each link it holds, with a "Don't track this link" box. Shown only
 * when the brand tracks links, so a brand without rules sees nothing new.
 */
export function DontTrackList({
  links,
  untracked,
  rules,
  sentAs,
  onChange,
}: {
  links: readonly string[];
  untracked: readonly string[];
  rules: LinkRules | undefined;
  /** How a link goes out on each network of the post (the network's name, the link sent). */
  sentAs(link: string): { network: string; url: string }[];
  onChange(untracked: string[]): void;
}) {
  const id = useId();
  if (!rules?.enabled || links.length === 0) return null;
  const set = (link: string, keep: boolean) => {
    const others = untracked.filter((u) => u !== link && links.includes(u));
    onChange(keep ? [...others, link].slice(0, MAX_UNTRACKED) : others);
  };
  return (
    <fieldset className="links-dont-track" aria-describedby={`${id}-hint`}>
      <legend>Links in this post</legend>
      <p id={`${id}-hint`} className="field-hint">
        The brand’s tracking parameters are added when the post is sent; the preview shows them.
      </p>
      <ul>
        {links.map((link) => (
          <li key={link}>
            <label>
              <input
                type="checkbox"
                checked={untracked.includes(link)}
                onChange={(e) => set(link, e.target.checked)}
              />
              Don’t track this link: <span className="links-url">{link}</span>
            </label>
            {untracked.includes(link) ? (
              <p className="field-hint links-sent-as">Sent as typed.</p>
            ) : (
              <ul className="links-sent-as" aria-label={`${link} as sent`}>
                {sentAs(link).map((s) => (
                  <li key={s.network} className="field-hint">
                    {s.network}: <span className="links-url">{s.url}</span>
                  </li>
                ))}
              </ul>
            )}
          </li>
        ))}
      </ul>
    </fieldset>
  );
}
