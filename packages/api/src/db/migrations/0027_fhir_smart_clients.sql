CREATE TABLE "smart_assertion_jtis" (
	"client_id" integer NOT NULL,
	"jti" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "smart_clients" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"client_id" text NOT NULL,
	"name" text NOT NULL,
	"jwks" jsonb NOT NULL,
	"scopes" jsonb NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	"revoked_by" integer
);
--> statement-breakpoint
CREATE TABLE "smart_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"organization_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"scopes" jsonb NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "smart_assertion_jtis" ADD CONSTRAINT "smart_assertion_jtis_client_id_smart_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."smart_clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "smart_clients" ADD CONSTRAINT "smart_clients_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "smart_clients" ADD CONSTRAINT "smart_clients_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "smart_clients" ADD CONSTRAINT "smart_clients_revoked_by_users_id_fk" FOREIGN KEY ("revoked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "smart_tokens" ADD CONSTRAINT "smart_tokens_client_id_smart_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."smart_clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "smart_tokens" ADD CONSTRAINT "smart_tokens_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "smart_assertion_jtis_uq" ON "smart_assertion_jtis" USING btree ("client_id","jti");--> statement-breakpoint
CREATE INDEX "smart_assertion_jtis_exp_idx" ON "smart_assertion_jtis" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "smart_clients_client_id_uq" ON "smart_clients" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "smart_clients_org_idx" ON "smart_clients" USING btree ("organization_id");--> statement-breakpoint
CREATE UNIQUE INDEX "smart_tokens_hash_uq" ON "smart_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "smart_tokens_client_idx" ON "smart_tokens" USING btree ("client_id");