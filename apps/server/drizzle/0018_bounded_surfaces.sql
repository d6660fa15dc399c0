CREATE TABLE "document_uploads" (
	"file_path" varchar(300) PRIMARY KEY NOT NULL,
	"user_id" varchar(32) NOT NULL,
	"purpose" varchar(8) NOT NULL,
	"signed_at" timestamp with time zone NOT NULL,
	"submitted_at" timestamp with time zone,
	CONSTRAINT "document_uploads_purpose" CHECK ("document_uploads"."purpose" in ('kyc', 'kyb'))
);
--> statement-breakpoint
CREATE TABLE "upload_usage" (
	"user_id" varchar(32) NOT NULL,
	"day" date NOT NULL,
	"signed_count" integer DEFAULT 0 NOT NULL,
	"stored_bytes" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "upload_usage_user_id_day_pk" PRIMARY KEY("user_id","day")
);
--> statement-breakpoint
ALTER TABLE "help_requests" ADD COLUMN "user_id" varchar(32);--> statement-breakpoint
ALTER TABLE "document_uploads" ADD CONSTRAINT "document_uploads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "upload_usage" ADD CONSTRAINT "upload_usage_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "document_uploads_unsubmitted" ON "document_uploads" USING btree ("signed_at") WHERE "document_uploads"."submitted_at" is null;--> statement-breakpoint
CREATE INDEX "document_uploads_user" ON "document_uploads" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "help_requests" ADD CONSTRAINT "help_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "help_requests_user" ON "help_requests" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "client_logs_created" ON "client_logs" USING btree ("created_at");