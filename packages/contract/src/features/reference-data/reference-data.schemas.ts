import { z } from 'zod';

export const countrySchema = z.object({
  id: z.number().int(),
  countryCode: z.string(),
  countryName: z.string(),
  countryNameEsp: z.string(),
  phoneCode: z.string(),
});
export type Country = z.infer<typeof countrySchema>;

export const roleSchema = z.object({
  id: z.number().int(),
  roleName: z.string(),
  roleNameForDisplay: z.string(),
  roleNameForDisplayESP: z.string(),
});
export type RoleRecord = z.infer<typeof roleSchema>;
