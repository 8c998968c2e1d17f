import { Alert, Button, Group, Modal, Stack, Stepper, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { organizationInputSchema, toE164, type Organization } from '@vigil/contract';
import { zodValidate } from '../../../lib/forms';
import { schemaSteps, useWizard } from '../../../lib/use-wizard';
import { DetailList } from '../../../components/DetailList';
import { useCountryName } from '../../../components/CountrySelect';
import { useCreateOrganization } from '../api/organizations';
import { ContactFields, IdentityFields } from './OrganizationFields';
import { contactFields, emptyOrganization, identityFields, toBody, type OrganizationFormValues } from './organization-form';

const steps = [identityFields, contactFields] as const;

/** The organization registration wizard: identity -> contact -> review -> create. */
export function OrganizationWizard({ opened, onClose, onCreated }: { opened: boolean; onClose: () => void; onCreated?: (o: Organization) => void }) {
  const { t } = useTranslation('organizations');
  const { t: tc } = useTranslation();
  const create = useCreateOrganization();
  const countryName = useCountryName();
  const form = useForm<OrganizationFormValues>({ initialValues: emptyOrganization, validate: zodValidate(organizationInputSchema) });
  const wizard = useWizard({ form, ...schemaSteps(organizationInputSchema, toBody, steps), fallbackMessage: tc('list.error') });
  const { active, error } = wizard;

  const close = () => {
    wizard.reset();
    onClose();
  };

  const submit = () =>
    void wizard.submit(
      (values) => create.mutateAsync(toBody(values)),
      (org) => {
        notifications.show({ color: 'teal', message: t('wizard.created', { name: org.institutionName }) });
        onCreated?.(org);
        close();
      },
    );

  const v = form.getValues();
  const phone = v.contactPhone ? toE164(v.contactPhone, v.country) || v.contactPhone : '';

  return (
    <Modal opened={opened} onClose={close} title={t('wizard.title')} size={760} closeOnClickOutside={false} closeButtonProps={{ 'aria-label': tc('actions.close') }}>
      <Stack gap="lg">
        {error && (
          <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
            {error}
          </Alert>
        )}
        <Stepper active={active} onStepClick={wizard.goTo} allowNextStepsSelect={false} size="sm">
          <Stepper.Step label={t('wizard.identity')} description={t('wizard.identityHint')}>
            <IdentityFields form={form} />
          </Stepper.Step>
          <Stepper.Step label={t('wizard.contact')} description={t('wizard.contactHint')}>
            <ContactFields form={form} />
          </Stepper.Step>
          <Stepper.Step label={t('wizard.review')} description={t('wizard.reviewHint')}>
            <Stack gap="sm">
              <Text size="sm" c="dimmed">
                {t('wizard.reviewText')}
              </Text>
              <DetailList
                items={[
                  { label: t('fields.institutionName'), value: v.institutionName },
                  { label: t('fields.institutionNameESP'), value: v.institutionNameESP },
                  { label: t('fields.country'), value: countryName(v.country) },
                  { label: t('fields.contactPhone'), value: phone },
                  { label: t('fields.contactEmail'), value: v.contactEmail },
                  { label: t('fields.address'), value: v.address },
                  { label: t('fields.city'), value: v.city },
                  { label: t('fields.state'), value: v.state },
                  { label: t('fields.zip'), value: v.zip },
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
