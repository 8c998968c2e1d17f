/** Every query of the daily report starts with this key. */
export const dailyReportsRootKey = ['dailyReports'] as const;

/** Most pages (of 200) one part of the report reads; beyond, the report says it is incomplete. */
export const MAX_PAGES = 25;
export const PAGE_SIZE = 200;
