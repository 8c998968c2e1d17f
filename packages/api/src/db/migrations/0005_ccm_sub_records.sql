CREATE TABLE "ccm_allergies" (
	"id" serial PRIMARY KEY NOT NULL,
	"ccm_record_id" integer NOT NULL,
	"patient_id" integer NOT NULL,
	"hospital_id" integer NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"allergen" text NOT NULL,
	"allergen_code_system" text DEFAULT 'TEXT' NOT NULL,
	"allergen_code" text DEFAULT '' NOT NULL,
	"category" text NOT NULL,
	"reaction" text DEFAULT '' NOT NULL,
	"severity" text,
	"onset_date" date,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"notes" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ccm_records" (
	"id" serial PRIMARY KEY NOT NULL,
	"patient_id" integer NOT NULL,
	"hospital_id" integer NOT NULL,
	"record_date" date NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ccm_records_id_patient_office_uq" UNIQUE("id","patient_id","hospital_id")
);
--> statement-breakpoint
ALTER TABLE "ccm_allergies" ADD CONSTRAINT "ccm_allergies_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ccm_allergies" ADD CONSTRAINT "ccm_allergies_record_fk" FOREIGN KEY ("ccm_record_id","patient_id","hospital_id") REFERENCES "public"."ccm_records"("id","patient_id","hospital_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ccm_records" ADD CONSTRAINT "ccm_records_patient_id_users_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ccm_records" ADD CONSTRAINT "ccm_records_hospital_id_hospitals_id_fk" FOREIGN KEY ("hospital_id") REFERENCES "public"."hospitals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ccm_records" ADD CONSTRAINT "ccm_records_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ccm_allergies_record_idx" ON "ccm_allergies" USING btree ("ccm_record_id");--> statement-breakpoint
CREATE INDEX "ccm_allergies_patient_idx" ON "ccm_allergies" USING btree ("patient_id","hospital_id");--> statement-breakpoint
CREATE INDEX "ccm_records_patient_idx" ON "ccm_records" USING btree ("patient_id","hospital_id");--> statement-breakpoint
CREATE INDEX "ccm_records_hospital_idx" ON "ccm_records" USING btree ("hospital_id");