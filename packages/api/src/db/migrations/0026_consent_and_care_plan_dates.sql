ALTER TABLE "ccm_care_plans" ADD COLUMN "established_on" date;--> statement-breakpoint
ALTER TABLE "ccm_care_plans" ADD COLUMN "revised_on" date;--> statement-breakpoint
ALTER TABLE "ccm_consent_forms" ADD COLUMN "revoked_on" date;--> statement-breakpoint
-- hand-written
-- Existing rows keep their history (docs/billing-engine.md "Consent", "Complex CCM"): a revoked
-- consent form had no revocation date, only its status; the day of its last change (the write
-- that revoked it) in the office's time zone becomes its revocation date, never before the day
-- the consent was obtained. A care plan's establishment date is the local day it was created; it
-- has no revision date until one is recorded. An unknown time zone reads as the default office zone
-- (lib/office-calendar.ts officeTimeZone).
UPDATE "ccm_consent_forms" c SET "revoked_on" = greatest(c."consent_date", (c."updated_at" AT TIME ZONE (CASE WHEN h."time_zone" IN (SELECT name FROM pg_timezone_names) THEN h."time_zone" ELSE 'America/New_York' END))::date)
  FROM "hospitals" h WHERE h."id" = c."hospital_id" AND c."status" = 'REVOKED';--> statement-breakpoint
UPDATE "ccm_care_plans" p SET "established_on" = (p."created_at" AT TIME ZONE (CASE WHEN h."time_zone" IN (SELECT name FROM pg_timezone_names) THEN h."time_zone" ELSE 'America/New_York' END))::date
  FROM "hospitals" h WHERE h."id" = p."hospital_id";
