import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { emailSchema, optionalText } from '@vigil/contract';
import { serverFieldErrors, zodValidate } from '../../../lib/forms';
import { notify } from '../../../lib/notify';
import { useSendBillingLink } from '../api/billing';
import type { BillingMonth, BillingScope } from '../api/period';

/** The fields of POST billingcodelink the form asks for; the recipient is needed to e-mail it. */
const linkFormSchema = z.object({ title: optionalText(100), email: emailSchema });
type LinkForm = z.input<typeof linkFormSchema>;

/**
 * E-mails a link to the month's billing file of the office or organization (POST billingcodelink,
 * then billingcodelink/sendemail); the recipient signs in to download it (valid 7 days).
 */
export function SendLinkModal({
  opened,
  onClose,
  scope,
  scopeName,
  period,
  monthText,
}: {
  opened: boolean;
  onClose: () => void;
  scope: BillingScope;
  scopeName: string;
  period: BillingMonth;
  monthText: string;
}) {
  const { t } = useTranslation('billing');
  const send = useSendBillingLink();
  const form = useForm<LinkForm>({ initialValues: { title: '', email: '' }, validate: zodValidate(linkFormSchema) });
  const submit = form.onSubmit((values) =>
    send.mutate(
      {
        ...(scope.kind === 'hospital' ? { hospitalId: scope.id } : { organizationId: scope.id }),
        year: period.year,
        month: period.month,
        title: values.title || t('link.defaultTitle', { name: scopeName, month: monthText }),
        email: values.email,
      },
      {
        onSuccess: () => {
          notify({ color: 'teal', message: t('link.sent', { email: values.email }) });
          form.reset();
          onClose();
        },
        onError: (err) => {
          form.setErrors(serverFieldErrors(err));
          notify({ color: 'red', message: err.message });
        },
      },
    ),
  );
  return (
    <Modal opened={opened} onClose={onClose} title={t('link.title')} closeButtonProps={{ 'aria-label': t('common:actions.close') }}>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            {t('link.description', { name: scopeName, month: monthText })}
          </Text>
          <TextInput label={t('link.titleField')} placeholder={t('link.defaultTitle', { name: scopeName, month: monthText })} {...form.getInputProps('title')} />
          <TextInput label={t('link.email')} type="email" required {...form.getInputProps('email')} data-testid="link-email" />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common:actions.cancel')}
            </Button>
            <Button type="submit" loading={send.isPending}>
              {t('link.send')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
