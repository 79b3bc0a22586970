/*
 * Pure. What the key's scopes allow, feature by feature, with the sentence to show
 * beside a feature the key cannot use, so it is disabled up front instead of failing later.
 */

import { scopeLabel } from '../../shared/api/scopes.js';

export type Feature =
  'viewPosts' | 'createPosts' | 'reschedule' | 'deletePosts' | 'uploadMedia' | 'analytics' | 'brands';

interface FeatureRule {
  feature: Feature;
  label: string;
  scope: string;
  /** What the user cannot do, in their words. */
  cannot: string;
}

export const FEATURE_RULES: readonly FeatureRule[] = [
  {
    feature: 'viewPosts',
    label: 'See posts in the calendar',
    scope: 'posts:read',
    cannot: 'see the brand’s posts',
  },
  {
    feature: 'createPosts',
    label: 'Create and schedule posts',
    scope: 'posts:write',
    cannot: 'create or schedule posts',
  },
  { feature: 'reschedule', label: 'Move posts to another time', scope: 'posts:write', cannot: 'move posts' },
  { feature: 'deletePosts', label: 'Delete posts', scope: 'posts:write', cannot: 'delete posts' },
  { feature: 'uploadMedia', label: 'Upload images and videos', scope: 'media:write', cannot: 'upload media' },
  { feature: 'analytics', label: 'Read analytics', scope: 'analytics:read', cannot: 'read analytics' },
  {
    feature: 'brands',
    label: 'List brands and switch between them',
    scope: 'brands:read',
    cannot: 'list brands',
  },
];

export interface FeatureAccess {
  feature: Feature;
  label: string;
  scope: string;
  allowed: boolean;
  /** Why not, and what to do; null when allowed. */
  reason: string | null;
}

/** One feature. Unknown scopes (null: the service did not say) allow everything; the service still decides. */
export function featureAccess(scopes: readonly string[] | null, feature: Feature): FeatureAccess {
  const rule = FEATURE_RULES.find((r) => r.feature === feature)!;
  const allowed = scopes === null || scopes.includes(rule.scope);
  return {
    feature,
    label: rule.label,
    scope: rule.scope,
    allowed,
    reason: allowed
      ? null
      : `This API key cannot ${rule.cannot}: it lacks the “${scopeLabel(rule.scope)}” permission. Create a key with it in your dashboard (Settings › API Keys) and replace the key on the Account page.`,
  };
}

/** Every feature, in the order the account page lists them. */
export function allFeatureAccess(scopes: readonly string[] | null): FeatureAccess[] {
  return FEATURE_RULES.map((r) => featureAccess(scopes, r.feature));
}
