import { useQuery } from '@tanstack/react-query';
import { medicalNotes, type MedicalNote } from '@vigil/contract';
import { ApiError, call } from '../../../lib/api-client';
import { monthlyReviewRootKey } from './keys';

/** GET medicalnote/getmedicalnoteforpatientbyidandmonth; a 404 is the month without a note, with the server's message. */
export async function fetchMonthNote(patientId: number, hospitalId: number, year: number, month: number): Promise<{ note: MedicalNote | null; emptyMessage: string }> {
  try {
    return { note: await call(medicalNotes.getMedicalNoteForPatientByIdAndMonth, { headers: { patientid: patientId, hospitalid: hospitalId, year, month } }), emptyMessage: '' };
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return { note: null, emptyMessage: err.message };
    throw err;
  }
}

export function useMonthNote(patientId: number | null, hospitalId: number, year: number, month: number, enabled: boolean) {
  return useQuery({
    queryKey: [...monthlyReviewRootKey, 'note', patientId, hospitalId, year, month],
    queryFn: () => fetchMonthNote(patientId!, hospitalId, year, month),
    enabled: enabled && !!patientId && hospitalId > 0,
    retry: false,
  });
}
