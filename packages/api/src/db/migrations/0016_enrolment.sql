CREATE TABLE "patient_insurance" (
	"patient_id" integer PRIMARY KEY NOT NULL,
	"payer_type" text NOT NULL,
	"payer_name" text DEFAULT '' NOT NULL,
	"plan_name" text DEFAULT '' NOT NULL,
	"member_id" text NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "patient_program_enrolments" (
	"patient_id" integer NOT NULL,
	"program" text NOT NULL,
	"enrolled_on" date NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "patient_program_enrolments_patient_id_program_pk" PRIMARY KEY("patient_id","program")
);
--> statement-breakpoint
ALTER TABLE "patient_insurance" ADD CONSTRAINT "patient_insurance_patient_id_users_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_insurance" ADD CONSTRAINT "patient_insurance_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_program_enrolments" ADD CONSTRAINT "patient_program_enrolments_patient_id_users_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_program_enrolments" ADD CONSTRAINT "patient_program_enrolments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;