/**
 * The office's device limits (README "Remote monitoring", spec section 9): the catalogue's limits
 * with the office's own laid over them, read and replaced; hub readings are graded by them.
 */
import { deviceTypes, measurementCatalogue, type DeviceDefaults, type DeviceType, type UnitPreferences } from '@vigil/contract';
import { checkMedicalDeviceThresholds } from '@vigil/contract';
import type { AppContext } from '../../context';
import type { Scope } from '../../db/scope';
import { getOfficeInScope } from '../../db/visible';
import { AppError } from '../../lib/app-error';
import { forgetHubDevices } from './hub-devices';
import * as repo from './measurements.repo';
import { resolveThresholds, toDisplayThresholds, toEffective } from './thresholds';
import { tenantDb } from '../../db/handles';

import { callerPrefs, displayUnitOf } from './measurement-lists.service';

// Thresholds ------------------------------------------------------------------------------------

function defaultsOf(hospitalId: number, deviceType: DeviceType, stored: { json: unknown; updatedAt: Date } | undefined, prefs: UnitPreferences): DeviceDefaults {
  const def = measurementCatalogue[deviceType];
  const { thresholds, sources } = resolveThresholds(deviceType, stored?.json);
  return {
    hospitalId,
    deviceType,
    title: def.title,
    isOfficeOverride: stored !== undefined,
    updatedAt: stored?.updatedAt.toISOString() ?? null,
    values: def.values.map((v) => ({
      code: v.code,
      label: v.label,
      unit: v.unit,
      displayUnit: displayUnitOf(v.code, prefs),
      min: v.min,
      max: v.max,
      source: sources[v.code] ?? 'catalogue',
      thresholds: toEffective(thresholds[v.code]),
      displayThresholds: toDisplayThresholds(v.code, thresholds[v.code], prefs),
    })),
  };
}

/**
 * `getdevicedefaultsforhospital`: for every device type of the catalogue, the office's effective
 * limits per value (the catalogue's, with the office's own laid over them code by code), canonical
 * and in the caller's units. 404 when the office is not the caller's.
 */
export async function getOfficeDefaults(ctx: AppContext, scope: Scope, hospitalId: number): Promise<DeviceDefaults[]> {
  if (!(await getOfficeInScope(tenantDb(scope, ctx.db), hospitalId))) { throw AppError.notFound(); }
  const [rows, prefs] = await Promise.all([repo.findOfficeDefaultRows(tenantDb(scope, ctx.db), hospitalId), callerPrefs(ctx, scope)]);
  const stored = new Map(rows.map((r) => [r.deviceType, r]));
  return deviceTypes.map((t) => defaultsOf(hospitalId, t, stored.get(t), prefs));
}

/**
 * Chosen `updatedevicedefaultsforhospital`: replaces the office's limits of one device type
 * (`{}` removes them: the catalogue's apply). Hub readings are graded by them at once in this
 * process, in another API process within 5 s (the hub device cache, hub-devices.ts). 404 when the
 * office is not the caller's; 400 per code (`thresholds.<code>`) for a code of another type, a
 * limit outside the plausible range, or limits out of order (the same rules as a device's
 * overrides).
 */
export async function updateOfficeDefaults(
  ctx: AppContext,
  scope: Scope,
  hospitalId: number,
  body: { deviceType: DeviceType; thresholds: Parameters<typeof checkMedicalDeviceThresholds>[1] },
): Promise<DeviceDefaults> {
  if (!(await getOfficeInScope(tenantDb(scope, ctx.db), hospitalId))) { throw AppError.notFound(); }
  const { value, issues } = checkMedicalDeviceThresholds(body.deviceType, body.thresholds, 'thresholds');
  if (Object.keys(issues).length > 0) { throw AppError.badRequest('validationFailed', issues); }
  await repo.saveOfficeDefaults(tenantDb(scope, ctx.db), hospitalId, body.deviceType, Object.keys(value).length === 0 ? null : value);
  forgetHubDevices(ctx); // the hub device cache holds each device's office defaults: grade the next reading by the new ones
  const all = await getOfficeDefaults(ctx, scope, hospitalId);
  return all.find((d) => d.deviceType === body.deviceType)!;
}

