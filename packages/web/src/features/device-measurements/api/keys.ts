/** Readings queries start with ['measurements'] (shared with the patient page, so a new reading refreshes both). */
export const deviceReadingsKey = (deviceId: number) => ['measurements', 'device', deviceId] as const;
