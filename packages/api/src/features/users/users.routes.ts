import type { FastifyInstance } from 'fastify';
import { Role, users } from '@vigil/contract';
import type { AppContext } from '../../context';
import { registerEndpoint } from '../../lib/route';
import * as service from './users.service';
import { readSingleUpload } from '../../lib/upload';

/** The User endpoints (spec section 7, "User"); rules live in users.service.ts. */
export function usersRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerEndpoint(app, ctx, users.findUsers, ({ scope, query }) => service.findUsers(ctx, scope, query));
  registerEndpoint(app, ctx, users.getUser, ({ scope, params }) => service.getUser(ctx, scope, params.id));
  registerEndpoint(app, ctx, users.getUserByIdMinimal, ({ scope, headers }) => service.getUserMinimal(ctx, scope, headers.userid));
  registerEndpoint(app, ctx, users.createUser, ({ scope, body }) => service.createUser(ctx, scope, body));
  registerEndpoint(app, ctx, users.updateUser, ({ scope, params, body }) =>
    service.updateUser(ctx, scope, params.id, body, { replaceOffices: false }),
  );
  registerEndpoint(app, ctx, users.updateUserV2, ({ scope, params, body }) =>
    service.updateUser(ctx, scope, params.id, body, { replaceOffices: true }),
  );
  registerEndpoint(app, ctx, users.deleteUser, ({ scope, params }) => service.deleteUser(ctx, scope, params.id));
  registerEndpoint(app, ctx, users.changeMyLanguage, ({ scope, body }) => service.changeMyLanguage(ctx, scope, body.language));
  registerEndpoint(app, ctx, users.setStatus, ({ scope, headers }) => service.setStatus(ctx, scope, headers.userid, headers.statusvaluetoset));
  registerEndpoint(app, ctx, users.changeMyPassword, ({ scope, body }) => service.changeMyPassword(ctx, scope, body));
  registerEndpoint(app, ctx, users.changeMyPasswordWithValidationToken, ({ body }) => service.changePasswordWithToken(ctx, body));
  registerEndpoint(app, ctx, users.sendValidationLinkByEmail, ({ scope, body }) => service.sendValidationLink(ctx, scope, body));
  registerEndpoint(app, ctx, users.getMyProfileImage, async ({ scope, reply }) => {
    const { image, type } = await service.getMyProfileImage(ctx, scope);
    await reply.type(type).header('Content-Disposition', 'inline').send(image);
    return null;
  });
  registerEndpoint(app, ctx, users.uploadMyProfileImage, async ({ scope, req }) => {
    const maxBytes = users.uploadMyProfileImage.multipart.maxBytes;
    const file = await readSingleUpload(req, maxBytes); // 413 past maxBytes, 400/415 on a malformed upload
    return service.uploadMyProfileImage(ctx, scope, file?.data ?? null, maxBytes);
  });
  registerEndpoint(app, ctx, users.getHospitalPatients, ({ scope, headers, query }) =>
    service.findOfficePatients(ctx, scope, headers.hospitalid, query),
  );
  registerEndpoint(app, ctx, users.getHospitalAdmins, ({ scope, headers, query }) =>
    service.findUsersOfRole(ctx, scope, Role.HOSPITAL_ADMIN, query, { hospitalId: headers.hospitalid }),
  );
  registerEndpoint(app, ctx, users.getOrganizationAdmins, ({ scope, headers, query }) =>
    service.findUsersOfRole(ctx, scope, Role.ORGANIZATION_ADMIN, query, { organizationId: headers.organizationid }),
  );
  registerEndpoint(app, ctx, users.getCaregivers, ({ scope, headers, query }) =>
    service.findUsersOfRole(ctx, scope, Role.CARE_GIVER, query, { hospitalId: headers.hospitalid }),
  );
  registerEndpoint(app, ctx, users.getOrganizationPartners, ({ scope, headers, query }) =>
    service.findUsersOfRole(ctx, scope, Role.PARTNER, query, { organizationId: headers.organizationid }),
  );
  registerEndpoint(app, ctx, users.getApiUsers, ({ scope, query }) => service.findUsersOfRole(ctx, scope, Role.API_USER, query));
  registerEndpoint(app, ctx, users.updateEmailForUser, ({ scope, headers }) =>
    service.updateEmailForUser(ctx, scope, headers.userid, headers.newemailvalue),
  );
  registerEndpoint(app, ctx, users.sendProfileRemovalEmail, ({ scope }) => service.sendProfileRemovalEmail(ctx, scope));
  registerEndpoint(app, ctx, users.setWebSocketToken, ({ scope }) => service.setWebSocketToken(ctx, scope));
}
