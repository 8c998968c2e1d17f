import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import { ccmAttachments, ccmConsentForms, ccmFiles, ccmImaging } from '../../db/schema/index';
import { officeFilter } from '../../db/scope';
import type { TenantDb } from '../../db/handles';

/**
 * The files of CCM attachments, consent forms and imaging studies (`ccm_files`, docs/ccm.md
 * "Files"): one per row, found through its row, so the row's office decides who may read or
 * replace it (db/scope.ts `officeFilter`).
 */
export type CcmFileGroup = 'ccmattachment' | 'ccmconsentform' | 'ccmimaging';

const groups = {
  ccmattachment: { table: ccmAttachments, link: ccmFiles.attachmentId, key: 'attachmentId' },
  ccmconsentform: { table: ccmConsentForms, link: ccmFiles.consentFormId, key: 'consentFormId' },
  ccmimaging: { table: ccmImaging, link: ccmFiles.imagingId, key: 'imagingId' },
} as const;

/** A file's details as lists show them. */
export interface FileInfo {
  fileName: string;
  contentType: string;
  sizeBytes: number;
  uploadedAt: Date;
}

/** Row `id` of `group` in the caller's offices, locked for the write when `forUpdate`: its office, or null. */
export async function getRow(tenant: TenantDb, group: CcmFileGroup, id: number, forUpdate = false): Promise<{ id: number; hospitalId: number; ccmRecordId: number } | null> {
  const { scope, db } = tenant;
  const { table } = groups[group];
  const q = db
    .select({ id: table.id, hospitalId: table.hospitalId, ccmRecordId: table.ccmRecordId })
    .from(table)
    .where(and(eq(table.id, id), officeFilter(scope, table.hospitalId)))
    .limit(1);
  const [row] = forUpdate ? await q.for('update') : await q;
  return row ?? null;
}

/** Stores `file` as the file of row `rowId` (already found in the caller's offices), replacing its previous one. */
export async function putFile(db: Executor, group: CcmFileGroup, row: { id: number; hospitalId: number }, file: { fileName: string; contentType: string; content: Buffer; uploadedBy: number; now: Date }): Promise<FileInfo> {
  const { link, key } = groups[group];
  await db.delete(ccmFiles).where(eq(link, row.id));
  const [stored] = await db
    .insert(ccmFiles)
    .values({ [key]: row.id, hospitalId: row.hospitalId, uploadedBy: file.uploadedBy, fileName: file.fileName, contentType: file.contentType, sizeBytes: file.content.length, content: file.content, createdAt: file.now })
    .returning({ fileName: ccmFiles.fileName, contentType: ccmFiles.contentType, sizeBytes: ccmFiles.sizeBytes, uploadedAt: ccmFiles.createdAt });
  return stored!;
}

/** The file (with its bytes) of row `id` of `group` in the caller's offices, or null (no such row there, or no file). */
export async function getFile(tenant: TenantDb, group: CcmFileGroup, id: number): Promise<{ fileName: string; contentType: string; content: Buffer } | null> {
  const { scope, db } = tenant;
  const { table, link } = groups[group];
  const [row] = await db
    .select({ fileName: ccmFiles.fileName, contentType: ccmFiles.contentType, content: ccmFiles.content })
    .from(ccmFiles)
    .innerJoin(table, eq(table.id, link))
    .where(and(eq(table.id, id), officeFilter(scope, table.hospitalId)))
    .limit(1);
  return row ?? null;
}

/** The file details of rows `ids` of `group`, by row id (rows without a file are absent). */
export async function findFileInfos(db: Executor, group: CcmFileGroup, ids: number[]): Promise<Map<number, FileInfo>> {
  const { link } = groups[group];
  const rows = await db
    .select({ rowId: link, fileName: ccmFiles.fileName, contentType: ccmFiles.contentType, sizeBytes: ccmFiles.sizeBytes, uploadedAt: ccmFiles.createdAt })
    .from(ccmFiles)
    .where(inArray(link, ids));
  return new Map(rows.map(({ rowId, ...r }) => [rowId!, r]));
}

/** `{ fileName, contentType, sizeBytes, uploadedAt }` of the file of the row `rowId` names (null without one), for the record's one-statement read. */
export function fileInfoJson(group: CcmFileGroup, rowId: PgColumn): SQL {
  const { link } = groups[group];
  return sql`(select json_build_object('fileName', ${ccmFiles.fileName}, 'contentType', ${ccmFiles.contentType}, 'sizeBytes', ${ccmFiles.sizeBytes}, 'uploadedAt', ${ccmFiles.createdAt}) from ${ccmFiles} where ${link} = ${rowId})`;
}
