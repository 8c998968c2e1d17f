/** Every patients query starts with this key; mutations that change patients invalidate it. */
export const patientsRootKey = ['patients'] as const;

/** Root keys of the other lists a new patient or a status change shows up in (staff patient counts, teams). */
export const relatedRootKeys = [['medicalStaff'], ['medicalTeams']] as const;
