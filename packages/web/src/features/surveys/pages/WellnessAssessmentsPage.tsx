import { useState } from 'react';
import { Select, Tabs } from '@mantine/core';
import { IconBrain, IconClipboardList, IconSettings, IconUsers } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/PageHeader';
import { useSelectedOffice } from '../../../lib/office';
import { useOfficesInScope } from '../../../lib/offices-in-scope';
import { MentalHealthTab } from '../components/MentalHealthTab';
import { PatientsTab } from '../components/PatientsTab';
import { SettingsTab } from '../components/SettingsTab';
import { TemplatesTab } from '../components/TemplatesTab';

const TABS = ['templates', 'patients', 'mental', 'settings'] as const;
type Tab = (typeof TABS)[number];

/**
 * /wellnessassessments (spec section 2 "Wellness assessments and their settings, plus mental-health
 * templates and assignments"; docs/assessments.md): the template builder and library, assignments
 * and results per patient, the mental-health list ranked by latest risk, and the office's settings
 * (templates given automatically by client monitoring plans). The tab is kept in the address.
 */
export default function WellnessAssessmentsPage() {
  const { t } = useTranslation('surveys');
  const selected = useSelectedOffice();
  const { offices, isLoading } = useOfficesInScope();
  const [picked, setPicked] = useState<number | null>(null);
  const office = picked ?? (selected > 0 ? selected : (offices[0]?.id ?? 0));
  const initialTab = new URLSearchParams(window.location.search).get('tab');
  const [tab, setTab] = useState<Tab>(TABS.includes(initialTab as Tab) ? (initialTab as Tab) : 'templates');
  const changeTab = (v: string | null) => {
    const next = (v ?? 'templates') as Tab;
    setTab(next);
    const url = new URL(window.location.href);
    url.searchParams.set('tab', next);
    window.history.replaceState(window.history.state, '', url);
  };

  return (
    <>
      <PageHeader
        title={t('page.title')}
        description={t('page.description')}
        actions={
          offices.length > 1 && (
            <Select
              aria-label={t('page.office')}
              data={offices.map((o) => ({ value: String(o.id), label: o.hospitalName }))}
              value={office > 0 ? String(office) : null}
              onChange={(v) => v && setPicked(Number(v))}
              allowDeselect={false}
              searchable
              disabled={isLoading}
              w={260}
              data-testid="wellness-office"
            />
          )
        }
      />
      <Tabs value={tab} onChange={changeTab} keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="templates" leftSection={<IconClipboardList size={16} aria-hidden />}>
            {t('page.tabs.templates')}
          </Tabs.Tab>
          <Tabs.Tab value="patients" leftSection={<IconUsers size={16} aria-hidden />} data-testid="tab-patients">
            {t('page.tabs.patients')}
          </Tabs.Tab>
          <Tabs.Tab value="mental" leftSection={<IconBrain size={16} aria-hidden />} data-testid="tab-mental">
            {t('page.tabs.mental')}
          </Tabs.Tab>
          <Tabs.Tab value="settings" leftSection={<IconSettings size={16} aria-hidden />} data-testid="tab-settings">
            {t('page.tabs.settings')}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="templates">
          <TemplatesTab officeId={office} offices={offices} />
        </Tabs.Panel>
        <Tabs.Panel value="patients">
          <PatientsTab key={office} officeId={office} />
        </Tabs.Panel>
        <Tabs.Panel value="mental">
          <MentalHealthTab key={office} officeId={office} />
        </Tabs.Panel>
        <Tabs.Panel value="settings">
          <SettingsTab officeId={office} />
        </Tabs.Panel>
      </Tabs>
    </>
  );
}
