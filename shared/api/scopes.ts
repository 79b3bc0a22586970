import { z } from 'zod';

export const Scope = z.enum(['posts:read', 'posts:write', 'media:write', 'analytics:read', 'brands:read']);
export type Scope = z.infer<typeof Scope>;
export const ALL_SCOPES: readonly Scope[] = Scope.options;

/** A scope as a person reads it (the dashboard's key form lists the same permissions); never the raw value on screen. */
const SCOPE_LABELS: Record<Scope, string> = {
  'posts:read': 'Read posts',
  'posts:write': 'Write posts',
  'media:write': 'Upload media',
  'analytics:read': 'Read analytics',
  'brands:read': 'Read brands',
};

/** A scope's human name; an unknown one reads as "another permission". */
export function scopeLabel(scope: string): string {
  const parsed = Scope.safeParse(scope);
  return parsed.success ? SCOPE_LABELS[parsed.data] : 'another permission';
}

/** Key prefixes the spec names; live and test keys behave the same in the local service. */
const API_KEY_PREFIXES = { live: 'pst_live_', test: 'pst_test_' } as const;
export type KeyMode = keyof typeof API_KEY_PREFIXES;

/** Whether a key is a live or a test one, by its prefix; null for anything else. */
export function keyMode(token: string): KeyMode | null {
  const modes = Object.keys(API_KEY_PREFIXES) as KeyMode[];
  return modes.find((mode) => token.startsWith(API_KEY_PREFIXES[mode])) ?? null;
}

/** Replaces every API key in a text, so logs and error messages never carry one. */
export function redactKeys(text: string): string {
  return text.replace(/pst_(live|test)_[A-Za-z0-9_-]+/g, 'pst_$1_[redacted]');
}
