import { z } from 'zod';
import { pageOf, pageQuerySchema } from '../../common/envelope';
import { idSchema } from '../../common/ids';

const iso = z.string(); // ISO 8601 instant
const langSchema = z.enum(['en', 'es']);

/** What a document is: a release note (what changed in a version) or a manual (how to use Vigil). */
export const releaseNoteKinds = ['release_note', 'manual'] as const;
export type ReleaseNoteKind = (typeof releaseNoteKinds)[number];
export const releaseNoteKindSchema = z.enum(releaseNoteKinds);

/** The files a release note or manual may be, told by content (PDF) or name and content (Markdown text). */
export const releaseNoteContentTypes = ['application/pdf', 'text/markdown'] as const;
export type ReleaseNoteContentType = (typeof releaseNoteContentTypes)[number];

/** Largest release note or manual file: 20 MB. */
export const RELEASE_NOTE_MAX_BYTES = 20 * 1024 * 1024;

export const releaseNoteSchema = z.object({
  id: z.number().int(),
  kind: releaseNoteKindSchema,
  title: z.string(),
  version: z.string(),
  /** the document's date, YYYY-MM-DD */
  releaseDate: z.string(),
  language: z.enum(['en', 'es']),
  fileName: z.string(),
  contentType: z.enum(releaseNoteContentTypes),
  sizeBytes: z.number().int(),
  uploadedByFullname: z.string(),
  createdAt: iso,
  /** the caller has not opened it yet */
  isNew: z.boolean(),
});
export type ReleaseNote = z.infer<typeof releaseNoteSchema>;

export const releaseNotePageSchema = pageOf(releaseNoteSchema).extend({ newCount: z.number().int() });
export type ReleaseNotePage = z.infer<typeof releaseNotePageSchema>;

/** `GET releasenote`: by kind and language; newest version first. */
export const releaseNotesQuerySchema = pageQuerySchema.omit({ sort: true }).extend({
  kind: releaseNoteKindSchema.optional(),
  language: langSchema.optional(),
});
export type ReleaseNotesQuery = z.infer<typeof releaseNotesQuerySchema>;

export const releaseNoteParamsSchema = z.object({ id: idSchema });
export const releaseNoteIdQuerySchema = z.object({ id: idSchema });

/** The form fields of `POST releasenote` (multipart, with the file in field "File"). */
export const releaseNoteFieldsSchema = z.object({
  kind: releaseNoteKindSchema,
  title: z.string().trim().min(1).max(200),
  version: z
    .string()
    .trim()
    .min(1)
    .max(40)
    .regex(/^[0-9A-Za-z][0-9A-Za-z.+-]*$/),
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/).refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v)),
  language: langSchema,
});
export type ReleaseNoteFields = z.infer<typeof releaseNoteFieldsSchema>;
