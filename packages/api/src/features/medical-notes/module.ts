import { defineFeature } from '../../lib/feature-module';
import { medicalNotesRoutes } from './medical-notes.routes';
import { medicalNoteDetails, medicalNotes } from '../../db/schema/index';
import { own, viaParent } from '../../lib/audit-patients';

/** The medical-notes feature's module descriptor (lib/feature-module.ts; docs/architecture.md "Feature modules"). */
export const medicalNotesModule = defineFeature({
  name: 'medical-notes',
  routes: medicalNotesRoutes,
  // The patient of each kind of record this feature owns (docs/audit.md "Calls keyed by a record").
  auditRecords: {
    medicalNote: own(medicalNotes),
    medicalNoteDetail: viaParent(medicalNoteDetails, medicalNoteDetails.id, medicalNoteDetails.medicalNoteId, medicalNotes, medicalNotes.id, medicalNotes.patientId),
  },
});
