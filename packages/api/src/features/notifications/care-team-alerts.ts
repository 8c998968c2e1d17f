import type { AppContext } from '../../context';
import { systemScope } from '../../db/scope';
import { loggableError } from '../../lib/loggable-error';
import * as repo from './notifications.repo';
import { createAndDeliver } from './notifications.service';
import { tenantDb } from '../../db/handles';

/** An alert about one patient for their care team (for example a mental-health result, types 12 and 13). */
export interface CareTeamAlert {
  patientId: number;
  hospitalId: number;
  notificationTypeId: number;
  /** 0 normal, 1 caution, 2 critical (the worklist sorts by it). */
  severity: 0 | 1 | 2;
  messageEn: string;
  messageEs: string;
  additionalData: Record<string, unknown>;
  /** One alert per recipient and key, whoever calls twice. */
  dedupeKey: string;
}

/**
 * Sends `alert` to every active member of the patient's medical team in the office (as
 * raiseMeasurementAlerts does for readings), written in one transaction and pushed on the
 * real-time socket at once (the bell and /monitoring). Call it after the facts it reports are
 * committed. Idempotent through `dedupeKey`. Never throws: a failure is logged without names or
 * values. Answers how many notifications were written.
 */
export async function alertCareTeam(ctx: AppContext, alert: CareTeamAlert): Promise<number> {
  try {
    const team = await repo.findTeamRecipients(tenantDb(systemScope, ctx.db), [alert]);
    const rows = await createAndDeliver(
      ctx,
      team.map((member) => ({
        notificationTypeId: alert.notificationTypeId,
        fromUserId: null,
        toUserId: member.userId,
        relatedPatientId: alert.patientId,
        hospitalId: alert.hospitalId,
        medicalTeamId: member.medicalTeamId,
        messageEn: alert.messageEn,
        messageEs: alert.messageEs,
        severity: alert.severity,
        additionalData: alert.additionalData,
        dedupeKey: alert.dedupeKey,
      })),
    );
    return rows.length;
  } catch (err) {
    ctx.log.error({ err: loggableError(err), dedupeKey: alert.dedupeKey }, 'could not raise a care-team alert');
    return 0;
  }
}
