CREATE TABLE "ecp_organizations" (
	"id" serial PRIMARY KEY NOT NULL,
	"ecp_organization_id" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"organization_id" integer,
	"status" text DEFAULT 'new' NOT NULL,
	"reason" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ecp_organizations" ADD CONSTRAINT "ecp_organizations_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ecp_organizations_ecp_id_uq" ON "ecp_organizations" USING btree ("ecp_organization_id");--> statement-breakpoint
CREATE INDEX "ecp_organizations_organization_idx" ON "ecp_organizations" USING btree ("organization_id");
--> statement-breakpoint
-- hand-written
-- ECP organizations already named by a location mapping (docs/integrations.md "ECP").
INSERT INTO "ecp_organizations" ("ecp_organization_id") SELECT DISTINCT "ecp_organization_id" FROM "ecp_locations" WHERE "ecp_organization_id" IS NOT NULL ON CONFLICT DO NOTHING;
