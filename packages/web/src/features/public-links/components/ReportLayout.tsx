import type { ReactNode } from 'react';
import { Box, Button, Container, Group } from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from '../../../components/LanguageSwitch';
import { Logo } from '../../../components/Logo';
import classes from './public-report.module.css';

/** The frame of the public report pages: logo, language switch and (when there is a report) a print button; no sign-in. */
export function ReportLayout({ children, printable = false }: { children: ReactNode; printable?: boolean }) {
  const { t } = useTranslation('publicLinks');
  return (
    <Box mih="100vh" bg="gray.0" className={classes.page}>
      <Container size="lg" py="md">
        <Group component="header" justify="space-between" mb="md">
          <Logo size={32} />
          <Group gap="sm" className={classes.noPrint}>
            {printable && (
              <Button variant="default" size="xs" leftSection={<IconPrinter size={16} aria-hidden />} onClick={() => window.print()}>
                {t('report.print')}
              </Button>
            )}
            <LanguageSwitch />
          </Group>
        </Group>
        <Box component="main">{children}</Box>
      </Container>
    </Box>
  );
}
