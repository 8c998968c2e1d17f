import { useMutation, useQueryClient } from '@tanstack/react-query';
import { users } from '@vigil/contract';
import { call } from '../../../lib/api-client';
import { myProfileImageKey } from './get-my-profile-image';

/** The rule the server checks by content: JPG or PNG, at most 2 MB. */
export const PROFILE_IMAGE_MAX_BYTES = users.uploadMyProfileImage.multipart.maxBytes;
export const PROFILE_IMAGE_TYPES = ['image/jpeg', 'image/png'];

/** POST user/uploadmyprofileimage (multipart field "file"). */
export function uploadMyProfileImage(file: File) {
  const form = new FormData();
  form.append('file', file);
  return call(users.uploadMyProfileImage, { form });
}

export function useUploadMyProfileImage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadMyProfileImage,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: myProfileImageKey }),
  });
}
