CREATE TABLE "video_call_participants" (
	"id" serial PRIMARY KEY NOT NULL,
	"appointment_id" integer NOT NULL,
	"call_id" integer,
	"user_id" integer NOT NULL,
	"invitation_id" integer,
	"role" text NOT NULL,
	"peer_id" text NOT NULL,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	"left_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "video_call_rings" (
	"id" serial PRIMARY KEY NOT NULL,
	"call_id" integer NOT NULL,
	"caller_user_id" integer NOT NULL,
	"callee_user_id" integer NOT NULL,
	"status" text DEFAULT 'ringing' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"answered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "video_calls" (
	"id" serial PRIMARY KEY NOT NULL,
	"appointment_id" integer NOT NULL,
	"hospital_id" integer NOT NULL,
	"kind" text DEFAULT 'video' NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"started_by" integer,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone,
	"duration_seconds" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "time_entries" ADD COLUMN "video_call_id" integer;--> statement-breakpoint
ALTER TABLE "video_call_participants" ADD CONSTRAINT "video_call_participants_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_call_participants" ADD CONSTRAINT "video_call_participants_call_id_video_calls_id_fk" FOREIGN KEY ("call_id") REFERENCES "public"."video_calls"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_call_participants" ADD CONSTRAINT "video_call_participants_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_call_participants" ADD CONSTRAINT "video_call_participants_invitation_id_visit_invitations_id_fk" FOREIGN KEY ("invitation_id") REFERENCES "public"."visit_invitations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_call_rings" ADD CONSTRAINT "video_call_rings_call_id_video_calls_id_fk" FOREIGN KEY ("call_id") REFERENCES "public"."video_calls"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_call_rings" ADD CONSTRAINT "video_call_rings_caller_user_id_users_id_fk" FOREIGN KEY ("caller_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_call_rings" ADD CONSTRAINT "video_call_rings_callee_user_id_users_id_fk" FOREIGN KEY ("callee_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_calls" ADD CONSTRAINT "video_calls_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_calls" ADD CONSTRAINT "video_calls_hospital_id_hospitals_id_fk" FOREIGN KEY ("hospital_id") REFERENCES "public"."hospitals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_calls" ADD CONSTRAINT "video_calls_started_by_users_id_fk" FOREIGN KEY ("started_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "video_call_participants_call_idx" ON "video_call_participants" USING btree ("call_id");--> statement-breakpoint
CREATE INDEX "video_call_participants_appointment_idx" ON "video_call_participants" USING btree ("appointment_id","peer_id");--> statement-breakpoint
CREATE INDEX "video_call_rings_call_idx" ON "video_call_rings" USING btree ("call_id");--> statement-breakpoint
CREATE INDEX "video_call_rings_callee_idx" ON "video_call_rings" USING btree ("callee_user_id","status");--> statement-breakpoint
CREATE INDEX "video_calls_appointment_idx" ON "video_calls" USING btree ("appointment_id");--> statement-breakpoint
CREATE INDEX "video_calls_hospital_idx" ON "video_calls" USING btree ("hospital_id","started_at");--> statement-breakpoint
CREATE UNIQUE INDEX "video_calls_open_uq" ON "video_calls" USING btree ("appointment_id") WHERE status in ('ringing', 'active');--> statement-breakpoint
ALTER TABLE "time_entries" ADD CONSTRAINT "time_entries_video_call_id_video_calls_id_fk" FOREIGN KEY ("video_call_id") REFERENCES "public"."video_calls"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "time_entries_video_call_staff_uq" ON "time_entries" USING btree ("video_call_id","staff_user_id");