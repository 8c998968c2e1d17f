import { useState } from 'react';
import { Group, SegmentedControl, Stack, Tabs, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Navigate, useSearchParams } from 'react-router';
import { OrganizationPicker } from '../../../components/OrganizationPicker';
import { PageHeader } from '../../../components/PageHeader';
import { EmptyState } from '../../../components/EmptyState';
import { useAuth } from '../../../lib/auth';
import { useCan } from '../../../lib/can';
import { DEFAULT_HOME_PATH } from '../../../lib/home';
import { FeeSchedulePanel } from '../components/FeeSchedulePanel';
import { SettingsPanel } from '../components/SettingsPanel';

/**
 * /billingsettings (billing.settings): the billing settings (the rules the reference marks
 * UNCONFIRMED, each with description, source and default) of the caller's organization or, for a
 * system admin, the global values or any organization's; and the fee schedule of a year (edited
 * and uploaded by a system admin: it is shared by every organization).
 */
export default function BillingSettingsPage() {
  const { t } = useTranslation('billingSettings');
  const allowed = useCan('billing.settings');
  const { user } = useAuth();
  const [params, setParams] = useSearchParams();
  // The settings every organization inherits, and the one national fee schedule: their endpoints' permissions.
  const mayEditGlobal = useCan('billing.globalSettings');
  const mayEditFees = useCan('billing.feeSchedule');
  const [level, setLevel] = useState<'global' | 'organization'>('global');
  const [orgPick, setOrgPick] = useState<string | null>(null);
  if (!allowed || !user) { return <Navigate to={DEFAULT_HOME_PATH} replace />; }

  const organizationId = mayEditGlobal ? (level === 'global' ? null : orgPick ? Number(orgPick) : undefined) : user.organizationId;
  const tab = params.get('tab') === 'fees' ? 'fees' : 'settings';

  return (
    <>
      <PageHeader title={t('title')} description={t('description')} />
      <Tabs value={tab} onChange={(v) => setParams(v === 'fees' ? { tab: 'fees' } : {}, { replace: true })} keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="settings" data-testid="tab-settings">
            {t('tabs.settings')}
          </Tabs.Tab>
          <Tabs.Tab value="fees" data-testid="tab-fees">
            {t('tabs.fees')}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="settings">
          <Stack gap="sm">
            {mayEditGlobal ? (
              <Group align="flex-end" gap="md" wrap="wrap">
                <Stack gap={4}>
                  <Text size="sm" fw={500} id="settings-level">
                    {t('level.label')}
                  </Text>
                  <SegmentedControl
                    aria-labelledby="settings-level"
                    value={level}
                    onChange={(v) => setLevel(v as 'global' | 'organization')}
                    data={[
                      { value: 'global', label: t('level.global') },
                      { value: 'organization', label: t('level.organization') },
                    ]}
                  />
                </Stack>
                {level === 'organization' && (
                  <OrganizationPicker w={320} label={t('level.pickOrganization')} value={orgPick} onChange={setOrgPick} nothingFoundMessage={t('level.noOrganization')} />
                )}
              </Group>
            ) : (
              <Text size="sm">{t('level.own', { name: user.organizationAssignedData?.institutionName ?? '' })}</Text>
            )}
            {organizationId === undefined || (organizationId === null && !mayEditGlobal) ? (
              <EmptyState text={t('level.choose')} />
            ) : (
              <SettingsPanel key={String(organizationId)} organizationId={organizationId} canEdit />
            )}
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="fees">
          <FeeSchedulePanel canEdit={mayEditFees} />
        </Tabs.Panel>
      </Tabs>
    </>
  );
}
