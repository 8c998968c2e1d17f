import type { ReactNode } from 'react';
import { Box, Center, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { LanguageSwitch } from './LanguageSwitch';
import { Logo } from './Logo';

export interface PublicCardProps {
  /** The page's one h1. */
  title: string;
  subtitle?: ReactNode;
  /** An icon or illustration above the title (decorative). */
  icon?: ReactNode;
  children?: ReactNode;
  /** Card width; wider for pages of explanatory text. */
  maxWidth?: number;
}

/**
 * The look of the public pages (sign-in, forgot password, account-deletion info...): a centred card
 * on a light background with the logo, the title and the language switch at the top right.
 */
export function PublicCard({ title, subtitle, icon, children, maxWidth = 420 }: PublicCardProps) {
  return (
    <Box mih="100vh" bg="gray.0">
      <Group justify="flex-end" p="md">
        <LanguageSwitch />
      </Group>
      <Center mih="80vh" px="md" pb="xl">
        <Paper component="main" withBorder shadow="sm" p="xl" radius="lg" w="100%" maw={maxWidth}>
          <Stack gap="lg">
            <Stack gap={4} align="center">
              <Logo size={40} />
              {icon && <Box mt="sm">{icon}</Box>}
              <Title order={1} fz="h2" ta="center">
                {title}
              </Title>
              {subtitle && (
                <Text c="dimmed" size="sm" ta="center">
                  {subtitle}
                </Text>
              )}
            </Stack>
            {children}
          </Stack>
        </Paper>
      </Center>
    </Box>
  );
}
