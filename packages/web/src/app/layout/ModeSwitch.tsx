import { SegmentedControl, Stack, Text } from '@mantine/core';
import { useId } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../../lib/auth';
import { useCan } from '../../lib/can';
import { programModes, setSelectedMode, useSelectedMode, type ProgramMode } from '../../lib/mode';

/**
 * The RPM / CCM mode switch (spec section 4 "Selected mode"; docs/first-day.md "Phones and
 * toasts"): two radio buttons (Tab to reach, arrow keys to switch). In the header from the `sm`
 * breakpoint up (`phone` false, test id `mode-switch`); on a phone in the navigation drawer, full
 * width under its visible name (`phone`, test id `mode-switch-phone`). Nothing without
 * `ccm.read` or a user.
 */
export function ModeSwitch({ phone = false }: { phone?: boolean }) {
  const { t } = useTranslation();
  const { user } = useAuth();
  const mode = useSelectedMode();
  const canCcm = useCan('ccm.read');
  const labelId = useId();
  if (!user || !canCcm) { return null; }

  const control = (
    <SegmentedControl
      size="xs"
      fullWidth={phone}
      {...(phone ? { 'aria-labelledby': labelId } : { 'aria-label': t('mode.switch') })}
      data={programModes.map((m) => ({ value: m, label: t(`mode.${m}`) }))}
      value={mode}
      onChange={(v) => setSelectedMode(user.id, v as ProgramMode)}
      data-testid={phone ? 'mode-switch-phone' : 'mode-switch'}
    />
  );
  if (!phone) { return control; }
  return (
    <Stack gap={4}>
      <Text size="xs" c="dimmed" id={labelId}>
        {t('mode.switch')}
      </Text>
      {control}
    </Stack>
  );
}
