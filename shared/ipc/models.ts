import { z } from 'zod';

/*
 * What the slices of the IPC contract share across features: the brand a call or a post belongs
 * to, and the token that names a file the user chose. A feature's own models live in its slice
 * (shared/<feature>/ipc.ts) or its model.ts.
 */

/** A brand of a connection: what a post belongs to, and what each write of it carries. */
export const BrandRef = z.object({
  profileId: z.string().min(1).max(200),
  brandId: z.string().min(1).max(200),
});
export type BrandRef = z.infer<typeof BrandRef>;

/** What every file token main hands the window starts with. */
export const FILE_TOKEN_PREFIX = 'file_';
/**
 * An opaque token for a file the user chose (picked, dropped): main made it and knows the path; the
 * window never names a path (electron/files/file-grants.ts).
 */
export const FileToken = z
  .string()
  .regex(
    /^file_[A-Za-z0-9_-]{43}$/,
    'Choose the file again (a file is named by the token main gave for it).',
  );
export type FileToken = z.infer<typeof FileToken>;
