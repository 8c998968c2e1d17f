CREATE TABLE "ccm_record_versions" (
	"ccm_record_id" integer PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL
);
--> statement-breakpoint
CREATE INDEX "ccm_diagnoses_link_idx" ON "ccm_diagnoses" USING btree ("diagnosis_id");--> statement-breakpoint
CREATE INDEX "ccm_medical_notes_link_idx" ON "ccm_medical_notes" USING btree ("medical_note_detail_id");--> statement-breakpoint
CREATE INDEX "ccm_medication_events_link_idx" ON "ccm_medication_events" USING btree ("prescription_id");--> statement-breakpoint
CREATE INDEX "ccm_vital_entries_link_idx" ON "ccm_vital_entries" USING btree ("measurement_id");--> statement-breakpoint
-- hand-written
-- CCM record versions (docs/ccm.md "Record answer cache and ETag", schema `ccmRecordVersions`):
-- every write that changes what `GET ccmrecord/{id}` answers takes a new number from one sequence
-- for each record it touches, in the writing transaction (API, jobs, FHIR import, seeds alike), so
-- that a process that reads the same version after the commit knows its kept answer is still the
-- database's. The record and its 14 section tables bump per statement (transition tables: a FHIR
-- import of 500 rows is one upsert per record); the rows they show from other tables bump per row,
-- only when a shown column changes (the WHEN clause is checked without calling the function); their
-- deletes need no trigger: they cascade to the section rows. Nothing fires on a measurement INSERT.
CREATE SEQUENCE ccm_record_version_seq;--> statement-breakpoint
CREATE FUNCTION bump_ccm_record_versions(records integer[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO ccm_record_versions (ccm_record_id, version)
  SELECT r, nextval('ccm_record_version_seq') FROM (SELECT DISTINCT unnest(records) AS r) d WHERE r IS NOT NULL ORDER BY r
  ON CONFLICT (ccm_record_id) DO UPDATE SET version = excluded.version
$$;--> statement-breakpoint
CREATE FUNCTION ccm_records_bump_versions() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM bump_ccm_record_versions(ARRAY(SELECT id FROM new_rows));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER ccm_records_version_ins AFTER INSERT ON ccm_records REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ccm_records_bump_versions();--> statement-breakpoint
CREATE TRIGGER ccm_records_version_upd AFTER UPDATE ON ccm_records REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ccm_records_bump_versions();--> statement-breakpoint
CREATE FUNCTION ccm_sections_bump_record_versions() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- A transition table exists only for the events its trigger names (PostgreSQL allows one event per trigger with them).
  IF TG_OP = 'INSERT' THEN
    PERFORM bump_ccm_record_versions(ARRAY(SELECT ccm_record_id FROM new_rows));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM bump_ccm_record_versions(ARRAY(SELECT ccm_record_id FROM new_rows UNION SELECT ccm_record_id FROM old_rows));
  ELSE
    PERFORM bump_ccm_record_versions(ARRAY(SELECT ccm_record_id FROM old_rows));
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['ccm_allergies', 'ccm_diagnoses', 'ccm_conditions', 'ccm_care_plans', 'ccm_medication_events', 'ccm_vital_entries', 'ccm_medical_notes',
                           'ccm_observations', 'ccm_attachments', 'ccm_consent_forms', 'ccm_imaging', 'ccm_vaccines', 'ccm_labs', 'ccm_time_log_entries'] LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ccm_sections_bump_record_versions()', t || '_version_ins', t);
    EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ccm_sections_bump_record_versions()', t || '_version_upd', t);
    EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION ccm_sections_bump_record_versions()', t || '_version_del', t);
  END LOOP;
END $$;--> statement-breakpoint
CREATE FUNCTION ccm_condition_history_bump_record_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- OLD is null on INSERT, NEW on DELETE. A condition already gone (a cascading delete) bumped its record itself.
  PERFORM bump_ccm_record_versions(ARRAY(SELECT c.ccm_record_id FROM ccm_conditions c WHERE c.id IN (OLD.condition_id, NEW.condition_id)));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER ccm_condition_history_version AFTER INSERT OR UPDATE OR DELETE ON ccm_condition_history FOR EACH ROW EXECUTE FUNCTION ccm_condition_history_bump_record_version();--> statement-breakpoint
CREATE FUNCTION ccm_files_bump_record_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM bump_ccm_record_versions(ARRAY(
    SELECT ccm_record_id FROM ccm_attachments WHERE id IN (OLD.attachment_id, NEW.attachment_id)
    UNION SELECT ccm_record_id FROM ccm_consent_forms WHERE id IN (OLD.consent_form_id, NEW.consent_form_id)
    UNION SELECT ccm_record_id FROM ccm_imaging WHERE id IN (OLD.imaging_id, NEW.imaging_id)));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER ccm_files_version AFTER INSERT OR UPDATE OR DELETE ON ccm_files FOR EACH ROW EXECUTE FUNCTION ccm_files_bump_record_version();--> statement-breakpoint
CREATE FUNCTION ccm_linked_rows_bump_record_versions() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- The records whose sections show this row (each a lookup on the link's index, `<table>_link_idx`).
  CASE TG_TABLE_NAME
    WHEN 'patient_diagnoses' THEN PERFORM bump_ccm_record_versions(ARRAY(SELECT ccm_record_id FROM ccm_diagnoses WHERE diagnosis_id = NEW.id));
    WHEN 'prescriptions' THEN PERFORM bump_ccm_record_versions(ARRAY(SELECT ccm_record_id FROM ccm_medication_events WHERE prescription_id = NEW.id));
    WHEN 'measurements' THEN PERFORM bump_ccm_record_versions(ARRAY(SELECT ccm_record_id FROM ccm_vital_entries WHERE measurement_id = NEW.id));
    WHEN 'medical_note_details' THEN PERFORM bump_ccm_record_versions(ARRAY(SELECT ccm_record_id FROM ccm_medical_notes WHERE medical_note_detail_id = NEW.id));
    WHEN 'medical_notes' THEN PERFORM bump_ccm_record_versions(ARRAY(
      SELECT m.ccm_record_id FROM medical_note_details d JOIN ccm_medical_notes m ON m.medical_note_detail_id = d.id WHERE d.medical_note_id = NEW.id));
    WHEN 'time_entries' THEN PERFORM bump_ccm_record_versions(ARRAY(SELECT ccm_record_id FROM ccm_time_log_entries WHERE time_entry_id = NEW.id));
  END CASE;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER patient_diagnoses_ccm_record_version AFTER UPDATE OF code, description, status ON patient_diagnoses FOR EACH ROW
  WHEN (OLD.code IS DISTINCT FROM NEW.code OR OLD.description IS DISTINCT FROM NEW.description OR OLD.status IS DISTINCT FROM NEW.status)
  EXECUTE FUNCTION ccm_linked_rows_bump_record_versions();--> statement-breakpoint
CREATE TRIGGER prescriptions_ccm_record_version AFTER UPDATE OF medication_name, dose ON prescriptions FOR EACH ROW
  WHEN (OLD.medication_name IS DISTINCT FROM NEW.medication_name OR OLD.dose IS DISTINCT FROM NEW.dose)
  EXECUTE FUNCTION ccm_linked_rows_bump_record_versions();--> statement-breakpoint
CREATE TRIGGER measurements_ccm_record_version AFTER UPDATE OF measured_at, values_json ON measurements FOR EACH ROW
  WHEN (OLD.measured_at IS DISTINCT FROM NEW.measured_at OR OLD.values_json IS DISTINCT FROM NEW.values_json)
  EXECUTE FUNCTION ccm_linked_rows_bump_record_versions();--> statement-breakpoint
CREATE TRIGGER medical_note_details_ccm_record_version AFTER UPDATE OF text ON medical_note_details FOR EACH ROW
  WHEN (OLD.text IS DISTINCT FROM NEW.text)
  EXECUTE FUNCTION ccm_linked_rows_bump_record_versions();--> statement-breakpoint
CREATE TRIGGER medical_notes_ccm_record_version AFTER UPDATE OF month, year ON medical_notes FOR EACH ROW
  WHEN (OLD.month IS DISTINCT FROM NEW.month OR OLD.year IS DISTINCT FROM NEW.year)
  EXECUTE FUNCTION ccm_linked_rows_bump_record_versions();--> statement-breakpoint
CREATE TRIGGER time_entries_ccm_record_version AFTER UPDATE OF staff_user_id, started_at, seconds, activity, interactive ON time_entries FOR EACH ROW
  WHEN (OLD.staff_user_id IS DISTINCT FROM NEW.staff_user_id OR OLD.started_at IS DISTINCT FROM NEW.started_at OR OLD.seconds IS DISTINCT FROM NEW.seconds
    OR OLD.activity IS DISTINCT FROM NEW.activity OR OLD.interactive IS DISTINCT FROM NEW.interactive)
  EXECUTE FUNCTION ccm_linked_rows_bump_record_versions();
