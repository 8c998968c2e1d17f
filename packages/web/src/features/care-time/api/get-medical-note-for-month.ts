import { useQuery } from '@tanstack/react-query';
import { medicalNotes, type MedicalNote } from '@vigil/contract';
import { ApiError, call } from '../../../lib/api-client';
import { monthNoteKey } from './keys';

/** The month's note, or none with the server's message ("No medical note for the patient for the month {month} and year {year}!"). */
export type MonthNote = { note: MedicalNote; emptyMessage: null } | { note: null; emptyMessage: string };

/** GET medicalnote/getmedicalnoteforpatientbyidandmonth: a 404 is the month without a note (an empty state, not an error). */
export async function fetchMonthNote(patientId: number, hospitalId: number, year: number, month: number): Promise<MonthNote> {
  try {
    const note = await call(medicalNotes.getMedicalNoteForPatientByIdAndMonth, { headers: { patientid: patientId, hospitalid: hospitalId, month, year } });
    return { note, emptyMessage: null };
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return { note: null, emptyMessage: err.message };
    throw err;
  }
}

export function useMonthNote(patientId: number, hospitalId: number, year: number, month: number, enabled: boolean) {
  return useQuery({
    queryKey: monthNoteKey(patientId, hospitalId, year, month),
    queryFn: () => fetchMonthNote(patientId, hospitalId, year, month),
    enabled,
    retry: false,
  });
}
