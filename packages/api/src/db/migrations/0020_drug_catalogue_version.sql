CREATE TABLE "drug_catalogue_version" (
	"id" smallint PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL
);

--> statement-breakpoint
-- hand-written
-- The drug catalogue's version (docs/prescriptions.md "Search", answer cache): every statement that
-- writes drug_products (insert, upsert, update, delete, truncate) takes a new number from one
-- sequence in the writing transaction, so that a process reading the same number knows its cached
-- search answers are still the database's. One row, id 1; per statement, not per row, so a
-- 100,000-row load costs one update per batch.
CREATE SEQUENCE drug_catalogue_version_seq;--> statement-breakpoint
INSERT INTO drug_catalogue_version (id, version) VALUES (1, nextval('drug_catalogue_version_seq'));--> statement-breakpoint
CREATE FUNCTION drug_products_bump_catalogue_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE drug_catalogue_version SET version = nextval('drug_catalogue_version_seq') WHERE id = 1;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER drug_products_catalogue_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON drug_products FOR EACH STATEMENT EXECUTE FUNCTION drug_products_bump_catalogue_version();
