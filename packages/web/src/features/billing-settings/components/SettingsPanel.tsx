import { useState } from 'react';
import { Alert, Badge, Button, Center, Group, Loader, NumberInput, Paper, ScrollArea, Select, Stack, Switch, Table, Text } from '@mantine/core';
import { IconDeviceFloppy, IconRestore } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { BillingSetting } from '@vigil/contract';
import { confirmAction } from '../../../components/confirm';
import { serverFieldErrors } from '../../../lib/forms';
import { notify } from '../../../lib/notify';
import { useBillingSettings, useUpdateBillingSettings } from '../api/billing-settings';

type Value = number | boolean | string;

/**
 * The billing settings, written for a billing manager: every rule the billing reference has not
 * settled, by its plain name, with what it changes, "to be confirmed" where the reference says so,
 * the source as a readable citation, the default and the effective value and where that comes from
 * (default, global or the organization). organizationId null edits the global values (system admin).
 */
export function SettingsPanel({ organizationId, canEdit }: { organizationId: number | null; canEdit: boolean }) {
  const { t, i18n } = useTranslation('billingSettings');
  const en = i18n.language.startsWith('en');
  const query = useBillingSettings(organizationId);
  const update = useUpdateBillingSettings();
  const [draft, setDraft] = useState<Record<string, Value>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});

  if (query.isLoading) {
    return (
      <Center py="xl">
        <Loader aria-label={t('common:list.loading')} />
      </Center>
    );
  }
  if (query.error || !query.data) {
    return (
      <Alert color="red" role="alert" title={t('settings.error')}>
        {query.error instanceof Error ? query.error.message : ''}
      </Alert>
    );
  }

  const level = organizationId === null ? 'global' : 'organization';
  const override = (s: BillingSetting) => (level === 'global' ? s.globalValue : s.organizationValue);
  const shown = (s: BillingSetting): Value => (draft[s.key] ?? s.value);
  const label = (s: BillingSetting) => (en ? s.description.en : s.description.es);
  const name = (s: BillingSetting) => (en ? s.name.en : s.name.es);
  const display = (s: BillingSetting, v: Value) => {
    if (s.type === 'boolean') { return v ? t('settings.on') : t('settings.off'); }
    if (s.type === 'enum') {
      const o = s.options?.find((x) => x.value === v);
      return o ? (en ? o.label.en : o.label.es) : String(v);
    }
    return String(v);
  };
  const save = (values: Record<string, Value | null>) =>
    update.mutate(
      { organizationId, values },
      {
        onSuccess: () => {
          setDraft({});
          setErrors({});
          notify({ color: 'teal', message: t('settings.saved') });
        },
        onError: (err) => {
          const fields = serverFieldErrors(err);
          setErrors(Object.fromEntries(Object.entries(fields).map(([k, v]) => [k.replace(/^values\./, ''), v])));
          notify({ color: 'red', message: err.message });
        },
      },
    );
  const restore = (s: BillingSetting) =>
    confirmAction({
      title: t('settings.restoreTitle'),
      text: t(level === 'global' ? 'settings.restoreGlobal' : 'settings.restoreOrganization', { key: name(s), value: display(s, s.defaultValue) }),
      confirmLabel: t('settings.restore'),
      onConfirm: () => save({ [s.key]: null }),
    });

  const control = (s: BillingSetting) => {
    const v = shown(s);
    const set = (next: Value) => setDraft((d) => ({ ...d, [s.key]: next }));
    const common = { 'aria-label': t('settings.valueOf', { key: name(s) }), error: errors[s.key], disabled: !canEdit };
    if (s.type === 'boolean') { return <Switch {...common} checked={Boolean(v)} onChange={(e) => set(e.currentTarget.checked)} label={display(s, v)} />; }
    if (s.type === 'enum') {
      return (
        <Select
          {...common}
          w={270}
          data={(s.options ?? []).map((o) => ({ value: o.value, label: en ? o.label.en : o.label.es }))}
          value={String(v)}
          onChange={(x) => x !== null && set(x)}
          allowDeselect={false}
        />
      );
    }
    return <NumberInput {...common} w={110} min={s.min} max={s.max} allowDecimal={false} value={Number(v)} onChange={(x) => typeof x === 'number' && set(x)} />;
  };

  const dirty = Object.keys(draft).length > 0;
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        {level === 'global' ? t('settings.globalHint') : t('settings.organizationHint')}
      </Text>
      <Paper withBorder radius="md" p="sm">
        <ScrollArea>
          <Table verticalSpacing="sm" striped data-testid="billing-settings">
            <caption className="vigil-visually-hidden">{t('settings.caption')}</caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('settings.setting')}</Table.Th>
                <Table.Th>{t('settings.default')}</Table.Th>
                <Table.Th>{t('settings.value')}</Table.Th>
                {canEdit && <Table.Th>{t('settings.actions')}</Table.Th>}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {query.data.items.map((s) => (
                <Table.Tr key={s.key} data-testid={`setting-${s.key}`}>
                  <Table.Td maw={560}>
                    <Group gap="xs" wrap="wrap">
                      <Text size="sm" fw={600}>
                        {name(s)}
                      </Text>
                      {s.toBeConfirmed && (
                        <Badge size="sm" variant="light" color="yellow.9" tt="none" data-testid="to-be-confirmed">
                          {t('settings.toBeConfirmed')}
                        </Badge>
                      )}
                    </Group>
                    <Text size="sm">{label(s)}</Text>
                    <Text size="xs" c="dimmed" mt={2}>
                      {t('settings.reference')}: {en ? s.citation.en : s.citation.es}
                    </Text>
                  </Table.Td>
                  <Table.Td miw={110}>
                    <Text size="sm">{display(s, s.defaultValue)}</Text>
                  </Table.Td>
                  <Table.Td miw={280}>
                    <Stack gap={4} align="flex-start">
                      {control(s)}
                      <Badge
                        size="sm"
                        variant={s.source === 'default' ? 'outline' : 'filled'}
                        color={s.source === 'organization' ? 'teal.9' : s.source === 'global' ? 'blue.9' : 'dark'}
                        tt="none"
                        style={{ overflow: 'visible' }}
                      >
                        {t('settings.sourceIs', { source: t(`settings.sources.${s.source}`) })}
                      </Badge>
                    </Stack>
                  </Table.Td>
                  {canEdit && (
                    <Table.Td>
                      {override(s) !== null && (
                        <Button size="xs" variant="subtle" color="dark" leftSection={<IconRestore size={14} aria-hidden />} onClick={() => restore(s)}>
                          {t('settings.restore')}
                        </Button>
                      )}
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea>
      </Paper>
      {canEdit && (
        <Group justify="flex-end">
          <Button variant="default" disabled={!dirty} onClick={() => setDraft({})}>
            {t('common:actions.cancel')}
          </Button>
          <Button leftSection={<IconDeviceFloppy size={18} aria-hidden />} disabled={!dirty} loading={update.isPending} onClick={() => save(draft)} data-testid="save-settings">
            {t('settings.save')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
