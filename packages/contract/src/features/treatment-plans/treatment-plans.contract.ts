import { z } from 'zod';
import { endpoint } from '../../common/endpoint';
import { idSchema } from '../../common/ids';
import {
  assignPatientToDefaultPlanBodySchema,
  assignTreatmentPlanDeviceBodySchema,
  createClientMonitoringPlanBodySchema,
  createTreatmentPlanBodySchema,
  deletedTreatmentPlanDeviceSchema,
  deletedTreatmentPlanSchema,
  treatmentPlanAssignmentBodySchema,
  treatmentPlanAssignmentSchema,
  treatmentPlanDeviceSchema,
  treatmentPlanSchema,
  updateTitleDescriptionBodySchema,
  updateTreatmentPlanBodySchema,
  updateTreatmentPlanDeviceBodySchema,
} from './treatment-plans.schemas';

const tag = 'Treatment plan';
const idParams = z.object({ id: idSchema });

export const createTreatmentPlan = endpoint({
  method: 'POST',
  path: 'treatmentplan',
  tag,
  summary: "Create a patient's monitoring plan in an office: it becomes active and first, and the patient's other plans get status 0",
  permission: 'treatmentPlans.manage',
  body: createTreatmentPlanBodySchema,
  response: treatmentPlanSchema,
  successStatus: 201,
});

export const updateTreatmentPlan = endpoint({
  method: 'PUT',
  path: 'treatmentplan/{id}',
  tag,
  summary: 'Update a plan: title, description, optionally its whole device list and (client monitoring plans) the default flag',
  permission: 'treatmentPlans.manage',
  params: idParams,
  body: updateTreatmentPlanBodySchema,
  response: treatmentPlanSchema,
  audit: { resource: 'CarePlan', record: { kind: 'treatmentPlan', key: 'params.id' } },
});

export const deleteTreatmentPlan = endpoint({
  method: 'DELETE',
  path: 'treatmentplan/{id}',
  tag,
  summary: 'Delete a plan with its devices and assignments (the active plan too: the patient is then left without an active plan)',
  permission: 'treatmentPlans.manage',
  params: idParams,
  response: deletedTreatmentPlanSchema,
  audit: { resource: 'CarePlan', record: { kind: 'treatmentPlan', key: 'params.id' } },
});

export const getTreatmentPlan = endpoint({
  method: 'GET',
  path: 'treatmentplan/treatmentplan/{id}',
  tag,
  summary: 'One plan with its devices and patient assignments',
  permission: 'treatmentPlans.read',
  params: idParams,
  response: treatmentPlanSchema,
  audit: { resource: 'CarePlan', record: { kind: 'treatmentPlan', key: 'params.id' } },
});

export const getTreatmentPlansForPatient = endpoint({
  method: 'GET',
  path: 'treatmentplan/gettreatmentplansforpatient',
  tag,
  summary: "The patient's plans in the caller's offices, newest (sortOrder 0) first, at most 100",
  permission: 'treatmentPlans.read',
  headers: z.object({ patientid: idSchema }),
  response: z.array(treatmentPlanSchema),
});

export const getActiveTreatmentPlanForPatient = endpoint({
  method: 'GET',
  path: 'treatmentplan/getactivetreatmentplanforpatient',
  tag,
  summary: "The patient's active monitoring plan, or null",
  permission: 'treatmentPlans.read',
  headers: z.object({ patientid: idSchema }),
  response: treatmentPlanSchema.nullable(),
});

export const assignTreatmentPlanDevice = endpoint({
  method: 'POST',
  path: 'treatmentplan/assigndevice',
  tag,
  summary: 'Add a device type with its measurement times to a plan (one entry per device type)',
  permission: 'treatmentPlans.manage',
  body: assignTreatmentPlanDeviceBodySchema,
  response: treatmentPlanDeviceSchema,
  successStatus: 201,
  audit: { resource: 'CarePlan', record: { kind: 'treatmentPlan', key: 'body.treatmentPlanId' } },
});

export const deassignTreatmentPlanDevice = endpoint({
  method: 'DELETE',
  path: 'treatmentplan/deassigndevice',
  tag,
  summary: 'Remove a device from its plan',
  permission: 'treatmentPlans.manage',
  headers: z.object({ treatmentplandeviceid: idSchema }),
  response: deletedTreatmentPlanDeviceSchema,
  audit: { resource: 'CarePlan', record: { kind: 'treatmentPlanDevice', key: 'headers.treatmentplandeviceid' } },
});

export const updateTreatmentPlanDevice = endpoint({
  method: 'PUT',
  path: 'treatmentplan/updatetreatmanplandevice',
  tag,
  summary: "Change a plan device's measurement times, period and count (and optionally its type or linked device)",
  permission: 'treatmentPlans.manage',
  body: updateTreatmentPlanDeviceBodySchema,
  response: treatmentPlanDeviceSchema,
  audit: { resource: 'CarePlan', record: { kind: 'treatmentPlanDevice', key: 'body.treatmentPlanDeviceId' } },
});

export const updateTreatmentPlanTitleDescription = endpoint({
  method: 'PUT',
  path: 'treatmentplan/updatetitledescription',
  tag,
  summary: "Change a plan's title and description",
  permission: 'treatmentPlans.manage',
  body: updateTitleDescriptionBodySchema,
  response: treatmentPlanSchema,
  audit: { resource: 'CarePlan', record: { kind: 'treatmentPlan', key: 'body.treatmentPlanId' } },
});

export const duplicateTreatmentPlan = endpoint({
  method: 'GET',
  path: 'treatmentplan/duplicatetreatmentplan',
  tag,
  summary:
    "Copy a plan and its devices: a patient's copy becomes the active plan, placed first (other plans status 0); a client monitoring plan's copy is a new, non-default template",
  permission: 'treatmentPlans.manage',
  headers: z.object({ treatmentplanid: idSchema }),
  response: treatmentPlanSchema,
  audit: { resource: 'CarePlan', record: { kind: 'treatmentPlan', key: 'headers.treatmentplanid' } },
});

export const getRelatedClientMonitoringPlans = endpoint({
  method: 'GET',
  path: 'treatmentplan/relatedclientmonitoringplans',
  tag,
  summary: "The office's client monitoring plans (templates) with devices and assigned patient counts, the default first (at most 100)",
  permission: 'treatmentPlans.read',
  headers: z.object({ hospitalid: idSchema }),
  response: z.array(treatmentPlanSchema),
});

export const createClientMonitoringPlan = endpoint({
  method: 'POST',
  path: 'treatmentplan/createclientmonitoringplan',
  tag,
  summary: "Create an office's client monitoring plan (template); isDefault makes it the office's only default",
  permission: 'treatmentPlans.manage',
  body: createClientMonitoringPlanBodySchema,
  response: treatmentPlanSchema,
  successStatus: 201,
});

export const deassignPatientFromClientMonitoringPlan = endpoint({
  method: 'DELETE',
  path: 'treatmentplan/deassignpatientfromclientmonitoringplan',
  tag,
  summary: "Remove a patient from a client monitoring plan (the patient's own copied plan stays)",
  permission: 'treatmentPlans.manage',
  body: treatmentPlanAssignmentBodySchema,
  response: treatmentPlanAssignmentSchema,
  audit: { resource: 'CarePlan', patient: 'body.patientUserId' },
});

export const assignPatientToDefaultClientMonitoringPlan = endpoint({
  method: 'POST',
  path: 'treatmentplan/assignpatienttodefaultclientmonitoringplan',
  tag,
  summary:
    "Assign a patient to the office's default client monitoring plan and give the patient an active plan copied from it (placed first, other plans status 0)",
  permission: 'treatmentPlans.manage',
  body: assignPatientToDefaultPlanBodySchema,
  response: treatmentPlanSchema,
  successStatus: 201,
  audit: { resource: 'CarePlan', patient: 'body.patientUserId' },
});
