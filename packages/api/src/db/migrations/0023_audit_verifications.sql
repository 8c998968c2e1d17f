CREATE TABLE "audit_verifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"status" text NOT NULL,
	"rows_done" bigint DEFAULT 0 NOT NULL,
	"rows_total" bigint DEFAULT 0 NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"ok" boolean,
	"result" jsonb,
	"error" text
);
--> statement-breakpoint
CREATE INDEX "audit_verifications_kind_idx" ON "audit_verifications" USING btree ("kind","id");--> statement-breakpoint
CREATE INDEX "audit_verifications_done_idx" ON "audit_verifications" USING btree ("finished_at");