import { useEffect, useRef, useState, type MutableRefObject } from 'react';
import { Alert, Button, Group, Modal, Stack, Stepper, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { IconAlertCircle, IconArrowLeft, IconArrowRight, IconCheck, IconKey } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { createHubBodySchema, normaliseMac, isUnicastMac, type CreateHubBody, type HubCredential, type HubDetail } from '@vigil/contract';
import { confirmAction } from '../../../components/confirm';
import { DetailList } from '../../../components/DetailList';
import { useOfficesInScope } from '../../../lib/offices-in-scope';
import { useSelectedOffice } from '../../../lib/office';
import { schemaSteps, stepErrors, useWizard } from '../../../lib/use-wizard';
import { useCreateHub, useIssueHubCredential } from '../api/devices';
import { useOfficePatientOptions } from '../../../lib/shared-reads';
import { CredentialBox } from './CredentialBox';
import { OfficePatientSelect, OfficeSelect } from './pickers';

interface HubWizardValues {
  hubIdentifier: string;
  hubName: string;
  hubMAC: string;
  hospitalId: string | null;
  assignedToUserId: string | null;
}

const STEPS = [['hubIdentifier', 'hubName', 'hubMAC'], ['hospitalId', 'assignedToUserId'], []] as const;
const DONE = STEPS.length;

function toBody(v: HubWizardValues): CreateHubBody {
  return {
    hubIdentifier: v.hubIdentifier,
    hubName: v.hubName,
    hubMAC: v.hubMAC,
    hospitalId: (v.hospitalId ? Number(v.hospitalId) : undefined) as number,
    assignedToUserId: v.assignedToUserId ? Number(v.assignedToUserId) : null,
  };
}

const stepOfField = (field: string) => Math.max(0, STEPS.findIndex((fields) => (fields as readonly string[]).includes(field.split('.')[0]!)));

/**
 * The hub registration wizard: identity (identifier, name, MAC) -> office and patient (optional)
 * -> review -> create; then it offers to issue the hub's ingestion credential, shown once.
 */
function HubWizard({
  onClose,
  onRestart,
  onOpenHub,
  guard,
}: {
  onClose: () => void;
  onRestart: () => void;
  onOpenHub: (id: number) => void;
  guard: MutableRefObject<string | null>;
}) {
  const { t, i18n } = useTranslation('devices');
  const selectedOffice = useSelectedOffice();
  const { offices } = useOfficesInScope();
  const [created, setCreated] = useState<HubDetail | null>(null);
  const [credential, setCredential] = useState<HubCredential | null>(null);
  const create = useCreateHub();
  const issue = useIssueHubCredential();
  const form = useForm<HubWizardValues>({
    initialValues: {
      hubIdentifier: '',
      hubName: '',
      hubMAC: '',
      hospitalId: selectedOffice > 0 ? String(selectedOffice) : null,
      assignedToUserId: null,
    },
  });
  const wizard = useWizard({
    form,
    ...schemaSteps(createHubBodySchema, toBody, STEPS),
    stepOfField,
    lockedThrough: created ? DONE : -1,
    onRefusal: (err) => {
      if (err.status !== 409) { return undefined; }
      form.setFieldError('hubIdentifier', err.message);
      return 0;
    },
    fallbackMessage: t('common:list.error'),
  });
  const { active, error, setError } = wizard;
  const v = form.values;
  const officeId = v.hospitalId ? Number(v.hospitalId) : null;
  const patients = useOfficePatientOptions(officeId);

  // One office in scope is the obvious choice.
  useEffect(() => {
    if (!form.values.hospitalId && offices.length === 1) { form.setFieldValue('hospitalId', String(offices[0]!.id)); }
  // eslint-disable-next-line react-hooks/exhaustive-deps -- picks the only office once the office list arrives; the form is a new object each render (with it, an office the user clears would be picked again)
  }, [offices.length]);

  // Messages follow the UI language.
  useEffect(() => {
    if (Object.keys(form.errors).length > 0 && active < DONE) { form.setErrors(stepErrors(createHubBodySchema, toBody(form.values), STEPS[active]!)); }
  // eslint-disable-next-line react-hooks/exhaustive-deps -- revalidates only when the UI language changes, to translate the messages shown; the form is a new object each render and the current step is read as it is (with them, the errors would be recomputed on every render and step change)
  }, [i18n.language]);

  guard.current = credential ? t('hubWizard.closeWithCredential') : !created && form.isDirty() ? t('wizard.closeDirty') : null;

  const submit = () =>
    void wizard.submit(
      (values) => create.mutateAsync(toBody(values)),
      (hub) => {
        setCreated(hub);
        wizard.setActive(DONE);
      },
    );

  const issueCredential = () => {
    if (!created) { return; }
    setError(null);
    issue.mutate(created.id, { onSuccess: setCredential, onError: (err) => setError(err.message) });
  };

  const macPreview = isUnicastMac(v.hubMAC.trim()) ? normaliseMac(v.hubMAC.trim()) : v.hubMAC;
  const officeName = offices.find((o) => String(o.id) === v.hospitalId)?.hospitalName ?? '';
  const patientName = patients.data?.find((p) => String(p.id) === v.assignedToUserId)?.name ?? '';

  return (
    <Stack gap="lg" data-testid="hub-wizard">
      {error && (
        <Alert color="red" icon={<IconAlertCircle size={18} aria-hidden />} role="alert">
          {error}
        </Alert>
      )}
      <Stepper active={active} onStepClick={wizard.goTo} allowNextStepsSelect={false} size="sm">
        <Stepper.Step label={t('hubWizard.steps.identity')} description={t('hubWizard.steps.identityHint')}>
          <Stack gap="md" pt="md">
            <TextInput
              label={t('hub.identifier')}
              description={t('hubWizard.identifierHint')}
              withAsterisk
              data-autofocus
              autoComplete="off"
              {...form.getInputProps('hubIdentifier')}
            />
            <TextInput label={t('hub.name')} description={t('hubWizard.nameHint')} withAsterisk autoComplete="off" {...form.getInputProps('hubName')} />
            <TextInput
              label={t('hub.mac')}
              description={t('hubWizard.macHint')}
              placeholder="00:1B:44:11:3A:B7"
              withAsterisk
              autoComplete="off"
              styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
              {...form.getInputProps('hubMAC')}
            />
          </Stack>
        </Stepper.Step>
        <Stepper.Step label={t('hubWizard.steps.assignment')} description={t('hubWizard.steps.assignmentHint')}>
          <Stack gap="md" pt="md">
            <OfficeSelect
              label={t('fields.office')}
              withAsterisk
              allowDeselect={false}
              {...form.getInputProps('hospitalId')}
              onChange={(value) => {
                form.setFieldValue('hospitalId', value);
                form.setFieldValue('assignedToUserId', null);
              }}
            />
            <OfficePatientSelect officeId={officeId} label={t('fields.patient')} description={t('hubWizard.patientHint')} {...form.getInputProps('assignedToUserId')} />
          </Stack>
        </Stepper.Step>
        <Stepper.Step label={t('wizard.review')} description={t('wizard.reviewHint')}>
          <Stack gap="sm" pt="md">
            <Text size="sm" c="dimmed">
              {t('hubWizard.reviewText')}
            </Text>
            <DetailList
              items={[
                { label: t('hub.identifier'), value: v.hubIdentifier.trim() },
                { label: t('hub.name'), value: v.hubName.trim() },
                { label: t('hub.mac'), value: macPreview },
                { label: t('fields.office'), value: officeName },
                { label: t('fields.patient'), value: patientName || t('fields.unassigned') },
              ]}
            />
          </Stack>
        </Stepper.Step>
        <Stepper.Completed>
          <Stack gap="md" pt="md" data-testid="hub-wizard-done">
            <Alert color="teal" icon={<IconCheck size={18} aria-hidden />} title={t('hubWizard.doneTitle')} role="status">
              {t('hubWizard.doneText', { name: created?.hubName ?? '', identifier: created?.hubIdentifier ?? '' })}
            </Alert>
            {credential ? (
              <CredentialBox credential={credential.credential} hubIdentifier={credential.hubIdentifier} />
            ) : (
              <Stack gap="xs" align="flex-start">
                <Text size="sm">{t('hubWizard.credentialOffer')}</Text>
                <Button leftSection={<IconKey size={16} aria-hidden />} onClick={issueCredential} loading={issue.isPending} data-testid="issue-credential">
                  {t('credential.issue')}
                </Button>
              </Stack>
            )}
          </Stack>
        </Stepper.Completed>
      </Stepper>
      <Group justify="space-between">
        {active === DONE ? (
          <>
            <Button variant="default" onClick={onRestart}>
              {t('hubWizard.another')}
            </Button>
            <Group gap="sm">
              <Button variant="default" onClick={onClose}>
                {t('common:actions.close')}
              </Button>
              <Button onClick={() => created && onOpenHub(created.id)}>{t('hubWizard.openHub')}</Button>
            </Group>
          </>
        ) : (
          <>
            <Button variant="default" leftSection={<IconArrowLeft size={16} aria-hidden />} onClick={wizard.back} disabled={active === 0}>
              {t('common:actions.back')}
            </Button>
            {active === STEPS.length - 1 ? (
              <Button leftSection={<IconCheck size={16} aria-hidden />} onClick={submit} loading={wizard.pending} data-testid="wizard-submit">
                {t('hubWizard.submit')}
              </Button>
            ) : (
              <Button rightSection={<IconArrowRight size={16} aria-hidden />} onClick={wizard.next} data-testid="wizard-next">
                {t('common:actions.next')}
              </Button>
            )}
          </>
        )}
      </Group>
    </Stack>
  );
}

/** The hub wizard in a modal; closing asks first when something would be lost (a credential not yet copied). */
export function HubWizardModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation('devices');
  const [key, setKey] = useState(0);
  const navigate = useNavigate();
  const guard = useRef<string | null>(null);
  const small = useMediaQuery('(max-width: 48em)');
  const close = () => {
    guard.current = null;
    setKey((k) => k + 1);
    onClose();
  };
  const requestClose = (then?: () => void) => {
    const done = () => {
      close();
      then?.();
    };
    if (!guard.current) { return done(); }
    confirmAction({ title: t('wizard.closeTitle'), text: guard.current, confirmLabel: t('wizard.closeConfirm'), onConfirm: done });
  };
  return (
    <Modal
      opened={opened}
      onClose={() => requestClose()}
      size={760}
      fullScreen={small}
      title={t('hubWizard.title')}
      closeOnClickOutside={false}
      closeButtonProps={{ 'aria-label': t('common:actions.close') }}
    >
      <HubWizard
        key={key}
        guard={guard}
        onClose={() => requestClose()}
        onRestart={() => setKey((k) => k + 1)}
        onOpenHub={(id) => requestClose(() => void navigate(`/devices/hubs/${id}`))}
      />
    </Modal>
  );
}
