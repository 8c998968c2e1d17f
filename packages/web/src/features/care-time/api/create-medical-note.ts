import { useMutation, useQueryClient } from '@tanstack/react-query';
import { medicalNotes, type In } from '@vigil/contract';
import { call } from '../../../lib/api-client';
import { careTimeRootKey } from './keys';

export type CreateNoteBody = NonNullable<In<typeof medicalNotes.createMedicalNote.body>>;

/** POST medicalnote: adds a detail to the patient's note of the month (the note is created when missing). */
export const createMedicalNote = (body: CreateNoteBody) => call(medicalNotes.createMedicalNote, { body });

export function useCreateMedicalNote() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: createMedicalNote, onSettled: () => qc.invalidateQueries({ queryKey: careTimeRootKey }) });
}
