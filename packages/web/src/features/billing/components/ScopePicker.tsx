import { Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { BillingScope } from '../api/period';
import type { ScopeOffice, ScopeOrganization } from '../api/billing';

export const scopeValue = (s: BillingScope | null) => (s ? `${s.kind === 'hospital' ? 'office' : 'org'}:${s.id}` : null);

export function parseScope(value: string | null | undefined): BillingScope | null {
  const m = value?.match(/^(office|org):(\d+)$/);
  if (!m) { return null; }
  return { kind: m[1] === 'office' ? 'hospital' : 'organization', id: Number(m[2]) };
}

/** The office, or (for organization and system admins) a whole organization, a billing view is about. */
export function ScopePicker({
  value,
  onChange,
  offices,
  organizations,
  officesOnly,
}: {
  value: BillingScope | null;
  onChange: (s: BillingScope) => void;
  offices: ScopeOffice[];
  organizations: ScopeOrganization[];
  officesOnly?: boolean;
}) {
  const { t } = useTranslation('billing');
  const officeItems = offices.map((o) => ({ value: `office:${o.id}`, label: o.name }));
  const orgItems = officesOnly ? [] : organizations.map((o) => ({ value: `org:${o.id}`, label: t('scope.organization', { name: o.name }) }));
  const data = orgItems.length > 0 ? [{ group: t('scope.organizations'), items: orgItems }, { group: t('scope.offices'), items: officeItems }] : officeItems;
  return (
    <Select
      w={400}
      label={officesOnly ? t('scope.office') : t('scope.label')}
      data={data}
      value={scopeValue(value)}
      onChange={(v) => {
        const s = parseScope(v);
        if (s) { onChange(s); }
      }}
      allowDeselect={false}
      searchable
      nothingFoundMessage={t('scope.none')}
      data-testid="billing-scope"
    />
  );
}
