/**
 * The twelve user kinds of portal-spec.md section 6. Ids 3-7 are the spec's; the others are ours
 * (documented in the README): 1 system admin, 2 organization admin, 8 partner, 9 API user,
 * 10 data coordinator, 11 verifier, 12 ECP user.
 */
export const Role = {
  SYSTEM_ADMIN: 1,
  ORGANIZATION_ADMIN: 2,
  DOCTOR: 3,
  NURSE: 4,
  PATIENT: 5,
  HOSPITAL_ADMIN: 6,
  CARE_GIVER: 7,
  PARTNER: 8,
  API_USER: 9,
  DATA_COORDINATOR: 10,
  VERIFIER: 11,
  ECP_USER: 12,
} as const;

export type RoleId = (typeof Role)[keyof typeof Role];
export type RoleName = keyof typeof Role;

export const roleIds = Object.values(Role) as RoleId[];

export const roleNames: Record<RoleId, { name: string; en: string; es: string }> = {
  1: { name: 'SYSTEM ADMIN', en: 'System admin', es: 'Administrador del sistema' },
  2: { name: 'ORGANIZATION ADMIN', en: 'Organization admin', es: 'Administrador de la organización' },
  3: { name: 'DOCTOR', en: 'Doctor', es: 'Médico' },
  4: { name: 'NURSE', en: 'Nurse', es: 'Enfermera' },
  5: { name: 'PATIENT', en: 'Patient', es: 'Paciente' },
  6: { name: 'HOSPITAL_ADMIN', en: 'Office admin', es: 'Administrador de la oficina' },
  7: { name: 'CARE_GIVER', en: 'Caregiver', es: 'Cuidador' },
  8: { name: 'PARTNER', en: 'Partner', es: 'Socio' },
  9: { name: 'API_USER', en: 'API user', es: 'Usuario de API' },
  10: { name: 'DATA_COORDINATOR', en: 'Data coordinator', es: 'Coordinador de datos' },
  11: { name: 'VERIFIER', en: 'Verifier', es: 'Verificador' },
  12: { name: 'ECP_USER', en: 'ECP user', es: 'Usuario ECP' },
};

/** Roles refused by the staff app's sign-in (spec sections 1 and 6). */
export const rolesRefusedAtStaffSignIn: readonly RoleId[] = [Role.PATIENT, Role.CARE_GIVER, Role.ECP_USER];

/** Roles that may switch the selected office (spec section 4). */
export const officeSwitchingRoles: readonly RoleId[] = [Role.HOSPITAL_ADMIN, Role.DOCTOR, Role.NURSE, Role.CARE_GIVER];

/** Roles offered in staff forms (spec section 6): doctor, nurse, caregiver. */
export const staffFormRoles: readonly RoleId[] = [Role.DOCTOR, Role.NURSE, Role.CARE_GIVER];

/** Roles whose visibility is limited to the offices they are assigned to. */
export const officeScopedRoles: readonly RoleId[] = [Role.HOSPITAL_ADMIN, Role.DOCTOR, Role.NURSE, Role.CARE_GIVER, Role.DATA_COORDINATOR];

/** User status values. Patient statuses are spec section 4's labels; staff use active/inactive. */
export const UserStatus = { INACTIVE: 0, ACTIVE: 1, PENDING: 2, DECEASED: 3 } as const;
export type UserStatusValue = (typeof UserStatus)[keyof typeof UserStatus];
