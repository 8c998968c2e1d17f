import { and, count, desc, eq, sql } from 'drizzle-orm';
import { releaseNotes, releaseNoteViews, users } from '../../db/schema/index';
import type { Scope } from '../../db/scope';
import { escapeLike, pageOffset } from '../../db/query-helpers';
import type { CatalogueDb, TenantDb } from '../../db/handles';

// Release notes and manuals belong to no tenant: every signed-in user reads every one (spec
// section 7; docs/release-notes.md). The caller's scope only says whose "opened" marks to read.

const opened = (scope: Scope) =>
  sql<boolean>`exists (select 1 from ${releaseNoteViews} v where v.release_note_id = ${releaseNotes.id} and v.user_id = ${scope.userId})`;

/** A page of release notes and manuals, newest date then version first, with whether the caller opened each, the total and how many the caller has not opened. */
export async function findReleaseNotes(tenant: TenantDb, q: { kind?: string; language?: string; search?: string; page: number; pageSize: number }) {
  const { scope, db } = tenant;
  const term = q.search?.trim();
  const where = and(
    q.kind ? eq(releaseNotes.kind, q.kind) : undefined,
    q.language ? eq(releaseNotes.language, q.language) : undefined,
    term ? sql`${releaseNotes.title} ilike ${'%' + escapeLike(term) + '%'}` : undefined,
  );
  const rows = await db
    .select({
      id: releaseNotes.id,
      kind: releaseNotes.kind,
      title: releaseNotes.title,
      version: releaseNotes.version,
      releaseDate: releaseNotes.releaseDate,
      language: releaseNotes.language,
      fileName: releaseNotes.fileName,
      contentType: releaseNotes.contentType,
      sizeBytes: releaseNotes.sizeBytes,
      createdAt: releaseNotes.createdAt,
      firstName: users.firstName,
      lastName: users.lastName,
      opened: opened(scope),
    })
    .from(releaseNotes)
    .leftJoin(users, eq(users.id, releaseNotes.uploadedBy))
    .where(where)
    .orderBy(desc(releaseNotes.releaseDate), desc(releaseNotes.id))
    .limit(q.pageSize)
    .offset(pageOffset(q));
  const [total] = await db.select({ n: count() }).from(releaseNotes).where(where);
  const [unopened] = await db.select({ n: count() }).from(releaseNotes).where(and(where, sql`not ${opened(scope)}`));
  return { rows, total: total?.n ?? 0, newCount: unopened?.n ?? 0 };
}

export type ReleaseNoteListRow = Awaited<ReturnType<typeof findReleaseNotes>>['rows'][number];

/** One release note's file, or null. */
export async function getFile({ db }: CatalogueDb, id: number) {
  const [row] = await db
    .select({ id: releaseNotes.id, fileName: releaseNotes.fileName, contentType: releaseNotes.contentType, content: releaseNotes.content })
    .from(releaseNotes)
    .where(eq(releaseNotes.id, id))
    .limit(1);
  return row ?? null;
}

/** Records that the caller opened release note `id` (the first time counts). */
export async function markOpened(tenant: TenantDb, id: number): Promise<void> {
  const { scope, db } = tenant;
  await db.insert(releaseNoteViews).values({ releaseNoteId: id, userId: scope.userId }).onConflictDoNothing();
}

/** Stores a release note or manual uploaded by the caller; its id. */
export async function insert(
  tenant: TenantDb,
  v: { kind: string; title: string; version: string; releaseDate: string; language: string; fileName: string; contentType: string; content: Buffer },
): Promise<number> {
  const { scope, db: tx } = tenant;
  const [row] = await tx
    .insert(releaseNotes)
    .values({ ...v, sizeBytes: v.content.length, uploadedBy: scope.userId })
    .returning({ id: releaseNotes.id });
  return row!.id;
}

/** Deletes release note `id` (and its opened marks); whether it existed. */
export async function remove({ db: tx }: CatalogueDb, id: number): Promise<boolean> {
  const rows = await tx.delete(releaseNotes).where(eq(releaseNotes.id, id)).returning({ id: releaseNotes.id });
  return rows.length > 0;
}
