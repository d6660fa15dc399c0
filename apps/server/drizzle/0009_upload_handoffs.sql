CREATE TABLE "upload_handoff_files" (
	"handoff_id" varchar(32) NOT NULL,
	"file_path" varchar(300) PRIMARY KEY NOT NULL,
	"file_name" varchar(200) NOT NULL,
	"file_type" varchar(8) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "upload_handoffs" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"user_id" varchar(32) NOT NULL,
	"ticket_hash" varchar(64) NOT NULL,
	"purpose" varchar(8) NOT NULL,
	"max_files" integer NOT NULL,
	"signed_count" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "upload_handoffs_purpose" CHECK ("upload_handoffs"."purpose" in ('kyc', 'kyb'))
);
--> statement-breakpoint
ALTER TABLE "upload_handoff_files" ADD CONSTRAINT "upload_handoff_files_handoff_id_upload_handoffs_id_fk" FOREIGN KEY ("handoff_id") REFERENCES "public"."upload_handoffs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "upload_handoffs" ADD CONSTRAINT "upload_handoffs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "upload_handoff_files_handoff" ON "upload_handoff_files" USING btree ("handoff_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "upload_handoffs_ticket" ON "upload_handoffs" USING btree ("ticket_hash");--> statement-breakpoint
CREATE INDEX "upload_handoffs_user" ON "upload_handoffs" USING btree ("user_id");