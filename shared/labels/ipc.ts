import { z } from 'zod';
import { BrandRef } from '../ipc/models.js';
import { Id, m } from '../ipc/method.js';
import { Label, LabelInput, LabelsView, MAX_LABEL_SUBJECTS, NoteBody, PostNote, Subject } from './model.js';

/*
 * Labels, campaigns and notes on post groups: kept on this device, never sent to the service.
 */

export const labelsMethods = {
  listLabels: m(
    z.object({ brand: BrandRef.optional() }).strict().optional(),
    LabelsView,
    "A brand's labels and campaigns, which post groups carry which, and how many notes each has: the brand named (one the calendar shows), else the active brand's.",
  ),
  saveLabel: m(LabelInput, Label, 'Creates a label, or renames, recolours or dates (a campaign) one.'),
  deleteLabel: m(
    z.object({ id: Id }),
    z.object({ deleted: z.boolean() }),
    'Deletes a label; the posts that carried it lose it.',
  ),
  setPostLabels: m(
    z.object({
      subjects: z.array(Subject).min(1).max(MAX_LABEL_SUBJECTS),
      add: z.array(Id).max(100),
      remove: z.array(Id).max(100),
    }),
    LabelsView,
    'Adds and removes labels on post groups or drafts (local only; nothing goes to the outbox).',
  ),
  setPostLabelsAcrossBrands: m(
    z
      .object({
        groups: z
          .array(z.object({ brand: BrandRef, subjects: z.array(Subject).min(1).max(MAX_LABEL_SUBJECTS) }))
          .min(1)
          .max(200),
        add: z.array(Id).max(100),
        remove: z.array(Id).max(100),
      })
      .refine((v) => v.groups.reduce((n, g) => n + g.subjects.length, 0) <= MAX_LABEL_SUBJECTS, {
        message: `A label change may name at most ${MAX_LABEL_SUBJECTS} posts.`,
      }),
    z.array(z.object({ brand: BrandRef, view: LabelsView })),
    "Adds and removes labels (the active brand's or a named brand's) on post groups of several brands (the all-brands view), each under its own brand: its label of the same name, made there (same colour) when missing; one transaction. Answers each brand's labels.",
  ),
  listNotes: m(
    z.object({ subject: Subject, brand: BrandRef.optional() }).strict(),
    z.array(PostNote),
    "A post group's notes, oldest first: of the brand named (a post of the all-brands view; one the calendar shows), else the active brand's.",
  ),
  addNote: m(
    z.object({ subject: Subject, body: NoteBody, brand: BrandRef.optional() }).strict(),
    PostNote,
    "Adds an internal note to a post group of the brand named (one the calendar shows) or the active brand, signed with the connection's user name (never sent).",
  ),
  deleteNote: m(
    z.object({ id: Id, brand: BrandRef.optional() }).strict(),
    z.object({ deleted: z.boolean() }),
    'Deletes a note of the brand named (one the calendar shows) or the active brand.',
  ),
} as const;

export const labelsEvents = {
  /** Labels or notes moved to the group the service gave a post (a confirmed create or edit). */
  labelsChanged: z.object({ brandId: z.string() }),
} as const;
