CREATE TABLE "notices" (
	"id" bigint PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"school_id" bigint,
	"dynamic_id" bigint NOT NULL,
	"dynamic_type" text NOT NULL,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "student_task_steps" (
	"student_task_id" bigint NOT NULL,
	"step_id" bigint NOT NULL,
	"school_id" bigint NOT NULL,
	"video_seconds" integer,
	"answers" jsonb,
	"score" integer,
	"check_score" integer,
	"check_max" integer DEFAULT 0 NOT NULL,
	"completed_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "student_task_steps_student_task_id_step_id_pk" PRIMARY KEY("student_task_id","step_id")
);
--> statement-breakpoint
CREATE TABLE "task_check_attempts" (
	"id" bigint PRIMARY KEY NOT NULL,
	"student_task_id" bigint NOT NULL,
	"step_id" bigint NOT NULL,
	"school_id" bigint NOT NULL,
	"score" integer NOT NULL,
	"max" integer NOT NULL,
	"items" jsonb NOT NULL,
	"duration_ms" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "task_commands" (
	"id" bigint PRIMARY KEY NOT NULL,
	"student_task_id" bigint NOT NULL,
	"school_id" bigint NOT NULL,
	"container_id" bigint NOT NULL,
	"line" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "task_reports" (
	"student_task_id" bigint PRIMARY KEY NOT NULL,
	"school_id" bigint NOT NULL,
	"content" jsonb NOT NULL,
	"length" integer DEFAULT 0 NOT NULL,
	"revision" integer DEFAULT 0 NOT NULL,
	"saved_at" timestamp with time zone DEFAULT now() NOT NULL,
	"submitted_at" timestamp with time zone,
	CONSTRAINT "task_reports_length" CHECK ("task_reports"."length" >= 0)
);
--> statement-breakpoint
CREATE TABLE "teaching_task_steps" (
	"task_id" bigint NOT NULL,
	"step_id" bigint NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "teaching_task_steps_task_id_step_id_pk" PRIMARY KEY("task_id","step_id")
);
--> statement-breakpoint
DROP INDEX "student_tasks_student_idx";--> statement-breakpoint
DROP INDEX "teaching_tasks_school_idx";--> statement-breakpoint
ALTER TABLE "student_tasks" ADD COLUMN "mark_status" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "student_tasks" ADD COLUMN "report_status" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "student_tasks" ADD COLUMN "auto_score" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "student_tasks" ADD COLUMN "auto_max" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "student_tasks" ADD COLUMN "comment" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "student_tasks" ADD COLUMN "started_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "student_tasks" ADD COLUMN "submitted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "student_tasks" ADD COLUMN "scored_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "student_tasks" ADD COLUMN "extended_minutes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "student_tasks" ADD COLUMN "extended_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "student_tasks" ADD COLUMN "closed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "student_tasks" ADD COLUMN "last_active_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "teaching_tasks" ADD COLUMN "kind" text DEFAULT 'practice' NOT NULL;--> statement-breakpoint
ALTER TABLE "teaching_tasks" ADD COLUMN "course_id" bigint;--> statement-breakpoint
ALTER TABLE "teaching_tasks" ADD COLUMN "class_id" bigint;--> statement-breakpoint
ALTER TABLE "teaching_tasks" ADD COLUMN "time_type" text DEFAULT 'range' NOT NULL;--> statement-breakpoint
ALTER TABLE "teaching_tasks" ADD COLUMN "duration_minutes" integer;--> statement-breakpoint
ALTER TABLE "teaching_tasks" ADD COLUMN "start_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "teaching_tasks" ADD COLUMN "end_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "teaching_tasks" ADD COLUMN "requirements" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "teaching_tasks" ADD COLUMN "env_ids" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "teaching_tasks" ADD COLUMN "resource_ids" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "teaching_tasks" ADD COLUMN "has_report" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "teaching_tasks" ADD COLUMN "scores_issued_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "teaching_tasks" ADD COLUMN "canceled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "teaching_tasks" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "notices" ADD CONSTRAINT "notices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notices" ADD CONSTRAINT "notices_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_task_steps" ADD CONSTRAINT "student_task_steps_student_task_id_student_tasks_id_fk" FOREIGN KEY ("student_task_id") REFERENCES "public"."student_tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_task_steps" ADD CONSTRAINT "student_task_steps_step_id_course_steps_id_fk" FOREIGN KEY ("step_id") REFERENCES "public"."course_steps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_task_steps" ADD CONSTRAINT "student_task_steps_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_check_attempts" ADD CONSTRAINT "task_check_attempts_student_task_id_student_tasks_id_fk" FOREIGN KEY ("student_task_id") REFERENCES "public"."student_tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_check_attempts" ADD CONSTRAINT "task_check_attempts_step_id_course_steps_id_fk" FOREIGN KEY ("step_id") REFERENCES "public"."course_steps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_check_attempts" ADD CONSTRAINT "task_check_attempts_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_commands" ADD CONSTRAINT "task_commands_student_task_id_student_tasks_id_fk" FOREIGN KEY ("student_task_id") REFERENCES "public"."student_tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_commands" ADD CONSTRAINT "task_commands_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_reports" ADD CONSTRAINT "task_reports_student_task_id_student_tasks_id_fk" FOREIGN KEY ("student_task_id") REFERENCES "public"."student_tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_reports" ADD CONSTRAINT "task_reports_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teaching_task_steps" ADD CONSTRAINT "teaching_task_steps_task_id_teaching_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."teaching_tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teaching_task_steps" ADD CONSTRAINT "teaching_task_steps_step_id_course_steps_id_fk" FOREIGN KEY ("step_id") REFERENCES "public"."course_steps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notices_user_idx" ON "notices" USING btree ("user_id","status","created_at");--> statement-breakpoint
CREATE INDEX "task_check_attempts_student_task_idx" ON "task_check_attempts" USING btree ("student_task_id","step_id");--> statement-breakpoint
CREATE INDEX "task_commands_student_task_idx" ON "task_commands" USING btree ("student_task_id","at");--> statement-breakpoint
CREATE INDEX "teaching_task_steps_step_idx" ON "teaching_task_steps" USING btree ("step_id");--> statement-breakpoint
ALTER TABLE "teaching_tasks" ADD CONSTRAINT "teaching_tasks_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teaching_tasks" ADD CONSTRAINT "teaching_tasks_class_id_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."classes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "student_tasks_school_idx" ON "student_tasks" USING btree ("school_id");--> statement-breakpoint
CREATE INDEX "teaching_tasks_course_idx" ON "teaching_tasks" USING btree ("course_id");--> statement-breakpoint
CREATE INDEX "teaching_tasks_class_idx" ON "teaching_tasks" USING btree ("class_id");--> statement-breakpoint
CREATE INDEX "student_tasks_student_idx" ON "student_tasks" USING btree ("student_id","created_at");--> statement-breakpoint
CREATE INDEX "teaching_tasks_school_idx" ON "teaching_tasks" USING btree ("school_id","created_at");--> statement-breakpoint
ALTER TABLE "teaching_tasks" DROP COLUMN "status";