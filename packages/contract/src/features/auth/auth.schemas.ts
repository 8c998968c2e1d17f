import { z } from 'zod';
import { userSchema } from '../users/users.schemas';

export const signInBodySchema = z.object({
  /** Username or e-mail. A null username is rejected. */
  username: z.string().trim().min(1).max(100),
  password: z.string().min(1).max(128),
  /** The client's IP text as the browser saw it ("IPv6: N/A IP: N/A" when the lookup failed). */
  ip: z.string().max(200).optional().default(''),
});
export type SignInBody = z.input<typeof signInBodySchema>;

export const tokenSignInBodySchema = z.object({ token: z.string().min(1).max(200) });
export const tokenSignInV2BodySchema = tokenSignInBodySchema.extend({ ip: z.string().max(200).optional().default('') });

export const sessionSchema = z.object({
  sessionGuid: z.string(),
  sessionType: z.string(),
  userId: z.number().int(),
  username: z.string(),
  ip: z.string(),
  expiresAt: z.string(), // ISO 8601
  webSocketSession: z.string().nullable(),
});
export type Session = z.infer<typeof sessionSchema>;

export const signInResultSchema = z.object({
  session: sessionSchema,
  systemEnvironmentName: z.string(),
  trustedHubs: z.array(z.object({ id: z.number().int(), hubIdentifier: z.string() })),
  user: userSchema,
});
export type SignInResult = z.infer<typeof signInResultSchema>;

export const checkAuthenticationSchema = z.object({
  authenticated: z.boolean(),
  expiresAt: z.string().nullable(),
  idleExpiresAt: z.string().nullable(),
});
