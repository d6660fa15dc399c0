ALTER TABLE "mailing_list_members" ADD COLUMN "lang" varchar(5) DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "mailing_list_members" ADD COLUMN "notified_at" timestamp with time zone;