import type { FastifyInstance } from 'fastify';
import { devices } from '@vigil/contract';
import type { AppContext } from '../../context';
import { registerEndpoint } from '../../lib/route';
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
  registerEndpoint(app, ctx, devices.createTrustedHub, ({ scope, body }) => hubsService.createTrustedHub(ctx, scope, body.patientId, body.hubId));
  registerEndpoint(app, ctx, devices.updateTrustedHubsForPatient, ({ scope, headers, body }) =>
    hubsService.updateTrustedHubs(ctx, scope, headers.patientid, body.hubIds),
  );
  registerEndpoint(app, ctx, devices.deleteTrustedHubForPatient, ({ scope, headers }) =>
    hubsService.deleteTrustedHub(ctx, scope, headers.patientid, headers.hubid),
  );

  registerEndpoint(app, ctx, devices.createMedicalDevice, ({ scope, body }) => service.createDevice(ctx, scope, body));
  registerEndpoint(app, ctx, devices.getMedicalDevice, ({ scope, params }) => service.getDevice(ctx, scope, params.id));
  registerEndpoint(app, ctx, devices.updateMedicalDevice, ({ scope, params, body }) => service.updateDevice(ctx, scope, params.id, body));
  registerEndpoint(app, ctx, devices.deleteMedicalDevice, ({ scope, params }) => service.deleteDevice(ctx, scope, params.id));
  registerEndpoint(app, ctx, devices.getMedicalDevicesForPatient, ({ scope, headers }) => service.findDevicesForPatient(ctx, scope, headers.patientid));
  registerEndpoint(app, ctx, devices.getMedicalDevicesForPatientV2, ({ scope, headers }) => service.findDevicesForPatientV2(ctx, scope, headers.patientid));
  registerEndpoint(app, ctx, devices.getMedicalDevicesForHospital, ({ scope, headers, query }) =>
    service.findDevicesForOffice(ctx, scope, headers.hospitalid, query),
  );
  registerEndpoint(app, ctx, devices.getMedicalDeviceByDeviceIdentifier, ({ scope, headers }) =>
    service.getDeviceByIdentifier(ctx, scope, headers.deviceidentifier),
  );
  registerEndpoint(app, ctx, devices.updateIsManualMeasurementForMedicalDevice, ({ scope, body }) =>
    service.updateIsManualMeasurement(ctx, scope, body.medicalDeviceId, body.isManualMeasurement),
  );
  registerEndpoint(app, ctx, devices.updateDeviceDefaultValuesJsonForMedicalDevice, ({ scope, body }) =>
    service.updateDeviceDefaultValues(ctx, scope, body.medicalDeviceId, body.deviceDefaultValuesJson),
  );

  registerEndpoint(app, ctx, devices.getMedicalDeviceTemplates, () => service.findTemplates(ctx));
  registerEndpoint(app, ctx, devices.getPossibleDevices, () => service.findPossibleDevices(ctx));
  registerEndpoint(app, ctx, devices.getMedicalDeviceTemplateByDeviceType, ({ headers }) =>
    service.getFirstTemplate(ctx, { deviceType: headers.devicetype }),
  );
  registerEndpoint(app, ctx, devices.getMedicalDeviceTemplateByDeviceTypeAndManufacturerId, ({ headers }) =>
    service.getFirstTemplate(ctx, { deviceType: headers.devicetype, manufacturerId: headers.manufacturerid }),
  );
  registerEndpoint(app, ctx, devices.getMedicalDeviceTemplatesByType, ({ headers }) => service.findTemplates(ctx, { deviceType: headers.devicetype }));
  registerEndpoint(app, ctx, devices.getMedicalDeviceTemplatesByTypeAndManufacturer, ({ headers }) =>
    service.findTemplates(ctx, { deviceType: headers.devicetype, manufacturerId: headers.manufacturerid }),
  );

  registerEndpoint(app, ctx, devices.getAllTabletInfos, ({ scope, headers, query }) => service.findTablets(ctx, scope, headers.hospitalid, query));

  registerEndpoint(app, ctx, devices.getHubs, ({ scope, headers, query }) => hubsService.findHubs(ctx, scope, headers.hospitalid, query));
  registerEndpoint(app, ctx, devices.getHub, ({ scope, params }) => hubsService.getHub(ctx, scope, params.id));
  registerEndpoint(app, ctx, devices.createHub, ({ scope, body }) => hubsService.createHub(ctx, scope, body));
  registerEndpoint(app, ctx, devices.updateHub, ({ scope, params, body }) => hubsService.updateHub(ctx, scope, params.id, body));
  registerEndpoint(app, ctx, devices.deleteHub, ({ scope, params }) => hubsService.deleteHub(ctx, scope, params.id));
  registerEndpoint(app, ctx, devices.issueHubCredential, ({ scope, params }) => hubsService.issueCredential(ctx, scope, params.id));
  registerEndpoint(app, ctx, devices.revokeHubCredential, ({ scope, params }) => hubsService.revokeCredential(ctx, scope, params.id));
}
