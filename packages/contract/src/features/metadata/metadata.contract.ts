import { z } from 'zod';
import { endpoint } from '../../common/endpoint';
import { idSchema } from '../../common/ids';
import {
  createPatientMetadataBodySchema,
  doctorMetadataSchema,
  doctorSpecializationsBodySchema,
  nurseMetadataSchema,
  patientMetadataFieldsSchema,
  patientMetadataSchema,
  updateDoctorMetadataBodySchema,
  updateNurseMetadataBodySchema,
} from './metadata.schemas';

const tag = 'Metadata';

export const getMetadataForPatient = endpoint({
  method: 'GET',
  path: 'patientmetadata/getmetadataforpatient',
  tag,
  summary: "A patient's metadata (null when none yet); the SSN is included only here, for callers who manage patients",
  permission: 'metadata.read',
  headers: z.object({ patientid: idSchema }),
  response: patientMetadataSchema.nullable(),
});

export const createPatientMetadata = endpoint({
  method: 'POST',
  path: 'patientmetadata',
  tag,
  summary: "Create a patient's metadata; the ideal weight is computed from height and gender (Devine)",
  permission: 'metadata.manage',
  body: createPatientMetadataBodySchema,
  response: patientMetadataSchema,
  successStatus: 201,
});

export const updateMetadataForPatient = endpoint({
  method: 'PUT',
  path: 'patientmetadata/updatemetadataforpatient',
  tag,
  summary: "Update a patient's metadata (created when missing); absent fields keep their value",
  permission: 'metadata.manage',
  headers: z.object({ patientid: idSchema }),
  body: patientMetadataFieldsSchema,
  response: patientMetadataSchema,
});

export const getMetadataForDoctor = endpoint({
  method: 'GET',
  path: 'doctormetadata/getmetadatafordoctor',
  tag,
  summary: "A doctor's licence, NPI, specializations and offices (null when none yet)",
  permission: 'metadata.read',
  headers: z.object({ doctorid: idSchema }),
  response: doctorMetadataSchema.nullable(),
});

export const updateMetadataForDoctor = endpoint({
  method: 'PUT',
  path: 'doctormetadata/updatemetadatafordoctor',
  tag,
  summary: "Update a doctor's licence, NPI (CMS check digit) and metadataInfo (created when missing)",
  permission: 'metadata.manage',
  headers: z.object({ doctorid: idSchema }),
  body: updateDoctorMetadataBodySchema,
  response: doctorMetadataSchema,
});

export const assignDoctorToMultipleSpecializations = endpoint({
  method: 'POST',
  path: 'doctormetadata/assigndoctortomultiplespetializations',
  tag,
  summary: 'Add specializations (SPECIALIZATION_TYPE verifiers) to a doctor in one transaction',
  permission: 'metadata.manage',
  body: doctorSpecializationsBodySchema,
  response: doctorMetadataSchema,
});

export const deassignDoctorFromMultipleSpecializations = endpoint({
  method: 'POST',
  path: 'doctormetadata/deassigndoctorfrommultiplespetializations',
  tag,
  summary: 'Remove specializations (SPECIALIZATION_TYPE verifiers) from a doctor in one transaction',
  permission: 'metadata.manage',
  body: doctorSpecializationsBodySchema,
  response: doctorMetadataSchema,
});

export const getMetadataForNurse = endpoint({
  method: 'GET',
  path: 'nursemetadata/getmetadatafornurse',
  tag,
  summary: "A nurse's licence and metadataInfo (null when none yet)",
  permission: 'metadata.read',
  headers: z.object({ nurseid: idSchema }),
  response: nurseMetadataSchema.nullable(),
});

export const updateMetadataForNurse = endpoint({
  method: 'PUT',
  path: 'nursemetadata/updatemetadatafornurse',
  tag,
  summary: "Update a nurse's licence and metadataInfo (created when missing)",
  permission: 'metadata.manage',
  headers: z.object({ nurseid: idSchema }),
  body: updateNurseMetadataBodySchema,
  response: nurseMetadataSchema,
});
