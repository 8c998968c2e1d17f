import { Badge, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Office } from '@vigil/contract';
import { programs } from './office-form';

/** The office's enabled programs as short badges (RPM, RTM, CCM, assessments). */
export function ProgramBadges({ office }: { office: Pick<Office, (typeof programs)[number]> }) {
  const { t } = useTranslation('offices');
  const enabled = programs.filter((p) => office[p]);
  if (enabled.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t('programs.none')}
      </Text>
    );
  }
  return (
    <Group gap={4}>
      {enabled.map((p) => (
        <Badge key={p} variant="outline" color="teal" tt="none" fw={600} title={t(`programs.${p}.label`)}>
          {t(`programs.${p}.short`)}
        </Badge>
      ))}
    </Group>
  );
}
