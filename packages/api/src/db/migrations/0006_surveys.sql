CREATE TABLE "survey_answers" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "survey_answers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"survey_id" integer NOT NULL,
	"question_id" integer,
	"question_text" text NOT NULL,
	"offered_answer_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"answer_text" text,
	"value_number" numeric,
	"value_date" date,
	"score" numeric,
	"answered_by" integer,
	"answered_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "survey_links" (
	"id" serial PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"survey_id" integer NOT NULL,
	"patient_id" integer NOT NULL,
	"hospital_id" integer NOT NULL,
	"lang" text DEFAULT 'es' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"access_count" integer DEFAULT 0 NOT NULL,
	"last_accessed_at" timestamp with time zone,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "survey_links_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "survey_offered_answers" (
	"id" serial PRIMARY KEY NOT NULL,
	"question_id" integer NOT NULL,
	"text" text NOT NULL,
	"text_es" text DEFAULT '' NOT NULL,
	"score" numeric DEFAULT 0 NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"loinc_answer_code" text
);
--> statement-breakpoint
CREATE TABLE "survey_plan_assignments" (
	"id" serial PRIMARY KEY NOT NULL,
	"template_id" integer NOT NULL,
	"treatment_plan_id" integer NOT NULL,
	"hospital_id" integer NOT NULL,
	"rule_key" text NOT NULL,
	"rrule" text NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date,
	"due_time" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "survey_questions" (
	"id" serial PRIMARY KEY NOT NULL,
	"template_id" integer NOT NULL,
	"text" text NOT NULL,
	"text_es" text DEFAULT '' NOT NULL,
	"answer_type" smallint NOT NULL,
	"is_required" boolean DEFAULT true NOT NULL,
	"min_value" numeric,
	"max_value" numeric,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"item_key" text,
	"loinc_code" text
);
--> statement-breakpoint
CREATE TABLE "survey_recurrences" (
	"id" serial PRIMARY KEY NOT NULL,
	"template_id" integer NOT NULL,
	"patient_id" integer NOT NULL,
	"hospital_id" integer NOT NULL,
	"rule_key" text NOT NULL,
	"rrule" text NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date,
	"due_time" text NOT NULL,
	"time_zone" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"plan_assignment_id" integer,
	"last_due_at" timestamp with time zone,
	"next_due_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"stopped_at" timestamp with time zone,
	CONSTRAINT "survey_recurrences_status_ck" CHECK ("survey_recurrences"."status" in ('active', 'ended', 'stopped'))
);
--> statement-breakpoint
CREATE TABLE "survey_templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"hospital_id" integer,
	"name" text NOT NULL,
	"name_es" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"category" text,
	"instrument_code" text,
	"loinc_code" text,
	"is_locked" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "survey_templates_status_ck" CHECK ("survey_templates"."status" in ('active', 'inactive'))
);
--> statement-breakpoint
CREATE TABLE "surveys" (
	"id" serial PRIMARY KEY NOT NULL,
	"recurrence_id" integer NOT NULL,
	"template_id" integer NOT NULL,
	"patient_id" integer NOT NULL,
	"hospital_id" integer NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"due_date" date NOT NULL,
	"status" text DEFAULT 'assigned' NOT NULL,
	"started_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"completed_by" integer,
	"answered_via" text,
	"total_score" numeric,
	"score_json" jsonb,
	"severity" smallint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "surveys_status_ck" CHECK ("surveys"."status" in ('assigned', 'inProgress', 'completed', 'cancelled'))
);
--> statement-breakpoint
ALTER TABLE "survey_answers" ADD CONSTRAINT "survey_answers_survey_id_surveys_id_fk" FOREIGN KEY ("survey_id") REFERENCES "public"."surveys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_answers" ADD CONSTRAINT "survey_answers_question_id_survey_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."survey_questions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_answers" ADD CONSTRAINT "survey_answers_answered_by_users_id_fk" FOREIGN KEY ("answered_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_links" ADD CONSTRAINT "survey_links_survey_id_surveys_id_fk" FOREIGN KEY ("survey_id") REFERENCES "public"."surveys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_links" ADD CONSTRAINT "survey_links_patient_id_users_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_links" ADD CONSTRAINT "survey_links_hospital_id_hospitals_id_fk" FOREIGN KEY ("hospital_id") REFERENCES "public"."hospitals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_links" ADD CONSTRAINT "survey_links_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_offered_answers" ADD CONSTRAINT "survey_offered_answers_question_id_survey_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."survey_questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_plan_assignments" ADD CONSTRAINT "survey_plan_assignments_template_id_survey_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."survey_templates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_plan_assignments" ADD CONSTRAINT "survey_plan_assignments_treatment_plan_id_treatment_plans_id_fk" FOREIGN KEY ("treatment_plan_id") REFERENCES "public"."treatment_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_plan_assignments" ADD CONSTRAINT "survey_plan_assignments_hospital_id_hospitals_id_fk" FOREIGN KEY ("hospital_id") REFERENCES "public"."hospitals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_plan_assignments" ADD CONSTRAINT "survey_plan_assignments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_questions" ADD CONSTRAINT "survey_questions_template_id_survey_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."survey_templates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_recurrences" ADD CONSTRAINT "survey_recurrences_template_id_survey_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."survey_templates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_recurrences" ADD CONSTRAINT "survey_recurrences_patient_id_users_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_recurrences" ADD CONSTRAINT "survey_recurrences_hospital_id_hospitals_id_fk" FOREIGN KEY ("hospital_id") REFERENCES "public"."hospitals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_recurrences" ADD CONSTRAINT "survey_recurrences_plan_assignment_id_survey_plan_assignments_id_fk" FOREIGN KEY ("plan_assignment_id") REFERENCES "public"."survey_plan_assignments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_recurrences" ADD CONSTRAINT "survey_recurrences_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_templates" ADD CONSTRAINT "survey_templates_hospital_id_hospitals_id_fk" FOREIGN KEY ("hospital_id") REFERENCES "public"."hospitals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_templates" ADD CONSTRAINT "survey_templates_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "surveys" ADD CONSTRAINT "surveys_recurrence_id_survey_recurrences_id_fk" FOREIGN KEY ("recurrence_id") REFERENCES "public"."survey_recurrences"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "surveys" ADD CONSTRAINT "surveys_template_id_survey_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."survey_templates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "surveys" ADD CONSTRAINT "surveys_patient_id_users_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "surveys" ADD CONSTRAINT "surveys_hospital_id_hospitals_id_fk" FOREIGN KEY ("hospital_id") REFERENCES "public"."hospitals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "surveys" ADD CONSTRAINT "surveys_completed_by_users_id_fk" FOREIGN KEY ("completed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "survey_answers_question_uq" ON "survey_answers" USING btree ("survey_id","question_id");--> statement-breakpoint
CREATE INDEX "survey_links_survey_idx" ON "survey_links" USING btree ("survey_id");--> statement-breakpoint
CREATE INDEX "survey_offered_answers_question_idx" ON "survey_offered_answers" USING btree ("question_id","sort_order");--> statement-breakpoint
CREATE INDEX "survey_plan_assignments_plan_idx" ON "survey_plan_assignments" USING btree ("treatment_plan_id");--> statement-breakpoint
CREATE INDEX "survey_plan_assignments_hospital_idx" ON "survey_plan_assignments" USING btree ("hospital_id");--> statement-breakpoint
CREATE INDEX "survey_questions_template_idx" ON "survey_questions" USING btree ("template_id","sort_order");--> statement-breakpoint
CREATE INDEX "survey_recurrences_patient_idx" ON "survey_recurrences" USING btree ("patient_id","hospital_id");--> statement-breakpoint
CREATE INDEX "survey_recurrences_due_idx" ON "survey_recurrences" USING btree ("next_due_at") WHERE status = 'active';--> statement-breakpoint
CREATE UNIQUE INDEX "survey_recurrences_plan_patient_uq" ON "survey_recurrences" USING btree ("plan_assignment_id","patient_id") WHERE plan_assignment_id is not null;--> statement-breakpoint
CREATE INDEX "survey_templates_hospital_idx" ON "survey_templates" USING btree ("hospital_id");--> statement-breakpoint
CREATE UNIQUE INDEX "survey_templates_instrument_uq" ON "survey_templates" USING btree ("instrument_code") WHERE instrument_code is not null and hospital_id is null;--> statement-breakpoint
CREATE UNIQUE INDEX "surveys_recurrence_due_uq" ON "surveys" USING btree ("recurrence_id","due_at");--> statement-breakpoint
CREATE INDEX "surveys_patient_idx" ON "surveys" USING btree ("patient_id","status","due_at");--> statement-breakpoint
CREATE INDEX "surveys_completed_idx" ON "surveys" USING btree ("hospital_id","completed_at") WHERE status = 'completed';