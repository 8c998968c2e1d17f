import { z } from 'zod';
import { endpoint } from '../../common/endpoint';
import { pageOf } from '../../common/envelope';
import { idSchema } from '../../common/ids';
import {
  changeLanguageBodySchema,
  changeLanguageResultSchema,
  changeMyPasswordBodySchema,
  changePasswordWithTokenBodySchema,
  changePasswordWithTokenResultSchema,
  userListHospitalHeadersSchema,
  userListOrganizationHeadersSchema,
  partnersHeadersSchema,
  userPatientListQuerySchema,
  sendValidationLinkBodySchema,
  userSetStatusHeadersSchema,
  userUpdateEmailHeadersSchema,
  uploadProfileImageResultSchema,
  userCreateBodySchema,
  userIdHeadersSchema,
  userListQuerySchema,
  userMinimalSchema,
  userPageQuerySchema,
  userSchema,
  userUpdateBodySchema,
  userUpdateV2BodySchema,
  webSocketTokenResultSchema,
} from './users.schemas';

// Permissions: reads and writes of one user by id name `self.read` / `self.update`, because every
// signed-in user reads and edits their own profile through them; the service then requires
// users.read / users.manage (patients.read / patients.manage for a patient) for anybody else.

const tag = 'User';
const idParams = z.object({ id: idSchema });

export const findUsers = endpoint({
  method: 'GET',
  path: 'user',
  tag,
  summary: 'A page of the users in the caller\'s scope, filtered by roleId, status, hospitalId and search text',
  permission: 'users.read',
  query: userListQuerySchema,
  response: pageOf(userSchema),
  audit: { resource: 'Person' },
});

export const getUser = endpoint({
  method: 'GET',
  path: 'user/{id}',
  tag,
  summary: 'One user with role metadata (the caller, or a user in scope with users.read / patients.read)',
  permission: 'self.read',
  params: idParams,
  response: userSchema,
  audit: { resource: 'Patient', patient: 'params.id', patientOnly: true },
});

export const getUserByIdMinimal = endpoint({
  method: 'GET',
  path: 'user/getuserbyidminimal',
  tag,
  summary: 'id, names, roleId and status of one user (header userid)',
  permission: 'self.read',
  headers: userIdHeadersSchema,
  response: userMinimalSchema,
  audit: { resource: 'Patient', record: { kind: 'user', key: 'headers.userid' }, patientOnly: true },
});

export const createUser = endpoint({
  method: 'POST',
  path: 'user',
  tag,
  summary: 'Create a user of any kind the caller may create; without a password a validation link is e-mailed',
  permission: 'users.manage',
  body: userCreateBodySchema,
  response: userSchema,
  successStatus: 201,
  audit: { resource: 'Patient', record: { kind: 'user', key: 'answer.id' }, patientOnly: true },
});

export const updateUser = endpoint({
  method: 'PUT',
  path: 'user/{id}',
  tag,
  summary: 'Update a user\'s fields (the caller themselves, or a user in scope the caller manages)',
  permission: 'self.update',
  params: idParams,
  body: userUpdateBodySchema,
  response: userSchema,
  audit: { resource: 'Patient', patient: 'params.id', patientOnly: true },
});

export const updateUserV2 = endpoint({
  method: 'PUT',
  path: 'user/updateV2/{id}',
  tag,
  summary: 'Update a user and replace their office assignments within the caller\'s scope',
  permission: 'users.manage',
  params: idParams,
  body: userUpdateV2BodySchema,
  response: userSchema,
  audit: { resource: 'Patient', patient: 'params.id', patientOnly: true },
});

export const deleteUser = endpoint({
  method: 'DELETE',
  path: 'user/{id}',
  tag,
  summary: 'Soft delete: the user becomes inactive and their sessions end; clinical records are kept',
  permission: 'users.delete',
  params: idParams,
  response: z.null(),
  audit: { resource: 'Patient', patient: 'params.id' },
});

export const changeMyLanguage = endpoint({
  method: 'PUT',
  path: 'user/changemylanguage',
  tag,
  summary: 'Save the caller\'s language (ENG / ESP, or en / es)',
  permission: 'self.update',
  body: changeLanguageBodySchema,
  response: changeLanguageResultSchema,
});

export const setStatus = endpoint({
  method: 'PUT',
  path: 'user/setstatus',
  tag,
  summary: 'Set a user\'s status (0 inactive, 1 active, 2 pending, 3 deceased); deceased is final; disabling ends sessions',
  permission: 'users.setStatus',
  headers: userSetStatusHeadersSchema,
  response: userMinimalSchema,
  audit: { resource: 'Patient', record: { kind: 'user', key: 'headers.userid' }, patientOnly: true },
});

export const changeMyPassword = endpoint({
  method: 'POST',
  path: 'user/changemypassword',
  tag,
  summary: 'Change the caller\'s password; the caller\'s other sessions end',
  permission: 'self.update',
  body: changeMyPasswordBodySchema,
  response: z.null(),
});

export const changeMyPasswordWithValidationToken = endpoint({
  method: 'POST',
  path: 'user/changemypasswordwithvalidationtoken',
  tag,
  summary: 'Set a password with an e-mailed validation or reset token; returns a 5-minute sign-in token',
  permission: 'public',
  body: changePasswordWithTokenBodySchema,
  response: changePasswordWithTokenResultSchema,
});

export const sendValidationLinkByEmail = endpoint({
  method: 'POST',
  path: 'user/sendvalidationlinkbyemail',
  tag,
  summary: '{ email }: password-reset link (always OK); { userId } from an admin: account-validation link',
  permission: 'public',
  body: sendValidationLinkBodySchema,
  response: z.null(),
});

export const getMyProfileImage = endpoint({
  method: 'GET',
  path: 'user/getmyprofileimage',
  tag,
  summary: 'The caller\'s profile picture (image/jpeg or image/png)',
  permission: 'self.read',
  binary: true,
  response: z.null(),
});

export const uploadMyProfileImage = endpoint({
  method: 'POST',
  path: 'user/uploadmyprofileimage',
  tag,
  summary: 'Upload the caller\'s profile picture: JPG or PNG by content, up to 2 MB (multipart field "file")',
  permission: 'self.update',
  multipart: { maxBytes: 2 * 1024 * 1024 },
  response: uploadProfileImageResultSchema,
});

export const getHospitalPatients = endpoint({
  method: 'GET',
  path: 'user/gethospitalpatients',
  tag,
  summary: 'A page of the patients of the caller\'s offices (header hospitalid narrows to one office)',
  permission: 'patients.read',
  headers: userListHospitalHeadersSchema,
  query: userPatientListQuerySchema,
  response: pageOf(userSchema),
  audit: { resource: 'Patient' },
});

export const getHospitalAdmins = endpoint({
  method: 'GET',
  path: 'user/gethospitaladmins',
  tag,
  summary: 'A page of the office admins in scope (header hospitalid narrows to one office)',
  permission: 'users.read',
  headers: userListHospitalHeadersSchema,
  query: userPageQuerySchema,
  response: pageOf(userSchema),
});

export const getOrganizationAdmins = endpoint({
  method: 'GET',
  path: 'user/getorganizationadmins',
  tag,
  summary: 'A page of the organization admins in scope (header organizationid narrows to one organization)',
  permission: 'users.read',
  headers: userListOrganizationHeadersSchema,
  query: userPageQuerySchema,
  response: pageOf(userSchema),
});

export const getCaregivers = endpoint({
  method: 'GET',
  path: 'user/getcaregivers',
  tag,
  summary: 'A page of the caregivers in scope (header hospitalid narrows to one office)',
  permission: 'users.read',
  headers: userListHospitalHeadersSchema,
  query: userPageQuerySchema,
  response: pageOf(userSchema),
});

export const getOrganizationPartners = endpoint({
  method: 'GET',
  path: 'user/getorganizationpartners',
  tag,
  summary: 'A page of the partner users of one organization (header organizationid)',
  permission: 'users.read',
  headers: partnersHeadersSchema,
  query: userPageQuerySchema,
  response: pageOf(userSchema),
});

export const getApiUsers = endpoint({
  method: 'GET',
  path: 'user/getapiusers',
  tag,
  summary: 'A page of the API users in scope',
  permission: 'users.read',
  query: userPageQuerySchema,
  response: pageOf(userSchema),
});

export const updateEmailForUser = endpoint({
  method: 'PUT',
  path: 'user/updateemailforuser',
  tag,
  summary: 'Change a user\'s e-mail (headers userid, newemailvalue); it becomes not validated; 409 when taken',
  permission: 'users.manage',
  headers: userUpdateEmailHeadersSchema,
  response: userMinimalSchema.extend({ email: z.string(), emailValidated: z.boolean() }),
  audit: { resource: 'Patient', record: { kind: 'user', key: 'headers.userid' }, patientOnly: true },
});

export const sendProfileRemovalEmail = endpoint({
  method: 'POST',
  path: 'user/sendprofileremovalemail',
  tag,
  summary: 'E-mail the caller a link to request the removal of their account',
  permission: 'self.update',
  response: z.null(),
});

export const setWebSocketToken = endpoint({
  method: 'POST',
  path: 'user/setwebsockettoken',
  tag,
  summary: 'A new token for the real-time socket, bound to the caller\'s session (stored hashed)',
  permission: 'self.update',
  response: webSocketTokenResultSchema,
});
