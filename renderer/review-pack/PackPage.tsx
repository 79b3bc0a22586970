import { useMemo, useState } from 'react';
import type { PlatformType } from '../../shared/platforms/types.js';
import { PlatformType as PlatformTypeSchema } from '../../shared/platforms/types.js';
import {
  REPLY_FORMAT,
  reviewLabel,
  type PackData,
  type PackPost,
  type ReviewReply,
  type ReviewVerdict,
} from '../../shared/review/model.js';
import { PlatformPreview, type PreviewPostData } from '../previews/PlatformPreview.js';

interface Choice {
  verdict: ReviewVerdict;
  comment: string;
}

const platformOf = (p: string): PlatformType => {
  const known = PlatformTypeSchema.safeParse(p);
  return known.success ? known.data : 'x';
};

function previewOf(account: PackPost['accounts'][number]): PreviewPostData {
  return {
    platform: platformOf(account.platform),
    account: { name: account.name, picture: account.picture },
    blocks: account.blocks.map((b) => ({ text: b.text, media: b.media })),
    ...(account.settings ? { settings: account.settings } : {}),
  };
}

/** The reply file's name: the brand and the day, safe on every file system. */
function replyName(brand: string): string {
  const safe = brand.replace(/[\\/:*?"<>|\p{Cc}]+/gu, ' ').trim() || 'Brand';
  return `${safe} review reply ${new Date().toISOString().slice(0, 10)}.json`;
}

export function PackPage({ data }: { data: PackData }) {
  const [choices, setChoices] = useState<Record<string, Choice>>({});
  const [saved, setSaved] = useState<string | null>(null);
  const [approver, setApprover] = useState('');
  // The people the steps in this pack name: one of them must sign the reply.
  const named = useMemo(() => [...new Set(data.posts.flatMap((p) => p.step?.approvers ?? []))], [data.posts]);
  const steps = useMemo(
    () => [...new Set(data.posts.flatMap((p) => (p.step && p.step.count > 1 ? [p.step.name] : [])))],
    [data.posts],
  );
  const needsName = named.length > 0 && approver.trim() === '';
  const byDay = useMemo(() => {
    const days = new Map<string, PackPost[]>();
    for (const post of data.posts) {
      const day = post.when.split(' · ')[0] ?? post.when;
      days.set(day, [...(days.get(day) ?? []), post]);
    }
    return [...days.entries()];
  }, [data.posts]);
  const grid = data.posts.flatMap((post) =>
    post.accounts
      .filter((a) => a.platform === 'instagram')
      .map((a) => ({ post, media: a.blocks[0]?.media[0] ?? null, text: a.blocks[0]?.text ?? '' })),
  );
  const decided = Object.keys(choices).length;

  const choose = (key: string, choice: Choice | null) => {
    setSaved(null);
    setChoices((all) => {
      const next = { ...all };
      if (choice) next[key] = choice;
      else delete next[key];
      return next;
    });
  };

  const approveAll = () => {
    setSaved(null);
    setChoices((all) => {
      const next = { ...all };
      for (const p of data.posts) if (!next[p.key]) next[p.key] = { verdict: 'approved', comment: '' };
      return next;
    });
  };

  const save = () => {
    const reply: ReviewReply = {
      format: REPLY_FORMAT,
      version: 2,
      ...(approver.trim() ? { approver: approver.trim() } : {}),
      packId: data.packId,
      brandId: data.brandId,
      verdicts: data.posts.flatMap((p) => {
        const c = choices[p.key];
        return c
          ? [
              {
                key: p.key,
                seen: p.seen,
                verdict: c.verdict,
                comment: c.comment,
                ...(p.step ? { step: p.step.index } : {}),
              },
            ]
          : [];
      }),
    };
    const blob = new Blob([JSON.stringify(reply, null, 2)], { type: 'application/json' });
    const url = URL.createObjectURL(blob);
    const a = document.createElement('a');
    const name = replyName(data.brandName);
    a.href = url;
    a.download = name;
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
    setSaved(name);
  };

  return (
    <div className="rp" style={{ ['--brand' as string]: data.brandColour }}>
      <header className="rp-head">
        <div className="rp-brand">
          <span className="rp-swatch" aria-hidden="true" />
          <div>
            <h1>{data.brandName}</h1>
            <p className="rp-range">
              Posts for review, {data.range.from} to {data.range.to} · {data.posts.length}{' '}
              {data.posts.length === 1 ? 'post' : 'posts'}
            </p>
          </div>
        </div>
        <div className="rp-actions">
          <span className="rp-count" aria-live="polite">
            {decided} of {data.posts.length} decided
          </span>
          <button type="button" onClick={approveAll}>
            Approve all
          </button>
          <button type="button" className="rp-primary" onClick={save} disabled={decided === 0 || needsName}>
            Save reply
          </button>
        </div>
      </header>
      <div className="rp-who">
        <label>
          Your name{' '}
          <input
            value={approver}
            maxLength={60}
            autoComplete="name"
            list={named.length > 0 ? 'rp-approvers' : undefined}
            onChange={(e) => {
              setSaved(null);
              setApprover(e.target.value);
            }}
            aria-describedby="rp-who-help"
          />
        </label>
        {named.length > 0 && (
          <datalist id="rp-approvers">
            {named.map((n) => (
              <option key={n} value={n} />
            ))}
          </datalist>
        )}
        <span id="rp-who-help" className="rp-was">
          {steps.length > 0 ? `This pack asks for the ${steps.join(' and ')} approval. ` : ''}
          {named.length > 0
            ? `Type your name as the agency knows it (${named.join(', ')}) before saving your reply.`
            : 'The agency sees your name beside each decision.'}
        </span>
      </div>
      {saved && (
        <p className="rp-saved" role="status">
          Saved as “{saved}”. Send this file back to the agency; this page itself sends nothing.
        </p>
      )}
      <p className="rp-help">
        Approve each post, or ask for changes and say what should change. Then save your reply and send the
        file back. This page works offline and sends nothing anywhere.
      </p>
      <nav className="rp-nav" aria-label="Sections">
        <a href="#calendar">Calendar list</a>
        <a href="#grid">Instagram grid</a>
      </nav>
      <section id="calendar" aria-labelledby="calendar-title">
        <h2 id="calendar-title">Calendar list</h2>
        {byDay.map(([day, posts]) => (
          <section key={day} className="rp-day" aria-label={day}>
            <h3>{day}</h3>
            {posts.map((post) => (
              <PackPostCard
                key={post.key}
                post={post}
                choice={choices[post.key] ?? null}
                onChoose={(c) => choose(post.key, c)}
              />
            ))}
          </section>
        ))}
      </section>
      <section id="grid" aria-labelledby="grid-title">
        <h2 id="grid-title">Instagram grid</h2>
        {grid.length === 0 ? (
          <p className="rp-help">No Instagram posts in this pack.</p>
        ) : (
          <ol className="rp-grid">
            {[...grid].reverse().map((g, i) => (
              <li key={`${g.post.key}-${i}`} title={g.post.when}>
                {g.media?.src ? (
                  <img src={g.media.src} alt={g.text.slice(0, 120)} />
                ) : (
                  <span className="rp-grid-text">{g.text.slice(0, 80)}</span>
                )}
              </li>
            ))}
          </ol>
        )}
      </section>
    </div>
  );
}

function PackPostCard({
  post,
  choice,
  onChoose,
}: {
  post: PackPost;
  choice: Choice | null;
  onChoose: (c: Choice | null) => void;
}) {
  const names = post.accounts.map((a) => a.name).join(', ');
  const verdict = choice?.verdict ?? null;
  const label = `Post at ${post.when} to ${names}`;
  return (
    <article className="rp-post" aria-label={label} data-verdict={verdict ?? 'none'}>
      <header>
        <strong>{post.when}</strong>
        <span className="rp-accounts">{names}</span>
        {post.step && post.step.count > 1 && (
          <span className="rp-step">
            Step {post.step.index + 1} of {post.step.count}: {post.step.name}
            {post.step.rule === 'all' && post.step.approvers.length > 1 ? ' (everyone approves)' : ''}
          </span>
        )}
        {post.state !== 'draft' && post.state !== 'inReview' && (
          <span className="rp-was">Earlier: {reviewLabel(post.state)}</span>
        )}
      </header>
      {post.comment && <p className="rp-earlier">Earlier comment: {post.comment}</p>}
      <div className="rp-previews">
        {post.accounts.map((a, i) => (
          <PlatformPreview key={i} post={previewOf(a)} />
        ))}
      </div>
      <fieldset className="rp-verdict">
        <legend>Your verdict on this post</legend>
        <label>
          <input
            type="radio"
            name={`v-${post.key}`}
            checked={verdict === 'approved'}
            onChange={() => onChoose({ verdict: 'approved', comment: '' })}
          />
          Approve
        </label>
        <label>
          <input
            type="radio"
            name={`v-${post.key}`}
            checked={verdict === 'changesRequested'}
            onChange={() => onChoose({ verdict: 'changesRequested', comment: choice?.comment ?? '' })}
          />
          Request changes
        </label>
        {verdict && (
          <button type="button" className="rp-link" onClick={() => onChoose(null)}>
            Clear my verdict
          </button>
        )}
        {verdict === 'changesRequested' && (
          <label className="rp-comment">
            What should change?
            <textarea
              value={choice?.comment ?? ''}
              maxLength={5000}
              rows={3}
              onChange={(e) => onChoose({ verdict: 'changesRequested', comment: e.target.value })}
            />
          </label>
        )}
        <p className="rp-print-verdict">
          Verdict: {verdict ? reviewLabel(verdict) : '☐ Approve   ☐ Request changes'}
        </p>
      </fieldset>
    </article>
  );
}
