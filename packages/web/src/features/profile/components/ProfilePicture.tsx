import { useState } from 'react';
import { Alert, Avatar, Button, FileButton, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconUpload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { message } from '@vigil/contract';
import { ApiError } from '../../../lib/api-client';
import { currentLang } from '../../../lib/i18n';
import { PROFILE_IMAGE_MAX_BYTES, PROFILE_IMAGE_TYPES, useMyProfileImageUrl, useUploadMyProfileImage } from '../api/profile';

/** The caller's picture with an upload button: JPG or PNG up to 2 MB, checked here and, by content, on the server. */
export function ProfilePicture({ initials }: { initials: string }) {
  const { t } = useTranslation('profile');
  const { t: tc } = useTranslation();
  const url = useMyProfileImageUrl();
  const upload = useUploadMyProfileImage();
  const [error, setError] = useState<string | null>(null);

  const choose = (file: File | null) => {
    setError(null);
    if (!file) { return; }
    if (!PROFILE_IMAGE_TYPES.includes(file.type) || file.size > PROFILE_IMAGE_MAX_BYTES) {
      setError(message('profilePictureRule', currentLang()));
      return;
    }
    upload.mutate(file, {
      onSuccess: () => notifications.show({ color: 'teal', message: t('picture.uploaded'), closeButtonProps: { 'aria-label': tc('actions.close') } }),
      onError: (err) => setError(err instanceof ApiError ? err.message : t('networkError')),
    });
  };

  return (
    <Stack align="center" gap="sm">
      <Avatar src={url} alt={url ? t('picture.alt') : undefined} size={120} radius={120} color="teal">
        {initials}
      </Avatar>
      <FileButton onChange={choose} accept={PROFILE_IMAGE_TYPES.join(',')}>
        {(props) => (
          <Button {...props} variant="default" leftSection={<IconUpload size={16} aria-hidden />} loading={upload.isPending}>
            {url ? t('picture.change') : t('picture.upload')}
          </Button>
        )}
      </FileButton>
      {error ? (
        <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert" w="100%" data-testid="picture-error">
          {error}
        </Alert>
      ) : (
        <Text size="xs" c="dimmed" ta="center">
          {message('profilePictureRule', currentLang())}
        </Text>
      )}
    </Stack>
  );
}
