CREATE TABLE "import_uploads" (
	"run_id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"content" "bytea" NOT NULL
);
--> statement-breakpoint
ALTER TABLE "import_runs" ADD COLUMN "input" jsonb;--> statement-breakpoint
ALTER TABLE "import_runs" ADD COLUMN "error" text;--> statement-breakpoint
ALTER TABLE "import_uploads" ADD CONSTRAINT "import_uploads_run_id_import_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."import_runs"("id") ON DELETE cascade ON UPDATE no action;