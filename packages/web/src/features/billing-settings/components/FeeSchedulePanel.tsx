import { useState } from 'react';
import { Alert, Button, Center, FileButton, Group, Loader, NumberInput, Paper, ScrollArea, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconDeviceFloppy, IconPlus, IconUpload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { billingCodeSchema, localitySchema, optionalText, FEE_SCHEDULE_UPLOAD_MAX_BYTES } from '@vigil/contract';
import { serverFieldErrors, zodValidate } from '../../../lib/forms';
import { notify } from '../../../lib/notify';
import { useCalendar } from '../../../lib/calendar';
import { useFeeSchedule, useUpdateFeeSchedule, useUploadFeeSchedule } from '../api/billing-settings';

/** The new-row form: amounts in dollars (the table stores cents). */
const newRowSchema = z.object({
  code: billingCodeSchema,
  amount: z.number().min(0).max(100_000),
  locality: z.union([z.literal(''), localitySchema]),
  description: optionalText(200),
});
type NewRow = z.input<typeof newRowSchema>;

const money = (cents: number, lang: string) =>
  new Intl.NumberFormat(lang.startsWith('en') ? 'en-US' : 'es-US', { style: 'currency', currency: 'USD' }).format(cents / 100);

/**
 * The fee schedule of a year (docs/billing-engine.md "Amounts": payment amounts from a table an
 * admin loads, never constants): amounts per code and locality. A system admin edits amounts, adds
 * codes and uploads a CSV; others read it.
 */
export function FeeSchedulePanel({ canEdit }: { canEdit: boolean }) {
  const { t, i18n } = useTranslation('billingSettings');
  const lang = i18n.language;
  const thisYear = useCalendar().currentMonth.year;
  const [year, setYear] = useState(thisYear);
  const query = useFeeSchedule(year);
  const update = useUpdateFeeSchedule();
  const upload = useUploadFeeSchedule();
  const [draft, setDraft] = useState<Record<number, number>>({}); // row id -> dollars
  const form = useForm<NewRow>({ initialValues: { code: '', amount: 0, locality: '', description: '' }, validate: zodValidate(newRowSchema) });

  const years = Array.from({ length: 5 }, (_, i) => String(thisYear + 1 - i));
  const items = query.data?.items ?? [];
  const dirty = Object.keys(draft).length > 0;

  const saveDraft = () => {
    const rows = items
      .filter((r) => r.id in draft)
      .map((r) => ({ code: r.code, locality: r.locality, description: r.description, amountCents: Math.round((draft[r.id] ?? r.amountCents / 100) * 100) }));
    update.mutate(
      { year, rows },
      {
        onSuccess: (res) => {
          setDraft({});
          notify({ color: 'teal', message: t('fees.saved', { inserted: res.inserted, updated: res.updated }) });
        },
        onError: (err) => notify({ color: 'red', message: err.message }),
      },
    );
  };
  const addRow = form.onSubmit((v) =>
    update.mutate(
      { year, rows: [{ code: v.code, amountCents: Math.round(v.amount * 100), locality: v.locality || undefined, description: v.description || undefined }] },
      {
        onSuccess: (res) => {
          form.reset();
          notify({ color: 'teal', message: t('fees.saved', { inserted: res.inserted, updated: res.updated }) });
        },
        onError: (err) => {
          const fields = serverFieldErrors(err);
          form.setErrors(Object.fromEntries(Object.entries(fields).map(([k, m]) => [k.replace(/^rows\.\d+\./, '').replace('amountCents', 'amount'), m])));
          notify({ color: 'red', message: err.message });
        },
      },
    ),
  );
  const onFile = (file: File | null) => {
    if (!file) { return; }
    if (file.size > FEE_SCHEDULE_UPLOAD_MAX_BYTES) {
      notify({ color: 'red', message: t('fees.tooLarge') });
      return;
    }
    upload.mutate(
      { year, file },
      {
        onSuccess: (res) => notify({ color: 'teal', message: t('fees.uploaded', { inserted: res.inserted, updated: res.updated, year: res.year }) }),
        onError: (err) => {
          const details = Object.values(serverFieldErrors(err)).slice(0, 3).join('; ');
          notify({ color: 'red', message: details ? `${err.message}: ${details}` : err.message, autoClose: 10_000 });
        },
      },
    );
  };

  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Select
          w={140}
          label={t('fees.year')}
          data={years}
          value={String(year)}
          onChange={(v) => {
            if (v) {
              setYear(Number(v));
              setDraft({});
            }
          }}
          allowDeselect={false}
        />
        {canEdit && (
          <FileButton onChange={onFile} accept=".csv,text/csv">
            {(props) => (
              <Button {...props} variant="light" leftSection={<IconUpload size={18} aria-hidden />} loading={upload.isPending} data-testid="upload-fees">
                {t('fees.upload', { year })}
              </Button>
            )}
          </FileButton>
        )}
      </Group>
      <Text size="sm" c="dimmed">
        {canEdit ? t('fees.editHint') : t('fees.readOnly')}
      </Text>
      {canEdit && (
        <Text size="xs" c="dimmed">
          {t('fees.csvHint')}
        </Text>
      )}
      {query.isLoading ? (
        <Center py="xl">
          <Loader aria-label={t('common:list.loading')} />
        </Center>
      ) : query.error ? (
        <Alert color="red" role="alert" title={t('fees.error')}>
          {query.error instanceof Error ? query.error.message : ''}
        </Alert>
      ) : (
        <Paper withBorder radius="md" p="sm">
          {items.length === 0 ? (
            <Text size="sm" c="dimmed" ta="center" py="lg">
              {t('fees.empty', { year })}
            </Text>
          ) : (
            <ScrollArea>
              <Table striped verticalSpacing="xs" data-testid="fee-schedule">
                <caption className="vigil-visually-hidden">{t('fees.caption', { year })}</caption>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('fees.code')}</Table.Th>
                    <Table.Th>{t('fees.description')}</Table.Th>
                    <Table.Th>{t('fees.locality')}</Table.Th>
                    <Table.Th ta="right">{t('fees.amount')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {items.map((r) => (
                    <Table.Tr key={r.id}>
                      <Table.Td>
                        <Text size="sm" fw={600}>
                          {r.code}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm">{r.description}</Text>
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm">{r.locality}</Text>
                      </Table.Td>
                      <Table.Td ta="right">
                        {canEdit ? (
                          <NumberInput
                            aria-label={t('fees.amountOf', { code: r.code, locality: r.locality })}
                            w={130}
                            ml="auto"
                            prefix="$"
                            decimalScale={2}
                            fixedDecimalScale
                            min={0}
                            max={100_000}
                            value={draft[r.id] ?? r.amountCents / 100}
                            onChange={(v) => typeof v === 'number' && setDraft((d) => ({ ...d, [r.id]: v }))}
                          />
                        ) : (
                          <Text size="sm">{money(r.amountCents, lang)}</Text>
                        )}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollArea>
          )}
        </Paper>
      )}
      {canEdit && (
        <>
          <Group justify="flex-end">
            <Button variant="default" disabled={!dirty} onClick={() => setDraft({})}>
              {t('common:actions.cancel')}
            </Button>
            <Button leftSection={<IconDeviceFloppy size={18} aria-hidden />} disabled={!dirty} loading={update.isPending} onClick={saveDraft} data-testid="save-fees">
              {t('fees.save')}
            </Button>
          </Group>
          <Paper withBorder radius="md" p="md">
            <Title order={3} fz="md" mb="sm">
              {t('fees.addTitle', { year })}
            </Title>
            <form onSubmit={addRow} noValidate>
              <Group align="flex-start" gap="sm" wrap="wrap">
                <TextInput w={120} label={t('fees.code')} required {...form.getInputProps('code')} />
                <NumberInput w={140} label={t('fees.amount')} prefix="$" decimalScale={2} min={0} required {...form.getInputProps('amount')} />
                <TextInput w={140} label={t('fees.locality')} placeholder="NATIONAL" {...form.getInputProps('locality')} />
                <TextInput w={280} label={t('fees.description')} {...form.getInputProps('description')} />
                <Button type="submit" mt={25} leftSection={<IconPlus size={16} aria-hidden />} loading={update.isPending}>
                  {t('fees.add')}
                </Button>
              </Group>
            </form>
          </Paper>
        </>
      )}
    </Stack>
  );
}
