import { z } from 'zod';
import { bodyIdSchema, idSchema } from '../../common/ids';

export const ecpLogKinds = ['resident', 'user'] as const;
export const ecpLogStatuses = ['new', 'review', 'mapped'] as const;

/** `createresidentfromecplog` / `createuserfromecplog` body (spec section 7 "ECP": body ecpLogId). */
export const ecpLogIdBodySchema = z.object({ ecpLogId: bodyIdSchema }).strict();
export const ecpHospitalHeadersSchema = z.object({ hospitalid: idSchema });

/** An ECP log: an ECP resident or user beside its Vigil mapping, with the reason of the mapping or of its review. */
export const ecpLogSchema = z.object({
  id: z.number(),
  kind: z.enum(ecpLogKinds),
  ecpId: z.string(),
  ecpCommunityId: z.string(),
  hospitalId: z.number().nullable(),
  firstName: z.string(),
  lastName: z.string(),
  birthdate: z.string().nullable(),
  email: z.string().nullable(),
  status: z.enum(ecpLogStatuses),
  reason: z.string().nullable(),
  vigilUserId: z.number().nullable(),
  vigilUserName: z.string().nullable(),
  receivedAt: z.string(),
});
export type EcpLog = z.infer<typeof ecpLogSchema>;

export const ecpLogListQuerySchema = z.object({ kind: z.enum(ecpLogKinds) });

/** An ECP community mapped to a Vigil office (`getecpmappinglocation`). */
export const ecpLocationSchema = z.object({
  id: z.number(),
  ecpCommunityId: z.string(),
  ecpOrganizationId: z.string().nullable(),
  name: z.string(),
  hospitalId: z.number(),
});
export type EcpLocation = z.infer<typeof ecpLocationSchema>;

const externalId = z.string().trim().min(1).max(100);
export const ecpLocationBodySchema = z
  .object({
    ecpCommunityId: externalId,
    ecpOrganizationId: externalId.optional(),
    /** The ECP organization's name (kept with it for /organizationMapping; an empty one keeps the name known). */
    ecpOrganizationName: z.string().trim().max(200).optional(),
    name: z.string().trim().max(200).optional(),
    hospitalId: bodyIdSchema,
  })
  .strict();

/**
 * An ECP organization beside the Vigil organization it maps to (/organizationMapping): its
 * communities mapped to offices the caller sees, the status and reason of its mapping (new, review
 * with the candidate count, mapped by communities, name or confirmation).
 */
export const ecpOrganizationSchema = z.object({
  id: z.number(),
  ecpOrganizationId: z.string(),
  name: z.string(),
  communities: z.number(),
  status: z.enum(ecpLogStatuses),
  reason: z.string().nullable(),
  organizationId: z.number().nullable(),
  organizationName: z.string().nullable(),
  updatedAt: z.string(),
});
export type EcpOrganization = z.infer<typeof ecpOrganizationSchema>;

/** Confirm a Vigil organization for an ECP organization (`organizationId`), or unmap (null). */
export const ecpOrganizationMappingBodySchema = z.object({ organizationId: bodyIdSchema.nullable() }).strict();

/** Confirm a suggested or chosen mapping (`vigilUserId`), or unmap (null). */
export const ecpMappingBodySchema = z.object({ vigilUserId: bodyIdSchema.nullable() }).strict();
export const ecpLogParamsSchema = z.object({ id: idSchema });

/** What an automatic mapping run did. */
export const ecpAutomaticMappingSchema = z.object({ mapped: z.number(), review: z.number(), unmatched: z.number() });

/** What finalizing did: readings queued for the ECP now, and those queued before (never twice). */
export const ecpFinalizeSchema = z.object({ queued: z.number(), alreadyQueued: z.number() });

/** A reading on its way to the ECP, or in the dead-letter list. */
export const ecpOutboundSchema = z.object({
  id: z.number(),
  measurementId: z.number(),
  ecpLogId: z.number(),
  residentName: z.string(),
  status: z.enum(['queued', 'sent', 'dead']),
  attempts: z.number(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});
export type EcpOutbound = z.infer<typeof ecpOutboundSchema>;
export const ecpOutboundQuerySchema = z.object({ status: z.enum(['queued', 'sent', 'dead']).optional() });

/** What the ECP webhook answers once the delivery is stored. */
export const ecpWebhookAckSchema = z.object({ ecpLogId: z.number(), changed: z.boolean() });
