import type { FastifyInstance } from 'fastify';
import { measurements } from '@vigil/contract';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/app-error';
import { buildCsv } from '../../lib/csv';
import { registerGroup } from '../../lib/route';
import * as lists from './measurement-lists.service';
import * as service from './measurements.service';
import * as thresholds from './office-thresholds.service';

/** A `binary` route has sent its answer itself; registerEndpoint ignores the handler's value. */
const answered = undefined as never;

/** Spec section 7, "Medical device, measurements": ingestion, reading lists, office thresholds; plus chosen device readings (CSV) and chart series. */
export function measurementsRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerGroup(app, ctx, measurements, {
    postMeasurements: ({ hub, scope, body }) => {
      if (hub) { return service.ingest(ctx, { kind: 'hub', hub }, body); }
      if (!scope) { throw AppError.unauthorized(); }
      return service.ingest(ctx, { kind: 'staff', scope }, body);
    },
    getMeasurementsForPatientsForHospital: ({ scope, headers, query }) =>
      lists.findForHospitalMonth(ctx, scope, headers.hospitalid, headers.byyear, headers.bymonth, query),
    getDeviceDefaultsForHospital: ({ scope, headers }) => thresholds.getOfficeDefaults(ctx, scope, headers.hospitalid),
    updateDeviceDefaultsForHospital: ({ scope, headers, body }) =>
      thresholds.updateOfficeDefaults(ctx, scope, headers.hospitalid, body),
    getMeasurementsForPatientByIdentifier: ({ scope, headers, query }) =>
      lists.findForPatientIdentifier(ctx, scope, headers.patientidentifier, headers.filtercase, query),
    getMeasurementsForPatientByIdentifierCustomDate: ({ scope, headers, query }) =>
      lists.findForPatientIdentifierRange(ctx, scope, headers.patientidentifier, headers.startdate, headers.enddate, query),
    // Declared `binary`: the route answers either the JSON envelope itself or, with format=csv, a file.
    getMeasurementsForDevice: async ({ scope, headers, query, req, reply }) => {
      if (query.format === 'csv') {
        const { header, records } = await lists.deviceCsv(ctx, scope, headers.deviceid, query, req.lang);
        const csv = buildCsv(header, records); // formula text neutralised, BOM included (lib/csv.ts)
        await reply
          .type('text/csv; charset=utf-8')
          .header('Content-Disposition', `attachment; filename="device-${headers.deviceid}-measurements.csv"`)
          .send(csv);
        return answered;
      }
      const data = await lists.findForDevice(ctx, scope, headers.deviceid, query);
      if (ctx.config.validateResponses) { measurements.getMeasurementsForDevice.response.parse(data); }
      await reply.code(200).send({ resFlag: true, data, msg: 'OK' });
      return answered;
    },
    getPatientSeries: ({ scope, headers, query }) => lists.getPatientSeries(ctx, scope, headers.patientid, query),
  });
}
