/** Every monitoring plan query starts with this key. */
export const plansRootKey = ['treatmentPlans'] as const;

/**
 * What a plan change can alter besides the plans: a patient's devices carry their schedule from
 * the active plan (getmedicaldevicesforpatientV2), so device queries are refreshed too.
 */
export const plansRelatedKeys = [plansRootKey, ['devices']] as const;
