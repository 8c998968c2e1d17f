/** Every medical staff query starts with this key; mutations that change staff invalidate it. */
export const staffRootKey = ['medicalStaff'] as const;

/** Lists that show staff members too (patients' care teams, medical teams). */
export const relatedRootKeys = [['patients'], ['medicalTeams']] as const;
