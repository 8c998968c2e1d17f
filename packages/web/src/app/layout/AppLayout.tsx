import { Suspense } from 'react';
import { AppShell, Burger, Drawer, Group, Modal, NavLink, ScrollArea, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import {
  IconActivityHeartbeat,
  IconBuildingHospital,
  IconBuildingSkyscraper,
  IconCalendarStats,
  IconCalendarTime,
  IconChartBar,
  IconDevices,
  IconFileImport,
  IconLayoutDashboard,
  IconMail,
  IconNotes,
  IconReportAnalytics,
  IconReceipt,
  IconSettingsDollar,
  IconStethoscope,
  IconUserDollar,
  IconUserShield,
  IconUsers,
  IconUsersGroup,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { NavLink as RouterLink, Outlet, useLocation } from 'react-router';
import type { Permission } from '@vigil/contract';
import { useAuth } from '../../lib/auth';
import { can, type RoleId } from '@vigil/contract';
import { homePathFor } from '../../lib/home';
import { RealtimeSocket } from '../../lib/use-realtime';
import { useUiState } from '../../lib/ui-state';
import { PageLoader } from '../page-loader';
import { HeaderBar } from './HeaderBar';
import { Logo } from './Logo';

interface NavItem {
  to: string;
  label: string;
  permission: Permission;
  icon: typeof IconUsers;
}

const NAV: NavItem[] = [
  { to: '/dashboard', label: 'nav.dashboard', permission: 'notifications.read', icon: IconLayoutDashboard },
  { to: '/monitoring', label: 'nav.monitoring', permission: 'notifications.read', icon: IconActivityHeartbeat },
  { to: '/patients', label: 'nav.patients', permission: 'patients.read', icon: IconUsers },
  { to: '/devices', label: 'nav.devices', permission: 'devices.read', icon: IconDevices },
  { to: '/monitoringplans', label: 'nav.monitoringPlans', permission: 'treatmentPlans.read', icon: IconCalendarTime },
  { to: '/medicalstaff', label: 'nav.medicalStaff', permission: 'users.read', icon: IconStethoscope },
  { to: '/medicalteam', label: 'nav.medicalTeams', permission: 'medicalTeams.read', icon: IconUsersGroup },
  { to: '/offices', label: 'nav.offices', permission: 'offices.read', icon: IconBuildingHospital },
  { to: '/organizations', label: 'nav.organizations', permission: 'organizations.read', icon: IconBuildingSkyscraper },
  { to: '/admins', label: 'nav.admins', permission: 'users.manage', icon: IconUserShield },
  { to: '/import', label: 'nav.import', permission: 'import.run', icon: IconFileImport },
  { to: '/outbox', label: 'nav.outbox', permission: 'outbox.read', icon: IconMail },
  { to: '/dailyreports', label: 'nav.dailyReports', permission: 'notes.read', icon: IconReportAnalytics },
  { to: '/monthlyreview', label: 'nav.monthlyReview', permission: 'notes.read', icon: IconCalendarStats },
  { to: '/medicalNotesCategory', label: 'nav.medicalNotesCategory', permission: 'notes.read', icon: IconNotes },
  { to: '/billings', label: 'nav.billing', permission: 'billing.read', icon: IconReceipt },
  { to: '/partnerBillingReports', label: 'nav.billingReports', permission: 'billing.read', icon: IconChartBar },
  { to: '/UserBillingSettings', label: 'nav.userBillingSettings', permission: 'billing.authorizations', icon: IconUserDollar },
  { to: '/billingsettings', label: 'nav.billingSettings', permission: 'billing.settings', icon: IconSettingsDollar },
];

/** The signed-in frame: header (office switcher, language, user menu), navigation, page, drawers. */
export function AppLayout() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const [opened, { toggle, close }] = useDisclosure();
  const location = useLocation();
  const ui = useUiState();
  const items = NAV.filter((item) => user && can(user.roleId as RoleId, item.permission));

  return (
    <AppShell header={{ height: 60 }} navbar={{ width: 240, breakpoint: 'sm', collapsed: { mobile: !opened } }} padding="md">
      <RealtimeSocket />
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger opened={opened} onClick={toggle} hiddenFrom="sm" size="sm" aria-label={t('nav.toggle')} />
            <UnstyledButton component={RouterLink} to={homePathFor(user?.roleId)} aria-label="Vigil">
              <Logo />
            </UnstyledButton>
          </Group>
          <HeaderBar />
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="xs" aria-label={t('nav.main')}>
        <ScrollArea>
          {items.map((item) => (
            <NavLink
              key={item.to}
              component={RouterLink}
              to={item.to}
              label={t(item.label)}
              leftSection={<item.icon size={18} stroke={1.6} aria-hidden />}
              active={location.pathname === item.to || location.pathname.startsWith(`${item.to}/`)}
              onClick={close}
            />
          ))}
        </ScrollArea>
      </AppShell.Navbar>
      <AppShell.Main>
        <VisuallyHidden>
          <Text>{t('app.name')}</Text>
        </VisuallyHidden>
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      </AppShell.Main>
      <Drawer opened={ui.details.opened} onClose={() => ui.close('details')} title={ui.details.title} position="right" size="lg" closeButtonProps={{ 'aria-label': t('actions.close') }}>
        {ui.details.content}
      </Drawer>
      <Drawer opened={ui.update.opened} onClose={() => ui.close('update')} title={ui.update.title} position="right" size="lg" closeButtonProps={{ 'aria-label': t('actions.close') }}>
        {ui.update.content}
      </Drawer>
      <Modal opened={ui.review.opened} onClose={() => ui.close('review')} title={ui.review.title} size="lg" closeButtonProps={{ 'aria-label': t('actions.close') }}>
        {ui.review.content}
      </Modal>
    </AppShell>
  );
}
