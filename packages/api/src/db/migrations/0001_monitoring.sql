CREATE TABLE "hospital_device_defaults" (
	"id" serial PRIMARY KEY NOT NULL,
	"hospital_id" integer NOT NULL,
	"device_type" text NOT NULL,
	"thresholds_json" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "hubs" (
	"id" serial PRIMARY KEY NOT NULL,
	"hub_identifier" text NOT NULL,
	"hub_mac" text DEFAULT '' NOT NULL,
	"hub_name" text DEFAULT '' NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"hospital_id" integer NOT NULL,
	"assigned_to_user_id" integer,
	"credential_hash" text,
	"credential_revoked_at" timestamp with time zone,
	"last_check_in_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "hubs_hub_identifier_unique" UNIQUE("hub_identifier")
);
--> statement-breakpoint
CREATE TABLE "measurements" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "measurements_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"patient_id" integer NOT NULL,
	"hospital_id" integer NOT NULL,
	"device_id" integer,
	"hub_id" integer,
	"hub_key" integer DEFAULT 0 NOT NULL,
	"device_key" integer DEFAULT 0 NOT NULL,
	"device_type" text NOT NULL,
	"measured_at" timestamp with time zone NOT NULL,
	"measured_at_offset" text DEFAULT '+00:00' NOT NULL,
	"values_json" jsonb NOT NULL,
	"source" text DEFAULT 'hub' NOT NULL,
	"is_manual" boolean DEFAULT false NOT NULL,
	"is_simulated" boolean DEFAULT false NOT NULL,
	"severity" smallint DEFAULT 0 NOT NULL,
	"entered_by" integer,
	"external_ref" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "medical_device_templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"device_type" text NOT NULL,
	"device_type_title" text NOT NULL,
	"device_type_title_esp" text NOT NULL,
	"manufacturer_id" integer DEFAULT 0 NOT NULL,
	"manufacturer_name" text DEFAULT '' NOT NULL,
	"model_name" text DEFAULT '' NOT NULL,
	"measurements_json" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"default_values_json" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "medical_devices" (
	"id" serial PRIMARY KEY NOT NULL,
	"device_identifier" text NOT NULL,
	"device_type" text NOT NULL,
	"template_id" integer,
	"hospital_id" integer NOT NULL,
	"hub_id" integer,
	"patient_id" integer,
	"device_default_values_json" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"is_manual_measurement" boolean DEFAULT false NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "medical_devices_device_identifier_unique" UNIQUE("device_identifier")
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "notifications_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"notification_type_id" smallint NOT NULL,
	"from_user_id" integer,
	"to_user_id" integer NOT NULL,
	"related_patient_id" integer,
	"hospital_id" integer,
	"medical_team_id" integer,
	"measurement_id" bigint,
	"message_en" text NOT NULL,
	"message_es" text NOT NULL,
	"severity" smallint DEFAULT 0 NOT NULL,
	"device_type" text,
	"is_read" boolean DEFAULT false NOT NULL,
	"read_at" timestamp with time zone,
	"is_group_notification" boolean DEFAULT false NOT NULL,
	"additional_data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"reference_data" text DEFAULT '' NOT NULL,
	"processing_status" smallint DEFAULT 0 NOT NULL,
	"processed_by" integer,
	"processed_at" timestamp with time zone,
	"resolution_comments" text,
	"related_to_notification_id" bigint,
	"direction" text DEFAULT 'in' NOT NULL,
	"dedupe_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "public_link_accesses" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "public_link_accesses_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"public_link_id" integer NOT NULL,
	"ip" text DEFAULT '' NOT NULL,
	"user_agent" text DEFAULT '' NOT NULL,
	"accessed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "public_links" (
	"id" serial PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"patient_id" integer NOT NULL,
	"hospital_id" integer NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"period_end" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"shared_with_email" text,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "public_links_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "tablet_infos" (
	"id" serial PRIMARY KEY NOT NULL,
	"serial_number" text NOT NULL,
	"model" text DEFAULT '' NOT NULL,
	"os_version" text DEFAULT '' NOT NULL,
	"app_version" text DEFAULT '' NOT NULL,
	"hospital_id" integer NOT NULL,
	"patient_id" integer,
	"hub_id" integer,
	"last_seen_at" timestamp with time zone,
	CONSTRAINT "tablet_infos_serial_number_unique" UNIQUE("serial_number")
);
--> statement-breakpoint
CREATE TABLE "treatment_plan_devices" (
	"id" serial PRIMARY KEY NOT NULL,
	"treatment_plan_id" integer NOT NULL,
	"device_type" text NOT NULL,
	"medical_device_id" integer,
	"time1" text,
	"time2" text,
	"time3" text,
	"time4" text,
	"measurement_period" text DEFAULT 'DAILY' NOT NULL,
	"measurements_count" smallint DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "treatment_plan_patients" (
	"treatment_plan_id" integer NOT NULL,
	"patient_user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "treatment_plans" (
	"id" serial PRIMARY KEY NOT NULL,
	"patient_id" integer,
	"hospital_id" integer NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"is_client_monitoring_plan" boolean DEFAULT false NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trusted_hubs" (
	"id" serial PRIMARY KEY NOT NULL,
	"patient_id" integer NOT NULL,
	"hub_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "hospital_device_defaults" ADD CONSTRAINT "hospital_device_defaults_hospital_id_hospitals_id_fk" FOREIGN KEY ("hospital_id") REFERENCES "public"."hospitals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hospital_device_defaults" ADD CONSTRAINT "hospital_device_defaults_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hubs" ADD CONSTRAINT "hubs_hospital_id_hospitals_id_fk" FOREIGN KEY ("hospital_id") REFERENCES "public"."hospitals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hubs" ADD CONSTRAINT "hubs_assigned_to_user_id_users_id_fk" FOREIGN KEY ("assigned_to_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "measurements" ADD CONSTRAINT "measurements_patient_id_users_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "measurements" ADD CONSTRAINT "measurements_hospital_id_hospitals_id_fk" FOREIGN KEY ("hospital_id") REFERENCES "public"."hospitals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "measurements" ADD CONSTRAINT "measurements_device_id_medical_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."medical_devices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "measurements" ADD CONSTRAINT "measurements_hub_id_hubs_id_fk" FOREIGN KEY ("hub_id") REFERENCES "public"."hubs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "measurements" ADD CONSTRAINT "measurements_entered_by_users_id_fk" FOREIGN KEY ("entered_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "medical_devices" ADD CONSTRAINT "medical_devices_template_id_medical_device_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."medical_device_templates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "medical_devices" ADD CONSTRAINT "medical_devices_hospital_id_hospitals_id_fk" FOREIGN KEY ("hospital_id") REFERENCES "public"."hospitals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "medical_devices" ADD CONSTRAINT "medical_devices_hub_id_hubs_id_fk" FOREIGN KEY ("hub_id") REFERENCES "public"."hubs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "medical_devices" ADD CONSTRAINT "medical_devices_patient_id_users_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_from_user_id_users_id_fk" FOREIGN KEY ("from_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_to_user_id_users_id_fk" FOREIGN KEY ("to_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_related_patient_id_users_id_fk" FOREIGN KEY ("related_patient_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_hospital_id_hospitals_id_fk" FOREIGN KEY ("hospital_id") REFERENCES "public"."hospitals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_medical_team_id_medical_teams_id_fk" FOREIGN KEY ("medical_team_id") REFERENCES "public"."medical_teams"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_measurement_id_measurements_id_fk" FOREIGN KEY ("measurement_id") REFERENCES "public"."measurements"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_processed_by_users_id_fk" FOREIGN KEY ("processed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "public_link_accesses" ADD CONSTRAINT "public_link_accesses_public_link_id_public_links_id_fk" FOREIGN KEY ("public_link_id") REFERENCES "public"."public_links"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "public_links" ADD CONSTRAINT "public_links_patient_id_users_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "public_links" ADD CONSTRAINT "public_links_hospital_id_hospitals_id_fk" FOREIGN KEY ("hospital_id") REFERENCES "public"."hospitals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "public_links" ADD CONSTRAINT "public_links_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tablet_infos" ADD CONSTRAINT "tablet_infos_hospital_id_hospitals_id_fk" FOREIGN KEY ("hospital_id") REFERENCES "public"."hospitals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tablet_infos" ADD CONSTRAINT "tablet_infos_patient_id_users_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tablet_infos" ADD CONSTRAINT "tablet_infos_hub_id_hubs_id_fk" FOREIGN KEY ("hub_id") REFERENCES "public"."hubs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "treatment_plan_devices" ADD CONSTRAINT "treatment_plan_devices_treatment_plan_id_treatment_plans_id_fk" FOREIGN KEY ("treatment_plan_id") REFERENCES "public"."treatment_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "treatment_plan_devices" ADD CONSTRAINT "treatment_plan_devices_medical_device_id_medical_devices_id_fk" FOREIGN KEY ("medical_device_id") REFERENCES "public"."medical_devices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "treatment_plan_patients" ADD CONSTRAINT "treatment_plan_patients_treatment_plan_id_treatment_plans_id_fk" FOREIGN KEY ("treatment_plan_id") REFERENCES "public"."treatment_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "treatment_plan_patients" ADD CONSTRAINT "treatment_plan_patients_patient_user_id_users_id_fk" FOREIGN KEY ("patient_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "treatment_plans" ADD CONSTRAINT "treatment_plans_patient_id_users_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "treatment_plans" ADD CONSTRAINT "treatment_plans_hospital_id_hospitals_id_fk" FOREIGN KEY ("hospital_id") REFERENCES "public"."hospitals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "treatment_plans" ADD CONSTRAINT "treatment_plans_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trusted_hubs" ADD CONSTRAINT "trusted_hubs_patient_id_users_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trusted_hubs" ADD CONSTRAINT "trusted_hubs_hub_id_hubs_id_fk" FOREIGN KEY ("hub_id") REFERENCES "public"."hubs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "hospital_device_defaults_uq" ON "hospital_device_defaults" USING btree ("hospital_id","device_type");--> statement-breakpoint
CREATE INDEX "hubs_hospital_idx" ON "hubs" USING btree ("hospital_id");--> statement-breakpoint
CREATE INDEX "hubs_patient_idx" ON "hubs" USING btree ("assigned_to_user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "hubs_credential_uq" ON "hubs" USING btree ("credential_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "measurements_identity_uq" ON "measurements" USING btree ("hub_key","device_key","device_type","measured_at");--> statement-breakpoint
CREATE INDEX "measurements_patient_time_idx" ON "measurements" USING btree ("patient_id","measured_at");--> statement-breakpoint
CREATE INDEX "measurements_hospital_time_idx" ON "measurements" USING btree ("hospital_id","measured_at");--> statement-breakpoint
CREATE INDEX "measurements_device_time_idx" ON "measurements" USING btree ("device_id","measured_at");--> statement-breakpoint
CREATE UNIQUE INDEX "measurements_external_ref_uq" ON "measurements" USING btree ("external_ref");--> statement-breakpoint
CREATE UNIQUE INDEX "medical_device_templates_uq" ON "medical_device_templates" USING btree ("device_type","manufacturer_id","model_name");--> statement-breakpoint
CREATE INDEX "medical_devices_patient_idx" ON "medical_devices" USING btree ("patient_id");--> statement-breakpoint
CREATE INDEX "medical_devices_hub_idx" ON "medical_devices" USING btree ("hub_id");--> statement-breakpoint
CREATE INDEX "medical_devices_hospital_idx" ON "medical_devices" USING btree ("hospital_id");--> statement-breakpoint
CREATE INDEX "notifications_to_user_idx" ON "notifications" USING btree ("to_user_id","created_at");--> statement-breakpoint
CREATE INDEX "notifications_patient_idx" ON "notifications" USING btree ("related_patient_id","created_at");--> statement-breakpoint
CREATE INDEX "notifications_hospital_open_idx" ON "notifications" USING btree ("hospital_id","processing_status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_dedupe_uq" ON "notifications" USING btree ("to_user_id","dedupe_key") WHERE dedupe_key is not null;--> statement-breakpoint
CREATE INDEX "public_link_accesses_link_idx" ON "public_link_accesses" USING btree ("public_link_id");--> statement-breakpoint
CREATE INDEX "public_links_patient_idx" ON "public_links" USING btree ("patient_id");--> statement-breakpoint
CREATE INDEX "treatment_plan_devices_plan_idx" ON "treatment_plan_devices" USING btree ("treatment_plan_id");--> statement-breakpoint
CREATE UNIQUE INDEX "treatment_plan_patients_uq" ON "treatment_plan_patients" USING btree ("treatment_plan_id","patient_user_id");--> statement-breakpoint
CREATE INDEX "treatment_plan_patients_patient_idx" ON "treatment_plan_patients" USING btree ("patient_user_id");--> statement-breakpoint
CREATE INDEX "treatment_plans_patient_idx" ON "treatment_plans" USING btree ("patient_id","status");--> statement-breakpoint
CREATE INDEX "treatment_plans_hospital_idx" ON "treatment_plans" USING btree ("hospital_id");--> statement-breakpoint
CREATE UNIQUE INDEX "trusted_hubs_uq" ON "trusted_hubs" USING btree ("patient_id","hub_id");