import { z } from 'zod';
import { pageOf, pageQuerySchema } from '../../common/envelope';
import { bodyIdSchema, idSchema } from '../../common/ids';
import { requiredText } from '../../common/validation';

const iso = z.string(); // ISO 8601 instant

/** A support thread's status (docs/support.md): open, in progress (support is on it), resolved. */
export const supportStatuses = ['open', 'in_progress', 'resolved'] as const;
export type SupportStatus = (typeof supportStatuses)[number];
export const supportStatusSchema = z.enum(supportStatuses);

/** Most characters of a support message, and of a thread's subject. */
export const SUPPORT_MESSAGE_MAX = 4000;
export const SUPPORT_SUBJECT_MAX = 200;

/** The file types a support thread accepts, told by their content (docs/support.md "Files"). */
export const supportFileTypes = ['application/pdf', 'image/png', 'image/jpeg', 'text/plain', 'text/csv'] as const;
export type SupportFileType = (typeof supportFileTypes)[number];

/** A support thread (the spec's support message group) between a clinic user and the system admins. */
export const supportThreadSchema = z.object({
  supportMessageId: z.number().int(),
  subject: z.string(),
  status: supportStatusSchema,
  createdBy: z.number().int(),
  createdByFullname: z.string(),
  hospitalId: z.number().int().nullable(),
  hospitalName: z.string(),
  createdAt: iso,
  lastMessageAt: iso,
  messageCount: z.number().int(),
  fileCount: z.number().int(),
});
export type SupportThread = z.infer<typeof supportThreadSchema>;

export const supportMessageSchema = z.object({
  id: z.number().int(),
  fromUserId: z.number().int().nullable(),
  fromUserFullname: z.string(),
  /** written by a system admin answering for support */
  fromSupport: z.boolean(),
  message: z.string(),
  createdAt: iso,
});
export type SupportMessage = z.infer<typeof supportMessageSchema>;

export const supportFileSchema = z.object({
  id: z.number().int(),
  fileName: z.string(),
  contentType: z.enum(supportFileTypes),
  sizeBytes: z.number().int(),
  uploadedBy: z.number().int().nullable(),
  uploadedByFullname: z.string(),
  createdAt: iso,
});
export type SupportFile = z.infer<typeof supportFileSchema>;

/** A thread with its messages (oldest first) and files. */
export const supportThreadDetailSchema = z.object({
  thread: supportThreadSchema,
  messages: z.array(supportMessageSchema),
  files: z.array(supportFileSchema),
});
export type SupportThreadDetail = z.infer<typeof supportThreadDetailSchema>;

export const supportThreadPageSchema = pageOf(supportThreadSchema);
export type SupportThreadPage = z.infer<typeof supportThreadPageSchema>;

/** `getdistinctgroups`: the threads, newest activity first; filter by status and subject / author. */
export const supportThreadsQuerySchema = pageQuerySchema.omit({ sort: true }).extend({ status: supportStatusSchema.optional() });
export type SupportThreadsQuery = z.infer<typeof supportThreadsQuerySchema>;

/**
 * `POST supportmessage`: a new thread (no `supportMessageId`; `subject` required) or a reply in
 * thread `supportMessageId`.
 */
export const createSupportMessageBodySchema = z
  .object({
    supportMessageId: bodyIdSchema.optional(),
    /** a new thread: the office it is about (one of the caller's; 404 otherwise) */
    hospitalId: bodyIdSchema.optional(),
    subject: z.string().trim().max(SUPPORT_SUBJECT_MAX).optional(),
    message: requiredText(SUPPORT_MESSAGE_MAX),
  })
  .superRefine((v, c) => {
    if (v.supportMessageId === undefined && !v.subject) { c.addIssue({ code: 'custom', path: ['subject'], message: 'required' }); }
  });
export type CreateSupportMessageBody = z.input<typeof createSupportMessageBodySchema>;

/**
 * The text fields of `POST supportmessage/withfile` (multipart, the file in field "file"): a new
 * thread's subject and first message and, optionally, its office (a form field is text, so the id
 * comes as digits).
 */
export const supportThreadWithFileFieldsSchema = z.object({
  hospitalId: z.string().regex(/^[1-9]\d{0,9}$/).transform(Number).optional(),
  subject: z.string().trim().min(1).max(SUPPORT_SUBJECT_MAX),
  message: requiredText(SUPPORT_MESSAGE_MAX),
});
export type SupportThreadWithFileFields = z.infer<typeof supportThreadWithFileFieldsSchema>;

export const setSupportStatusBodySchema = z.object({ supportMessageId: bodyIdSchema, status: supportStatusSchema });
export type SetSupportStatusBody = z.input<typeof setSupportStatusBodySchema>;

/** The thread a file or a read names, as the spec passes it: a header. */
export const supportMessageIdHeadersSchema = z.object({ supportmessageid: idSchema });
export const relatedSupportMessageHeadersSchema = z.object({ relatedtosupportmessageid: idSchema });
export const supportFileParamsSchema = z.object({ id: idSchema });
