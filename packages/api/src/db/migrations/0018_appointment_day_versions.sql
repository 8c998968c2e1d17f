CREATE TABLE "appointment_day_versions" (
	"hospital_id" integer PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL
);

--> statement-breakpoint
-- hand-written
-- The day view's versions (docs/appointments.md "Day view cache and ETag"): every write that can
-- change an office's day view takes a new number from one sequence for that office (row 0: a user's
-- name or role, which any office's view shows), in the writing transaction, so that a process that
-- reads the same version after the commit knows its cached answer is still the database's answer.
CREATE SEQUENCE appointment_day_version_seq;--> statement-breakpoint
CREATE FUNCTION bump_appointment_day_version(office integer) RETURNS void LANGUAGE sql AS $$
  INSERT INTO appointment_day_versions (hospital_id, version) VALUES (office, nextval('appointment_day_version_seq'))
  ON CONFLICT (hospital_id) DO UPDATE SET version = excluded.version
$$;--> statement-breakpoint
CREATE FUNCTION appointments_bump_day_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN PERFORM bump_appointment_day_version(OLD.hospital_id); END IF;
  IF TG_OP <> 'DELETE' AND (TG_OP = 'INSERT' OR NEW.hospital_id <> OLD.hospital_id) THEN PERFORM bump_appointment_day_version(NEW.hospital_id); END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER appointments_day_version AFTER INSERT OR UPDATE OR DELETE ON appointments FOR EACH ROW EXECUTE FUNCTION appointments_bump_day_version();--> statement-breakpoint
CREATE FUNCTION appointment_attendees_bump_day_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- The appointment may be gone already (a cascading delete): its own delete bumped the office.
  IF TG_OP <> 'INSERT' THEN PERFORM bump_appointment_day_version(a.hospital_id) FROM appointments a WHERE a.id = OLD.appointment_id; END IF;
  IF TG_OP <> 'DELETE' THEN PERFORM bump_appointment_day_version(a.hospital_id) FROM appointments a WHERE a.id = NEW.appointment_id; END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER appointment_attendees_day_version AFTER INSERT OR UPDATE OR DELETE ON appointment_attendees FOR EACH ROW EXECUTE FUNCTION appointment_attendees_bump_day_version();--> statement-breakpoint
CREATE FUNCTION hospitals_bump_day_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM bump_appointment_day_version(NEW.id);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER hospitals_day_version AFTER UPDATE OF hospital_name, time_zone ON hospitals FOR EACH ROW WHEN (OLD.hospital_name IS DISTINCT FROM NEW.hospital_name OR OLD.time_zone IS DISTINCT FROM NEW.time_zone) EXECUTE FUNCTION hospitals_bump_day_version();--> statement-breakpoint
CREATE FUNCTION users_bump_day_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM bump_appointment_day_version(0);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER users_day_version AFTER UPDATE OF first_name, last_name, role_id ON users FOR EACH ROW WHEN (OLD.first_name IS DISTINCT FROM NEW.first_name OR OLD.last_name IS DISTINCT FROM NEW.last_name OR OLD.role_id IS DISTINCT FROM NEW.role_id) EXECUTE FUNCTION users_bump_day_version();
