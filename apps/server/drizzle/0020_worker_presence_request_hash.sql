CREATE TABLE "job_workers" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"lock_key" serial NOT NULL,
	"host" varchar(255) NOT NULL,
	"pid" integer NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	CONSTRAINT "job_workers_lock_key_unique" UNIQUE("lock_key")
);
--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "leased_by" varchar(32);--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "request_hash" varchar(64);
