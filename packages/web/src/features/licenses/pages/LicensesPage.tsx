import { useState, type FormEvent } from 'react';
import { ActionIcon, Alert, Badge, Button, FileInput, Group, Modal, NumberInput, Select, SimpleGrid, Stack, Table, Text, Textarea, TextInput } from '@mantine/core';
import { IconLink, IconLinkOff, IconPencil, IconPlus, IconTrash, IconUpload } from '@tabler/icons-react';
import { useDebouncedValue } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { licenseStatuses, licenseTypes, type License, type LicenseBulkReport, type LicenseStatus } from '@vigil/contract';
import { confirmAction } from '../../../components/confirm';
import { DateField } from '../../../components/DateField';
import { ListOfficePicker, useListOffice } from '../../../components/ListOfficePicker';
import { PageHeader } from '../../../components/PageHeader';
import { SearchInput } from '../../../components/SearchInput';
import { ServerTable, type Column, type PageState } from '../../../components/ServerTable';
import { ApiError } from '../../../lib/api-client';
import { useCan } from '../../../lib/can';
import { formatDate } from '../../../lib/calendar';
import { notify } from '../../../lib/notify';
import { useHospitalPatients } from '../../../lib/shared-reads';
import { useAssignLicense, useBulkInsertLicenses, useCreateLicense, useDeassignLicense, useDeleteLicense, useLicensePage, useUpdateLicense } from '../api/licenses';

const ALL = 'all';
const statusColor: Record<LicenseStatus, string> = { active: 'teal', inactive: 'gray', expired: 'red', assigned: 'blue' };
const money = (cents: number, lang: string) => {
  const en = lang.startsWith('en');
  const whole = new Intl.NumberFormat(en ? 'en-US' : 'es-US', { maximumFractionDigits: 0 }).format(Math.trunc(cents / 100));
  const fraction = String(cents % 100).padStart(2, '0');
  return en ? `$${whole}.${fraction}` : `${whole},${fraction} US$`;
};

/**
 * /licenses (portal-spec.md sections 3 and 4 "Licence"; docs/licenses.md): the licences of the
 * caller's offices, filtered by office, status, type and name, paged and sorted on the server;
 * create, edit and delete (asking first), and a CSV bulk insert with a report per row; assign an
 * active licence to a patient of its office (one current licence of a type per patient: the
 * server's 409 is shown in the dialog) and unassign it (asking first). A licence expires at the
 * end of its expiration date in its office's time zone.
 */
export default function LicensesPage() {
  const { t, i18n } = useTranslation('licenses');
  const canManage = useCan('licenses.manage');
  const office = useListOffice();
  const [status, setStatus] = useState<string>(ALL);
  const [type, setType] = useState<string>(ALL);
  const [state, setState] = useState<PageState>({ page: 1, pageSize: 25, sort: 'expirationDate' });
  const [editing, setEditing] = useState<License | 'new' | null>(null);
  const [bulk, setBulk] = useState(false);
  const [assigning, setAssigning] = useState<License | null>(null);
  const remove = useDeleteLicense();
  const deassign = useDeassignLicense();
  const page = useLicensePage({
    page: state.page,
    pageSize: state.pageSize,
    sort: state.sort as never,
    search: state.search || undefined,
    hospitalId: office.officeId ?? undefined,
    status: status === ALL ? undefined : (status as LicenseStatus),
    type: type === ALL ? undefined : (type as never),
  });
  const askDelete = (l: License) =>
    confirmAction({
      title: t('delete.title'),
      text: t('delete.text', { name: l.name }),
      confirmLabel: t('common:actions.delete'),
      onConfirm: () =>
        remove.mutate(l.id, {
          onSuccess: () => notify({ color: 'teal', message: t('delete.done') }),
          onError: (err) => notify({ color: 'red', message: err instanceof ApiError ? err.message : t('errors.saveFailed') }),
        }),
    });
  const askUnassign = (l: License) =>
    confirmAction({
      title: t('unassign.title'),
      text: t('unassign.text', { name: l.name, patient: l.assignedPatientName }),
      confirmLabel: t('unassign.confirm'),
      onConfirm: () =>
        deassign.mutate(
          { licenseId: l.id, patientId: l.assignedPatientId! },
          {
            onSuccess: () => notify({ color: 'teal', message: t('unassign.done') }),
            onError: (err) => notify({ color: 'red', message: err instanceof ApiError ? err.message : t('unassign.failed') }),
          },
        ),
    });
  const columns: Column<License>[] = [
    { header: t('fields.name'), sortKey: 'name', render: (l) => <Text size="sm" fw={500}>{l.name}</Text> },
    { header: t('fields.type'), sortKey: 'type', render: (l) => t(`types.${l.type}`) },
    { header: t('fields.office'), render: (l) => l.hospitalName },
    { header: t('fields.status'), sortKey: 'status', render: (l) => <Badge variant="light" color={statusColor[l.status]}>{t(`status.${l.status}`)}</Badge> },
    { header: t('fields.patient'), render: (l) => l.assignedPatientName || '—' },
    { header: t('fields.expirationDate'), sortKey: 'expirationDate', render: (l) => formatDate(l.expirationDate, i18n.language) },
    { header: t('fields.price'), sortKey: 'price', render: (l) => money(l.priceCents, i18n.language) },
    ...(canManage
      ? [
          {
            header: t('fields.actions'),
            render: (l: License) => (
              <Group gap={4} wrap="nowrap">
                {l.status === 'active' && (
                  <ActionIcon variant="subtle" color="blue.8" aria-label={t('actions.assign', { name: l.name })} onClick={() => setAssigning(l)} data-testid="license-assign">
                    <IconLink size={16} />
                  </ActionIcon>
                )}
                {l.status === 'assigned' && l.assignedPatientId !== null && (
                  <ActionIcon variant="subtle" color="orange.9" aria-label={t('actions.unassign', { name: l.name })} onClick={() => askUnassign(l)} data-testid="license-unassign">
                    <IconLinkOff size={16} />
                  </ActionIcon>
                )}
                <ActionIcon variant="subtle" color="gray.7" aria-label={t('actions.edit', { name: l.name })} onClick={() => setEditing(l)}>
                  <IconPencil size={16} />
                </ActionIcon>
                <ActionIcon variant="subtle" color="red.8" aria-label={t('actions.delete', { name: l.name })} onClick={() => askDelete(l)}>
                  <IconTrash size={16} />
                </ActionIcon>
              </Group>
            ),
          },
        ]
      : []),
  ];
  const actions = canManage ? (
    <Group gap="sm">
      <Button variant="default" leftSection={<IconUpload size={18} aria-hidden />} onClick={() => setBulk(true)} data-testid="license-bulk">
        {t('actions.bulk')}
      </Button>
      <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => setEditing('new')} data-testid="license-new">
        {t('actions.create')}
      </Button>
    </Group>
  ) : undefined;

  return (
    <>
      <PageHeader title={t('title')} description={t('description')} actions={actions} />
      <Stack gap="sm">
        <Group gap="sm" align="flex-end" wrap="wrap">
          <ListOfficePicker label={t('filters.office')} office={office} />
          <Select w={170} label={t('filters.status')} allowDeselect={false} data={[{ value: ALL, label: t('filters.anyStatus') }, ...licenseStatuses.map((s) => ({ value: s, label: t(`status.${s}`) }))]} value={status} onChange={(v) => { setStatus(v ?? ALL); setState((s) => ({ ...s, page: 1 })); }} />
          <Select w={170} label={t('filters.type')} allowDeselect={false} data={[{ value: ALL, label: t('filters.anyType') }, ...licenseTypes.map((s) => ({ value: s, label: t(`types.${s}`) }))]} value={type} onChange={(v) => { setType(v ?? ALL); setState((s) => ({ ...s, page: 1 })); }} />
          <SearchInput label={t('filters.search')} value={state.search} onChange={(search) => setState((s) => ({ ...s, page: 1, search }))} />
        </Group>
        <ServerTable caption={t('caption')} columns={columns} rows={page.data?.items} total={page.data?.total} state={state} onChange={setState} rowKey={(l) => l.id} rowProps={() => ({ 'data-testid': 'license-row' })} loading={page.isFetching} error={page.error} onRetry={() => void page.refetch()} emptyText={t('empty')} emptyAction={actions} />
      </Stack>
      <Modal opened={editing !== null} onClose={() => setEditing(null)} title={editing === 'new' ? t('form.createTitle') : t('form.editTitle')} size="lg" closeButtonProps={{ 'aria-label': t('common:actions.close') }}>
        {editing !== null && <LicenseForm license={editing === 'new' ? null : editing} officeId={office.officeId} offices={office.offices} onClose={() => setEditing(null)} />}
      </Modal>
      <Modal opened={assigning !== null} onClose={() => setAssigning(null)} title={t('assign.title')} closeButtonProps={{ 'aria-label': t('common:actions.close') }}>
        {assigning !== null && <AssignLicense license={assigning} onClose={() => setAssigning(null)} />}
      </Modal>
      <Modal opened={bulk} onClose={() => setBulk(false)} title={t('bulk.title')} size="xl" closeButtonProps={{ 'aria-label': t('common:actions.close') }}>
        {bulk && <BulkInsert officeId={office.officeId} offices={office.offices} />}
      </Modal>
    </>
  );
}

type OfficeOptions = ReturnType<typeof useListOffice>['offices'];

function OfficeSelect({ value, onChange, offices, error }: { value: string | null; onChange: (v: string | null) => void; offices: OfficeOptions; error?: string }) {
  const { t } = useTranslation('licenses');
  return <Select label={t('fields.office')} required allowDeselect={false} data={offices.map((o) => ({ value: String(o.id), label: o.hospitalName }))} value={value} onChange={onChange} error={error} data-testid="license-office" />;
}

function LicenseForm({ license, officeId, offices, onClose }: { license: License | null; officeId: number | null; offices: OfficeOptions; onClose: () => void }) {
  const { t } = useTranslation('licenses');
  const create = useCreateLicense();
  const update = useUpdateLicense();
  const [error, setError] = useState<string | null>(null);
  const [fields, setFields] = useState<Record<string, string>>({});
  const [v, setV] = useState({
    hospitalId: license ? String(license.hospitalId) : officeId ? String(officeId) : offices[0] ? String(offices[0].id) : null,
    name: license?.name ?? '',
    description: license?.description ?? '',
    content: license?.content ?? '',
    type: license?.type ?? 'RPM',
    price: license ? license.priceCents / 100 : 0,
    expirationDate: license?.expirationDate ?? '',
    status: license?.status === 'inactive' ? 'inactive' : 'active',
  });
  const failed = (err: unknown) => {
    setError(err instanceof ApiError ? err.message : t('errors.saveFailed'));
    if (err instanceof ApiError) { setFields(err.fieldErrors); }
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    const body = { name: v.name.trim(), description: v.description, content: v.content, type: v.type as License['type'], priceCents: Math.round(v.price * 100), expirationDate: v.expirationDate, status: v.status as 'active' | 'inactive' };
    const done = () => {
      notify({ color: 'teal', message: t('form.saved') });
      onClose();
    };
    if (license) { update.mutate({ id: license.id, body: license.status === 'assigned' || license.status === 'expired' ? { ...body, status: undefined } : body }, { onSuccess: done, onError: failed }); }
    else { create.mutate({ ...body, hospitalId: Number(v.hospitalId) }, { onSuccess: done, onError: failed }); }
  };
  return (
    <form onSubmit={submit} noValidate data-testid="license-form">
      <Stack gap="md">
        {error && <Alert color="red" role="alert">{error}</Alert>}
        {!license && <OfficeSelect value={v.hospitalId} onChange={(h) => setV({ ...v, hospitalId: h })} offices={offices} error={fields.hospitalId} />}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput label={t('fields.name')} required maxLength={100} value={v.name} onChange={(e) => setV({ ...v, name: e.currentTarget.value })} error={fields.name} data-testid="license-name" />
          <Select label={t('fields.type')} required allowDeselect={false} data={licenseTypes.map((s) => ({ value: s, label: t(`types.${s}`) }))} value={v.type} onChange={(x) => setV({ ...v, type: (x ?? 'RPM') as License['type'] })} error={fields.type} />
          <NumberInput label={t('fields.price')} required min={0} decimalScale={2} fixedDecimalScale prefix="$" value={v.price} onChange={(n) => setV({ ...v, price: Number(n) || 0 })} error={fields.priceCents} />
          <DateField label={t('fields.expirationDate')} description={t('form.expiryHelp')} required value={v.expirationDate} onChange={(d) => setV({ ...v, expirationDate: d })} error={fields.expirationDate} />
        </SimpleGrid>
        <Textarea label={t('fields.description')} autosize minRows={2} maxLength={500} value={v.description} onChange={(e) => setV({ ...v, description: e.currentTarget.value })} />
        <Textarea label={t('fields.content')} autosize minRows={2} maxLength={2000} value={v.content} onChange={(e) => setV({ ...v, content: e.currentTarget.value })} />
        {(!license || license.status === 'active' || license.status === 'inactive') && (
          <Select label={t('fields.status')} allowDeselect={false} data={[{ value: 'active', label: t('status.active') }, { value: 'inactive', label: t('status.inactive') }]} value={v.status} onChange={(s) => setV({ ...v, status: s ?? 'active' })} />
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>{t('common:actions.cancel')}</Button>
          <Button type="submit" loading={create.isPending || update.isPending} data-testid="license-save">{t('common:actions.save')}</Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * Assigns `license` to a patient of its office (POST licenseassignments/assign). The server decides
 * the one-current-licence-of-a-type rule (docs/licenses.md); its 409 stays in the dialog, in the
 * user's language, so another patient can be chosen.
 */
function AssignLicense({ license, onClose }: { license: License; onClose: () => void }) {
  const { t } = useTranslation('licenses');
  const assign = useAssignLicense();
  const [patientId, setPatientId] = useState<number | null>(null);
  const [selectedLabel, setSelectedLabel] = useState('');
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 300);
  const [error, setError] = useState<{ conflict: boolean; message: string } | null>(null);
  // The chosen patient's label in the search box is not a search (the picker of features/monthly-review does the same).
  const term = debounced === selectedLabel ? '' : debounced;
  const options = useHospitalPatients(license.hospitalId, { page: 1, pageSize: 20, search: term || undefined, sort: 'lastName' }, { staleTime: 60_000 });
  const data = (options.data?.items ?? []).map((p) => ({ value: String(p.id), label: `${p.lastName}, ${p.firstName}` }));
  if (patientId !== null && !data.some((d) => d.value === String(patientId))) { data.unshift({ value: String(patientId), label: selectedLabel }); }
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (patientId === null) { return; }
    setError(null);
    assign.mutate(
      { licenseId: license.id, patientId },
      {
        onSuccess: () => {
          notify({ color: 'teal', message: t('assign.done') });
          onClose();
        },
        onError: (err) => setError({ conflict: err instanceof ApiError && err.status === 409, message: err instanceof ApiError ? err.message : t('assign.failed') }),
      },
    );
  };
  return (
    <form onSubmit={submit} noValidate data-testid="license-assign-form">
      <Stack gap="md">
        <Text size="sm">{t('assign.help', { name: license.name, type: t(`types.${license.type}`), office: license.hospitalName })}</Text>
        {error && (
          <Alert color="red" role="alert" title={error.conflict ? t('assign.conflict') : undefined} data-testid="license-assign-error">
            {error.message}
          </Alert>
        )}
        <Select
          label={t('assign.patient')}
          placeholder={t('assign.placeholder')}
          required
          data={data}
          value={patientId === null ? null : String(patientId)}
          onChange={(v, option) => {
            setPatientId(v ? Number(v) : null);
            setSelectedLabel(option?.label ?? '');
            setError(null);
          }}
          searchable
          searchValue={search}
          onSearchChange={setSearch}
          filter={({ options: o }) => o}
          nothingFoundMessage={options.isFetching ? t('common:list.loading') : t('common:list.noResults')}
          comboboxProps={{ withinPortal: true }}
          data-testid="license-assign-patient"
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>{t('common:actions.cancel')}</Button>
          <Button type="submit" disabled={patientId === null} loading={assign.isPending} data-testid="license-assign-submit">{t('assign.submit')}</Button>
        </Group>
      </Stack>
    </form>
  );
}

function BulkInsert({ officeId, offices }: { officeId: number | null; offices: OfficeOptions }) {
  const { t } = useTranslation('licenses');
  const upload = useBulkInsertLicenses();
  const [hospitalId, setHospitalId] = useState<string | null>(officeId ? String(officeId) : offices[0] ? String(offices[0].id) : null);
  const [file, setFile] = useState<File | null>(null);
  const [report, setReport] = useState<LicenseBulkReport | null>(null);
  const [error, setError] = useState<string | null>(null);
  const send = () => {
    if (!file || !hospitalId) { return; }
    setError(null);
    upload.mutate({ hospitalId: Number(hospitalId), file }, { onSuccess: setReport, onError: (err) => setError(err instanceof ApiError ? err.message : t('errors.saveFailed')) });
  };
  return (
    <Stack gap="md">
      <Text size="sm">{t('bulk.help')}</Text>
      <Text size="xs" ff="monospace">name,description,content,type,price,expirationDate</Text>
      <OfficeSelect value={hospitalId} onChange={setHospitalId} offices={offices} />
      <FileInput label={t('bulk.file')} accept=".csv,text/csv" value={file} onChange={setFile} clearable data-testid="license-csv" />
      {error && <Alert color="red" role="alert">{error}</Alert>}
      <Group justify="flex-end">
        <Button onClick={send} disabled={!file || !hospitalId} loading={upload.isPending} data-testid="license-bulk-send">{t('bulk.send')}</Button>
      </Group>
      {report && (
        <Stack gap="xs" data-testid="license-bulk-report">
          <Text fw={600}>{t('bulk.summary', { inserted: report.inserted, failed: report.failed })}</Text>
          <Table striped>
            <caption className="vigil-visually-hidden">{t('bulk.report')}</caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('bulk.row')}</Table.Th>
                <Table.Th>{t('fields.name')}</Table.Th>
                <Table.Th>{t('fields.status')}</Table.Th>
                <Table.Th>{t('bulk.problems')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {report.rows.map((r) => (
                <Table.Tr key={r.row}>
                  <Table.Td>{r.row}</Table.Td>
                  <Table.Td>{r.name}</Table.Td>
                  <Table.Td><Badge variant="light" color={r.status === 'inserted' ? 'teal' : 'red'}>{t(`bulk.${r.status}`)}</Badge></Table.Td>
                  <Table.Td>{Object.entries(r.errors).map(([k, m]) => `${t(`bulk.columns.${k}`, { defaultValue: k })}: ${m}`).join('; ')}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Stack>
      )}
    </Stack>
  );
}
