DROP INDEX "lab_containers_slot_key";--> statement-breakpoint
ALTER TABLE "lab_environments" ADD COLUMN "max_cpu_core" double precision;--> statement-breakpoint
ALTER TABLE "lab_environments" ADD COLUMN "max_memory_size" integer;--> statement-breakpoint
ALTER TABLE "lab_environments" ADD COLUMN "max_disk_size" integer;--> statement-breakpoint
ALTER TABLE "lab_environments" ADD COLUMN "max_gpu_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "lab_containers" DROP COLUMN "slot";