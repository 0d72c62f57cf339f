CREATE TABLE "course_step_reports" (
	"id" bigint PRIMARY KEY NOT NULL,
	"student_id" bigint NOT NULL,
	"step_id" bigint NOT NULL,
	"course_id" bigint NOT NULL,
	"school_id" bigint NOT NULL,
	"content" jsonb NOT NULL,
	"length" integer DEFAULT 0 NOT NULL,
	"revision" integer DEFAULT 0 NOT NULL,
	"saved_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "course_step_reports_length" CHECK ("course_step_reports"."length" >= 0)
);
--> statement-breakpoint
ALTER TABLE "course_step_reports" ADD CONSTRAINT "course_step_reports_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_step_reports" ADD CONSTRAINT "course_step_reports_step_id_course_steps_id_fk" FOREIGN KEY ("step_id") REFERENCES "public"."course_steps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_step_reports" ADD CONSTRAINT "course_step_reports_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_step_reports" ADD CONSTRAINT "course_step_reports_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "course_step_reports_student_step_key" ON "course_step_reports" USING btree ("student_id","step_id");--> statement-breakpoint
CREATE INDEX "course_step_reports_school_idx" ON "course_step_reports" USING btree ("school_id");