import { and, asc, count, desc, eq, ilike, or } from 'drizzle-orm';
import { systemWideFilter } from '../../db/scope';
import { emailOutbox } from '../../db/schema/index';
import { escapeLike, pageOffset } from '../../db/query-helpers';
import type { TenantDb } from '../../db/handles';

/**
 * The e-mail outbox, newest first, paged in SQL; `search` matches the address or the subject.
 * Only a system admin sees it (the outbox spans every tenant); anyone else gets an empty page.
 */
export async function findOutbox(
  tenant: TenantDb,
  q: { page: number; pageSize: number; sort?: 'createdAt' | '-createdAt'; search?: string; status?: string },
) {
  const { scope, db } = tenant;
  const search = q.search?.trim();
  const where = and(
    systemWideFilter(scope),
    q.status ? eq(emailOutbox.status, q.status) : undefined,
    search ? or(ilike(emailOutbox.toAddress, `%${escapeLike(search)}%`), ilike(emailOutbox.subject, `%${escapeLike(search)}%`)) : undefined,
  );
  const order = q.sort === 'createdAt' ? [asc(emailOutbox.createdAt), asc(emailOutbox.id)] : [desc(emailOutbox.createdAt), desc(emailOutbox.id)];
  const [total] = await db.select({ n: count() }).from(emailOutbox).where(where);
  const rows = await db
    .select()
    .from(emailOutbox)
    .where(where)
    .orderBy(...order)
    .limit(q.pageSize)
    .offset(pageOffset(q));
  return { rows, total: total?.n ?? 0 };
}
