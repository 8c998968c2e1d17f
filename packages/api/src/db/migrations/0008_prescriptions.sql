CREATE TABLE "drug_import_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"file_name" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"file_kind" text DEFAULT '' NOT NULL,
	"rows_total" integer DEFAULT 0 NOT NULL,
	"rows_done" integer DEFAULT 0 NOT NULL,
	"loaded" integer DEFAULT 0 NOT NULL,
	"rejected" integer DEFAULT 0 NOT NULL,
	"warnings" integer DEFAULT 0 NOT NULL,
	"problems" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"error" text,
	"file_data" "bytea",
	"started_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "drug_products" (
	"id" serial PRIMARY KEY NOT NULL,
	"source" text NOT NULL,
	"source_key" text NOT NULL,
	"product_ndc" text DEFAULT '' NOT NULL,
	"rxcui" text DEFAULT '' NOT NULL,
	"brand_name" text DEFAULT '' NOT NULL,
	"brand_name_base" text DEFAULT '' NOT NULL,
	"brand_name_suffix" text DEFAULT '' NOT NULL,
	"generic_name" text DEFAULT '' NOT NULL,
	"labeler_name" text DEFAULT '' NOT NULL,
	"active_ingredients" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"ingredient_keys" text[] DEFAULT '{}' NOT NULL,
	"dosage_form" text DEFAULT '' NOT NULL,
	"routes" text[] DEFAULT '{}' NOT NULL,
	"product_type" text DEFAULT '' NOT NULL,
	"marketing_category" text DEFAULT '' NOT NULL,
	"application_number" text DEFAULT '' NOT NULL,
	"marketing_start_date" text DEFAULT '' NOT NULL,
	"marketing_end_date" text DEFAULT '' NOT NULL,
	"pharm_classes" text[] DEFAULT '{}' NOT NULL,
	"dea_schedule" text DEFAULT '' NOT NULL,
	"finished" boolean DEFAULT true NOT NULL,
	"search_text" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "drug_search_words" (
	"word" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE TABLE "prescriptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"patient_id" integer NOT NULL,
	"hospital_id" integer NOT NULL,
	"drug_product_id" integer,
	"medication_name" text NOT NULL,
	"product_ndc" text DEFAULT '' NOT NULL,
	"rxcui" text DEFAULT '' NOT NULL,
	"active_ingredients" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"ingredient_keys" text[] DEFAULT '{}' NOT NULL,
	"dose" text DEFAULT '' NOT NULL,
	"frequency" text,
	"route" text DEFAULT '' NOT NULL,
	"start_date" date,
	"end_date" date,
	"prescriber_id" integer,
	"prescriber_text" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"instructions" text DEFAULT '' NOT NULL,
	"source" text DEFAULT 'manual' NOT NULL,
	"external_ref" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "drug_import_runs" ADD CONSTRAINT "drug_import_runs_started_by_users_id_fk" FOREIGN KEY ("started_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prescriptions" ADD CONSTRAINT "prescriptions_patient_id_users_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prescriptions" ADD CONSTRAINT "prescriptions_hospital_id_hospitals_id_fk" FOREIGN KEY ("hospital_id") REFERENCES "public"."hospitals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prescriptions" ADD CONSTRAINT "prescriptions_drug_product_id_drug_products_id_fk" FOREIGN KEY ("drug_product_id") REFERENCES "public"."drug_products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prescriptions" ADD CONSTRAINT "prescriptions_prescriber_id_users_id_fk" FOREIGN KEY ("prescriber_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prescriptions" ADD CONSTRAINT "prescriptions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "drug_products_source_key_uq" ON "drug_products" USING btree ("source","source_key");--> statement-breakpoint
CREATE INDEX "drug_products_rxcui_idx" ON "drug_products" USING btree ("rxcui");--> statement-breakpoint
CREATE INDEX "prescriptions_patient_idx" ON "prescriptions" USING btree ("patient_id","hospital_id");--> statement-breakpoint
CREATE INDEX "prescriptions_hospital_idx" ON "prescriptions" USING btree ("hospital_id");--> statement-breakpoint
CREATE UNIQUE INDEX "prescriptions_external_ref_uq" ON "prescriptions" USING btree ("external_ref");
--> statement-breakpoint
-- hand-written
-- The drug search (features/prescriptions/drug-products.repo.ts): substring matches through trigrams,
-- name and NDC prefixes through B-trees, similar words for typos (pg_trgm, created in 0003).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "drug_products_search_trgm_idx" ON "drug_products" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "drug_products_brand_prefix_idx" ON "drug_products" (lower("brand_name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "drug_products_generic_prefix_idx" ON "drug_products" (lower("generic_name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "drug_products_ndc_prefix_idx" ON "drug_products" (replace("product_ndc", '-', '') text_pattern_ops);--> statement-breakpoint
CREATE INDEX "drug_search_words_trgm_idx" ON "drug_search_words" USING gin ("word" gin_trgm_ops);
--> statement-breakpoint
-- The names in the order the search lists them (brand else generic, then the strength's whole
-- number zero-padded), in the "C" collation so that one B-tree serves both the prefix match and the
-- order: typing "me" reads the first ten entries of the index instead of sorting every match.
ALTER TABLE "drug_products" ADD COLUMN "name_key" text COLLATE "C" GENERATED ALWAYS AS (lower(coalesce(nullif("brand_name", ''), "generic_name")) || ' ' || lpad(coalesce(substring("active_ingredients"->0->>'strength' from '^([0-9]{1,8})'), ''), 8, '0')) STORED;--> statement-breakpoint
ALTER TABLE "drug_products" ADD COLUMN "generic_key" text COLLATE "C" GENERATED ALWAYS AS (lower("generic_name") || ' ' || lpad(coalesce(substring("active_ingredients"->0->>'strength' from '^([0-9]{1,8})'), ''), 8, '0')) STORED;--> statement-breakpoint
CREATE INDEX "drug_products_name_key_idx" ON "drug_products" ("name_key") WHERE "finished";--> statement-breakpoint
CREATE INDEX "drug_products_generic_key_idx" ON "drug_products" ("generic_key") WHERE "finished";
