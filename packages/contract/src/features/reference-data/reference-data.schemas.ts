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

/** `GET address/lookup` query: a US ZIP code (5 digits, or ZIP+4), with the city and state typed beside it. */
export const addressLookupQuerySchema = z.object({
  zip: z.string().trim().regex(/^\d{5}(-\d{4})?$/),
  city: z.string().trim().max(100).optional(),
  state: z.string().trim().max(100).optional(),
});
export type AddressLookupQuery = z.input<typeof addressLookupQuerySchema>;

/**
 * The address lookup (spec section 3: "an address lookup returns geocoding and time-zone data").
 * `validated` when the ZIP code exists and the city and state given (if any) are the ZIP code's;
 * otherwise `message` is the spec's "address cannot be validated" message in the caller's language
 * (a warning: staff may still save). `city`, `state`, coordinates (WGS 84 degrees, the ZIP code's
 * centre) and the IANA time zone are the ZIP code's, null when the ZIP code is unknown.
 */
export const addressLookupSchema = z.object({
  validated: z.boolean(),
  zip: z.string(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  timeZone: z.string().nullable(),
  source: z.enum(['offline', 'none']),
  message: z.string().nullable(),
});
export type AddressLookup = z.infer<typeof addressLookupSchema>;
