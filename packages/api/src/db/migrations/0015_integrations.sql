CREATE TABLE "ecp_locations" (
	"id" serial PRIMARY KEY NOT NULL,
	"ecp_community_id" text NOT NULL,
	"ecp_organization_id" text,
	"name" text DEFAULT '' NOT NULL,
	"hospital_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ecp_logs" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"ecp_id" text NOT NULL,
	"ecp_community_id" text NOT NULL,
	"hospital_id" integer,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"birthdate" text,
	"email" text,
	"medical_record_number" text,
	"payload" jsonb NOT NULL,
	"status" text DEFAULT 'new' NOT NULL,
	"reason" text,
	"vigil_user_id" integer,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ecp_outbound" (
	"id" serial PRIMARY KEY NOT NULL,
	"measurement_id" bigint NOT NULL,
	"hospital_id" integer NOT NULL,
	"ecp_log_id" integer NOT NULL,
	"idempotency_key" text NOT NULL,
	"reviewed_by" integer,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"ecp_reading_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "terra_connections" (
	"id" serial PRIMARY KEY NOT NULL,
	"patient_id" integer NOT NULL,
	"hospital_id" integer NOT NULL,
	"reference_id" text NOT NULL,
	"terra_user_id" text,
	"provider" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"fda_cleared" boolean DEFAULT false NOT NULL,
	"fda_cleared_by" integer,
	"enable_sending_data_to_ecp" boolean DEFAULT false NOT NULL,
	"ecp_user_inpersonate_id" integer,
	"last_data_at" timestamp with time zone,
	"last_event_at" timestamp with time zone,
	"last_event_type" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "terra_data_copies" (
	"id" serial PRIMARY KEY NOT NULL,
	"terra_user_id" text NOT NULL,
	"type" text NOT NULL,
	"key" text NOT NULL,
	"ordering_at" timestamp with time zone NOT NULL,
	"event_id" bigint NOT NULL,
	"data" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "terra_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "terra_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"delivery_key" text NOT NULL,
	"type" text NOT NULL,
	"terra_user_id" text,
	"ordering_at" timestamp with time zone NOT NULL,
	"payload" jsonb NOT NULL,
	"status" text DEFAULT 'received' NOT NULL,
	"connection_id" integer,
	"readings_stored" integer DEFAULT 0 NOT NULL,
	"readings_duplicate" integer DEFAULT 0 NOT NULL,
	"readings_rejected" integer DEFAULT 0 NOT NULL,
	"error" text,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "ecp_locations" ADD CONSTRAINT "ecp_locations_hospital_id_hospitals_id_fk" FOREIGN KEY ("hospital_id") REFERENCES "public"."hospitals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ecp_logs" ADD CONSTRAINT "ecp_logs_hospital_id_hospitals_id_fk" FOREIGN KEY ("hospital_id") REFERENCES "public"."hospitals"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ecp_logs" ADD CONSTRAINT "ecp_logs_vigil_user_id_users_id_fk" FOREIGN KEY ("vigil_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ecp_outbound" ADD CONSTRAINT "ecp_outbound_hospital_id_hospitals_id_fk" FOREIGN KEY ("hospital_id") REFERENCES "public"."hospitals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ecp_outbound" ADD CONSTRAINT "ecp_outbound_ecp_log_id_ecp_logs_id_fk" FOREIGN KEY ("ecp_log_id") REFERENCES "public"."ecp_logs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ecp_outbound" ADD CONSTRAINT "ecp_outbound_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "terra_connections" ADD CONSTRAINT "terra_connections_patient_id_users_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "terra_connections" ADD CONSTRAINT "terra_connections_hospital_id_hospitals_id_fk" FOREIGN KEY ("hospital_id") REFERENCES "public"."hospitals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "terra_connections" ADD CONSTRAINT "terra_connections_fda_cleared_by_users_id_fk" FOREIGN KEY ("fda_cleared_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "terra_connections" ADD CONSTRAINT "terra_connections_ecp_user_inpersonate_id_users_id_fk" FOREIGN KEY ("ecp_user_inpersonate_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "terra_data_copies" ADD CONSTRAINT "terra_data_copies_event_id_terra_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."terra_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "terra_events" ADD CONSTRAINT "terra_events_connection_id_terra_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."terra_connections"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ecp_locations_community_uq" ON "ecp_locations" USING btree ("ecp_community_id");--> statement-breakpoint
CREATE INDEX "ecp_locations_hospital_idx" ON "ecp_locations" USING btree ("hospital_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ecp_logs_kind_ecp_id_uq" ON "ecp_logs" USING btree ("kind","ecp_id");--> statement-breakpoint
CREATE INDEX "ecp_logs_hospital_idx" ON "ecp_logs" USING btree ("hospital_id","kind");--> statement-breakpoint
CREATE INDEX "ecp_logs_vigil_user_idx" ON "ecp_logs" USING btree ("vigil_user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ecp_outbound_measurement_uq" ON "ecp_outbound" USING btree ("measurement_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ecp_outbound_key_uq" ON "ecp_outbound" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "ecp_outbound_status_idx" ON "ecp_outbound" USING btree ("hospital_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "terra_connections_patient_uq" ON "terra_connections" USING btree ("patient_id");--> statement-breakpoint
CREATE UNIQUE INDEX "terra_connections_reference_uq" ON "terra_connections" USING btree ("reference_id");--> statement-breakpoint
CREATE INDEX "terra_connections_terra_user_idx" ON "terra_connections" USING btree ("terra_user_id");--> statement-breakpoint
CREATE INDEX "terra_connections_hospital_idx" ON "terra_connections" USING btree ("hospital_id");--> statement-breakpoint
CREATE UNIQUE INDEX "terra_data_copies_uq" ON "terra_data_copies" USING btree ("terra_user_id","type","key");--> statement-breakpoint
CREATE UNIQUE INDEX "terra_events_delivery_uq" ON "terra_events" USING btree ("delivery_key");--> statement-breakpoint
CREATE INDEX "terra_events_user_idx" ON "terra_events" USING btree ("terra_user_id","received_at");