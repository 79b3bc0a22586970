import { z } from 'zod';
import { PlatformType } from '../platforms/types.js';

/*
 * A brand's tracking rules for links: the query parameters (UTM tags) added to every link of a
 * post when it is sent, so the client's web analytics credit the post. Kept on this device with
 * the brand's other settings. This file holds only the models (the IPC contract imports it, so it
 * must not pull in twitter-text); the rewriting itself is in track.ts.
 */

const MAX_PARAMS = 20;
const MAX_OVERRIDES = 50;

/** Placeholders a value may hold, filled in per post when it is sent. */
export const PLACEHOLDERS = ['{network}', '{campaign}', '{label}', '{brand}'] as const;

export const ParamKey = z
  .string()
  .trim()
  .min(1, 'A parameter needs a name, such as utm_source.')
  .max(60, 'Keep a parameter name under 60 characters.')
  // Kept to what an analytics tool reads back as typed: letters, digits, "_", "-" and ".".
  .regex(/^[A-Za-z0-9_.-]+$/u, 'A parameter name may hold letters, digits, "_", "-" and "." only.');

export const LinkParam = z.object({
  key: ParamKey,
  /** Fixed text, or placeholders such as {network}; a value that comes out empty is left off. */
  value: z.string().max(200, 'Keep a parameter value under 200 characters.'),
});
export type LinkParam = z.infer<typeof LinkParam>;

const Params = z.array(LinkParam).max(MAX_PARAMS, `A rule holds at most ${MAX_PARAMS} parameters.`);

/** Parameters that replace or add to the brand's own for posts carrying one label or campaign. */
export const LabelOverride = z.object({
  /** The label's or campaign's name, as on the Labels page (matched without regard to case). */
  label: z.string().trim().min(1, 'Pick the label or campaign this applies to.').max(40),
  params: Params,
});
export type LabelOverride = z.infer<typeof LabelOverride>;

/** Parameters that replace or add to the brand's own for one network. */
export const PlatformOverride = z.object({ platform: PlatformType, params: Params });
export type PlatformOverride = z.infer<typeof PlatformOverride>;

export const LinkRules = z.object({
  /** Off: links go out as typed. */
  enabled: z.boolean(),
  params: Params,
  byLabel: z.array(LabelOverride).max(MAX_OVERRIDES),
  byPlatform: z.array(PlatformOverride).max(MAX_OVERRIDES),
});
export type LinkRules = z.infer<typeof LinkRules>;

/** What a brand starts with: off, and the usual three tags ready for when it is turned on. */
export const DEFAULT_LINK_RULES: LinkRules = {
  enabled: false,
  params: [
    { key: 'utm_source', value: '{network}' },
    { key: 'utm_medium', value: 'social' },
    { key: 'utm_campaign', value: '{campaign}' },
  ],
  byLabel: [],
  byPlatform: [],
};

/** How many links one post may mark "Don't track this link". */
export const MAX_UNTRACKED = 50;
/** Links a post keeps as typed (each as written in the text). */
export const UntrackedLinks = z.array(z.string().min(1).max(2_000)).max(MAX_UNTRACKED);
