import type { SendKind } from './SendBar.js';

/* The sentences the composer leaves behind when a post leaves it. */

/** "Tue 24 Nov, 09:00" in the brand's zone. */
export function slotTime(iso: string, zone: string): string {
  return new Intl.DateTimeFormat(undefined, {
    timeZone: zone,
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
  }).format(new Date(iso));
}

/** "Queued: Harbor Coffee on Tue 24 Nov, 09:00; …" in the brand's zone. */
export function queuedMessage(posts: { name: string; date: string }[], zone: string): string {
  return `Queued: ${posts.map((p) => `${p.name} on ${slotTime(p.date, zone)}`).join('; ')}.`;
}

export function sentMessage(kind: SendKind, count: number, isEdit: boolean): string {
  const accounts = count === 1 ? '1 account' : `${count} accounts`;
  if (isEdit) return `Post updated for ${accounts}; the old version is being removed.`;
  if (kind === 'server-draft') return `Saved as a draft on the service for ${accounts}.`;
  if (kind === 'now') return `Publishing now on ${accounts}.`;
  return `Scheduled for ${accounts}.`;
}
