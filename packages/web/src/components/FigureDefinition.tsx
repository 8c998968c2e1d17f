import { ActionIcon, Tooltip } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** The figures that have one definition across the screens (docs/dashboards.md "One definition per figure"). */
export type DefinedFigure = 'openAlerts' | 'criticalAlerts';

/**
 * An information mark beside a figure whose tooltip states the figure's definition, the same text
 * on every screen that shows it (the API computes it once: notifications `countOpenAlerts`). The
 * mark is a button so a keyboard user reaches the tooltip; its name is the definition itself.
 */
export function FigureDefinition({ figure }: { figure: DefinedFigure }) {
  const { t } = useTranslation();
  const text = t(`figures.${figure}`);
  return (
    <Tooltip label={text} multiline w={280} withArrow events={{ hover: true, focus: true, touch: true }}>
      <ActionIcon variant="subtle" color="gray" size="sm" aria-label={text} data-testid={`definition-${figure}`}>
        <IconInfoCircle size={16} aria-hidden />
      </ActionIcon>
    </Tooltip>
  );
}
