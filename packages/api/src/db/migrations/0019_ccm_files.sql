CREATE TABLE "ccm_files" (
	"id" serial PRIMARY KEY NOT NULL,
	"attachment_id" integer,
	"consent_form_id" integer,
	"imaging_id" integer,
	"hospital_id" integer NOT NULL,
	"uploaded_by" integer,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"content" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ccm_files_attachment_uq" UNIQUE("attachment_id"),
	CONSTRAINT "ccm_files_consent_form_uq" UNIQUE("consent_form_id"),
	CONSTRAINT "ccm_files_imaging_uq" UNIQUE("imaging_id"),
	CONSTRAINT "ccm_files_one_row_ck" CHECK (num_nonnulls("ccm_files"."attachment_id", "ccm_files"."consent_form_id", "ccm_files"."imaging_id") = 1)
);
--> statement-breakpoint
ALTER TABLE "ccm_files" ADD CONSTRAINT "ccm_files_attachment_id_ccm_attachments_id_fk" FOREIGN KEY ("attachment_id") REFERENCES "public"."ccm_attachments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ccm_files" ADD CONSTRAINT "ccm_files_consent_form_id_ccm_consent_forms_id_fk" FOREIGN KEY ("consent_form_id") REFERENCES "public"."ccm_consent_forms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ccm_files" ADD CONSTRAINT "ccm_files_imaging_id_ccm_imaging_id_fk" FOREIGN KEY ("imaging_id") REFERENCES "public"."ccm_imaging"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ccm_files" ADD CONSTRAINT "ccm_files_hospital_id_hospitals_id_fk" FOREIGN KEY ("hospital_id") REFERENCES "public"."hospitals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ccm_files" ADD CONSTRAINT "ccm_files_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;