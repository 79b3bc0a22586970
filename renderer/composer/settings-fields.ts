import { z } from 'zod';
import { settingsSchemas } from '../../shared/platforms/settings.js';
import type { PlatformType } from '../../shared/platforms/types.js';

/*
 * The settings form of each platform, read from the same zod schema the service validates with
 * (through its JSON Schema), so a field, its title and its allowed values are defined once.
 */

export type SettingsField =
  | { key: string; title: string; description?: string; required: boolean; kind: 'choice'; options: string[] }
  | { key: string; title: string; description?: string; required: boolean; kind: 'boolean' }
  | {
      key: string;
      title: string;
      description?: string;
      required: boolean;
      kind: 'text';
      minLength?: number;
      maxLength?: number;
    };

const Property = z.looseObject({
  type: z.string().optional(),
  const: z.unknown().optional(),
  enum: z.array(z.string()).optional(),
  title: z.string().optional(),
  description: z.string().optional(),
  minLength: z.number().optional(),
  maxLength: z.number().optional(),
});
const ObjectSchema = z.looseObject({
  properties: z.record(z.string(), Property).default({}),
  required: z.array(z.string()).default([]),
});

const cache = new Map<PlatformType, SettingsField[]>();

/** The fields a user fills for this platform, in the schema's order (`__type` is not one). */
export function settingsFields(platform: PlatformType): SettingsField[] {
  const known = cache.get(platform);
  if (known) return known;
  const schema = ObjectSchema.parse(z.toJSONSchema(settingsSchemas[platform]));
  const fields = Object.entries(schema.properties).flatMap(([key, p]): SettingsField[] => {
    if (p.const !== undefined) return [];
    const base = {
      key,
      title: p.title ?? key,
      required: schema.required.includes(key),
      ...(p.description ? { description: p.description } : {}),
    };
    if (p.enum) return [{ ...base, kind: 'choice', options: p.enum }];
    if (p.type === 'boolean') return [{ ...base, kind: 'boolean' }];
    if (p.type === 'string') {
      return [
        {
          ...base,
          kind: 'text',
          ...(p.minLength !== undefined ? { minLength: p.minLength } : {}),
          ...(p.maxLength !== undefined ? { maxLength: p.maxLength } : {}),
        },
      ];
    }
    return [];
  });
  cache.set(platform, fields);
  return fields;
}

/**
 * A new account's settings: its `__type`, and every checkbox off (a checkbox always says yes or
 * no). Choices start empty, so TikTok's privacy level, for one, is the user's explicit pick.
 */
export function initialSettings(platform: PlatformType): Record<string, unknown> {
  const settings: Record<string, unknown> = { __type: platform };
  for (const f of settingsFields(platform)) if (f.kind === 'boolean') settings[f.key] = false;
  return settings;
}

/** A readable label for an allowed value: PUBLIC_TO_EVERYONE → "Public to everyone". */
export function optionLabel(value: string): string {
  const words = value.replace(/[_-]+/g, ' ').trim().toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
