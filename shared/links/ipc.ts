import { z } from 'zod';
import { m, None } from '../ipc/method.js';
import { LinkRules } from './model.js';

/*
 * Tracked links: a brand's rules, kept on this device with its other settings. The rewrite itself
 * happens in main when a post is sent (electron/links/), and in the composer's preview.
 */

export const linksMethods = {
  getLinkRules: m(
    None,
    LinkRules,
    "The active brand's tracking rules for links (off with the usual tags when never set).",
  ),
  setLinkRules: m(
    z.object({ rules: LinkRules }).strict(),
    LinkRules,
    "Saves the active brand's tracking rules; posts sent from now on carry them.",
  ),
} as const;
