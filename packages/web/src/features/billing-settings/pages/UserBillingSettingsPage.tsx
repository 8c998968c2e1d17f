import { useState } from 'react';
import { Select, Tabs, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Navigate, useSearchParams } from 'react-router';
import { EmptyState } from '../../../components/EmptyState';
import { PageHeader } from '../../../components/PageHeader';
import { useCan } from '../../../lib/can';
import { DEFAULT_HOME_PATH } from '../../../lib/home';
import { useSelectedOffice } from '../../../lib/office';
import { Role } from '@vigil/contract';
import { useAuth } from '../../../lib/auth';
import { useAuthorizationOffices, useTemplates } from '../api/billing-settings';
import { AuthorizationsPanel } from '../components/AuthorizationsPanel';
import { TemplatesPanel } from '../components/TemplatesPanel';

/** Templates offered in the authorization form at once (an organization has a handful). */
const TEMPLATE_CHOICES = 200;

/**
 * /UserBillingSettings (billing.authorizations): which staff may bill which programs in each office
 * (user billing authorizations), and the organization's templates (named sets of programs) they
 * can be made from. Deletes ask first.
 */
export default function UserBillingSettingsPage() {
  const { t } = useTranslation('billingSettings');
  const allowed = useCan('billing.authorizations');
  // A template covers the whole organization: only its organization admin and a system admin manage it (docs/security.md).
  const { user } = useAuth();
  const managesTemplates = user?.roleId === Role.ORGANIZATION_ADMIN || user?.roleId === Role.SYSTEM_ADMIN;
  const selected = useSelectedOffice();
  const { offices, isLoading } = useAuthorizationOffices();
  const [picked, setPicked] = useState<string | null>(null);
  const [params, setParams] = useSearchParams();
  const officeId = picked && offices.some((o) => String(o.id) === picked) ? Number(picked) : selected > 0 && offices.some((o) => o.id === selected) ? selected : (offices[0]?.id ?? null);
  const office = offices.find((o) => o.id === officeId);
  const templates = useTemplates(office?.organizationId ?? null, { page: 1, pageSize: TEMPLATE_CHOICES, sort: 'name' }, !!office);
  if (!allowed) { return <Navigate to={DEFAULT_HOME_PATH} replace />; }
  const tab = params.get('tab') === 'templates' ? 'templates' : 'staff';

  return (
    <>
      <PageHeader title={t('authorizationsTitle')} description={t('authorizationsDescription')} />
      {offices.length === 1 && office && (
        <Text size="sm" mb="md">
          {t('authorizations.officeLine', { office: office.name })}
        </Text>
      )}
      {offices.length > 1 && (
        <Select
          mb="md"
          w={320}
          label={t('authorizations.office')}
          searchable
          data={offices.map((o) => ({ value: String(o.id), label: o.name }))}
          value={officeId ? String(officeId) : null}
          onChange={setPicked}
          allowDeselect={false}
          data-testid="authorization-office"
        />
      )}
      {!office ? (
        <EmptyState text={isLoading ? t('common:list.loading') : t('authorizations.noOffice')} />
      ) : (
        <Tabs value={tab} onChange={(v) => setParams(v === 'templates' ? { tab: 'templates' } : {}, { replace: true })} keepMounted={false}>
          <Tabs.List mb="md">
            <Tabs.Tab value="staff" data-testid="tab-staff">
              {t('tabs.staff')}
            </Tabs.Tab>
            <Tabs.Tab value="templates" data-testid="tab-templates">
              {t('tabs.templates')}
            </Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="staff">
            <AuthorizationsPanel key={office.id} hospitalId={office.id} hospitalName={office.name} templates={templates.data?.items ?? []} canManage />
          </Tabs.Panel>
          <Tabs.Panel value="templates">
            <TemplatesPanel key={office.organizationId} organizationId={office.organizationId} canManage={managesTemplates} />
          </Tabs.Panel>
        </Tabs>
      )}
    </>
  );
}
