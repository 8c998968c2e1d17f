import { Alert, Button, Group, Stack, TextInput } from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Navigate, useSearchParams } from 'react-router';
import { EmptyState } from '../../../components/EmptyState';
import { PageHeader } from '../../../components/PageHeader';
import { useCan } from '../../../lib/can';
import { DEFAULT_HOME_PATH } from '../../../lib/home';
import { useSelectedOffice } from '../../../lib/office';
import { currentMonthIn, monthLabel } from '../../../lib/calendar';
import { useOffice, useUser } from '../../../lib/shared-reads';
import { CodesSection } from '../components/CodesSection';
import { NotesSection } from '../components/NotesSection';
import { PatientPicker } from '../components/PatientPicker';
import { ReadingsSection } from '../components/ReadingsSection';
import { TimeSection } from '../components/TimeSection';
import { monthDays, monthValue as monthText, parseMonth } from '../../../lib/calendar';
import '../monthly-review.css';

/**
 * /monthlyreview (spec section 2): a patient's month on one printable page: readings (per
 * type, reading days, link to the charts), the medical note, the time entries with totals per
 * program (MM:SS) and the codes with their evidence and the suppressed ones with the reason. The
 * patient and month are in the address (?patientId=&month=YYYY-MM; default the current month).
 */
export default function MonthlyReviewPage() {
  const { t, i18n } = useTranslation('monthlyReview');
  const canRead = useCan('notes.read');
  const canBilling = useCan('billing.read');
  const selected = useSelectedOffice();
  const [params, setParams] = useSearchParams();
  const patientId = Number(params.get('patientId')) || null;
  const patient = useUser(patientId, { retry: false });
  const p = patient.data;
  const hospitalId = p ? (p.hospitalsAssignedData.some((h) => h.id === selected) ? selected : (p.hospitalAssignedData?.id ?? p.hospitalsAssignedData[0]?.id ?? 0)) : 0;
  const office = useOffice(hospitalId, { staleTime: 5 * 60_000 });
  const current = currentMonthIn(office.data?.timeZone);
  const month = parseMonth(params.get('month')) ?? current;
  if (!canRead) { return <Navigate to={DEFAULT_HOME_PATH} replace />; }

  const set = (key: string, value: string | null) => {
    const next = new URLSearchParams(params);
    if (value) { next.set(key, value); }
    else { next.delete(key); }
    setParams(next, { replace: true });
  };
  const { from, to } = monthDays(month);
  const name = p ? `${p.firstName} ${p.lastName}` : '';
  const future = month.year * 12 + month.month > current.year * 12 + current.month;
  const ready = !!p && hospitalId > 0 && !future;

  return (
    <>
      <PageHeader
        title={t('title')}
        description={p ? t('descriptionFor', { name, month: monthLabel(month, i18n.language) }) : t('description')}
        actions={
          <Button variant="default" leftSection={<IconPrinter size={18} aria-hidden />} onClick={() => window.print()} disabled={!ready} data-print-hide data-testid="review-print">
            {t('print')}
          </Button>
        }
      />
      <Group gap="sm" mb="md" align="flex-end" wrap="wrap" data-print-hide>
        <PatientPicker office={selected} value={patientId} selectedLabel={p ? `${p.lastName}, ${p.firstName}` : undefined} onChange={(id) => set('patientId', id ? String(id) : null)} />
        <TextInput
          type="month"
          label={t('filters.month')}
          value={monthText(month)}
          max={monthText(current)}
          onChange={(e) => parseMonth(e.currentTarget.value) && set('month', e.currentTarget.value)}
          w={{ base: '100%', sm: 200 }}
          data-testid="review-month"
        />
      </Group>
      {patient.error && (
        <Alert color="red" role="alert" mb="md">
          {patient.error instanceof Error ? patient.error.message : t('common:list.error')}
        </Alert>
      )}
      {future && (
        <Alert color="yellow" mb="md">
          {t('futureMonth')}
        </Alert>
      )}
      {!patientId ? (
        <EmptyState text={t('pickPatient')} />
      ) : ready ? (
        <Stack gap="md">
          <ReadingsSection patientId={p.id} from={from} to={to} />
          <TimeSection patientId={p.id} hospitalId={hospitalId} year={month.year} month={month.month} />
          <NotesSection patientId={p.id} hospitalId={hospitalId} year={month.year} month={month.month} />
          {canBilling && <CodesSection patientId={p.id} hospitalId={hospitalId} year={month.year} month={month.month} />}
        </Stack>
      ) : null}
    </>
  );
}
