import type { FastifyInstance } from 'fastify';
import { Role, users } from '@vigil/contract';
import type { AppContext } from '../../context';
import { registerGroup } from '../../lib/route';
import * as account from './account.service';
import * as service from './users.service';
import { readSingleUpload } from '../../lib/upload';

/** The User endpoints (spec section 7, "User"); rules live in users.service.ts. */
export function usersRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerGroup(app, ctx, users, {
    findUsers: ({ scope, query }) => service.findUsers(ctx, scope, query),
    getUser: ({ scope, params }) => service.getUser(ctx, scope, params.id),
    getUserByIdMinimal: ({ scope, headers }) => service.getUserMinimal(ctx, scope, headers.userid),
    createUser: ({ scope, body }) => service.createUser(ctx, scope, body),
    updateUser: ({ scope, params, body }) =>
      service.updateUser(ctx, scope, params.id, body, { replaceOffices: false }),
    updateUserV2: ({ scope, params, body }) =>
      service.updateUser(ctx, scope, params.id, body, { replaceOffices: true }),
    deleteUser: ({ scope, params }) => service.deleteUser(ctx, scope, params.id),
    changeMyLanguage: ({ scope, body }) => account.changeMyLanguage(ctx, scope, body.language),
    setStatus: ({ scope, headers }) => service.setStatus(ctx, scope, headers.userid, headers.statusvaluetoset),
    changeMyPassword: ({ scope, body }) => account.changeMyPassword(ctx, scope, body),
    changeMyPasswordWithValidationToken: ({ body }) => account.changePasswordWithToken(ctx, body),
    sendValidationLinkByEmail: ({ scope, body }) => account.sendValidationLink(ctx, scope, body),
    getMyProfileImage: async ({ scope, reply }) => {
      const { image, type } = await account.getMyProfileImage(ctx, scope);
      await reply.type(type).header('Content-Disposition', 'inline').send(image);
      return null;
    },
    uploadMyProfileImage: async ({ scope, req }) => {
      const maxBytes = users.uploadMyProfileImage.multipart.maxBytes;
      const file = await readSingleUpload(req, maxBytes); // 413 past maxBytes, 400/415 on a malformed upload
      return account.uploadMyProfileImage(ctx, scope, file?.data ?? null, maxBytes);
    },
    getHospitalPatients: ({ scope, headers, query }) =>
      service.findOfficePatients(ctx, scope, headers.hospitalid, query),
    getHospitalAdmins: ({ scope, headers, query }) =>
      service.findUsersOfRole(ctx, scope, Role.HOSPITAL_ADMIN, query, { hospitalId: headers.hospitalid }),
    getOrganizationAdmins: ({ scope, headers, query }) =>
      service.findUsersOfRole(ctx, scope, Role.ORGANIZATION_ADMIN, query, { organizationId: headers.organizationid }),
    getCaregivers: ({ scope, headers, query }) =>
      service.findUsersOfRole(ctx, scope, Role.CARE_GIVER, query, { hospitalId: headers.hospitalid }),
    getOrganizationPartners: ({ scope, headers, query }) =>
      service.findUsersOfRole(ctx, scope, Role.PARTNER, query, { organizationId: headers.organizationid }),
    getApiUsers: ({ scope, query }) => service.findUsersOfRole(ctx, scope, Role.API_USER, query),
    updateEmailForUser: ({ scope, headers }) =>
      service.updateEmailForUser(ctx, scope, headers.userid, headers.newemailvalue),
    sendProfileRemovalEmail: ({ scope }) => account.sendProfileRemovalEmail(ctx, scope),
    setWebSocketToken: ({ scope }) => account.setWebSocketToken(ctx, scope),
  });
}
