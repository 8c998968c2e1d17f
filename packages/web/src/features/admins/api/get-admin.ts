import { useQuery } from '@tanstack/react-query';
import { users, type User } from '@vigil/contract';
import { call } from '../../../lib/api-client';
import { adminsRootKey } from './find-office-admins';

export const adminKey = (id: number) => [...adminsRootKey, 'one', id] as const;

/** GET user/{id}: one admin, kept fresh in the details drawer. */
export const fetchAdmin = (id: number) => call(users.getUser, { params: { id } });

export function useAdmin(id: number, initialData?: User) {
  return useQuery({ queryKey: adminKey(id), queryFn: () => fetchAdmin(id), initialData, initialDataUpdatedAt: 0 });
}
