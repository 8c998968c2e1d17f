import { useState } from 'react';
import { Alert, Button, Group, Modal, MultiSelect, Stack, Stepper, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { message, Role, toE164, userCreateBodySchema, type User } from '@vigil/contract';
import { useAuth } from '../../../lib/auth';
import { useCan } from '../../../lib/can';
import { zodValidate } from '../../../lib/forms';
import { currentLang } from '../../../lib/i18n';
import { stepErrors, stepOfFieldIn, useWizard } from '../../../lib/use-wizard';
import { useCountryName } from '../../../components/CountrySelect';
import { DetailList } from '../../../components/DetailList';
import { OrganizationPicker } from '../../../components/OrganizationPicker';
import { PersonFields } from '../../../components/PersonFields';
import { useCreateAdmin, useOfficeOptions } from '../api/admins';
import { emptyAdmin, officesStepFields, personStepFields, toBody, type AdminFormValues, type AdminRole } from './admin-form';

const steps = [personStepFields, officesStepFields] as const;

/**
 * The admin registration wizard: person -> offices (office admin; "At least one facility must be
 * assigned") or organization (organization admin) -> review -> create (POST user).
 */
export function AdminWizard({ roleId, opened, onClose, onCreated }: { roleId: AdminRole; opened: boolean; onClose: () => void; onCreated?: (u: User) => void }) {
  const { t } = useTranslation('admins');
  const { t: tc, i18n } = useTranslation();
  const { user } = useAuth();
  // Choosing any organization is system-wide organization work (the permission map's 'organizations.manage'; docs/architecture.md "Web: permissions").
  const mayChooseOrganization = useCan('organizations.manage');
  const isOfficeAdmin = roleId === Role.HOSPITAL_ADMIN;
  const [organizationLabel, setOrganizationLabel] = useState('');
  const create = useCreateAdmin();
  const countryName = useCountryName();
  const lang = currentLang();

  /** Rules the body schema cannot state: an office admin needs an office, every admin an organization. */
  const extraErrors = (v: AdminFormValues): Record<string, string> => {
    const out: Record<string, string> = {};
    if (!v.organizationId) { out.organizationId = message('required', currentLang()); }
    if (isOfficeAdmin && v.hospitalIds.length === 0) { out.hospitalIds = message('atLeastOneFacility', currentLang()); }
    return out;
  };
  const validateAll = (v: AdminFormValues) => ({ ...extraErrors(v), ...zodValidate(userCreateBodySchema)(toBody(v, roleId)) });

  const form = useForm<AdminFormValues>({
    initialValues: emptyAdmin(lang, mayChooseOrganization ? null : (user?.organizationId ?? null)),
    validate: validateAll,
  });
  const v = form.getValues();
  const offices = useOfficeOptions(v.organizationId ? Number(v.organizationId) : undefined, opened && isOfficeAdmin && !!v.organizationId);

  const wizard = useWizard({
    form,
    steps: steps.length,
    validateStep: (index, values) => {
      const fields: readonly string[] = steps[index] ?? [];
      const errors = stepErrors(userCreateBodySchema, toBody(values, roleId), fields);
      for (const [k, m] of Object.entries(extraErrors(values))) { if (fields.includes(k) && !(k in errors)) { errors[k] = m; } }
      return errors;
    },
    stepOfField: (field) => stepOfFieldIn(steps, field),
    fallbackMessage: tc('list.error'),
  });
  const { active, error } = wizard;

  const close = () => {
    wizard.reset();
    setOrganizationLabel('');
    onClose();
  };

  const submit = () =>
    void wizard.submit(
      (values) => create.mutateAsync(toBody(values, roleId)),
      (created) => {
        notifications.show({ color: 'teal', message: t('wizard.created', { name: `${created.firstName} ${created.lastName}` }) });
        onCreated?.(created);
        close();
      },
    );

  const officeData = (offices.data?.items ?? []).map((o) => ({
    value: String(o.id),
    label: i18n.language.startsWith('es') && o.hospitalNameESP ? o.hospitalNameESP : o.hospitalName,
  }));
  const fixedOrganization = user?.organizationAssignedData?.institutionName ?? '';
  const organizationName = mayChooseOrganization ? organizationLabel : fixedOrganization;
  const phone = v.phone ? toE164(v.phone, v.country) || v.phone : '';
  const kind = isOfficeAdmin ? 'office' : 'organization';

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t(`wizard.title.${kind}`)}
      size={820}
      closeOnClickOutside={false}
      closeButtonProps={{ 'aria-label': tc('actions.close') }}
    >
      <Stack gap="lg">
        {error && (
          <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
            {error}
          </Alert>
        )}
        <Stepper active={active} onStepClick={wizard.goTo} allowNextStepsSelect={false} size="sm">
          <Stepper.Step label={t('wizard.person')} description={t('wizard.personHint')}>
            <PersonFields form={form} emailRequired withBirthdate={false} />
          </Stepper.Step>
          <Stepper.Step label={t(`wizard.${kind}Step`)} description={t(`wizard.${kind}StepHint`)}>
            <Stack gap="md">
              {mayChooseOrganization ? (
                <OrganizationPicker
                  label={t('fields.organization')}
                  withAsterisk
                  placeholder={t('fields.organizationPlaceholder')}
                  nothingFoundMessage={t('fields.organizationNone')}
                  {...form.getInputProps('organizationId')}
                  onChange={(value, option) => {
                    form.setFieldValue('organizationId', value);
                    form.setFieldValue('hospitalIds', []);
                    setOrganizationLabel(option?.label ?? '');
                  }}
                />
              ) : (
                <TextInput label={t('fields.organization')} value={fixedOrganization} readOnly variant="filled" error={form.errors.organizationId} />
              )}
              {isOfficeAdmin && (
                <MultiSelect
                  label={t('fields.offices')}
                  withAsterisk
                  description={t('fields.officesHint')}
                  inputWrapperOrder={['label', 'input', 'description', 'error']}
                  placeholder={v.organizationId ? t('fields.officesPlaceholder') : t('fields.officesNeedOrganization')}
                  disabled={!v.organizationId}
                  searchable
                  nothingFoundMessage={offices.isFetching ? tc('list.loading') : t('fields.officesNone')}
                  data={officeData}
                  maxDropdownHeight={260}
                  {...form.getInputProps('hospitalIds')}
                />
              )}
            </Stack>
          </Stepper.Step>
          <Stepper.Step label={t('wizard.review')} description={t('wizard.reviewHint')}>
            <Stack gap="sm">
              <Text size="sm" c="dimmed">
                {t('wizard.reviewText')}
              </Text>
              <DetailList
                items={[
                  { label: t('fields.role'), value: tc(`roles.${roleId}`) },
                  { label: t('fields.name'), value: `${v.firstName} ${v.lastName}` },
                  { label: t('fields.email'), value: v.email },
                  { label: t('fields.username'), value: v.username || t('fields.usernameAuto') },
                  { label: t('fields.phone'), value: phone },
                  { label: t('fields.country'), value: countryName(v.country) },
                  { label: t('fields.language'), value: t(`languages.${v.language}`) },
                  { label: t('fields.organization'), value: organizationName },
                  ...(isOfficeAdmin
                    ? [{ label: t('fields.offices'), value: officeData.filter((o) => v.hospitalIds.includes(o.value)).map((o) => o.label).join(', ') }]
                    : []),
                ]}
              />
              <Text size="sm" c="dimmed">
                {t('wizard.validationLink')}
              </Text>
            </Stack>
          </Stepper.Step>
        </Stepper>
        <Group justify="space-between">
          <Button variant="default" onClick={active === 0 ? close : wizard.back}>
            {active === 0 ? tc('actions.cancel') : tc('actions.back')}
          </Button>
          {active < steps.length ? (
            <Button onClick={wizard.next}>{tc('actions.next')}</Button>
          ) : (
            <Button onClick={submit} loading={wizard.pending}>
              {t(`wizard.submit.${kind}`)}
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}
