import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { offices, storedFromLanguage, users, type Lang, type UserUpdateBody } from '@vigil/contract';
import { useAuth } from '../../../lib/auth';
import { queryKeyOf, useEndpointFileQuery, useEndpointMutation } from '../../../lib/endpoint-query';

/** The rule the server checks by content: JPG or PNG, at most 2 MB. */
export const PROFILE_IMAGE_MAX_BYTES = users.uploadMyProfileImage.multipart.maxBytes;
export const PROFILE_IMAGE_TYPES = ['image/jpeg', 'image/png'];

/** What a change of the caller's own profile makes stale: the users (the profile itself, pickers) and the office staff lists naming them. */
const profileReads = [users, offices.findOfficeMedicalStaff, offices.findOfficeMedicalStaffV2, offices.findOfficeMedicalStaffV3] as const;

/** The picture as an object URL for <img> (GET user/getmyprofileimage; null when there is none), revoked when it changes or the component goes. */
export function useMyProfileImageUrl(): string | null {
  const { data } = useEndpointFileQuery(users.getMyProfileImage, {}, { missingAsNull: true });
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

/** POST user/uploadmyprofileimage (multipart field "file"): the picture shown is reloaded. */
export function useUploadMyProfileImage() {
  return useEndpointMutation(users.uploadMyProfileImage, {
    input: (file: File) => {
      const form = new FormData();
      form.append('file', file);
      return { form };
    },
    invalidates: [users.getMyProfileImage],
  });
}

/** PUT user/{id} with the caller's own id: saves the profile fields, then the cached profile and the signed-in user (header name, language). */
export function useUpdateMyProfile(id: number) {
  const queryClient = useQueryClient();
  const { updateUser } = useAuth();
  return useEndpointMutation(users.updateUser, {
    input: (body: UserUpdateBody) => ({ params: { id }, body }),
    invalidates: profileReads,
    onSuccess: (user) => {
      queryClient.setQueryData(queryKeyOf(users.getUser, { params: { id } }), user);
      updateUser(user);
    },
  });
}

/**
 * PUT user/changemylanguage: saves the chosen language ('ENG' / 'ESP' stored) to the signed-in user
 * (the header's language switch), answering the stored value for the caller to put on the stored
 * user; the cached profile is refreshed.
 */
export function useSaveMyLanguage() {
  return useEndpointMutation(users.changeMyLanguage, { input: (lang: Lang) => ({ body: { language: storedFromLanguage(lang) } }), invalidates: [users.getUser] });
}

/** POST user/changemypassword: the caller's other sessions end; this one stays. */
export function useChangeMyPassword() {
  return useEndpointMutation(users.changeMyPassword, { input: (body: { currentPassword: string; newPassword: string }) => ({ body }) });
}

/** POST user/sendprofileremovalemail: e-mails the caller a link to request the removal of their account. */
export function useSendProfileRemovalEmail() {
  return useEndpointMutation(users.sendProfileRemovalEmail, { input: (_: void) => ({}) });
}
