import type { FastifyInstance } from 'fastify';
import { devices } from '@vigil/contract';
import type { AppContext } from '../../context';
import { registerGroup } from '../../lib/route';
import * as service from './devices.service';
import * as hubsService from './hubs.service';

/**
 * Spec section 7, "Trusted hub" (3) and "Medical device, measurements, templates, tablets" without
 * `medicaldevicesdata/` (15), plus the chosen `medicaldevice/getmedicaldevicesforhospital` and
 * `hub/` endpoints (8).
 */
export function devicesRoutes(app: FastifyInstance, ctx: AppContext): void {
  // Trusted hubs: failures answer their 4xx with the error envelope; the web client hands that
  // body back to its caller (spec section 8: "Trusted hub calls return the error response body
  // instead of failing"; docs/security.md "Status codes").
  registerGroup(app, ctx, devices, {
    createTrustedHub: ({ scope, body }) => hubsService.createTrustedHub(ctx, scope, body.patientId, body.hubId),
    updateTrustedHubsForPatient: ({ scope, headers, body }) =>
      hubsService.updateTrustedHubs(ctx, scope, headers.patientid, body.hubIds),
    deleteTrustedHubForPatient: ({ scope, headers }) =>
      hubsService.deleteTrustedHub(ctx, scope, headers.patientid, headers.hubid),

    createMedicalDevice: ({ scope, body }) => service.createDevice(ctx, scope, body),
    getMedicalDevice: ({ scope, params }) => service.getDevice(ctx, scope, params.id),
    updateMedicalDevice: ({ scope, params, body }) => service.updateDevice(ctx, scope, params.id, body),
    deleteMedicalDevice: ({ scope, params }) => service.deleteDevice(ctx, scope, params.id),
    getMedicalDevicesForPatient: ({ scope, headers }) => service.findDevicesForPatient(ctx, scope, headers.patientid),
    getMedicalDevicesForPatientV2: ({ scope, headers }) => service.findDevicesForPatientV2(ctx, scope, headers.patientid),
    getMedicalDevicesForHospital: ({ scope, headers, query }) =>
      service.findDevicesForOffice(ctx, scope, headers.hospitalid, query),
    getMedicalDeviceByDeviceIdentifier: ({ scope, headers }) =>
      service.getDeviceByIdentifier(ctx, scope, headers.deviceidentifier),
    updateIsManualMeasurementForMedicalDevice: ({ scope, body }) =>
      service.updateIsManualMeasurement(ctx, scope, body.medicalDeviceId, body.isManualMeasurement),
    updateDeviceDefaultValuesJsonForMedicalDevice: ({ scope, body }) =>
      service.updateDeviceDefaultValues(ctx, scope, body.medicalDeviceId, body.deviceDefaultValuesJson),

    getMedicalDeviceTemplates: () => service.findTemplates(ctx),
    getPossibleDevices: () => service.findPossibleDevices(ctx),
    getMedicalDeviceTemplateByDeviceType: ({ headers }) =>
      service.getFirstTemplate(ctx, { deviceType: headers.devicetype }),
    getMedicalDeviceTemplateByDeviceTypeAndManufacturerId: ({ headers }) =>
      service.getFirstTemplate(ctx, { deviceType: headers.devicetype, manufacturerId: headers.manufacturerid }),
    getMedicalDeviceTemplatesByType: ({ headers }) => service.findTemplates(ctx, { deviceType: headers.devicetype }),
    getMedicalDeviceTemplatesByTypeAndManufacturer: ({ headers }) =>
      service.findTemplates(ctx, { deviceType: headers.devicetype, manufacturerId: headers.manufacturerid }),

    getAllTabletInfos: ({ scope, headers, query }) => service.findTablets(ctx, scope, headers.hospitalid, query),

    getHubs: ({ scope, headers, query }) => hubsService.findHubs(ctx, scope, headers.hospitalid, query),
    getHub: ({ scope, params }) => hubsService.getHub(ctx, scope, params.id),
    createHub: ({ scope, body }) => hubsService.createHub(ctx, scope, body),
    updateHub: ({ scope, params, body }) => hubsService.updateHub(ctx, scope, params.id, body),
    deleteHub: ({ scope, params }) => hubsService.deleteHub(ctx, scope, params.id),
    issueHubCredential: ({ scope, params }) => hubsService.issueCredential(ctx, scope, params.id),
    revokeHubCredential: ({ scope, params }) => hubsService.revokeCredential(ctx, scope, params.id),
  });
}
