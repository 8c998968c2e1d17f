import { z } from 'zod';
import { endpoint } from '../../common/endpoint';
import { RELEASE_NOTE_MAX_BYTES, releaseNoteIdQuerySchema, releaseNotePageSchema, releaseNoteParamsSchema, releaseNoteSchema, releaseNotesQuerySchema } from './release-notes.schemas';

const tag = 'Release notes';

export const findReleaseNotes = endpoint({
  method: 'GET',
  path: 'releasenote',
  tag,
  summary: 'Release notes and manuals, newest version first (filters: kind, language, words of the title); each marked new until the caller opens it, and how many are new',
  permission: 'releaseNotes.read',
  query: releaseNotesQuerySchema,
  response: releaseNotePageSchema,
});

export const getReleaseNote = endpoint({
  method: 'GET',
  path: 'releasenote/{id}',
  tag,
  summary:
    'The release note or manual file with its content type (application/pdf or text/markdown) and file name, shown in the browser (inline); records that the caller opened it. 404 "Error getting release note by ID" when there is none',
  permission: 'releaseNotes.read',
  params: releaseNoteParamsSchema,
  binary: true,
  response: z.string(),
  changesAccess: false,
});

export const addReleaseNote = endpoint({
  method: 'POST',
  path: 'releasenote',
  tag,
  summary:
    'Uploads a release note or manual (multipart: the file in field "File", a PDF or a Markdown .md file of at most 20 MB, and fields kind, title, version, date YYYY-MM-DD, language en/es); system admin. 400 / 415 "Error adding release note" with the fields at fault',
  permission: 'releaseNotes.manage',
  multipart: { maxBytes: RELEASE_NOTE_MAX_BYTES },
  response: releaseNoteSchema,
  changesAccess: false,
});

export const deleteReleaseNote = endpoint({
  method: 'DELETE',
  path: 'releasenote',
  tag,
  summary: 'Deletes release note or manual `id` (system admin); 404 "Error getting release note by ID" when there is none',
  permission: 'releaseNotes.manage',
  query: releaseNoteIdQuerySchema,
  response: z.object({ id: z.number().int() }),
  changesAccess: false,
});
