import { DEFAULT_LINK_RULES, LinkRules } from '../../shared/links/model.js';
import { trackText, type TrackContext } from '../../shared/links/track.js';
import type { ActiveBrand } from '../core/active-brand.js';
import type { LabelsRepo } from '../labels/labels-repo.js';
import { subjectOfOp } from '../labels/labels-repo.js';
import type { CreatePayload, OutboxRecord } from '../outbox/outbox-repo.js';
import type { SettingsRepo } from '../store/settings-repo.js';

/*
 * A brand's tracking rules, stored with the device's small settings (one entry per brand, read
 * through the schema so a stale value falls back to the defaults), and the one place a post's
 * links are tracked: the outbox asks here for the copy it sends. The draft itself is never
 * rewritten, so editing shows the user's own link.
 */

const keyOf = (a: ActiveBrand) => `linkRules:${a.profileId}:${a.brandId}`;

export class LinkRulesStore {
  constructor(private readonly settings: SettingsRepo) {}

  get(a: ActiveBrand): LinkRules {
    return this.settings.get(keyOf(a), LinkRules) ?? DEFAULT_LINK_RULES;
  }

  set(a: ActiveBrand, rules: LinkRules): LinkRules {
    this.settings.set(keyOf(a), rules);
    return this.get(a);
  }
}

/** What the outbox needs to say which labels an operation's posts carry. */
type CreatingRecord = Pick<OutboxRecord, 'id' | 'profileId' | 'brandId' | 'draftId'> & {
  replacesGroup?: string | null;
};

/** The campaign and labels a create's posts carry (what their links are tagged with). */
export function labelsOfCreate(labels: LabelsRepo, op: CreatingRecord): TrackContext['labels'] {
  const subject = subjectOfOp({ id: op.id, draftId: op.draftId, replacesGroup: op.replacesGroup ?? null });
  return labels
    .labelsOf({ profileId: op.profileId, brandId: op.brandId }, subject)
    .map((l) => ({ name: l.name, campaign: l.campaign !== null }));
}

/**
 * The create as it goes to the service: every block and first comment of every account with its
 * links tracked for that account's network. Nothing changes when the brand's rules are off.
 */
export function trackedPayload<P extends CreatePayload>(
  payload: P,
  rules: LinkRules,
  labels: TrackContext['labels'],
  brand?: string,
): P {
  if (!rules.enabled) return payload;
  const api = { URL, URLSearchParams };
  return {
    ...payload,
    targets: payload.targets.map((t) => {
      const ctx: TrackContext = {
        platform: t.platform,
        labels,
        ...(brand ? { brand } : {}),
        untracked: payload.untrackedLinks ?? [],
      };
      const track = (text: string) => trackText(text, rules, ctx, api);
      return {
        ...t,
        blocks: t.blocks.map((b) => ({ ...b, content: track(b.content) })),
        ...(t.firstComment
          ? { firstComment: { ...t.firstComment, content: track(t.firstComment.content) } }
          : {}),
      };
    }),
  };
}

/** The hook the outbox worker calls for each create it sends (electron/compose-posts.ts wires it). */
export function linkTracker(o: {
  settings: SettingsRepo;
  labels: LabelsRepo;
  brandName?: (a: ActiveBrand) => string;
}): <P extends CreatePayload>(op: CreatingRecord, payload: P) => P {
  const store = new LinkRulesStore(o.settings);
  return (op, payload) => {
    const brand = { profileId: op.profileId, brandId: op.brandId };
    const rules = store.get(brand);
    if (!rules.enabled) return payload;
    return trackedPayload(payload, rules, labelsOfCreate(o.labels, op), o.brandName?.(brand));
  };
}
