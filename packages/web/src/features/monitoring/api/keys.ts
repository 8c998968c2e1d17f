import type { In, notifications } from '@vigil/contract';

/** Every notifications query starts with this key; mutations and socket events update or invalidate it. */
export const notificationsRootKey = ['notifications'] as const;

export type MyNotificationsQuery = NonNullable<In<(typeof notifications.getMyPushNotificationsMinimal)['query']>>;
export type WorklistQuery = NonNullable<In<(typeof notifications.getMyPushNotificationsWithPatient)['query']>>;

/** The bell's lists (getmypushnotifications-minimal), by query. */
export const myNotificationsRootKey = [...notificationsRootKey, 'mine'] as const;
export const myNotificationsKey = (q: MyNotificationsQuery) => [...myNotificationsRootKey, q] as const;

/** The worklist pages (getmypushnotificationswithpatient), by office (-1: all) and query. */
export const worklistRootKey = [...notificationsRootKey, 'worklist'] as const;
export const worklistKey = (office: number, q: WorklistQuery) => [...worklistRootKey, office, q] as const;
