ALTER TABLE "patient_metadata" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(patient_identifier || ' ' || medical_registration_number)) STORED;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(first_name || ' ' || last_name || ' ' || first_name)) STORED;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_id_role_name_uq" UNIQUE("id","role_id","last_name","first_name");--> statement-breakpoint
ALTER TABLE "user_hospitals" ADD COLUMN "role_id" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "user_hospitals" ADD COLUMN "last_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "user_hospitals" ADD COLUMN "first_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
UPDATE "user_hospitals" AS uh SET "role_id" = u."role_id", "last_name" = u."last_name", "first_name" = u."first_name" FROM "users" AS u WHERE u."id" = uh."user_id";--> statement-breakpoint
-- Role and names are the user's: filled on insert (the application leaves them out), kept equal by the foreign key's ON UPDATE CASCADE.
-- An unknown user keeps the defaults and fails the foreign key as before.
CREATE FUNCTION "user_hospitals_fill_user"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT u.role_id, u.last_name, u.first_name INTO NEW.role_id, NEW.last_name, NEW.first_name FROM users AS u WHERE u.id = NEW.user_id;
  IF NOT FOUND THEN
    NEW.role_id := 0;
    NEW.last_name := '';
    NEW.first_name := '';
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "user_hospitals_fill_user" BEFORE INSERT OR UPDATE OF "user_id" ON "user_hospitals" FOR EACH ROW EXECUTE FUNCTION "user_hospitals_fill_user"();--> statement-breakpoint
ALTER TABLE "user_hospitals" ADD CONSTRAINT "user_hospitals_user_fk" FOREIGN KEY ("user_id","role_id","last_name","first_name") REFERENCES "public"."users"("id","role_id","last_name","first_name") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
CREATE INDEX "user_hospitals_office_list_idx" ON "user_hospitals" USING btree ("hospital_id","role_id","last_name","first_name","user_id");--> statement-breakpoint
CREATE INDEX "users_birthdate_name_idx" ON "users" USING btree ("birthdate","last_name","first_name");--> statement-breakpoint
-- Trigram indexes for the patient lists' searches (LIKE '%text%'); pg_trgm is a trusted extension (PostgreSQL 13+), PGlite loads it in db/client.ts.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "patient_metadata_search_trgm_idx" ON "patient_metadata" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_search_trgm_idx" ON "users" USING gin ("search_text" gin_trgm_ops);
