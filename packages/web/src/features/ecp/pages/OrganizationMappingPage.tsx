import { useTranslation } from 'react-i18next';
import { OrganizationPicker } from '../../../components/OrganizationPicker';
import { PageHeader } from '../../../components/PageHeader';
import { useAutomaticOrganizationMapping, useEcpOrganizations, useSetEcpOrganizationMapping } from '../api/ecp';
import { EcpMappingTable } from '../components/EcpMappingTable';

/**
 * /organizationMapping (portal-spec.md section 2 "ECP mapping"; docs/integrations.md "ECP"): ECP
 * organizations beside Vigil organizations, automatic suggestions with their reason, confirm a
 * choice, unmap (asked first) — the shared EcpMappingTable.
 */
export default function OrganizationMappingPage() {
  const { t } = useTranslation('ecp');
  const list = useEcpOrganizations();
  const automatic = useAutomaticOrganizationMapping();
  const setMapping = useSetEcpOrganizationMapping();
  const label = (o: { name: string; ecpOrganizationId: string }) => o.name || o.ecpOrganizationId;

  return (
    <>
      <PageHeader title={t('organizations.title')} description={t('organizations.description')} />
      <EcpMappingTable
        rows={list}
        searchText={(o) => `${o.name} ${o.ecpOrganizationId} ${o.organizationName ?? ''}`}
        automatic={{ run: () => automatic.mutateAsync({}), pending: automatic.isPending, testId: 'ecp-organizations-automatic' }}
        tableTestId="ecp-organization-table"
        emptyText={t('organizations.empty')}
        headers={{ record: t('organizations.ecpOrganization'), detail: t('organizations.communities'), match: t('organizations.vigilOrganization') }}
        record={(o) => ({ label: label(o), sub: o.name ? o.ecpOrganizationId : null })}
        detail={(o) => o.communities}
        match={(o) => o.organizationName}
        unmapText={(o) => t('organizations.unmapText', { name: label(o), organization: o.organizationName ?? '' })}
        renderPicker={(o, value, onChange) => (
          <OrganizationPicker
            size="xs"
            w={220}
            aria-label={t('organizations.choose', { name: label(o) })}
            placeholder={t('organizations.chooseShort')}
            nothingFoundMessage={t('organizations.noneFound')}
            value={value}
            onChange={onChange}
          />
        )}
        setMapping={(o, organizationId) => setMapping.mutateAsync({ id: o.id, organizationId })}
      />
    </>
  );
}
