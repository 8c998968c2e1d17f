import { Button, Menu, Text } from '@mantine/core';
import { IconBuildingHospital, IconCheck, IconChevronDown } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../../lib/auth';
import { canSwitchOffice, setSelectedOffice, useSelectedOffice } from '../../lib/office';

/**
 * The office switcher (office admins, doctors, nurses, caregivers; spec section 4): a menu whose
 * button shows the selected office's whole name (wrapping on two lines rather than cut), and whose
 * items show every assigned office's whole name. `fullWidth` for the phone navigation, where the
 * header has no room for it. Nothing when the user cannot switch or has no office.
 */
export function OfficeSwitcher({ fullWidth = false, onSwitched }: { fullWidth?: boolean; onSwitched?: () => void }) {
  const { t } = useTranslation();
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const selected = useSelectedOffice();
  if (!user || !canSwitchOffice(user.roleId) || user.hospitalsAssignedData.length === 0) { return null; }
  const offices = user.hospitalsAssignedData;
  const current = offices.find((o) => o.id === selected);

  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button
          variant="default"
          size="xs"
          fullWidth={fullWidth}
          leftSection={<IconBuildingHospital size={16} aria-hidden />}
          rightSection={<IconChevronDown size={14} aria-hidden />}
          aria-label={t('office.switchTo', { office: current?.hospitalName ?? t('office.none') })}
          data-testid="office-switcher"
          h="auto"
          mih={30}
          py={4}
          maw={fullWidth ? undefined : { base: 220, lg: 340 }}
          styles={{ label: { whiteSpace: 'normal', textAlign: 'left', lineHeight: 1.25 }, inner: { justifyContent: 'flex-start' } }}
        >
          {current?.hospitalName ?? t('office.none')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown maw="min(90vw, 480px)">
        <Menu.Label>{t('office.switch')}</Menu.Label>
        {offices.map((o) => (
          <Menu.Item
            key={o.id}
            leftSection={o.id === selected ? <IconCheck size={14} aria-hidden /> : <span style={{ width: 14, display: 'inline-block' }} />}
            aria-current={o.id === selected ? 'true' : undefined}
            onClick={() => {
              setSelectedOffice(o.id);
              void queryClient.invalidateQueries();
              onSwitched?.();
            }}
          >
            <Text size="sm" style={{ whiteSpace: 'normal' }}>
              {o.hospitalName}
            </Text>
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
