import { LabelPicker } from './LabelPicker.js';
import { NotesPanel } from './NotesPanel.js';

/** A post group's labels and notes, in the composer and the post's details (local only, never sent). */
export function PostMeta({ subject }: { subject: string }) {
  return (
    <div className="post-meta">
      <LabelPicker subjects={[subject]} />
      <NotesPanel subject={subject} />
    </div>
  );
}
