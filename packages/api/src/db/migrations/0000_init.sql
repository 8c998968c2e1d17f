CREATE TABLE "countries" (
	"id" serial PRIMARY KEY NOT NULL,
	"country_code" text NOT NULL,
	"country_name" text NOT NULL,
	"country_name_esp" text NOT NULL,
	"phone_code" text DEFAULT '' NOT NULL,
	CONSTRAINT "countries_country_code_unique" UNIQUE("country_code")
);
--> statement-breakpoint
CREATE TABLE "doctor_metadata" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"licence_id" text DEFAULT '' NOT NULL,
	"npi" text DEFAULT '' NOT NULL,
	"metadata_info" jsonb DEFAULT '{}'::jsonb NOT NULL,
	CONSTRAINT "doctor_metadata_user_id_unique" UNIQUE("user_id")
);
--> statement-breakpoint
CREATE TABLE "doctor_specializations" (
	"doctor_metadata_id" integer NOT NULL,
	"verifier_id" integer NOT NULL,
	CONSTRAINT "doctor_specializations_doctor_metadata_id_verifier_id_pk" PRIMARY KEY("doctor_metadata_id","verifier_id")
);
--> statement-breakpoint
CREATE TABLE "email_outbox" (
	"id" serial PRIMARY KEY NOT NULL,
	"to_address" text NOT NULL,
	"subject" text NOT NULL,
	"body_text" text NOT NULL,
	"status" text DEFAULT 'kept' NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "hospitals" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"hospital_name" text NOT NULL,
	"hospital_name_esp" text DEFAULT '' NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"address_latitude" double precision,
	"address_longitude" double precision,
	"city" text DEFAULT '' NOT NULL,
	"state" text DEFAULT '' NOT NULL,
	"zip" text DEFAULT '' NOT NULL,
	"country" text DEFAULT 'US' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"time_zone" text DEFAULT 'America/New_York' NOT NULL,
	"rpm_enabled" boolean DEFAULT true NOT NULL,
	"rtm_enabled" boolean DEFAULT false NOT NULL,
	"ccm_enabled" boolean DEFAULT false NOT NULL,
	"assessments_enabled" boolean DEFAULT false NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"external_ref" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "hospitals_external_ref_unique" UNIQUE("external_ref")
);
--> statement-breakpoint
CREATE TABLE "import_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"source" text NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"status" text DEFAULT 'running' NOT NULL,
	"report" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"started_by" integer
);
--> statement-breakpoint
CREATE TABLE "medical_team_members" (
	"medical_team_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "medical_team_members_medical_team_id_user_id_pk" PRIMARY KEY("medical_team_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "medical_teams" (
	"id" serial PRIMARY KEY NOT NULL,
	"patient_id" integer NOT NULL,
	"hospital_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "nurse_metadata" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"licence_id" text DEFAULT '' NOT NULL,
	"metadata_info" jsonb DEFAULT '{}'::jsonb NOT NULL,
	CONSTRAINT "nurse_metadata_user_id_unique" UNIQUE("user_id")
);
--> statement-breakpoint
CREATE TABLE "organizations" (
	"id" serial PRIMARY KEY NOT NULL,
	"institution_name" text NOT NULL,
	"institution_name_esp" text DEFAULT '' NOT NULL,
	"contact_phone" text DEFAULT '' NOT NULL,
	"contact_email" text DEFAULT '' NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"city" text DEFAULT '' NOT NULL,
	"state" text DEFAULT '' NOT NULL,
	"zip" text DEFAULT '' NOT NULL,
	"country" text DEFAULT 'US' NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"external_ref" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "organizations_external_ref_unique" UNIQUE("external_ref")
);
--> statement-breakpoint
CREATE TABLE "patient_metadata" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"height_in_cm" numeric,
	"weight_in_kg" numeric,
	"ideal_weight_calculated_in_kg" numeric,
	"medical_registration_number" text DEFAULT '' NOT NULL,
	"patient_identifier" text DEFAULT '' NOT NULL,
	"ssn" text DEFAULT '' NOT NULL,
	"diagnose" text DEFAULT '' NOT NULL,
	"prescriptions" text DEFAULT '' NOT NULL,
	"metadata_info" jsonb DEFAULT '{}'::jsonb NOT NULL,
	CONSTRAINT "patient_metadata_user_id_unique" UNIQUE("user_id")
);
--> statement-breakpoint
CREATE TABLE "roles" (
	"id" smallint PRIMARY KEY NOT NULL,
	"role_name" text NOT NULL,
	"role_name_for_display" text NOT NULL,
	"role_name_for_display_esp" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"user_id" integer NOT NULL,
	"session_type" text DEFAULT 'WEB' NOT NULL,
	"ip" text DEFAULT '' NOT NULL,
	"websocket_token_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	"end_reason" text,
	CONSTRAINT "sessions_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "sign_in_failures" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sign_in_failures_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"account_key" text NOT NULL,
	"ip" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_hospitals" (
	"user_id" integer NOT NULL,
	"hospital_id" integer NOT NULL,
	"is_admin" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_hospitals_user_id_hospital_id_pk" PRIMARY KEY("user_id","hospital_id")
);
--> statement-breakpoint
CREATE TABLE "user_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"purpose" text NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_tokens_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"role_id" smallint NOT NULL,
	"organization_id" integer,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text,
	"username" text NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"gender" text DEFAULT '' NOT NULL,
	"birthdate" date,
	"address" text DEFAULT '' NOT NULL,
	"address_latitude" double precision,
	"address_longitude" double precision,
	"city" text DEFAULT '' NOT NULL,
	"zip" text DEFAULT '' NOT NULL,
	"state" text DEFAULT '' NOT NULL,
	"country" text DEFAULT 'US' NOT NULL,
	"language" text DEFAULT 'ESP' NOT NULL,
	"user_timezone" text DEFAULT 'America/New_York' NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"user_settings_json" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"is_sequoia_user" boolean DEFAULT false NOT NULL,
	"password_hash" text,
	"email_validated" boolean DEFAULT false NOT NULL,
	"profile_image" "bytea",
	"profile_image_type" text,
	"external_ref" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_external_ref_unique" UNIQUE("external_ref")
);
--> statement-breakpoint
CREATE TABLE "verifiers" (
	"id" serial PRIMARY KEY NOT NULL,
	"rv_domain" text NOT NULL,
	"low_value" text NOT NULL,
	"high_value" text DEFAULT '' NOT NULL,
	"long_description" text NOT NULL,
	"long_description_esp" text DEFAULT '' NOT NULL,
	"parent_low_value" text DEFAULT '' NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "doctor_metadata" ADD CONSTRAINT "doctor_metadata_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "doctor_specializations" ADD CONSTRAINT "doctor_specializations_doctor_metadata_id_doctor_metadata_id_fk" FOREIGN KEY ("doctor_metadata_id") REFERENCES "public"."doctor_metadata"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "doctor_specializations" ADD CONSTRAINT "doctor_specializations_verifier_id_verifiers_id_fk" FOREIGN KEY ("verifier_id") REFERENCES "public"."verifiers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hospitals" ADD CONSTRAINT "hospitals_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_runs" ADD CONSTRAINT "import_runs_started_by_users_id_fk" FOREIGN KEY ("started_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "medical_team_members" ADD CONSTRAINT "medical_team_members_medical_team_id_medical_teams_id_fk" FOREIGN KEY ("medical_team_id") REFERENCES "public"."medical_teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "medical_team_members" ADD CONSTRAINT "medical_team_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "medical_teams" ADD CONSTRAINT "medical_teams_patient_id_users_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "medical_teams" ADD CONSTRAINT "medical_teams_hospital_id_hospitals_id_fk" FOREIGN KEY ("hospital_id") REFERENCES "public"."hospitals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nurse_metadata" ADD CONSTRAINT "nurse_metadata_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_metadata" ADD CONSTRAINT "patient_metadata_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_hospitals" ADD CONSTRAINT "user_hospitals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_hospitals" ADD CONSTRAINT "user_hospitals_hospital_id_hospitals_id_fk" FOREIGN KEY ("hospital_id") REFERENCES "public"."hospitals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_tokens" ADD CONSTRAINT "user_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_role_id_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "hospitals_organization_idx" ON "hospitals" USING btree ("organization_id");--> statement-breakpoint
CREATE INDEX "medical_team_members_user_idx" ON "medical_team_members" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "medical_teams_patient_hospital_uq" ON "medical_teams" USING btree ("patient_id","hospital_id");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sign_in_failures_account_idx" ON "sign_in_failures" USING btree ("account_key","created_at");--> statement-breakpoint
CREATE INDEX "sign_in_failures_ip_idx" ON "sign_in_failures" USING btree ("ip","created_at");--> statement-breakpoint
CREATE INDEX "user_hospitals_hospital_idx" ON "user_hospitals" USING btree ("hospital_id","user_id");--> statement-breakpoint
CREATE INDEX "user_tokens_user_idx" ON "user_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_username_lower_uq" ON "users" USING btree (lower("username"));--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_lower_uq" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "users_role_idx" ON "users" USING btree ("role_id");--> statement-breakpoint
CREATE INDEX "users_organization_idx" ON "users" USING btree ("organization_id");--> statement-breakpoint
CREATE INDEX "users_name_idx" ON "users" USING btree ("last_name","first_name");--> statement-breakpoint
CREATE UNIQUE INDEX "verifiers_domain_value_uq" ON "verifiers" USING btree ("rv_domain","low_value");--> statement-breakpoint
CREATE INDEX "verifiers_parent_idx" ON "verifiers" USING btree ("rv_domain","parent_low_value");