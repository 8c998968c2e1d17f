/** Every category-template query of this page starts with this key; its mutations invalidate it. */
export const templatesRootKey = ['medicalNoteCategoryTemplates'] as const;
export const officeTemplatesKey = (hospitalId: number) => [...templatesRootKey, 'office', hospitalId] as const;
