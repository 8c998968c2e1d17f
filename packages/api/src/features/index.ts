import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { authRoutes } from './auth/auth.routes';
import { referenceDataRoutes } from './reference-data/reference-data.routes';
import { usersRoutes } from './users/users.routes';
import { organizationsRoutes } from './organizations/organizations.routes';
import { officesRoutes } from './offices/offices.routes';
import { medicalTeamsRoutes } from './medical-teams/medical-teams.routes';
import { metadataRoutes } from './metadata/metadata.routes';
import { verifiersRoutes } from './verifiers/verifiers.routes';
import { adminRoutes } from './admin/admin.routes';
import { devicesRoutes } from './devices/devices.routes';
import { measurementsRoutes } from './measurements/measurements.routes';
import { treatmentPlansRoutes } from './treatment-plans/treatment-plans.routes';
import { notificationsRoutes } from './notifications/notifications.routes';
import { publicLinksRoutes } from './public-links/public-links.routes';
import { timeTrackingRoutes } from './time-tracking/time-tracking.routes';
import { appointmentsRoutes } from './appointments/appointments.routes';
import { medicalNotesRoutes } from './medical-notes/medical-notes.routes';
import { billingRoutes } from './billing/billing.routes';
import { ccmRoutes } from './ccm/ccm.routes';
import { surveysRoutes } from './surveys/surveys.routes';
import { prescriptionsRoutes } from './prescriptions/prescriptions.routes';
import { diagnosesRoutes } from './diagnoses/diagnoses.routes';
import { invoicesRoutes } from './invoices/invoices.routes';
import { licensesRoutes } from './licenses/licenses.routes';
import { apiKeysRoutes } from './api-keys/api-keys.routes';
import { auditRoutes } from './audit/audit.routes';
import { chatRoutes } from './chat/chat.routes';
import { supportRoutes } from './support/support.routes';
import { releaseNotesRoutes } from './release-notes/release-notes.routes';
import { terraRoutes } from './terra/terra.routes';
import { ecpRoutes } from './ecp/ecp.routes';
import { enrolmentRoutes } from './enrolment/enrolment.routes';
import { dashboardsRoutes } from './dashboards/dashboards.routes';

/** Every feature's routes; app.ts registers them all inside the /api scope. */
export const featureRoutes: ((app: FastifyInstance, ctx: AppContext) => void)[] = [
  authRoutes,
  referenceDataRoutes,
  usersRoutes,
  organizationsRoutes,
  officesRoutes,
  medicalTeamsRoutes,
  metadataRoutes,
  verifiersRoutes,
  adminRoutes,
  devicesRoutes,
  measurementsRoutes,
  treatmentPlansRoutes,
  notificationsRoutes,
  publicLinksRoutes,
  timeTrackingRoutes,
  medicalNotesRoutes,
  billingRoutes,
  ccmRoutes,
  surveysRoutes,
  prescriptionsRoutes,
  diagnosesRoutes,
  invoicesRoutes,
  licensesRoutes,
  apiKeysRoutes,
  auditRoutes,
  appointmentsRoutes,
  chatRoutes,
  supportRoutes,
  releaseNotesRoutes,
  terraRoutes,
  ecpRoutes,
  enrolmentRoutes,
  dashboardsRoutes,
];
