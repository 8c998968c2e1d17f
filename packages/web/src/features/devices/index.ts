// What other features and app/ may use from devices: a device, a hub (or several) and an office's
// thresholds, read by the device readings page and the patient page. The /devices, /hubs and
// /tablets pages are routes in app/routes.tsx.
export { useDeviceDefaultsForHospital, useHubsById, useMedicalDevice } from './api/devices';
// The patient wizard hands the office's unassigned devices to a new patient, or registers one.
export { useCreateMedicalDevice, useMedicalDevicesForHospital, useUpdateMedicalDevice } from './api/devices';
