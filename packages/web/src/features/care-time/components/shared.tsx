import { useEffect, useState } from 'react';
import { Badge, type BadgeProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { CareProgram } from '@vigil/contract';
import { useAuth } from '../../../lib/auth';
import { useCan } from '../../../lib/can';

/** Program codes with their names for selects ("RPM · Remote physiologic monitoring"). */
export function useProgramOptions(programs: readonly CareProgram[]) {
  const { t } = useTranslation('careTime');
  return programs.map((p) => ({ value: p, label: `${p} · ${t(`programs.${p}`)}` }));
}

/** A program code as a small badge; the full name for assistive technology. */
export function ProgramBadge({ program, ...rest }: { program: string } & BadgeProps) {
  const { t } = useTranslation('careTime');
  return (
    <Badge variant="outline" color="blue.9" tt="none" title={t(`programs.${program}`, { defaultValue: program })} {...rest}>
      {program}
    </Badge>
  );
}

/** The current time, refreshed every `everyMs` (a ticking clock for timers). */
export function useNow(everyMs = 1000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = window.setInterval(() => setNow(Date.now()), everyMs);
    return () => window.clearInterval(id);
  }, [everyMs]);
  return now;
}

/**
 * Whether the signed-in user may change a record written by `authorId`: its author, or a role
 * holding 'careRecords.manageAll' (office, organization and system admins), as the server decides
 * (only to hide buttons).
 */
export function useMayChange() {
  const { user } = useAuth();
  const manageAll = useCan('careRecords.manageAll');
  return (authorId: number) => !!user && (user.id === authorId || manageAll);
}

/** A person's name. */
export const fullName = (p: { firstName: string; lastName: string }) => `${p.firstName} ${p.lastName}`.trim();
