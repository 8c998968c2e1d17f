import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { users } from '@vigil/contract';
import { ApiError, callBlob } from '../../../lib/api-client';

export const myProfileImageKey = ['profile', 'image'] as const;

/** GET user/getmyprofileimage: the caller's picture, or null when there is none (404). */
export async function getMyProfileImage(): Promise<Blob | null> {
  try {
    return await callBlob(users.getMyProfileImage);
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return null;
    throw err;
  }
}

export function useMyProfileImage() {
  return useQuery({ queryKey: myProfileImageKey, queryFn: getMyProfileImage });
}

/** The picture as an object URL for <img>, revoked when it changes or the component goes. */
export function useMyProfileImageUrl(): string | null {
  const { data } = useMyProfileImage();
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!data) {
      setUrl(null);
      return;
    }
    const next = URL.createObjectURL(data);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [data]);
  return url;
}
