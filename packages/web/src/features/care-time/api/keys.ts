/** Every query of the care-time panel starts with this key; its mutations invalidate it. */
export const careTimeRootKey = ['careTime'] as const;

/** The caller's running timer (one per user, whatever the patient). */
export const timerKey = [...careTimeRootKey, 'timer'] as const;

export const entriesKey = (patientId: number, hospitalId: number, year: number, month: number) =>
  [...careTimeRootKey, 'entries', patientId, hospitalId, year, month] as const;

export const monthNoteKey = (patientId: number, hospitalId: number, year: number, month: number) =>
  [...careTimeRootKey, 'note', patientId, hospitalId, year, month] as const;

export const presenceKey = (patientId: number, hospitalId: number) => [...careTimeRootKey, 'presence', patientId, hospitalId] as const;

