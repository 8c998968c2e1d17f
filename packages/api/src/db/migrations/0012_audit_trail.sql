CREATE TABLE "audit_chain_head" (
	"id" smallint PRIMARY KEY NOT NULL,
	"last_id" bigint DEFAULT 0 NOT NULL,
	"hash" text NOT NULL,
	"count" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "audit_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"at" timestamp with time zone NOT NULL,
	"user_id" integer NOT NULL,
	"role_id" smallint NOT NULL,
	"organization_id" integer,
	"patient_id" integer,
	"resource" text NOT NULL,
	"action" text NOT NULL,
	"endpoint" text NOT NULL,
	"outcome" smallint NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"request_id" text DEFAULT '' NOT NULL,
	"prev_hash" text NOT NULL,
	"hash" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "system_logs" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "system_logs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"level" text NOT NULL,
	"kind" text NOT NULL,
	"source" text DEFAULT '' NOT NULL,
	"message" text NOT NULL,
	"request_id" text DEFAULT '' NOT NULL,
	"user_id" integer,
	"organization_id" integer,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE INDEX "audit_events_patient_idx" ON "audit_events" USING btree ("patient_id","at");--> statement-breakpoint
CREATE INDEX "audit_events_at_idx" ON "audit_events" USING btree ("at");--> statement-breakpoint
CREATE INDEX "audit_events_user_idx" ON "audit_events" USING btree ("user_id","at");--> statement-breakpoint
CREATE INDEX "system_logs_at_idx" ON "system_logs" USING btree ("at");--> statement-breakpoint
CREATE INDEX "system_logs_kind_idx" ON "system_logs" USING btree ("kind","at");
--> statement-breakpoint
-- hand-written
-- The audit trail is append-only (docs/audit.md, HIPAA 164.312(b)): UPDATE, DELETE and TRUNCATE of
-- audit_events are refused. The chain head starts at the genesis hash (64 zeros, lib/audit-chain.ts).
CREATE FUNCTION audit_events_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_events is append-only' USING ERRCODE = '42501';
END $$;--> statement-breakpoint
CREATE TRIGGER audit_events_no_change BEFORE UPDATE OR DELETE ON audit_events FOR EACH ROW EXECUTE FUNCTION audit_events_append_only();--> statement-breakpoint
CREATE TRIGGER audit_events_no_truncate BEFORE TRUNCATE ON audit_events FOR EACH STATEMENT EXECUTE FUNCTION audit_events_append_only();--> statement-breakpoint
INSERT INTO audit_chain_head (id, last_id, hash, count) VALUES (1, 0, '0000000000000000000000000000000000000000000000000000000000000000', 0);
