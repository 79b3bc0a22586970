import type { BrandRef } from '../../shared/ipc/models.js';
import { LabelPicker } from './LabelPicker.js';
import { NotesPanel } from './NotesPanel.js';

/**
 * A post group's labels and notes, in the composer and the post's details (local only, never
 * sent). With `brand` (a post of the all-brands view), they are that brand's, whichever is active.
 */
export function PostMeta({ subject, brand }: { subject: string; brand?: BrandRef | undefined }) {
  return (
    <div className="post-meta">
      <LabelPicker subjects={[subject]} across={brand ? [{ brand, subjects: [subject] }] : undefined} />
      <NotesPanel subject={subject} brand={brand} />
    </div>
  );
}
