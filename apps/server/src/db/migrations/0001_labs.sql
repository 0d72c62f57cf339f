CREATE TABLE "jupyter_exp_info" (
	"user_id" bigint NOT NULL,
	"env_id" bigint NOT NULL,
	"cpu_core" double precision NOT NULL,
	"memory_size" integer NOT NULL,
	"gpu_count" integer NOT NULL,
	"gpu_memory" integer NOT NULL,
	"disk_size" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "jupyter_exp_info_user_id_env_id_pk" PRIMARY KEY("user_id","env_id")
);
--> statement-breakpoint
CREATE TABLE "lab_containers" (
	"id" bigint PRIMARY KEY NOT NULL,
	"slot" serial NOT NULL,
	"user_id" bigint NOT NULL,
	"school_id" bigint,
	"env_id" bigint NOT NULL,
	"part_env_id" bigint NOT NULL,
	"position" smallint DEFAULT 0 NOT NULL,
	"exp_script_id" bigint,
	"desired_state" smallint DEFAULT 0 NOT NULL,
	"observed_state" smallint DEFAULT 0 NOT NULL,
	"resources" jsonb NOT NULL,
	"mqtt_password" text,
	"started_at" timestamp with time zone,
	"last_heartbeat_at" timestamp with time zone,
	"stopped_at" timestamp with time zone,
	"stop_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lab_environments" (
	"id" bigint PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"type" smallint NOT NULL,
	"state" smallint NOT NULL,
	"hidden" smallint DEFAULT 0 NOT NULL,
	"open_with" smallint DEFAULT 1 NOT NULL,
	"access_mode" smallint DEFAULT 1 NOT NULL,
	"experiment_kind" text NOT NULL,
	"resource_kind" text NOT NULL,
	"image" text DEFAULT '' NOT NULL,
	"labels" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"manual" text DEFAULT '' NOT NULL,
	"cpu_core" double precision NOT NULL,
	"memory_size" integer NOT NULL,
	"disk_size" integer NOT NULL,
	"restart_limit" integer DEFAULT 0 NOT NULL,
	"idle_timeout" integer NOT NULL,
	"devices" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"parts" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"initial_files" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_by" bigint,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lab_scripts" (
	"id" bigint PRIMARY KEY NOT NULL,
	"env_id" bigint NOT NULL,
	"name" text NOT NULL,
	"label" text NOT NULL,
	"instructions" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lab_usage" (
	"id" bigint PRIMARY KEY NOT NULL,
	"container_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"school_id" bigint,
	"env_id" bigint NOT NULL,
	"env_name" text NOT NULL,
	"resources" jsonb NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"stopped_at" timestamp with time zone,
	"stop_reason" text
);
--> statement-breakpoint
ALTER TABLE "jupyter_exp_info" ADD CONSTRAINT "jupyter_exp_info_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jupyter_exp_info" ADD CONSTRAINT "jupyter_exp_info_env_id_lab_environments_id_fk" FOREIGN KEY ("env_id") REFERENCES "public"."lab_environments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lab_containers" ADD CONSTRAINT "lab_containers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lab_containers" ADD CONSTRAINT "lab_containers_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lab_containers" ADD CONSTRAINT "lab_containers_env_id_lab_environments_id_fk" FOREIGN KEY ("env_id") REFERENCES "public"."lab_environments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lab_containers" ADD CONSTRAINT "lab_containers_part_env_id_lab_environments_id_fk" FOREIGN KEY ("part_env_id") REFERENCES "public"."lab_environments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lab_environments" ADD CONSTRAINT "lab_environments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lab_scripts" ADD CONSTRAINT "lab_scripts_env_id_lab_environments_id_fk" FOREIGN KEY ("env_id") REFERENCES "public"."lab_environments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "lab_containers_user_part_key" ON "lab_containers" USING btree ("user_id","env_id","part_env_id");--> statement-breakpoint
CREATE UNIQUE INDEX "lab_containers_slot_key" ON "lab_containers" USING btree ("slot");--> statement-breakpoint
CREATE INDEX "lab_containers_desired_idx" ON "lab_containers" USING btree ("desired_state");--> statement-breakpoint
CREATE UNIQUE INDEX "lab_environments_code_key" ON "lab_environments" USING btree ("code") WHERE "lab_environments"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "lab_scripts_env_idx" ON "lab_scripts" USING btree ("env_id");--> statement-breakpoint
CREATE INDEX "lab_scripts_label_idx" ON "lab_scripts" USING btree ("label");--> statement-breakpoint
CREATE INDEX "lab_usage_env_idx" ON "lab_usage" USING btree ("env_id","started_at");--> statement-breakpoint
CREATE INDEX "lab_usage_user_env_idx" ON "lab_usage" USING btree ("user_id","env_id","started_at");--> statement-breakpoint
CREATE INDEX "lab_usage_open_idx" ON "lab_usage" USING btree ("container_id") WHERE "lab_usage"."stopped_at" is null;