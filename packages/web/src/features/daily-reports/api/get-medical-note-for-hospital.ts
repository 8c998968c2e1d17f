import { useQuery } from '@tanstack/react-query';
import { medicalNotes, type MedicalNoteWithPatient } from '@vigil/contract';
import { call } from '../../../lib/api-client';
import { dailyReportsRootKey, MAX_PAGES, PAGE_SIZE } from './keys';

export interface MonthNotes {
  items: MedicalNoteWithPatient[];
  truncated: boolean;
}

/**
 * GET medicalnote/getmedicalnoteforhospital: every note of the office's month with its details and
 * the time entries they document. The daily report takes the time logged on the day from them:
 * the API has no office-wide list of time entries (only per patient), so time without a note is
 * not counted here.
 */
export async function fetchMonthNotes(hospitalId: number, year: number, month: number): Promise<MonthNotes> {
  const items: MedicalNoteWithPatient[] = [];
  for (let page = 1; page <= MAX_PAGES; page++) {
    const r = await call(medicalNotes.getMedicalNoteForHospital, { headers: { hospitalid: hospitalId, bymonth: month, byyear: year }, query: { page, pageSize: PAGE_SIZE } });
    items.push(...r.items);
    if (page * PAGE_SIZE >= r.total) return { items, truncated: false };
  }
  return { items, truncated: true };
}

export function useMonthNotes(hospitalId: number, year: number, month: number, enabled: boolean) {
  return useQuery({
    queryKey: [...dailyReportsRootKey, 'notes', hospitalId, year, month],
    queryFn: () => fetchMonthNotes(hospitalId, year, month),
    enabled: enabled && hospitalId > 0,
  });
}
