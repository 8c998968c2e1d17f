import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { users, type In } from '@vigil/contract';
import { call } from '../../../lib/api-client';
import { officesRootKey } from './find-offices';

export type UserPickerQuery = NonNullable<In<typeof users.findUsers.query>>;

export const userPickerKey = (q: UserPickerQuery) => [...officesRootKey, 'userPicker', q] as const;

/** GET user with a role filter: the users in scope to choose from when assigning staff or admins. */
export const fetchUsers = (query: UserPickerQuery) => call(users.findUsers, { query });

export function useUserPicker(query: UserPickerQuery, enabled = true) {
  return useQuery({ queryKey: userPickerKey(query), queryFn: () => fetchUsers(query), placeholderData: keepPreviousData, enabled });
}
