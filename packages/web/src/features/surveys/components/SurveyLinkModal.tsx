import { useState } from 'react';
import { ActionIcon, Alert, Badge, Button, CopyButton, Group, Modal, Select, SimpleGrid, Stack, Table, Text, TextInput, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy, IconLink, IconLinkOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { SURVEY_LINK_DEFAULT_HOURS, type SurveyLink } from '@vigil/contract';
import { confirmAction } from '../../../components/confirm';
import { useCalendar } from '../../../lib/calendar';
import { notify } from '../../../lib/notify';
import { useCreateSurveyLink, useRevokeSurveyLink, useSurveyLinks } from '../api/surveys';

const HOURS = [24, 72, 168, 336];
const STATUS_COLOR: Record<SurveyLink['status'], string> = { active: 'teal.9', expired: 'gray.7', revoked: 'red.9', used: 'blue.9' };

/**
 * A signed, expiring link for the patient or caregiver to answer one survey on the public page
 * (POST surveylink). The URL is shown once, to copy and send; the survey's links are listed with
 * their state, and an active one can be revoked (it stops working at once).
 */
export function SurveyLinkModal({ surveyId, title, onClose }: { surveyId: number | null; title: string; onClose: () => void }) {
  const { t } = useTranslation('surveys');
  return (
    <Modal opened={surveyId !== null} onClose={onClose} title={t('link.title', { name: title })} size="lg" closeButtonProps={{ 'aria-label': t('common:actions.close') }}>
      {surveyId !== null && <LinkBody surveyId={surveyId} />}
    </Modal>
  );
}

function LinkBody({ surveyId }: { surveyId: number }) {
  const { t, i18n } = useTranslation('surveys');
  const { dateTime } = useCalendar();
  const links = useSurveyLinks(surveyId);
  const create = useCreateSurveyLink();
  const revoke = useRevokeSurveyLink();
  const [hours, setHours] = useState(String(SURVEY_LINK_DEFAULT_HOURS));
  const [lang, setLang] = useState<'es' | 'en'>(i18n.language.startsWith('en') ? 'en' : 'es');
  const [url, setUrl] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const make = () => {
    setError(null);
    create.mutate(
      { surveyId, expiresInHours: Number(hours), lang },
      { onSuccess: (r) => setUrl(r.url), onError: (err) => setError(err instanceof Error ? err.message : t('errors.saveFailed')) },
    );
  };
  const askRevoke = (l: SurveyLink) =>
    confirmAction({
      title: t('link.revokeTitle'),
      text: t('link.revokeText'),
      confirmLabel: t('link.revoke'),
      onConfirm: () =>
        revoke.mutate(l.id, {
          onSuccess: () => notify({ color: 'teal', message: t('link.revoked') }),
          onError: (err) => notify({ color: 'red', message: err instanceof Error ? err.message : t('errors.saveFailed') }),
        }),
    });

  return (
    <Stack gap="md">
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
      {url ? (
        <Stack gap="xs">
          <Alert color="teal" icon={<IconLink size={18} aria-hidden />}>
            {t('link.createdOnce')}
          </Alert>
          <Group gap="xs" wrap="nowrap" align="flex-end">
            <TextInput label={t('link.url')} value={url} readOnly style={{ flex: 1 }} onFocus={(e) => e.currentTarget.select()} data-testid="survey-link-url" />
            <CopyButton value={url}>
              {({ copied, copy }) => (
                <Button variant={copied ? 'filled' : 'default'} leftSection={copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />} onClick={copy} data-testid="survey-link-copy">
                  {copied ? t('link.copied') : t('link.copy')}
                </Button>
              )}
            </CopyButton>
          </Group>
        </Stack>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm" style={{ alignItems: 'end' }}>
          <Select
            label={t('link.expiresIn')}
            data={HOURS.map((h) => ({ value: String(h), label: t('link.hours', { count: h }) }))}
            value={hours}
            onChange={(v) => v && setHours(v)}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
          />
          <Select
            label={t('link.language')}
            data={[
              { value: 'es', label: 'Español' },
              { value: 'en', label: 'English' },
            ]}
            value={lang}
            onChange={(v) => v && setLang(v as 'es' | 'en')}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
          />
          <Button onClick={make} loading={create.isPending} leftSection={<IconLink size={18} aria-hidden />} data-testid="survey-link-create">
            {t('link.create')}
          </Button>
        </SimpleGrid>
      )}
      <Text fw={600} size="sm">
        {t('link.existing')}
      </Text>
      {links.data && links.data.length > 0 ? (
        <Table fz="sm" striped>
          <caption className="vigil-visually-hidden">{t('link.existing')}</caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('link.status')}</Table.Th>
              <Table.Th>{t('link.createdBy')}</Table.Th>
              <Table.Th>{t('link.expires')}</Table.Th>
              <Table.Th>{t('link.opened')}</Table.Th>
              <Table.Th>
                <span className="vigil-visually-hidden">{t('templates.actions')}</span>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {links.data.map((l) => (
              <Table.Tr key={l.id} data-testid="survey-link-row">
                <Table.Td>
                  <Badge variant="outline" color={STATUS_COLOR[l.status]} tt="none">
                    {t(`link.statuses.${l.status}`)}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  {l.createdByName}
                  <Text size="xs" c="dimmed">
                    {dateTime(l.createdAt)}
                  </Text>
                </Table.Td>
                <Table.Td>{dateTime(l.expiresAt)}</Table.Td>
                <Table.Td>{t('link.accessCount', { count: l.accessCount })}</Table.Td>
                <Table.Td>
                  {l.status === 'active' && (
                    <Tooltip label={t('link.revoke')}>
                      <ActionIcon variant="subtle" color="red.8" aria-label={t('link.revoke')} onClick={() => askRevoke(l)} data-testid="survey-link-revoke">
                        <IconLinkOff size={16} />
                      </ActionIcon>
                    </Tooltip>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      ) : (
        <Text size="sm" c="dimmed">
          {t('link.none')}
        </Text>
      )}
    </Stack>
  );
}
