/** Every billing-settings query key starts with this. */
export const billingSettingsRootKey = ['billingSettings'] as const;
export const authorizationsRootKey = [...billingSettingsRootKey, 'authorizations'] as const;
export const templatesRootKey = [...billingSettingsRootKey, 'templates'] as const;
export const feesRootKey = [...billingSettingsRootKey, 'fees'] as const;
