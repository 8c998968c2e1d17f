import { z } from 'zod';
import { pageOf, pageQuerySchema } from '../../common/envelope';
import { bodyIdSchema, idSchema } from '../../common/ids';

/** Most members a team takes in one call (a patient's team is a handful of people). */
export const MEDICAL_TEAM_MAX_MEMBERS = 50;

/** A list of member user ids: at least one, at most 50, duplicates dropped. */
const memberIdsSchema = z
  .array(bodyIdSchema)
  .min(1)
  .max(MEDICAL_TEAM_MAX_MEMBERS)
  .transform((ids) => [...new Set(ids)]);

/** A member of a medical team as lists show it (spec section 7, "Medical team"). */
export const medicalTeamMemberSchema = z.object({
  id: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  roleId: z.number().int(),
});
export type MedicalTeamMember = z.infer<typeof medicalTeamMemberSchema>;

/**
 * A patient's medical team in one office: the office, the patient and the members (doctors,
 * nurses, office admins, caregivers assigned to that office). One team per patient and office.
 */
export const medicalTeamSchema = z.object({
  id: z.number().int(),
  patientId: z.number().int(),
  hospitalId: z.number().int(),
  patient: z.object({ id: z.number().int(), firstName: z.string(), lastName: z.string() }),
  hospital: z.object({ id: z.number().int(), hospitalName: z.string(), organizationId: z.number().int() }),
  members: z.array(medicalTeamMemberSchema),
  createdAt: z.string(), // ISO 8601
});
export type MedicalTeam = z.infer<typeof medicalTeamSchema>;

export const medicalTeamPageSchema = pageOf(medicalTeamSchema);
export type MedicalTeamPage = z.infer<typeof medicalTeamPageSchema>;

/** Sort keys of team lists; '-' prefix for descending. Default: patient name. */
export const medicalTeamSortKeys = ['patientName', '-patientName', 'hospitalName', '-hospitalName', 'createdAt', '-createdAt'] as const;

/** Query of paged team lists; `search` matches the patient's first or last name. */
export const medicalTeamPageQuerySchema = pageQuerySchema.extend({ sort: z.enum(medicalTeamSortKeys).optional() });
export type MedicalTeamPageQuery = z.infer<typeof medicalTeamPageQuerySchema>;

/**
 * `POST medicalteam`: the team of `patientId` in office `hospitalId` with its first members. The
 * patient's first team must include a doctor and a nurse (spec section 5).
 */
export const createMedicalTeamBodySchema = z.object({
  patientId: bodyIdSchema,
  hospitalId: bodyIdSchema,
  memberIds: memberIdsSchema,
});
export type CreateMedicalTeamBody = z.input<typeof createMedicalTeamBodySchema>;

/** Assign or deassign one member. */
export const medicalTeamMemberBodySchema = z.object({
  medicalTeamId: bodyIdSchema,
  userId: bodyIdSchema,
});
export type MedicalTeamMemberBody = z.input<typeof medicalTeamMemberBodySchema>;

/** Assign or deassign several members in one transaction. */
export const medicalTeamMembersBodySchema = z.object({
  medicalTeamId: bodyIdSchema,
  userIds: memberIdsSchema,
});
export type MedicalTeamMembersBody = z.input<typeof medicalTeamMembersBodySchema>;

/** `PUT medicalteam/updatemedicalteamforpatient`: the team's new, complete member list. */
export const updateMedicalTeamBodySchema = z.object({
  memberIds: memberIdsSchema,
});
export type UpdateMedicalTeamBody = z.input<typeof updateMedicalTeamBodySchema>;

/** A patient's team in one office, named by headers (the spec passes ids as headers). */
export const medicalTeamForPatientHeadersSchema = z.object({ patientid: idSchema, hospitalid: idSchema });

export const deletedMedicalTeamSchema = z.object({ id: z.number().int() });
