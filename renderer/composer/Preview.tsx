import type { DraftBlock, DraftTarget } from '../../shared/drafts/ipc.js';
import { platformRules } from '../../shared/platforms/rules.js';
import { describeFileLimits, describeMediaRules } from './checks.js';
import { PlatformPreview } from '../previews/PlatformPreview.js';
import { takesFirstComment } from '../../shared/platforms/first-comment.js';

/** How each chosen account's post will read, with its platform's media rule and any problem. */
export function Preview({
  targets,
  blocksOf,
  accountName,
  accountPicture,
  previews,
  problems,
  accountIssues,
  firstComment,
  firstCommentFor,
}: {
  targets: readonly DraftTarget[];
  blocksOf(t: DraftTarget): readonly DraftBlock[];
  accountName(id: string): string;
  /** The account's picture, for the preview's avatar (initials when none). */
  accountPicture?(id: string): string | null;
  previews: ReadonlyMap<string, string>;
  problems(targetIndex: number): number;
  /** Problems of the account as a whole (unknown account, thread shape), shown on its card. */
  accountIssues(targetIndex: number): string[];
  /** The draft's first comment, shown under the post on the networks that take one. */
  firstComment?: string | null;
  /** The first comment as it goes out to this account (tracked links); `firstComment` when absent. */
  firstCommentFor?(t: DraftTarget, comment: string): string;
}) {
  if (targets.length === 0) {
    return (
      <section className="composer-preview" aria-label="Preview">
        <h3 className="composer-section-title">Preview</h3>
        <p className="muted">Choose an account to see how the post will look there.</p>
      </section>
    );
  }
  return (
    <section className="composer-preview" aria-label="Preview">
      <h3 className="composer-section-title">Preview</h3>
      {targets.map((t, i) => {
        const rules = platformRules[t.platform];
        const blocks = blocksOf(t);
        const n = problems(i);
        const own = accountIssues(i);
        return (
          <article
            key={t.integrationId}
            className="composer-preview-card card"
            data-platform={t.platform}
            aria-label={`Preview for ${accountName(t.integrationId)} on ${rules.label}`}
          >
            <header className="composer-preview-head">
              <span className="platform-dot" aria-hidden="true" />
              <strong>{accountName(t.integrationId)}</strong>
              <span className="muted">{rules.label}</span>
              {t.blocks ? <span className="badge">own text</span> : null}
              {n > 0 ? (
                <span className="badge badge-danger">{n === 1 ? '1 problem' : `${n} problems`}</span>
              ) : null}
            </header>
            <PlatformPreview
              post={{
                platform: t.platform,
                account: { name: accountName(t.integrationId), picture: accountPicture?.(t.integrationId) },
                blocks: (rules.threads ? blocks : blocks.slice(0, 1)).map((b) => ({
                  text: b.content,
                  media: b.media.map((m) => ({
                    src:
                      m.kind === 'video' && !m.thumbnail
                        ? null
                        : (m.thumbnail ?? (m.localPath ? previews.get(m.localPath) : undefined) ?? null),
                    kind: m.kind,
                    alt: m.name,
                  })),
                })),
                settings: t.settings,
                firstComment: takesFirstComment(t.platform)
                  ? firstComment && firstCommentFor
                    ? firstCommentFor(t, firstComment)
                    : firstComment
                  : null,
              }}
            />
            {own.length > 0 ? (
              <ul className="composer-issues" aria-label={`Problems of ${accountName(t.integrationId)}`}>
                {own.map((m) => (
                  <li key={m} className="field-error">
                    {m}
                  </li>
                ))}
              </ul>
            ) : null}
            <p className="composer-preview-rule muted">
              {describeMediaRules(rules.media)}
              {!rules.threads && blocks.length > 1 ? ` ${rules.label} publishes only one block.` : ''}
            </p>
          </article>
        );
      })}
      <p className="composer-preview-rule muted">{describeFileLimits()}</p>
    </section>
  );
}
