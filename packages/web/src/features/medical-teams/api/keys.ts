/** Every medical team query starts with this key; team mutations invalidate it. */
export const teamsRootKey = ['medicalTeams'] as const;

/** Lists that show care teams too (the patients list, staff patient counts). */
export const relatedRootKeys = [['patients'], ['medicalStaff']] as const;
