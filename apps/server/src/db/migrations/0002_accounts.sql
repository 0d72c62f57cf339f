CREATE TABLE "class_majors" (
	"class_id" bigint NOT NULL,
	"major_id" bigint NOT NULL,
	"school_id" bigint NOT NULL,
	CONSTRAINT "class_majors_class_id_major_id_pk" PRIMARY KEY("class_id","major_id")
);
--> statement-breakpoint
CREATE TABLE "customer_time_logs" (
	"id" bigint PRIMARY KEY NOT NULL,
	"customer_id" bigint NOT NULL,
	"hours" integer NOT NULL,
	"reason" text NOT NULL,
	"end_before" timestamp with time zone NOT NULL,
	"end_after" timestamp with time zone NOT NULL,
	"operator_id" bigint,
	"operator_name" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customers" (
	"id" bigint PRIMARY KEY NOT NULL,
	"school_id" bigint,
	"name" text NOT NULL,
	"kind" smallint NOT NULL,
	"contact_name" text DEFAULT '' NOT NULL,
	"contact_phone" text DEFAULT '' NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"service_start" timestamp with time zone NOT NULL,
	"service_end" timestamp with time zone NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "departments" (
	"id" bigint PRIMARY KEY NOT NULL,
	"school_id" bigint NOT NULL,
	"name" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "import_jobs" (
	"id" bigint PRIMARY KEY NOT NULL,
	"school_id" bigint,
	"user_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"file_name" text NOT NULL,
	"status" text NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"processed" integer DEFAULT 0 NOT NULL,
	"succeeded" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	"errors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"error_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "majors" (
	"id" bigint PRIMARY KEY NOT NULL,
	"school_id" bigint NOT NULL,
	"department_id" bigint NOT NULL,
	"name" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "regions" (
	"id" text PRIMARY KEY NOT NULL,
	"pid" text NOT NULL,
	"name" text NOT NULL,
	"name_en" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "student_tasks" (
	"id" bigint PRIMARY KEY NOT NULL,
	"school_id" bigint NOT NULL,
	"task_id" bigint NOT NULL,
	"student_id" bigint NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"score" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "teaching_tasks" (
	"id" bigint PRIMARY KEY NOT NULL,
	"school_id" bigint NOT NULL,
	"teacher_id" bigint NOT NULL,
	"name" text NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "users_username_key";--> statement-breakpoint
DROP INDEX "users_school_idx";--> statement-breakpoint
ALTER TABLE "classes" ADD COLUMN "archived_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "schools" ADD COLUMN "province" text;--> statement-breakpoint
ALTER TABLE "schools" ADD COLUMN "city" text;--> statement-breakpoint
ALTER TABLE "schools" ADD COLUMN "intro" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "schools" ADD COLUMN "address" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "schools" ADD COLUMN "total_balance" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "schools" ADD COLUMN "recharge_balance" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "schools" ADD COLUMN "gift_balance" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "schools" ADD COLUMN "token_count" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "schools" ADD COLUMN "ppt_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "schools" ADD COLUMN "max_students" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "schools" ADD COLUMN "purchased_course_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "schools" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "class_majors" ADD CONSTRAINT "class_majors_class_id_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."classes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_majors" ADD CONSTRAINT "class_majors_major_id_majors_id_fk" FOREIGN KEY ("major_id") REFERENCES "public"."majors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_majors" ADD CONSTRAINT "class_majors_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_time_logs" ADD CONSTRAINT "customer_time_logs_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_time_logs" ADD CONSTRAINT "customer_time_logs_operator_id_users_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "departments" ADD CONSTRAINT "departments_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_jobs" ADD CONSTRAINT "import_jobs_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_jobs" ADD CONSTRAINT "import_jobs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "majors" ADD CONSTRAINT "majors_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "majors" ADD CONSTRAINT "majors_department_id_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."departments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_tasks" ADD CONSTRAINT "student_tasks_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_tasks" ADD CONSTRAINT "student_tasks_task_id_teaching_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."teaching_tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_tasks" ADD CONSTRAINT "student_tasks_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teaching_tasks" ADD CONSTRAINT "teaching_tasks_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teaching_tasks" ADD CONSTRAINT "teaching_tasks_teacher_id_users_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "class_majors_major_idx" ON "class_majors" USING btree ("major_id");--> statement-breakpoint
CREATE INDEX "customer_time_logs_customer_idx" ON "customer_time_logs" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE INDEX "customers_school_idx" ON "customers" USING btree ("school_id");--> statement-breakpoint
CREATE INDEX "customers_end_idx" ON "customers" USING btree ("service_end");--> statement-breakpoint
CREATE UNIQUE INDEX "departments_school_name_key" ON "departments" USING btree ("school_id","name");--> statement-breakpoint
CREATE INDEX "import_jobs_user_idx" ON "import_jobs" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "majors_school_name_key" ON "majors" USING btree ("school_id","name");--> statement-breakpoint
CREATE INDEX "majors_department_idx" ON "majors" USING btree ("department_id");--> statement-breakpoint
CREATE INDEX "regions_pid_idx" ON "regions" USING btree ("pid","sort");--> statement-breakpoint
CREATE UNIQUE INDEX "student_tasks_task_student_key" ON "student_tasks" USING btree ("task_id","student_id");--> statement-breakpoint
CREATE INDEX "student_tasks_student_idx" ON "student_tasks" USING btree ("student_id");--> statement-breakpoint
CREATE INDEX "teaching_tasks_school_idx" ON "teaching_tasks" USING btree ("school_id");--> statement-breakpoint
CREATE INDEX "teaching_tasks_teacher_idx" ON "teaching_tasks" USING btree ("teacher_id");--> statement-breakpoint
CREATE INDEX "schools_name_idx" ON "schools" USING btree ("name");--> statement-breakpoint
CREATE INDEX "users_class_idx" ON "users" USING btree ("class_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_school_stu_no_key" ON "users" USING btree ("school_id","stu_no") WHERE "users"."deleted_at" is null and "users"."stu_no" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "users_username_key" ON "users" USING btree (lower("username")) WHERE "users"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "users_school_idx" ON "users" USING btree ("school_id","kind");