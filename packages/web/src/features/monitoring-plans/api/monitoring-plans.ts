import {
  devices,
  treatmentPlans,
  type AssignPatientToDefaultPlanBody,
  type AssignTreatmentPlanDeviceBody,
  type CreateClientMonitoringPlanBody,
  type CreateTreatmentPlanBody,
  type TreatmentPlanAssignmentBody,
  type UpdateTitleDescriptionBody,
  type UpdateTreatmentPlanBody,
  type UpdateTreatmentPlanDeviceBody,
} from '@vigil/contract';
import { useEndpointMutation, useEndpointQuery } from '../../../lib/endpoint-query';

/**
 * What a plan change makes stale: every plan read, and a patient's devices, which carry their
 * schedule from the active plan (getmedicaldevicesforpatient and its V2 on the patient page).
 */
const planReads = [treatmentPlans, devices.getMedicalDevicesForPatient, devices.getMedicalDevicesForPatientV2] as const;

/** GET treatmentplan/getactivetreatmentplanforpatient (header patientId): the active plan, or null (the plan panel and the patient page). */
export function useActiveTreatmentPlanForPatient(patientId: number, enabled = true) {
  return useEndpointQuery(treatmentPlans.getActiveTreatmentPlanForPatient, { headers: { patientid: patientId } }, { enabled: enabled && patientId > 0 });
}

/** GET treatmentplan/gettreatmentplansforpatient (header patientId): the patient's plans, newest first. */
export function useTreatmentPlansForPatient(patientId: number) {
  return useEndpointQuery(treatmentPlans.getTreatmentPlansForPatient, { headers: { patientid: patientId } }, { enabled: patientId > 0 });
}

/** GET treatmentplan/relatedclientmonitoringplans (header hospitalId): the office's plan templates, the default first. */
export function useClientMonitoringPlans(officeId: number | null) {
  return useEndpointQuery(treatmentPlans.getRelatedClientMonitoringPlans, { headers: { hospitalid: officeId ?? 0 } }, { enabled: officeId !== null && officeId > 0 });
}

/** GET medicaldevice/getmedicaldevicesforpatient (header patientId): the patient's devices, to link one to a plan device. */
export function usePatientDevices(patientId: number | null) {
  return useEndpointQuery(devices.getMedicalDevicesForPatient, { headers: { patientid: patientId ?? 0 } }, { enabled: patientId !== null && patientId > 0 });
}

/** POST treatmentplan: the patient's new plan becomes active and first; the other plans get status 0. */
export function useCreateTreatmentPlan() {
  return useEndpointMutation(treatmentPlans.createTreatmentPlan, { input: (body: CreateTreatmentPlanBody) => ({ body }), invalidates: planReads });
}

/** PUT treatmentplan/{id}: title, description, optionally the whole device list and (templates) the default flag. */
export function useUpdateTreatmentPlan() {
  return useEndpointMutation(treatmentPlans.updateTreatmentPlan, {
    input: ({ id, body }: { id: number; body: UpdateTreatmentPlanBody }) => ({ params: { id }, body }),
    invalidates: planReads,
  });
}

/** PUT treatmentplan/updatetitledescription. */
export function useUpdateTitleDescription() {
  return useEndpointMutation(treatmentPlans.updateTreatmentPlanTitleDescription, { input: (body: UpdateTitleDescriptionBody) => ({ body }), invalidates: planReads });
}

/** DELETE treatmentplan/{id}: the plan with its devices and assignments. */
export function useDeleteTreatmentPlan() {
  return useEndpointMutation(treatmentPlans.deleteTreatmentPlan, { input: (id: number) => ({ params: { id } }), invalidates: planReads });
}

/**
 * GET treatmentplan/duplicatetreatmentplan (header treatmentPlanId): a patient's copy becomes the
 * active plan, placed first; a template's copy is a new, non-default template.
 */
export function useDuplicateTreatmentPlan() {
  return useEndpointMutation(treatmentPlans.duplicateTreatmentPlan, { input: (id: number) => ({ headers: { treatmentplanid: id } }), invalidates: planReads });
}

/** POST treatmentplan/assigndevice: adds a device type with its measurement times to a plan. */
export function useAssignTreatmentPlanDevice() {
  return useEndpointMutation(treatmentPlans.assignTreatmentPlanDevice, { input: (body: AssignTreatmentPlanDeviceBody) => ({ body }), invalidates: planReads });
}

/** PUT treatmentplan/updatetreatmanplandevice: a plan device's times, period and count (and optionally its linked device). */
export function useUpdateTreatmentPlanDevice() {
  return useEndpointMutation(treatmentPlans.updateTreatmentPlanDevice, { input: (body: UpdateTreatmentPlanDeviceBody) => ({ body }), invalidates: planReads });
}

/** DELETE treatmentplan/deassigndevice (header treatmentPlanDeviceId): removes a device type from its plan. */
export function useDeassignTreatmentPlanDevice() {
  return useEndpointMutation(treatmentPlans.deassignTreatmentPlanDevice, {
    input: (treatmentPlanDeviceId: number) => ({ headers: { treatmentplandeviceid: treatmentPlanDeviceId } }),
    invalidates: planReads,
  });
}

/** POST treatmentplan/createclientmonitoringplan: an office's plan template; isDefault makes it the office's only default. */
export function useCreateClientMonitoringPlan() {
  return useEndpointMutation(treatmentPlans.createClientMonitoringPlan, { input: (body: CreateClientMonitoringPlanBody) => ({ body }), invalidates: planReads });
}

/**
 * POST treatmentplan/assignpatienttodefaultclientmonitoringplan: assigns the patient to the
 * office's default template and gives them an active plan copied from it (placed first).
 */
export function useAssignPatientToDefaultPlan() {
  return useEndpointMutation(treatmentPlans.assignPatientToDefaultClientMonitoringPlan, { input: (body: AssignPatientToDefaultPlanBody) => ({ body }), invalidates: planReads });
}

/** DELETE treatmentplan/deassignpatientfromclientmonitoringplan (body): the patient's own copied plan stays. */
export function useDeassignPatientFromClientPlan() {
  return useEndpointMutation(treatmentPlans.deassignPatientFromClientMonitoringPlan, { input: (body: TreatmentPlanAssignmentBody) => ({ body }), invalidates: planReads });
}
