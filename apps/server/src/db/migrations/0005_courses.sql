CREATE TABLE "course_chapters" (
	"id" bigint PRIMARY KEY NOT NULL,
	"course_id" bigint NOT NULL,
	"name" jsonb NOT NULL,
	"description" jsonb,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "course_environments" (
	"course_id" bigint NOT NULL,
	"env_id" bigint NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "course_environments_course_id_env_id_pk" PRIMARY KEY("course_id","env_id")
);
--> statement-breakpoint
CREATE TABLE "course_purchases" (
	"school_id" bigint NOT NULL,
	"course_id" bigint NOT NULL,
	"valid_from" timestamp with time zone NOT NULL,
	"valid_until" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "course_purchases_school_id_course_id_pk" PRIMARY KEY("school_id","course_id"),
	CONSTRAINT "course_purchases_period" CHECK ("course_purchases"."valid_until" > "course_purchases"."valid_from")
);
--> statement-breakpoint
CREATE TABLE "course_resources" (
	"id" bigint PRIMARY KEY NOT NULL,
	"course_id" bigint NOT NULL,
	"name" text NOT NULL,
	"file_key" text NOT NULL,
	"size" integer NOT NULL,
	"content_type" text NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "course_steps" (
	"id" bigint PRIMARY KEY NOT NULL,
	"chapter_id" bigint NOT NULL,
	"course_id" bigint NOT NULL,
	"name" jsonb NOT NULL,
	"type" text NOT NULL,
	"content" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"env_id" bigint,
	"commands" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "courses" (
	"id" bigint PRIMARY KEY NOT NULL,
	"school_id" bigint,
	"name" jsonb NOT NULL,
	"difficulty" text NOT NULL,
	"specialty" text NOT NULL,
	"overview" jsonb,
	"description" jsonb,
	"cover_key" text,
	"author_id" bigint,
	"review_status" smallint DEFAULT 0 NOT NULL,
	"self_study" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "step_progress" (
	"student_id" bigint NOT NULL,
	"step_id" bigint NOT NULL,
	"course_id" bigint NOT NULL,
	"school_id" bigint NOT NULL,
	"video_seconds" integer,
	"answers" jsonb,
	"score" integer,
	"completed_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "step_progress_student_id_step_id_pk" PRIMARY KEY("student_id","step_id")
);
--> statement-breakpoint
ALTER TABLE "course_chapters" ADD CONSTRAINT "course_chapters_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_environments" ADD CONSTRAINT "course_environments_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_environments" ADD CONSTRAINT "course_environments_env_id_lab_environments_id_fk" FOREIGN KEY ("env_id") REFERENCES "public"."lab_environments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_purchases" ADD CONSTRAINT "course_purchases_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_purchases" ADD CONSTRAINT "course_purchases_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_resources" ADD CONSTRAINT "course_resources_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_resources" ADD CONSTRAINT "course_resources_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_steps" ADD CONSTRAINT "course_steps_chapter_id_course_chapters_id_fk" FOREIGN KEY ("chapter_id") REFERENCES "public"."course_chapters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_steps" ADD CONSTRAINT "course_steps_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_steps" ADD CONSTRAINT "course_steps_env_id_lab_environments_id_fk" FOREIGN KEY ("env_id") REFERENCES "public"."lab_environments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "step_progress" ADD CONSTRAINT "step_progress_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "step_progress" ADD CONSTRAINT "step_progress_step_id_course_steps_id_fk" FOREIGN KEY ("step_id") REFERENCES "public"."course_steps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "step_progress" ADD CONSTRAINT "step_progress_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "step_progress" ADD CONSTRAINT "step_progress_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "course_chapters_course_idx" ON "course_chapters" USING btree ("course_id");--> statement-breakpoint
CREATE INDEX "course_environments_env_idx" ON "course_environments" USING btree ("env_id");--> statement-breakpoint
CREATE INDEX "course_purchases_course_idx" ON "course_purchases" USING btree ("course_id");--> statement-breakpoint
CREATE INDEX "course_resources_course_idx" ON "course_resources" USING btree ("course_id");--> statement-breakpoint
CREATE INDEX "course_steps_chapter_idx" ON "course_steps" USING btree ("chapter_id");--> statement-breakpoint
CREATE INDEX "course_steps_course_idx" ON "course_steps" USING btree ("course_id");--> statement-breakpoint
CREATE INDEX "courses_school_idx" ON "courses" USING btree ("school_id");--> statement-breakpoint
CREATE INDEX "courses_author_idx" ON "courses" USING btree ("author_id");--> statement-breakpoint
CREATE INDEX "step_progress_course_idx" ON "step_progress" USING btree ("student_id","course_id");--> statement-breakpoint
CREATE INDEX "step_progress_school_idx" ON "step_progress" USING btree ("school_id");