import { useEffect } from 'react';
import { Button, Group, Select, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { billingProgramSchema, roleNames, type BillingAuthorizationTemplate, type BillingProgram, type RoleId, type UserBillingAuthorization } from '@vigil/contract';
import { serverFieldErrors, zodValidate } from '../../../lib/forms';
import { notify } from '../../../lib/notify';
import { useBillableStaff, useSaveAuthorization } from '../api/billing-settings';
import { ProgramCheckboxes } from './programs';
import { FormModal } from '../../../components/FormModal';

/** The form: the staff member (new only), an optional template and the programs (or the template's). */
const authorizationFormSchema = z
  .object({
    userId: z.string().min(1, 'required'),
    templateId: z.string().nullable(),
    programs: z.array(billingProgramSchema),
  })
  .refine((v) => v.programs.length > 0 || v.templateId !== null, { message: 'required', path: ['programs'] });
type AuthorizationForm = z.input<typeof authorizationFormSchema>;

/**
 * Authorizes a doctor, nurse or office admin of the office to bill programs there (POST
 * billingusersauthorization), or changes an authorization's template and programs (PUT).
 */
export function AuthorizationModal({
  opened,
  onClose,
  hospitalId,
  hospitalName,
  authorization,
  templates,
}: {
  opened: boolean;
  onClose: () => void;
  hospitalId: number;
  hospitalName: string;
  authorization: UserBillingAuthorization | null;
  templates: BillingAuthorizationTemplate[];
}) {
  const { t, i18n } = useTranslation('billingSettings');
  const en = i18n.language.startsWith('en');
  const staff = useBillableStaff(opened && !authorization ? hospitalId : null);
  const save = useSaveAuthorization();
  const form = useForm<AuthorizationForm>({ initialValues: { userId: '', templateId: null, programs: [] }, validate: zodValidate(authorizationFormSchema) });
  useEffect(() => {
    if (opened) {
      form.setValues({
        userId: authorization ? String(authorization.userId) : '',
        templateId: authorization?.templateId ? String(authorization.templateId) : null,
        programs: authorization?.programs ?? [],
      });
      form.clearErrors();
    }
  // eslint-disable-next-line react-hooks/exhaustive-deps -- fills the form when the modal opens or the authorization changes; the form is a new object each render (with it, every render would overwrite the user's edits)
  }, [opened, authorization]);

  const pickTemplate = (id: string | null) => {
    form.setFieldValue('templateId', id);
    const tpl = templates.find((x) => String(x.id) === id);
    if (tpl) { form.setFieldValue('programs', tpl.programs); }
  };
  const submit = form.onSubmit((v) =>
    save.mutate(
      {
        id: authorization?.id,
        userId: Number(v.userId),
        hospitalId,
        templateId: v.templateId ? Number(v.templateId) : null,
        programs: v.programs as BillingProgram[],
      },
      {
        onSuccess: () => {
          notify({ color: 'teal', message: t('authorizations.saved') });
          onClose();
        },
        onError: (err) => {
          form.setErrors(serverFieldErrors(err));
          notify({ color: 'red', message: err.message });
        },
      },
    ),
  );
  const staffOptions = (staff.data ?? []).map((u) => ({
    value: String(u.id),
    label: `${u.lastName}, ${u.firstName} (${en ? roleNames[u.roleId as RoleId]?.en : roleNames[u.roleId as RoleId]?.es})`,
  }));

  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title={authorization ? t('authorizations.edit') : t('authorizations.new')}
      size="lg"
      closeButtonProps={{ 'aria-label': t('common:actions.close') }}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {t('authorizations.officeLine', { office: hospitalName })}
          </Text>
          {authorization ? (
            <Text size="sm">
              {t('authorizations.staff')}: <b>{authorization.userFullname}</b>
            </Text>
          ) : (
            <Select
              label={t('authorizations.staff')}
              required
              searchable
              data={staffOptions}
              nothingFoundMessage={staff.isLoading ? t('common:list.loading') : t('authorizations.noStaff')}
              {...form.getInputProps('userId')}
              value={form.values.userId || null}
              onChange={(v) => form.setFieldValue('userId', v ?? '')}
              data-testid="authorization-staff"
            />
          )}
          <Select
            label={t('authorizations.template')}
            description={t('authorizations.templateHint')}
            placeholder={t('authorizations.noTemplate')}
            clearable
            data={templates.map((x) => ({ value: String(x.id), label: `${x.name} (${x.programs.join(', ')})` }))}
            value={form.values.templateId}
            onChange={pickTemplate}
            nothingFoundMessage={t('templates.none')}
          />
          <ProgramCheckboxes label={t('authorizations.programs')} value={form.values.programs as BillingProgram[]} onChange={(v) => form.setFieldValue('programs', v)} error={form.errors.programs} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common:actions.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending} data-testid="save-authorization">
              {t('common:actions.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </FormModal>
  );
}
