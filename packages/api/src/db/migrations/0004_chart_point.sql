ALTER TABLE "measurements" ADD COLUMN "chart_point" text DEFAULT '' NOT NULL;--> statement-breakpoint
-- The chart point of a reading (schema: measurements.chart_point), written here on every insert and update so that it always matches the row.
CREATE FUNCTION "measurements_chart_point"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.chart_point := json_build_array(NEW.id, to_char(NEW.measured_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), NEW.measured_at_offset,
    NEW.device_type, NEW.values_json, NEW.severity, NEW.is_manual, NEW.is_simulated)::text;
  RETURN NEW;
END
$$;--> statement-breakpoint
UPDATE "measurements" SET "chart_point" = json_build_array("id", to_char("measured_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), "measured_at_offset",
  "device_type", "values_json", "severity", "is_manual", "is_simulated")::text;--> statement-breakpoint
CREATE TRIGGER "measurements_chart_point" BEFORE INSERT OR UPDATE ON "measurements" FOR EACH ROW EXECUTE FUNCTION "measurements_chart_point"();
