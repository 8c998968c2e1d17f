CREATE TABLE "icd10cm_codes" (
	"code" text PRIMARY KEY NOT NULL,
	"code_compact" text NOT NULL,
	"description" text NOT NULL,
	"billable" boolean NOT NULL,
	"category" text NOT NULL,
	"chapter" smallint,
	"terms" text DEFAULT '' NOT NULL,
	"search_text" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "icd10cm_releases" (
	"id" serial PRIMARY KEY NOT NULL,
	"label" text NOT NULL,
	"source" text NOT NULL,
	"file_name" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"code_count" integer DEFAULT 0 NOT NULL,
	"billable_count" integer DEFAULT 0 NOT NULL,
	"upload" "bytea",
	"error" text,
	"is_current" boolean DEFAULT false NOT NULL,
	"started_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "icd10cm_words" (
	"word" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE TABLE "patient_diagnoses" (
	"id" serial PRIMARY KEY NOT NULL,
	"patient_id" integer NOT NULL,
	"code" text,
	"description" text NOT NULL,
	"is_primary" boolean DEFAULT false NOT NULL,
	"onset_date" date,
	"status" text DEFAULT 'active' NOT NULL,
	"source" text DEFAULT 'manual' NOT NULL,
	"source_system" text,
	"source_code" text,
	"fhir_id" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "icd10cm_releases" ADD CONSTRAINT "icd10cm_releases_started_by_users_id_fk" FOREIGN KEY ("started_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_diagnoses" ADD CONSTRAINT "patient_diagnoses_patient_id_users_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_diagnoses" ADD CONSTRAINT "patient_diagnoses_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "icd10cm_codes_category_idx" ON "icd10cm_codes" USING btree ("category");--> statement-breakpoint
CREATE INDEX "patient_diagnoses_patient_idx" ON "patient_diagnoses" USING btree ("patient_id");--> statement-breakpoint
CREATE UNIQUE INDEX "patient_diagnoses_one_primary_uq" ON "patient_diagnoses" USING btree ("patient_id") WHERE "patient_diagnoses"."is_primary";--> statement-breakpoint
CREATE UNIQUE INDEX "patient_diagnoses_fhir_uq" ON "patient_diagnoses" USING btree ("patient_id","fhir_id");
--> statement-breakpoint
-- hand-written
-- ICD-10-CM search (features/diagnoses/icd10cm.repo.ts, docs/diagnoses.md "Search"): code prefixes
-- through a text_pattern_ops btree (LIKE 'E11%'), words through a pg_trgm GIN index (LIKE '%word%'),
-- misspelt words corrected against the word dictionary through a pg_trgm GiST index (nearest words
-- first: ORDER BY word <-> 'hypertenson'). pg_trgm is created
-- by migration 0003.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "icd10cm_codes_compact_prefix_idx" ON "icd10cm_codes" USING btree ("code_compact" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "icd10cm_codes_search_trgm_idx" ON "icd10cm_codes" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "icd10cm_words_trgm_idx" ON "icd10cm_words" USING gist ("word" gist_trgm_ops);
