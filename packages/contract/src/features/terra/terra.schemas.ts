import { z } from 'zod';
import { bodyIdSchema, boolTextSchema, idSchema } from '../../common/ids';

/** Statuses of a patient's Terra connection (docs/integrations.md "Terra"). */
export const terraConnectionStatuses = ['pending', 'connected', 'disconnected', 'error'] as const;
export type TerraConnectionStatus = (typeof terraConnectionStatuses)[number];

/** `terra/authorizeterraforgettingdata` body: the patient to connect (spec section 7 "Terra"). */
export const terraAuthorizeBodySchema = z.object({ patientId: bodyIdSchema }).strict();

/** The widget session: its URL (shown as a link and a QR code) and how long it stays valid. */
export const terraAuthorizeResponseSchema = z.object({
  url: z.string(),
  expiresInSeconds: z.number(),
  patientId: z.number(),
});

/**
 * One row of the Terra mapping table (spec section 3 "Terra mapping": locationId, patientId,
 * enableSendingDataToECP, ecpUserInpersonateId), with the connection's status for the screen.
 */
export const terraMappingSchema = z.object({
  patientId: z.number(),
  patientFirstName: z.string(),
  patientLastName: z.string(),
  locationId: z.number(),
  status: z.enum(terraConnectionStatuses),
  provider: z.string().nullable(),
  fdaCleared: z.boolean(),
  enableSendingDataToECP: z.boolean(),
  ecpUserInpersonateId: z.number().nullable(),
  lastDataAt: z.string().nullable(),
  lastEventAt: z.string().nullable(),
  lastEventType: z.string().nullable(),
});
export type TerraMapping = z.infer<typeof terraMappingSchema>;

export const terraMappingQuerySchema = z.object({ locationId: idSchema.optional() });

/** An ECP user who may be impersonated for a Terra mapping (spec section 3 "ecpUserForTerraDto"). */
export const ecpUserForTerraSchema = z.object({ id: z.number(), userName: z.string() });

export const terraSendingHeadersSchema = z.object({ patientid: idSchema, enablesendingdatatoecp: boolTextSchema });
export const terraImpersonateHeadersSchema = z.object({ patientid: idSchema, ecpuserinpersonateid: idSchema });
export const terraFdaClearedHeadersSchema = z.object({ patientid: idSchema, fdacleared: boolTextSchema });
export const terraPatientHeadersSchema = z.object({ patientid: idSchema });

/** What `terra/eventhandler` answers Terra once the delivery is stored (processing follows in a job). */
export const terraEventAckSchema = z.object({ eventId: z.number(), duplicate: z.boolean() });

/** One stored delivery, for a patient's event list on /terraPatientIntegration. */
export const terraEventSchema = z.object({
  id: z.number(),
  type: z.string(),
  status: z.string(),
  readingsStored: z.number(),
  readingsDuplicate: z.number(),
  readingsRejected: z.number(),
  receivedAt: z.string(),
  processedAt: z.string().nullable(),
});
export type TerraEvent = z.infer<typeof terraEventSchema>;
