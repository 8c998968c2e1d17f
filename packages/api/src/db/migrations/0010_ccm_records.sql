CREATE TABLE "ccm_attachments" (
	"id" serial PRIMARY KEY NOT NULL,
	"ccm_record_id" integer NOT NULL,
	"patient_id" integer NOT NULL,
	"hospital_id" integer NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"title" text NOT NULL,
	"document_type" text NOT NULL,
	"document_date" date NOT NULL,
	"notes" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ccm_care_plans" (
	"id" serial PRIMARY KEY NOT NULL,
	"ccm_record_id" integer NOT NULL,
	"patient_id" integer NOT NULL,
	"hospital_id" integer NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"title" text NOT NULL,
	"plan_type" text NOT NULL,
	"status" text NOT NULL,
	"problem_list" text NOT NULL,
	"expected_outcome" text NOT NULL,
	"prognosis" text NOT NULL,
	"goals" jsonb NOT NULL,
	"symptom_management" text NOT NULL,
	"interventions" jsonb NOT NULL,
	"medication_management" text NOT NULL,
	"community_services" text DEFAULT '' NOT NULL,
	"coordination" text DEFAULT '' NOT NULL,
	"review_date" date NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ccm_condition_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"condition_id" integer NOT NULL,
	"hospital_id" integer NOT NULL,
	"status" text NOT NULL,
	"recorded_on" date NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ccm_conditions" (
	"id" serial PRIMARY KEY NOT NULL,
	"ccm_record_id" integer NOT NULL,
	"patient_id" integer NOT NULL,
	"hospital_id" integer NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"name" text NOT NULL,
	"icd10_code" text DEFAULT '' NOT NULL,
	"is_primary" boolean DEFAULT false NOT NULL,
	"severity" text,
	"onset_date" date,
	"history_status" text NOT NULL,
	"notes" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ccm_consent_forms" (
	"id" serial PRIMARY KEY NOT NULL,
	"ccm_record_id" integer NOT NULL,
	"patient_id" integer NOT NULL,
	"hospital_id" integer NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"program" text NOT NULL,
	"consent_type" text NOT NULL,
	"method" text NOT NULL,
	"consent_date" date NOT NULL,
	"obtained_by" text NOT NULL,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"notes" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ccm_diagnoses" (
	"id" serial PRIMARY KEY NOT NULL,
	"ccm_record_id" integer NOT NULL,
	"patient_id" integer NOT NULL,
	"hospital_id" integer NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"diagnosis_id" integer NOT NULL,
	"diagnosis_type" text NOT NULL,
	"notes" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ccm_imaging" (
	"id" serial PRIMARY KEY NOT NULL,
	"ccm_record_id" integer NOT NULL,
	"patient_id" integer NOT NULL,
	"hospital_id" integer NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modality" text NOT NULL,
	"body_part" text NOT NULL,
	"study_date" date NOT NULL,
	"description" text NOT NULL,
	"findings" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ccm_labs" (
	"id" serial PRIMARY KEY NOT NULL,
	"ccm_record_id" integer NOT NULL,
	"patient_id" integer NOT NULL,
	"hospital_id" integer NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"panel" text NOT NULL,
	"specimen" text NOT NULL,
	"test_name" text NOT NULL,
	"loinc_code" text DEFAULT '' NOT NULL,
	"value" text NOT NULL,
	"unit" text,
	"reference_range" text DEFAULT '' NOT NULL,
	"interpretation" text,
	"source" text NOT NULL,
	"collected_on" date NOT NULL,
	"notes" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ccm_medical_notes" (
	"id" serial PRIMARY KEY NOT NULL,
	"ccm_record_id" integer NOT NULL,
	"patient_id" integer NOT NULL,
	"hospital_id" integer NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"medical_note_detail_id" integer NOT NULL,
	"title" text NOT NULL,
	"note_type" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ccm_medication_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"ccm_record_id" integer NOT NULL,
	"patient_id" integer NOT NULL,
	"hospital_id" integer NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"prescription_id" integer NOT NULL,
	"event_type" text NOT NULL,
	"event_date" date NOT NULL,
	"frequency" text,
	"notes" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ccm_observations" (
	"id" serial PRIMARY KEY NOT NULL,
	"ccm_record_id" integer NOT NULL,
	"patient_id" integer NOT NULL,
	"hospital_id" integer NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"category" text NOT NULL,
	"loinc_code" text DEFAULT '' NOT NULL,
	"name" text NOT NULL,
	"value" text NOT NULL,
	"unit" text DEFAULT '' NOT NULL,
	"observed_on" date NOT NULL,
	"notes" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ccm_time_log_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"ccm_record_id" integer NOT NULL,
	"patient_id" integer NOT NULL,
	"hospital_id" integer NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"time_entry_id" bigint NOT NULL,
	CONSTRAINT "ccm_time_log_entries_entry_uq" UNIQUE("time_entry_id")
);
--> statement-breakpoint
CREATE TABLE "ccm_vaccines" (
	"id" serial PRIMARY KEY NOT NULL,
	"ccm_record_id" integer NOT NULL,
	"patient_id" integer NOT NULL,
	"hospital_id" integer NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"cvx_code" text NOT NULL,
	"manufacturer" text,
	"lot_number" text DEFAULT '' NOT NULL,
	"administered_on" date NOT NULL,
	"site" text,
	"route" text,
	"dose" text,
	"status" text NOT NULL,
	"notes" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ccm_vital_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"ccm_record_id" integer NOT NULL,
	"patient_id" integer NOT NULL,
	"hospital_id" integer NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"measurement_id" bigint NOT NULL,
	"vital_type" text NOT NULL,
	"include_in_medical_note" boolean DEFAULT true NOT NULL,
	"notes" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ccm_records" ADD COLUMN "social_determinants" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "ccm_records" ADD COLUMN "complex_decision_making" text;--> statement-breakpoint
ALTER TABLE "ccm_records" ADD COLUMN "functional_status" text;--> statement-breakpoint
ALTER TABLE "ccm_records" ADD COLUMN "functional_status_notes" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "ccm_attachments" ADD CONSTRAINT "ccm_attachments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ccm_attachments" ADD CONSTRAINT "ccm_attachments_record_fk" FOREIGN KEY ("ccm_record_id","patient_id","hospital_id") REFERENCES "public"."ccm_records"("id","patient_id","hospital_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ccm_care_plans" ADD CONSTRAINT "ccm_care_plans_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ccm_care_plans" ADD CONSTRAINT "ccm_care_plans_record_fk" FOREIGN KEY ("ccm_record_id","patient_id","hospital_id") REFERENCES "public"."ccm_records"("id","patient_id","hospital_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ccm_condition_history" ADD CONSTRAINT "ccm_condition_history_condition_id_ccm_conditions_id_fk" FOREIGN KEY ("condition_id") REFERENCES "public"."ccm_conditions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ccm_condition_history" ADD CONSTRAINT "ccm_condition_history_hospital_id_hospitals_id_fk" FOREIGN KEY ("hospital_id") REFERENCES "public"."hospitals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ccm_condition_history" ADD CONSTRAINT "ccm_condition_history_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ccm_conditions" ADD CONSTRAINT "ccm_conditions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ccm_conditions" ADD CONSTRAINT "ccm_conditions_record_fk" FOREIGN KEY ("ccm_record_id","patient_id","hospital_id") REFERENCES "public"."ccm_records"("id","patient_id","hospital_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ccm_consent_forms" ADD CONSTRAINT "ccm_consent_forms_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ccm_consent_forms" ADD CONSTRAINT "ccm_consent_forms_record_fk" FOREIGN KEY ("ccm_record_id","patient_id","hospital_id") REFERENCES "public"."ccm_records"("id","patient_id","hospital_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ccm_diagnoses" ADD CONSTRAINT "ccm_diagnoses_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ccm_diagnoses" ADD CONSTRAINT "ccm_diagnoses_diagnosis_id_patient_diagnoses_id_fk" FOREIGN KEY ("diagnosis_id") REFERENCES "public"."patient_diagnoses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ccm_diagnoses" ADD CONSTRAINT "ccm_diagnoses_record_fk" FOREIGN KEY ("ccm_record_id","patient_id","hospital_id") REFERENCES "public"."ccm_records"("id","patient_id","hospital_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ccm_imaging" ADD CONSTRAINT "ccm_imaging_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ccm_imaging" ADD CONSTRAINT "ccm_imaging_record_fk" FOREIGN KEY ("ccm_record_id","patient_id","hospital_id") REFERENCES "public"."ccm_records"("id","patient_id","hospital_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ccm_labs" ADD CONSTRAINT "ccm_labs_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ccm_labs" ADD CONSTRAINT "ccm_labs_record_fk" FOREIGN KEY ("ccm_record_id","patient_id","hospital_id") REFERENCES "public"."ccm_records"("id","patient_id","hospital_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ccm_medical_notes" ADD CONSTRAINT "ccm_medical_notes_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ccm_medical_notes" ADD CONSTRAINT "ccm_medical_notes_medical_note_detail_id_medical_note_details_id_fk" FOREIGN KEY ("medical_note_detail_id") REFERENCES "public"."medical_note_details"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ccm_medical_notes" ADD CONSTRAINT "ccm_medical_notes_record_fk" FOREIGN KEY ("ccm_record_id","patient_id","hospital_id") REFERENCES "public"."ccm_records"("id","patient_id","hospital_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ccm_medication_events" ADD CONSTRAINT "ccm_medication_events_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ccm_medication_events" ADD CONSTRAINT "ccm_medication_events_prescription_id_prescriptions_id_fk" FOREIGN KEY ("prescription_id") REFERENCES "public"."prescriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ccm_medication_events" ADD CONSTRAINT "ccm_medication_events_record_fk" FOREIGN KEY ("ccm_record_id","patient_id","hospital_id") REFERENCES "public"."ccm_records"("id","patient_id","hospital_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ccm_observations" ADD CONSTRAINT "ccm_observations_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ccm_observations" ADD CONSTRAINT "ccm_observations_record_fk" FOREIGN KEY ("ccm_record_id","patient_id","hospital_id") REFERENCES "public"."ccm_records"("id","patient_id","hospital_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ccm_time_log_entries" ADD CONSTRAINT "ccm_time_log_entries_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ccm_time_log_entries" ADD CONSTRAINT "ccm_time_log_entries_time_entry_id_time_entries_id_fk" FOREIGN KEY ("time_entry_id") REFERENCES "public"."time_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ccm_time_log_entries" ADD CONSTRAINT "ccm_time_log_entries_record_fk" FOREIGN KEY ("ccm_record_id","patient_id","hospital_id") REFERENCES "public"."ccm_records"("id","patient_id","hospital_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ccm_vaccines" ADD CONSTRAINT "ccm_vaccines_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ccm_vaccines" ADD CONSTRAINT "ccm_vaccines_record_fk" FOREIGN KEY ("ccm_record_id","patient_id","hospital_id") REFERENCES "public"."ccm_records"("id","patient_id","hospital_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ccm_vital_entries" ADD CONSTRAINT "ccm_vital_entries_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ccm_vital_entries" ADD CONSTRAINT "ccm_vital_entries_measurement_id_measurements_id_fk" FOREIGN KEY ("measurement_id") REFERENCES "public"."measurements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ccm_vital_entries" ADD CONSTRAINT "ccm_vital_entries_record_fk" FOREIGN KEY ("ccm_record_id","patient_id","hospital_id") REFERENCES "public"."ccm_records"("id","patient_id","hospital_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ccm_attachments_record_idx" ON "ccm_attachments" USING btree ("ccm_record_id");--> statement-breakpoint
CREATE INDEX "ccm_attachments_patient_idx" ON "ccm_attachments" USING btree ("patient_id","hospital_id");--> statement-breakpoint
CREATE INDEX "ccm_care_plans_record_idx" ON "ccm_care_plans" USING btree ("ccm_record_id");--> statement-breakpoint
CREATE INDEX "ccm_care_plans_patient_idx" ON "ccm_care_plans" USING btree ("patient_id","hospital_id");--> statement-breakpoint
CREATE INDEX "ccm_condition_history_condition_idx" ON "ccm_condition_history" USING btree ("condition_id");--> statement-breakpoint
CREATE INDEX "ccm_conditions_record_idx" ON "ccm_conditions" USING btree ("ccm_record_id");--> statement-breakpoint
CREATE INDEX "ccm_conditions_patient_idx" ON "ccm_conditions" USING btree ("patient_id","hospital_id");--> statement-breakpoint
CREATE INDEX "ccm_consent_forms_record_idx" ON "ccm_consent_forms" USING btree ("ccm_record_id");--> statement-breakpoint
CREATE INDEX "ccm_consent_forms_patient_idx" ON "ccm_consent_forms" USING btree ("patient_id","hospital_id");--> statement-breakpoint
CREATE INDEX "ccm_diagnoses_record_idx" ON "ccm_diagnoses" USING btree ("ccm_record_id");--> statement-breakpoint
CREATE INDEX "ccm_diagnoses_patient_idx" ON "ccm_diagnoses" USING btree ("patient_id","hospital_id");--> statement-breakpoint
CREATE INDEX "ccm_imaging_record_idx" ON "ccm_imaging" USING btree ("ccm_record_id");--> statement-breakpoint
CREATE INDEX "ccm_imaging_patient_idx" ON "ccm_imaging" USING btree ("patient_id","hospital_id");--> statement-breakpoint
CREATE INDEX "ccm_labs_record_idx" ON "ccm_labs" USING btree ("ccm_record_id");--> statement-breakpoint
CREATE INDEX "ccm_labs_patient_idx" ON "ccm_labs" USING btree ("patient_id","hospital_id");--> statement-breakpoint
CREATE INDEX "ccm_medical_notes_record_idx" ON "ccm_medical_notes" USING btree ("ccm_record_id");--> statement-breakpoint
CREATE INDEX "ccm_medical_notes_patient_idx" ON "ccm_medical_notes" USING btree ("patient_id","hospital_id");--> statement-breakpoint
CREATE INDEX "ccm_medication_events_record_idx" ON "ccm_medication_events" USING btree ("ccm_record_id");--> statement-breakpoint
CREATE INDEX "ccm_medication_events_patient_idx" ON "ccm_medication_events" USING btree ("patient_id","hospital_id");--> statement-breakpoint
CREATE INDEX "ccm_observations_record_idx" ON "ccm_observations" USING btree ("ccm_record_id");--> statement-breakpoint
CREATE INDEX "ccm_observations_patient_idx" ON "ccm_observations" USING btree ("patient_id","hospital_id");--> statement-breakpoint
CREATE INDEX "ccm_time_log_entries_record_idx" ON "ccm_time_log_entries" USING btree ("ccm_record_id");--> statement-breakpoint
CREATE INDEX "ccm_time_log_entries_patient_idx" ON "ccm_time_log_entries" USING btree ("patient_id","hospital_id");--> statement-breakpoint
CREATE INDEX "ccm_vaccines_record_idx" ON "ccm_vaccines" USING btree ("ccm_record_id");--> statement-breakpoint
CREATE INDEX "ccm_vaccines_patient_idx" ON "ccm_vaccines" USING btree ("patient_id","hospital_id");--> statement-breakpoint
CREATE INDEX "ccm_vital_entries_record_idx" ON "ccm_vital_entries" USING btree ("ccm_record_id");--> statement-breakpoint
CREATE INDEX "ccm_vital_entries_patient_idx" ON "ccm_vital_entries" USING btree ("patient_id","hospital_id");