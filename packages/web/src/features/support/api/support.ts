import { keepPreviousData } from '@tanstack/react-query';
import { support, type SupportStatus } from '@vigil/contract';
import { callBlob } from '../../../lib/api-client';
import { useEndpointMutation, useEndpointQuery } from '../../../lib/endpoint-query';
import { saveFile } from '../../../lib/save-file';

export interface ThreadsQuery {
  page: number;
  pageSize: number;
  status?: SupportStatus;
  search?: string;
}

/** GET supportmessage/getdistinctgroups: a page of support threads, most recent activity first. */
export function useSupportThreads(q: ThreadsQuery) {
  return useEndpointQuery(support.getDistinctGroups, { query: { page: q.page, pageSize: q.pageSize, status: q.status, search: q.search || undefined } }, { placeholderData: keepPreviousData });
}

/** GET supportmessage/getmessagesbygroupid: one thread with its messages and files. */
export function useSupportThread(id: number | null) {
  return useEndpointQuery(support.getMessagesByGroupId, { headers: { supportmessageid: id ?? 0 } }, { enabled: id !== null });
}

/** POST supportmessage: a new thread (subject and message) or a reply in a thread. */
export function useCreateSupportMessage() {
  return useEndpointMutation(support.createSupportMessage, {
    input: (body: { supportMessageId?: number; hospitalId?: number; subject?: string; message: string }) => ({ body }),
    invalidates: [support],
  });
}

/** POST supportmessage/setstatus: a thread's status (system admin). */
export function useSetSupportStatus() {
  return useEndpointMutation(support.setSupportStatus, {
    input: (body: { supportMessageId: number; status: SupportStatus }) => ({ body }),
    invalidates: [support],
  });
}

/** POST supportmessage/addfile: attaches one file (multipart field "file") to a thread. */
export function useAddSupportFile() {
  return useEndpointMutation(support.addSupportFile, {
    input: (v: { threadId: number; file: File }) => {
      const form = new FormData();
      form.append('file', v.file);
      return { headers: { relatedtosupportmessageid: v.threadId }, form };
    },
    invalidates: [support],
  });
}

/**
 * Chosen POST supportmessage/withfile: a new thread and its attachment in one call; a refused file
 * (type, size) refuses the whole request and creates nothing (docs/support.md "A request with a file").
 */
export function useCreateSupportThreadWithFile() {
  return useEndpointMutation(support.createSupportThreadWithFile, {
    input: (v: { subject: string; message: string; hospitalId?: number; file: File }) => {
      const form = new FormData();
      form.append('subject', v.subject);
      form.append('message', v.message);
      if (v.hospitalId !== undefined) { form.append('hospitalId', String(v.hospitalId)); }
      form.append('file', v.file);
      return { form };
    },
    invalidates: [support],
  });
}

/** Chosen GET supportmessage/file/{id}: downloads a thread's file under its name. */
export async function downloadSupportFile(id: number, fileName: string): Promise<void> {
  const blob = await callBlob(support.downloadSupportFile, { params: { id } });
  saveFile(blob, fileName);
}
