import { useState } from 'react';
import { Alert, Button, Group, Modal, Stack, Stepper, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { officeCreateSchema, toE164, type Office } from '@vigil/contract';
import { useAuth } from '../../../lib/auth';
import { useCan } from '../../../lib/can';
import { zodValidate } from '../../../lib/forms';
import { schemaSteps, useWizard } from '../../../lib/use-wizard';
import { DetailList } from '../../../components/DetailList';
import { useCountryName } from '../../../components/CountrySelect';
import { useCreateOffice } from '../api/offices';
import { useTimeZones } from '../../../lib/shared-reads';
import { AddressFields, NameFields, ProgramFields } from './OfficeFields';
import { OrganizationPicker } from '../../../components/OrganizationPicker';
import { addressFields, emptyOffice, nameFields, programFields, programs, toCreateBody, type OfficeFormValues } from './office-form';

const steps = [nameFields, addressFields, programFields] as const;

/** The office registration wizard: organization and names -> address and time zone -> programs -> review -> create. */
export function OfficeWizard({ opened, onClose, onCreated }: { opened: boolean; onClose: () => void; onCreated?: (o: Office) => void }) {
  const { t } = useTranslation('offices');
  const { t: tc } = useTranslation();
  const { user } = useAuth();
  // Choosing any organization is system-wide organization work (the permission map's 'organizations.manage'; docs/architecture.md "Web: permissions").
  const mayChooseOrganization = useCan('organizations.manage');
  const [organizationLabel, setOrganizationLabel] = useState<string>('');
  const create = useCreateOffice();
  const countryName = useCountryName();
  const { data: zones } = useTimeZones();
  const initial = emptyOffice(mayChooseOrganization ? null : (user?.organizationId ?? null));
  const form = useForm<OfficeFormValues>({ initialValues: initial, validate: (values) => zodValidate(officeCreateSchema)(toCreateBody(values)) });

  const wizard = useWizard({ form, ...schemaSteps(officeCreateSchema, toCreateBody, steps), fallbackMessage: tc('list.error') });
  const { active, error } = wizard;

  const close = () => {
    wizard.reset();
    onClose();
  };

  const submit = () =>
    void wizard.submit(
      (values) => create.mutateAsync(toCreateBody(values)),
      (office) => {
        notifications.show({ color: 'teal', message: t('wizard.created', { name: office.hospitalName }) });
        onCreated?.(office);
        close();
      },
    );

  const v = form.getValues();
  const fixedOrganization = user?.organizationAssignedData?.institutionName ?? '';
  const zoneLabel = zones?.find((z) => z.id === v.timeZone)?.label ?? v.timeZone ?? '';
  const phone = v.phone ? toE164(v.phone, v.country) || v.phone : '';

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t('wizard.title')}
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
          <Stepper.Step label={t('wizard.names')} description={t('wizard.namesHint')}>
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
                    setOrganizationLabel(option?.label ?? '');
                  }}
                />
              ) : (
                <TextInput label={t('fields.organization')} value={fixedOrganization} readOnly variant="filled" error={form.errors.organizationId} />
              )}
              <NameFields form={form} />
            </Stack>
          </Stepper.Step>
          <Stepper.Step label={t('wizard.address')} description={t('wizard.addressHint')}>
            <AddressFields form={form} />
          </Stepper.Step>
          <Stepper.Step label={t('wizard.programs')} description={t('wizard.programsHint')}>
            <ProgramFields form={form} />
          </Stepper.Step>
          <Stepper.Step label={t('wizard.review')} description={t('wizard.reviewHint')}>
            <Stack gap="sm">
              <Text size="sm" c="dimmed">
                {t('wizard.reviewText')}
              </Text>
              <DetailList
                items={[
                  { label: t('fields.organization'), value: mayChooseOrganization ? organizationLabel : fixedOrganization },
                  { label: t('fields.hospitalName'), value: v.hospitalName },
                  { label: t('fields.hospitalNameESP'), value: v.hospitalNameESP },
                  { label: t('fields.address'), value: v.address },
                  { label: t('fields.place'), value: [v.city, v.state, v.zip].filter(Boolean).join(', ') },
                  { label: t('fields.country'), value: countryName(v.country) },
                  { label: t('fields.phone'), value: phone },
                  { label: t('fields.email'), value: v.email },
                  { label: t('fields.timeZone'), value: zoneLabel },
                  {
                    label: t('fields.programs'),
                    value: programs.filter((p) => v[p]).map((p) => t(`programs.${p}.short`)).join(', ') || t('programs.none'),
                  },
                ]}
              />
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
              {t('wizard.submit')}
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}
