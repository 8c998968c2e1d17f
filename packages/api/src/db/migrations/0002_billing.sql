CREATE TABLE "billing_authorization_templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer,
	"name" text NOT NULL,
	"programs_json" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "billing_claims" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "billing_claims_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"run_id" integer,
	"patient_id" integer NOT NULL,
	"hospital_id" integer NOT NULL,
	"year" smallint NOT NULL,
	"month" smallint NOT NULL,
	"program" text NOT NULL,
	"code" text NOT NULL,
	"units" smallint DEFAULT 1 NOT NULL,
	"status" text DEFAULT 'billable' NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"practitioner_user_id" integer,
	"dates_of_service" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"evidence_json" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"amount_cents" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "billing_code_links" (
	"id" serial PRIMARY KEY NOT NULL,
	"hospital_id" integer,
	"organization_id" integer,
	"year" smallint NOT NULL,
	"month" smallint NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"email" text,
	"token_hash" text,
	"is_email_downloaded" boolean DEFAULT false NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone,
	CONSTRAINT "billing_code_links_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "billing_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"scope_kind" text NOT NULL,
	"scope_id" integer NOT NULL,
	"year" smallint NOT NULL,
	"month" smallint NOT NULL,
	"status" text DEFAULT 'running' NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"done" integer DEFAULT 0 NOT NULL,
	"started_by" integer,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"error" text
);
--> statement-breakpoint
CREATE TABLE "billing_settings" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer,
	"key" text NOT NULL,
	"value_json" jsonb NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fee_schedule" (
	"id" serial PRIMARY KEY NOT NULL,
	"year" smallint NOT NULL,
	"code" text NOT NULL,
	"locality" text DEFAULT 'NATIONAL' NOT NULL,
	"amount_cents" integer NOT NULL,
	"description" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "medical_note_category_templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"hospital_id" integer NOT NULL,
	"title" text NOT NULL,
	"title_esp" text DEFAULT '' NOT NULL,
	"category_type" text DEFAULT '' NOT NULL,
	"program" text DEFAULT 'RPM' NOT NULL,
	"body_template" text DEFAULT '' NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "medical_note_details" (
	"id" serial PRIMARY KEY NOT NULL,
	"medical_note_id" integer NOT NULL,
	"text" text NOT NULL,
	"program" text DEFAULT 'RPM' NOT NULL,
	"category_template_id" integer,
	"author_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "medical_notes" (
	"id" serial PRIMARY KEY NOT NULL,
	"patient_id" integer NOT NULL,
	"hospital_id" integer NOT NULL,
	"month" smallint NOT NULL,
	"year" smallint NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "patient_billing_profiles" (
	"patient_id" integer PRIMARY KEY NOT NULL,
	"billing_type" text DEFAULT 'RPM' NOT NULL,
	"billing_practitioner_id" integer,
	"diagnoses_json" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"rpm_episode_start" date,
	"rtm_system" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "patient_presence" (
	"id" serial PRIMARY KEY NOT NULL,
	"patient_id" integer NOT NULL,
	"hospital_id" integer NOT NULL,
	"out_of_facility" boolean DEFAULT true NOT NULL,
	"leaving_to" text NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "time_entries" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "time_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"patient_id" integer NOT NULL,
	"hospital_id" integer NOT NULL,
	"staff_user_id" integer NOT NULL,
	"program" text NOT NULL,
	"activity" text DEFAULT '' NOT NULL,
	"interactive" boolean DEFAULT false NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	"seconds" integer,
	"is_automatic" boolean DEFAULT true NOT NULL,
	"auto_closed" boolean DEFAULT false NOT NULL,
	"medical_note_detail_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_billing_authorizations" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"hospital_id" integer NOT NULL,
	"template_id" integer,
	"programs_json" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "billing_authorization_templates" ADD CONSTRAINT "billing_authorization_templates_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_claims" ADD CONSTRAINT "billing_claims_run_id_billing_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."billing_runs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_claims" ADD CONSTRAINT "billing_claims_patient_id_users_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_claims" ADD CONSTRAINT "billing_claims_hospital_id_hospitals_id_fk" FOREIGN KEY ("hospital_id") REFERENCES "public"."hospitals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_claims" ADD CONSTRAINT "billing_claims_practitioner_user_id_users_id_fk" FOREIGN KEY ("practitioner_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_code_links" ADD CONSTRAINT "billing_code_links_hospital_id_hospitals_id_fk" FOREIGN KEY ("hospital_id") REFERENCES "public"."hospitals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_code_links" ADD CONSTRAINT "billing_code_links_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_code_links" ADD CONSTRAINT "billing_code_links_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_runs" ADD CONSTRAINT "billing_runs_started_by_users_id_fk" FOREIGN KEY ("started_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_settings" ADD CONSTRAINT "billing_settings_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_settings" ADD CONSTRAINT "billing_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "medical_note_category_templates" ADD CONSTRAINT "medical_note_category_templates_hospital_id_hospitals_id_fk" FOREIGN KEY ("hospital_id") REFERENCES "public"."hospitals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "medical_note_category_templates" ADD CONSTRAINT "medical_note_category_templates_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "medical_note_details" ADD CONSTRAINT "medical_note_details_medical_note_id_medical_notes_id_fk" FOREIGN KEY ("medical_note_id") REFERENCES "public"."medical_notes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "medical_note_details" ADD CONSTRAINT "medical_note_details_category_template_id_medical_note_category_templates_id_fk" FOREIGN KEY ("category_template_id") REFERENCES "public"."medical_note_category_templates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "medical_note_details" ADD CONSTRAINT "medical_note_details_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "medical_notes" ADD CONSTRAINT "medical_notes_patient_id_users_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "medical_notes" ADD CONSTRAINT "medical_notes_hospital_id_hospitals_id_fk" FOREIGN KEY ("hospital_id") REFERENCES "public"."hospitals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "medical_notes" ADD CONSTRAINT "medical_notes_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_billing_profiles" ADD CONSTRAINT "patient_billing_profiles_patient_id_users_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_billing_profiles" ADD CONSTRAINT "patient_billing_profiles_billing_practitioner_id_users_id_fk" FOREIGN KEY ("billing_practitioner_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_presence" ADD CONSTRAINT "patient_presence_patient_id_users_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_presence" ADD CONSTRAINT "patient_presence_hospital_id_hospitals_id_fk" FOREIGN KEY ("hospital_id") REFERENCES "public"."hospitals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_presence" ADD CONSTRAINT "patient_presence_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_entries" ADD CONSTRAINT "time_entries_patient_id_users_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_entries" ADD CONSTRAINT "time_entries_hospital_id_hospitals_id_fk" FOREIGN KEY ("hospital_id") REFERENCES "public"."hospitals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_entries" ADD CONSTRAINT "time_entries_staff_user_id_users_id_fk" FOREIGN KEY ("staff_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_entries" ADD CONSTRAINT "time_entries_medical_note_detail_id_medical_note_details_id_fk" FOREIGN KEY ("medical_note_detail_id") REFERENCES "public"."medical_note_details"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_billing_authorizations" ADD CONSTRAINT "user_billing_authorizations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_billing_authorizations" ADD CONSTRAINT "user_billing_authorizations_hospital_id_hospitals_id_fk" FOREIGN KEY ("hospital_id") REFERENCES "public"."hospitals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_billing_authorizations" ADD CONSTRAINT "user_billing_authorizations_template_id_billing_authorization_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."billing_authorization_templates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "billing_claims_patient_month_idx" ON "billing_claims" USING btree ("patient_id","year","month");--> statement-breakpoint
CREATE INDEX "billing_claims_hospital_month_idx" ON "billing_claims" USING btree ("hospital_id","year","month");--> statement-breakpoint
CREATE UNIQUE INDEX "billing_settings_uq" ON "billing_settings" USING btree ("organization_id","key");--> statement-breakpoint
CREATE UNIQUE INDEX "fee_schedule_uq" ON "fee_schedule" USING btree ("year","code","locality");--> statement-breakpoint
CREATE INDEX "medical_note_category_templates_hospital_idx" ON "medical_note_category_templates" USING btree ("hospital_id");--> statement-breakpoint
CREATE INDEX "medical_note_details_note_idx" ON "medical_note_details" USING btree ("medical_note_id");--> statement-breakpoint
CREATE INDEX "medical_note_details_template_idx" ON "medical_note_details" USING btree ("category_template_id");--> statement-breakpoint
CREATE UNIQUE INDEX "medical_notes_patient_month_uq" ON "medical_notes" USING btree ("patient_id","hospital_id","year","month");--> statement-breakpoint
CREATE INDEX "patient_presence_hospital_idx" ON "patient_presence" USING btree ("hospital_id","started_at");--> statement-breakpoint
CREATE INDEX "patient_presence_patient_idx" ON "patient_presence" USING btree ("patient_id");--> statement-breakpoint
CREATE INDEX "time_entries_patient_time_idx" ON "time_entries" USING btree ("patient_id","started_at");--> statement-breakpoint
CREATE INDEX "time_entries_staff_open_idx" ON "time_entries" USING btree ("staff_user_id","ended_at");--> statement-breakpoint
CREATE INDEX "time_entries_hospital_time_idx" ON "time_entries" USING btree ("hospital_id","started_at");--> statement-breakpoint
CREATE UNIQUE INDEX "user_billing_authorizations_uq" ON "user_billing_authorizations" USING btree ("user_id","hospital_id");