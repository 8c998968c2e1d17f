import { keepPreviousData } from '@tanstack/react-query';
import { releaseNotes, type Lang, type ReleaseNoteKind } from '@vigil/contract';
import { useEndpointFileQuery, useEndpointMutation, useEndpointQuery } from '../../../lib/endpoint-query';

export interface ReleaseNotesFilter {
  page: number;
  pageSize: number;
  kind?: ReleaseNoteKind;
  language?: Lang;
  search?: string;
}

/** GET releasenote: a page of release notes and manuals with the caller's "new" marks. */
export function useReleaseNotes(q: ReleaseNotesFilter) {
  return useEndpointQuery(releaseNotes.findReleaseNotes, { query: { page: q.page, pageSize: q.pageSize, kind: q.kind, language: q.language, search: q.search || undefined } }, { placeholderData: keepPreviousData });
}

/** GET releasenote/{id}: the document's file (opening it clears its "new" mark, so the list is refreshed after). */
export function useReleaseNoteFile(id: number | null) {
  return useEndpointFileQuery(releaseNotes.getReleaseNote, { params: { id: id ?? 0 } }, { enabled: id !== null, staleTime: Infinity });
}

export interface NewReleaseNote {
  kind: ReleaseNoteKind;
  title: string;
  version: string;
  date: string;
  language: Lang;
  file: File;
}

/** POST releasenote: uploads a release note or manual (multipart: the file in field "File" and its details). */
export function useAddReleaseNote() {
  return useEndpointMutation(releaseNotes.addReleaseNote, {
    input: (v: NewReleaseNote) => {
      const form = new FormData();
      form.append('kind', v.kind);
      form.append('title', v.title);
      form.append('version', v.version);
      form.append('date', v.date);
      form.append('language', v.language);
      form.append('File', v.file);
      return { form };
    },
    invalidates: [releaseNotes.findReleaseNotes],
  });
}

/** DELETE releasenote: removes a document (asked for confirmation first). */
export function useDeleteReleaseNote() {
  return useEndpointMutation(releaseNotes.deleteReleaseNote, { input: (id: number) => ({ query: { id } }), invalidates: [releaseNotes.findReleaseNotes] });
}
