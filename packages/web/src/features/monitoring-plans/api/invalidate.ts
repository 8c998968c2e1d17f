import type { QueryClient } from '@tanstack/react-query';
import { plansRelatedKeys } from './keys';

/** Refreshes the plans and what depends on them after a change. */
export async function invalidatePlans(qc: QueryClient): Promise<void> {
  await Promise.all(plansRelatedKeys.map((queryKey) => qc.invalidateQueries({ queryKey })));
}
