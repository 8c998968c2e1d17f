/** Every query of this page about one patient starts with this key. */
export const patientDetailsKey = (patientId: number) => ['patientDetails', patientId] as const;

/**
 * Readings are shared with other screens (device measurements, dashboards): their queries start
 * with ['measurements'], so a new reading refreshes all of them.
 */
export const measurementsRootKey = ['measurements'] as const;

/** Alerts and notifications (the bell, the worklist) start with ['notifications']. */
export const notificationsRootKey = ['notifications'] as const;

/**
 * Monitoring plans (['treatmentPlans']) and devices (['devices']) are changed from other screens
 * and from the plan panel on this page; a change invalidates these roots, so this page's plan and
 * device queries live under them.
 */
export const plansRootKey = ['treatmentPlans'] as const;
export const devicesRootKey = ['devices'] as const;
