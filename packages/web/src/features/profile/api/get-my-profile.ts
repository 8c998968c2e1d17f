import { useQuery } from '@tanstack/react-query';
import { users, type User } from '@vigil/contract';
import { call } from '../../../lib/api-client';

export const myProfileKey = (id: number) => ['profile', 'me', id] as const;

/** GET user/{id} with the caller's own id: the full profile. */
export function getMyProfile(id: number): Promise<User> {
  return call(users.getUser, { params: { id } });
}

export function useMyProfile(id: number | undefined) {
  return useQuery({ queryKey: myProfileKey(id ?? 0), queryFn: () => getMyProfile(id!), enabled: !!id });
}
